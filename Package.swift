// swift-tools-version: 6.2
import PackageDescription

/// Every target of ours is built in Swift 6 language mode and must compile without warnings. Release builds
/// optimise across our modules (the dispatcher is generic over the daemon's caller; docs/performance.md).
let strict: [SwiftSetting] = [
  .treatAllWarnings(as: .error), .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
  name: "gatherd",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "gatherd", targets: ["gatherd"]),
    .executable(name: "gatherctl", targets: ["gatherctl"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", exact: "1.1.1"),
    .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
  ],
  targets: [
    .target(name: "GatherModel", swiftSettings: strict),
    // gatherctl's argument parser: swift-argument-parser 1.8.2 without its FoundationEssentials import, which
    // cost the statically linked gatherctl 7.5 MB (issue 10; Vendor/swift-argument-parser/README.md). Upstream's
    // code in upstream's Swift 6 mode, not `strict`: CLIArgumentParser's warnings are suppressed, as SwiftPM does
    // for the package's copy (upstream uses two of its own deprecated declarations). gatherd keeps the package's
    // ArgumentParser.
    .target(
      name: "CLIArgumentParserToolInfo",
      path: "Vendor/swift-argument-parser/Sources/CLIArgumentParserToolInfo",
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .target(
      name: "CLIArgumentParser",
      dependencies: ["CLIArgumentParserToolInfo"],
      path: "Vendor/swift-argument-parser/Sources/CLIArgumentParser",
      swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
    ),
    .target(
      name: "GatherStore",
      dependencies: ["GatherModel", "CSQLite"],
      swiftSettings: strict
    ),
    .target(name: "GatherRPC", resources: [.embedInCode("VERSION")], swiftSettings: strict),
    .target(name: "CGatherShim"),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
    .target(
      name: "GatherSystemd",
      dependencies: ["CSystemd", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strict
    ),
    // libmosquitto's header only: GatherMQTT loads the library with dlopen when --mqtt is given, so that a
    // gatherd without MQTT maps neither it nor OpenSSL (1.9 MB of idle RSS; docs/mqtt.md).
    .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
    .target(
      name: "GatherMQTT",
      dependencies: [
        "CMosquitto", .product(name: "Logging", package: "swift-log"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "GatherDaemon",
      dependencies: [
        "GatherModel", "GatherStore", "GatherRPC", "CGatherShim", "GatherMQTT",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [.embedInCode("openrpc.json"), .embedInCode("Scoreboard/scoreboard.html")],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "gatherd",
      dependencies: [
        "GatherDaemon", "GatherRPC", "GatherSystemd", "CGatherShim", "GatherMQTT",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "gatherctl",
      dependencies: ["GatherRPC", "CLIArgumentParser"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherModelTests",
      dependencies: ["GatherModel", .product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: strict
    ),
    .testTarget(name: "GatherRPCTests", dependencies: ["GatherRPC"], swiftSettings: strict),
    .testTarget(name: "GatherMQTTTests", dependencies: ["GatherMQTT"], swiftSettings: strict),
    .testTarget(
      name: "CLIArgumentParserTests",
      dependencies: ["CLIArgumentParser", "CLIArgumentParserToolInfo"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherStoreTests",
      dependencies: ["GatherStore", "GatherModel", "CSQLite"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherDaemonTests",
      dependencies: [
        "GatherDaemon", "GatherModel", "GatherRPC", "GatherStore", "GatherMQTT",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
