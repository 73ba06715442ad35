// swift-tools-version: 6.2
import PackageDescription

/// Every target of ours is built in Swift 6 language mode and must compile without warnings. Release builds
/// optimise across our modules (the dispatcher is generic over the daemon's caller; docs/performance.md).
let strict: [SwiftSetting] = [
  .treatAllWarnings(as: .error), .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]
/// The daemon's module: cross-module optimisation marks its classes' stored properties @usableFromInline for the
/// executable, so the optimiser cannot prove accesses to them exclusive and leaves a run-time check on each (14
/// per request; docs/performance.md). Release builds skip those checks; debug builds, the tests and the
/// sanitizer runs (`make tsan`, `make asan`) keep them.
let daemonSettings: [SwiftSetting] =
  strict + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

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
    .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
    .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
  ],
  targets: [
    .target(name: "GatherModel", swiftSettings: strict),
    .target(
      name: "GatherStore",
      dependencies: ["GatherModel", "CSQLite"],
      swiftSettings: strict
    ),
    .target(name: "GatherRPC", resources: [.embedInCode("VERSION")], swiftSettings: strict),
    // The API's types and their schemas, shared by the daemon (which encodes them) and gatherctl (which decodes them).
    .target(name: "GatherAPI", dependencies: ["GatherRPC"], swiftSettings: strict),
    .target(name: "CGatherShim"),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // Debian's libqrencode: QR codes of the scoreboard's links, for the page and for gatherctl.
    .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    .target(name: "GatherQR", dependencies: ["CQREncode"], swiftSettings: strict),
    .target(
      name: "GatherSystemd",
      dependencies: ["CGatherShim", .product(name: "Logging", package: "swift-log")],
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
    // libcurl's declarations only: GatherPush loads libcurl.so.4 with dlopen when it first posts, so that a
    // gatherd that never pushes maps neither it nor TLS (docs/push.md).
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // Web Push (RFC 8030, 8291, 8292) and webhooks: the messages' cryptography on swift-crypto, and their delivery.
    .target(
      name: "GatherPush",
      dependencies: [
        "CCurl", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "GatherDaemon",
      dependencies: [
        "GatherModel", "GatherStore", "GatherRPC", "GatherAPI", "GatherQR", "CGatherShim", "GatherMQTT",
        "GatherPush", .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      // The scoreboard page is built from its folder by the PageBundle plugin (esbuild, gzip, brotli), which
      // embeds every file it serves in WebAssets.built; the folder itself is not a resource.
      exclude: ["Scoreboard"],
      // What push notifications say, in the page's languages (Sources/GatherDaemon/Notifications/PushTexts.swift).
      resources: ["de", "en", "es", "fr", "it", "nl", "pt-BR"].map { .embedInCode("Notifications/i18n/\($0).json") },
      swiftSettings: daemonSettings,
      plugins: ["PageBundle"]
    ),
    // Builds the scoreboard page at build time (Plugins/PageBundle; needs Debian's esbuild, gzip and brotli).
    .plugin(name: "PageBundle", capability: .buildTool()),
    .executableTarget(
      name: "gatherd",
      dependencies: [
        "GatherDaemon", "GatherRPC", "GatherSystemd", "CGatherShim", "GatherMQTT", "GatherPush",
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
      dependencies: [
        "GatherRPC", "GatherAPI", "GatherQR", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherModelTests",
      dependencies: ["GatherModel", .product(name: "Clocks", package: "swift-clocks")],
      swiftSettings: strict
    ),
    .testTarget(name: "GatherRPCTests", dependencies: ["GatherRPC"], swiftSettings: strict),
    // gatherd's settings: the configuration file, where each value came from, and the files settings name.
    .testTarget(name: "GatherdTests", dependencies: ["gatherd"], swiftSettings: strict),
    .testTarget(name: "GatherMQTTTests", dependencies: ["GatherMQTT"], swiftSettings: strict),
    .testTarget(name: "GatherQRTests", dependencies: ["GatherQR"], swiftSettings: strict),
    // The systemd protocols as gatherd speaks them, over real Unix sockets: notify, socket activation's variables,
    // and the journal's native protocol.
    .testTarget(name: "GatherSystemdTests", dependencies: ["GatherSystemd"], swiftSettings: strict),
    // gatherctl's reading of gatherd's replies and events: the types they read as, and what does not fit.
    .testTarget(name: "GatherctlTests", dependencies: ["gatherctl", "GatherAPI", "GatherRPC"], swiftSettings: strict),
    .testTarget(
      name: "GatherPushTests", dependencies: ["GatherPush", .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strict),
    .testTarget(
      name: "GatherStoreTests",
      dependencies: ["GatherStore", "GatherModel", "CSQLite"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherDaemonTests",
      dependencies: [
        "GatherDaemon", "GatherModel", "GatherRPC", "GatherStore", "GatherMQTT", "GatherPush",
        .product(name: "Clocks", package: "swift-clocks"), .product(name: "CoreMetrics", package: "swift-metrics"),
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
