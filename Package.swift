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
        "GatherModel", "GatherStore", "GatherRPC", "GatherQR", "CGatherShim", "CCrypto", "GatherMQTT",
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
        .embedInCode("openrpc.json"), .embedInCode("Scoreboard/scoreboard.html"),
        .embedInCode("Scoreboard/scoreboard.css"), .embedInCode("Scoreboard/touchline.css"),
        .embedInCode("Scoreboard/vote.css"), .embedInCode("Scoreboard/weekly.css"),
        .embedInCode("Scoreboard/manifest.webmanifest"), .embedInCode("Scoreboard/sw.js"),
        .embedInCode("Scoreboard/icons/icon.svg"), .embedInCode("Scoreboard/icons/icon-192.png"),
        .embedInCode("Scoreboard/icons/icon-512.png"),
        // The board, first: the store, the connection, the clock and the score.
        .embedInCode("Scoreboard/js/scoreboard.js"), .embedInCode("Scoreboard/js/store.js"),
        .embedInCode("Scoreboard/js/state.js"), .embedInCode("Scoreboard/js/matchstate.js"),
        .embedInCode("Scoreboard/js/liststate.js"), .embedInCode("Scoreboard/js/commandrules.js"),
        .embedInCode("Scoreboard/js/commands.js"), .embedInCode("Scoreboard/js/errors.js"),
        .embedInCode("Scoreboard/js/router.js"), .embedInCode("Scoreboard/js/connection.js"),
        .embedInCode("Scoreboard/js/clock.js"), .embedInCode("Scoreboard/js/i18n.js"),
        .embedInCode("Scoreboard/js/dom.js"), .embedInCode("Scoreboard/js/status.js"),
        .embedInCode("Scoreboard/js/board.js"), .embedInCode("Scoreboard/js/teams.js"),
        // After the first snapshot: the touchline, between matches, the organiser's and the players' views.
        .embedInCode("Scoreboard/js/touchline.js"), .embedInCode("Scoreboard/js/wakelock.js"),
        .embedInCode("Scoreboard/js/wakevideo.js"), .embedInCode("Scoreboard/js/sound.js"),
        .embedInCode("Scoreboard/js/soundnotes.js"), .embedInCode("Scoreboard/js/share.js"),
        .embedInCode("Scoreboard/js/clipboard.js"), .embedInCode("Scoreboard/js/dialogs.js"),
        .embedInCode("Scoreboard/js/between.js"), .embedInCode("Scoreboard/js/plans.js"),
        .embedInCode("Scoreboard/js/weekly.js"), .embedInCode("Scoreboard/js/ratings.js"),
        .embedInCode("Scoreboard/js/report.js"), .embedInCode("Scoreboard/js/reportcard.js"),
        .embedInCode("Scoreboard/js/reporttext.js"), .embedInCode("Scoreboard/js/organiser.js"),
        .embedInCode("Scoreboard/js/controls.js"), .embedInCode("Scoreboard/js/controlsmarkup.js"),
        .embedInCode("Scoreboard/js/referee.js"), .embedInCode("Scoreboard/js/panels.js"),
        .embedInCode("Scoreboard/js/setup.js"), .embedInCode("Scoreboard/js/formsmarkup.js"),
        .embedInCode("Scoreboard/js/planform.js"), .embedInCode("Scoreboard/js/planzone.js"),
        .embedInCode("Scoreboard/js/checkin.js"), .embedInCode("Scoreboard/js/weeklymarkup.js"),
        .embedInCode("Scoreboard/js/weeklyform.js"), .embedInCode("Scoreboard/js/reminders.js"),
        .embedInCode("Scoreboard/js/players.js"), .embedInCode("Scoreboard/js/playersmarkup.js"),
        .embedInCode("Scoreboard/js/signup.js"), .embedInCode("Scoreboard/js/signuprules.js"),
        .embedInCode("Scoreboard/js/signupoutcome.js"), .embedInCode("Scoreboard/js/signupterms.js"),
        .embedInCode("Scoreboard/js/vote.js"), .embedInCode("Scoreboard/js/fees.js"),
        // The languages' catalogs.
        .embedInCode("Scoreboard/i18n/en.json"), .embedInCode("Scoreboard/i18n/pt-BR.json"),
        .embedInCode("Scoreboard/i18n/es.json"), .embedInCode("Scoreboard/i18n/it.json"),
        .embedInCode("Scoreboard/i18n/fr.json"), .embedInCode("Scoreboard/i18n/de.json"),
        .embedInCode("Scoreboard/i18n/nl.json"),
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
      dependencies: ["GatherRPC", "GatherQR", .product(name: "ArgumentParser", package: "swift-argument-parser")],
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
