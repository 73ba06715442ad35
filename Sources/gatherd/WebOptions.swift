import ArgumentParser
import GatherDaemon

/// The scoreboard listener's address rules, caps and timeouts. Each option has a `GATHERD_*` variable of the
/// same name, read through ``SettingSources``; a bad value stops the start with a message naming where it came from.
struct WebOptions: ParsableArguments {
  @Option(
    name: .customLong("public-url"),
    help: ArgumentHelp(
      "The address people open the scoreboard at, when it is not the listener's own (a reverse proxy, a name in DNS): http:// or https://, a host, an optional port and path, e.g. https://gather.example or http://192.168.1.20:8080/gather/. Its host passes the Host check, its origin the Origin check, and the links and QR codes of gatherctl web link and of the page's share view name it. Behind a reverse proxy with a certificate (https: the wake lock, sound and installing the page need it; docs/scoreboard.md).",
      valueName: "url"))
  var publicURL: String?

  @Option(
    name: .customLong("allowed-host"),
    help: ArgumentHelp(
      "Also answer requests whose Host is this name or address (repeatable; GATHERD_ALLOWED_HOSTS takes a comma-separated list). The listener's own addresses, the machine's host name, localhost and --public-url's host need none.",
      valueName: "name"))
  var allowedHosts: [String] = []

  @Option(
    name: .customLong("http-max-connections"),
    help: ArgumentHelp(
      "The most web connections (HTTP and WebSocket) open at once: 1 to 65536 (default 256), and never more than half the open-file limit.",
      valueName: "count"))
  var maxConnections: String?

  @Option(
    name: .customLong("http-max-connections-per-address"),
    help: ArgumentHelp(
      "The most web connections open at once from one client address: 1 to 65536 (default 32).", valueName: "count"))
  var maxConnectionsPerAddress: String?

  @Option(
    name: .customLong("http-header-timeout"),
    help: ArgumentHelp(
      "Seconds a web connection has to send a request's headers whole, from when it opens or its last answer was written: 1 to 3600 (default 10).",
      valueName: "seconds"))
  var headerTimeout: String?

  @Option(
    name: .customLong("http-idle-timeout"),
    help: ArgumentHelp(
      "Seconds of silence after which a web request, or a WebSocket that watches nothing, is closed; a WebSocket subscriber is pinged then, and closed if it does not answer: 1 to 3600 (default 30).",
      valueName: "seconds"))
  var idleTimeout: String?

  /// The configuration these options (or their variables, or the file's keys) give.
  func configuration(_ sources: SettingSources) throws -> WebConfiguration {
    var configuration = WebConfiguration()
    configuration.publicURL = try sources.value(publicURL, "GATHERD_PUBLIC_URL")?.parse(PublicURL.init(parsing:))
    configuration.allowedHosts = try sources.values(allowedHosts, "GATHERD_ALLOWED_HOSTS", key: "allowed-host").map {
      try $0.parse(WebConfiguration.allowedHost(parsing:))
    }
    let count = { (text: String?, variable: String, fallback: Int) throws -> Int in
      try sources.value(text, variable)?.wholeNumber(in: 1...65536) ?? fallback
    }
    configuration.maxConnections = try count(
      maxConnections, "GATHERD_HTTP_MAX_CONNECTIONS", configuration.maxConnections)
    configuration.maxConnectionsPerAddress = try count(
      maxConnectionsPerAddress, "GATHERD_HTTP_MAX_CONNECTIONS_PER_ADDRESS", configuration.maxConnectionsPerAddress)
    let seconds = { (text: String?, variable: String) throws -> Duration? in
      try sources.value(text, variable).map { .seconds(try $0.wholeNumber(in: 1...3600, of: "seconds")) }
    }
    configuration.headerTimeout =
      try seconds(headerTimeout, "GATHERD_HTTP_HEADER_TIMEOUT") ?? configuration.headerTimeout
    configuration.idleTimeout = try seconds(idleTimeout, "GATHERD_HTTP_IDLE_TIMEOUT") ?? configuration.idleTimeout
    return configuration
  }
}
