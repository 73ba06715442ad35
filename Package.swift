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
    .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
    // libgcrypt: SHA-256 for the scoreboard's ETags and its inline script's CSP hash.
    .systemLibrary(name: "CCrypto", pkgConfig: "libgcrypt", providers: [.apt(["libgcrypt20-dev"])]),
    // Debian's libqrencode: QR codes of the scoreboard's links, for the page and for gatherctl.
    .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    .target(name: "GatherQR", dependencies: ["CQREncode"], swiftSettings: strict),
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
        "GatherModel", "GatherStore", "GatherRPC", "GatherAPI", "GatherQR", "CGatherShim", "CCrypto", "GatherMQTT",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ],
      // The scoreboard's files (Sources/GatherDaemon/Web/WebAssets.swift serves each at its path).
      resources: [
        .embedInCode("Scoreboard/scoreboard.html"),
        .embedInCode("Scoreboard/scoreboard-views.html"), .embedInCode("Scoreboard/scoreboard-dialogs.html"),
        .embedInCode("Scoreboard/scoreboard.css"), .embedInCode("Scoreboard/touchline.css"),
        .embedInCode("Scoreboard/js/scoreboard.js"),
        .embedInCode("Scoreboard/js/connection.js"), .embedInCode("Scoreboard/js/clock.js"),
        .embedInCode("Scoreboard/js/board.js"), .embedInCode("Scoreboard/js/controls.js"),
        // Team names, the screen between matches, setting up a match and the referee's controls.
        .embedInCode("Scoreboard/js/teams.js"), .embedInCode("Scoreboard/js/between.js"),
        .embedInCode("Scoreboard/js/setup.js"), .embedInCode("Scoreboard/js/referee.js"),
        // At the touchline: installable, the screen kept on, sound, share; plans and sign-up.
        .embedInCode("Scoreboard/manifest.webmanifest"), .embedInCode("Scoreboard/sw.js"),
        .embedInCode("Scoreboard/icons/icon.svg"), .embedInCode("Scoreboard/icons/icon-192.png"),
        .embedInCode("Scoreboard/icons/icon-512.png"), .embedInCode("Scoreboard/js/touchline.js"),
        .embedInCode("Scoreboard/js/wakelock.js"), .embedInCode("Scoreboard/js/wakevideo.js"),
        .embedInCode("Scoreboard/js/sound.js"), .embedInCode("Scoreboard/js/share.js"),
        .embedInCode("Scoreboard/js/plans.js"), .embedInCode("Scoreboard/js/signup.js"),
        // Ratings, form and the result to share.
        .embedInCode("Scoreboard/js/ratings.js"), .embedInCode("Scoreboard/js/report.js"),
        .embedInCode("Scoreboard/js/reportcard.js"),
        // Organising from the phone: the plan form, the check-in, the sign-up link after its plan.
        .embedInCode("Scoreboard/js/panels.js"), .embedInCode("Scoreboard/js/planform.js"),
        .embedInCode("Scoreboard/js/checkin.js"), .embedInCode("Scoreboard/js/signupoutcome.js"),
        // The man-of-the-match vote and what a player owes for the pitch.
        .embedInCode("Scoreboard/vote.css"), .embedInCode("Scoreboard/js/vote.js"),
        .embedInCode("Scoreboard/js/motm.js"), .embedInCode("Scoreboard/js/fees.js"),
        // The weekly game, a plan's terms on its sign-up view, and the reminders to send to the group chat.
        .embedInCode("Scoreboard/weekly.css"), .embedInCode("Scoreboard/js/weekly.js"),
        .embedInCode("Scoreboard/js/weeklyform.js"), .embedInCode("Scoreboard/js/signupterms.js"),
        .embedInCode("Scoreboard/js/reminders.js"),
      ],
      swiftSettings: daemonSettings
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
    // gatherctl's reading of gatherd's replies and events: the types they read as, and what does not fit.
    .testTarget(name: "GatherctlTests", dependencies: ["gatherctl", "GatherAPI", "GatherRPC"], swiftSettings: strict),
    .testTarget(
      name: "GatherStoreTests",
      dependencies: ["GatherStore", "GatherModel", "CSQLite"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "GatherDaemonTests",
      dependencies: [
        "GatherDaemon", "GatherModel", "GatherRPC", "GatherStore", "GatherMQTT",
        .product(name: "Clocks", package: "swift-clocks"), .product(name: "CoreMetrics", package: "swift-metrics"),
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
