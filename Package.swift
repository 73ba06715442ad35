// swift-tools-version: 6.2
import PackageDescription

/// Every target of ours is built in Swift 6 language mode and must compile without warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "gatherd",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", exact: "1.1.1"),
  ],
  targets: [
    .target(name: "GatherModel", swiftSettings: strict),
    .target(
      name: "GatherStore",
      dependencies: ["GatherModel", .product(name: "GRDB", package: "GRDB.swift")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherModelTests",
      dependencies: ["GatherModel", .product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherStoreTests",
      dependencies: ["GatherStore", "GatherModel"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
