import ArgumentParser
import GatherAPI
import GatherRPC
import Glibc

/// The gatherctl command line: one subcommand per gatherd method family.
struct GatherCtl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gatherctl",
    abstract: "Control and watch a Football Gather daemon (gatherd).",
    discussion: """
      gatherctl talks to gatherd over its Unix socket: --socket, else GATHERD_SOCKET, else the daemon's default \
      ($XDG_RUNTIME_DIR/gatherd/gatherd.sock, where XDG_RUNTIME_DIR defaults to /run/user/UID as for gatherd; \
      /run/gatherd/gatherd.sock as root).

      Output is for people by default; --json prints exactly the daemon's result, for scripts (with watch: one \
      JSON object per line). For people, a control or formatting character in a name, place or note (which \
      gatherd refuses in new text, but an older database may hold) is shown as an escape such as \\u{1B}, so \
      that no name can clear the terminal or start a line of its own. The global options --socket and --json \
      may come before or after the subcommand: gatherctl --json status and gatherctl status --json are the same.

      Wherever a command takes a player, give its id or its name: a name matches exactly, ignoring case \
      (gather start --team-a ana,bruno); a word of digits is an id, unless --name reads it as a name.

      EXIT STATUS
        0 ok, 1 refused by the daemon, or by gatherctl for a name that is not exactly one player's or a name \
      already on the roster (the reason, and the candidates with their ids, on stderr), 2 usage error, 3 cannot \
      reach the daemon.
      """,
    version: "gatherctl \(GatherVersion.current)",
    subcommands: [
      PlayersCommand.self, GatherCommand.self, TimerCommand.self, ScoreCommand.self, StatusCommand.self,
      PingCommand.self, DiscoverCommand.self, CallCommand.self, WatchCommand.self, StatsCommand.self,
      WebCommand.self, PlanCommand.self, ExportCommand.self, ImportCommand.self, BackupCommand.self,
      RestoreCommand.self, FeesCommand.self,
    ])

  /// Parsed here, wherever they appear on the line; every subcommand sees them through its hidden group.
  @OptionGroup(title: "Global Options") var global: GlobalOptions
}

/// Options every subcommand takes, before or after its name.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp("gatherd's socket (default: GATHERD_SOCKET, then the daemon's default).", valueName: "path"))
  var socket: String?

  @Flag(name: .long, help: "Print exactly the daemon's result as JSON (watch: one JSON object per line).")
  var json = false

  /// Connects, calls one method, and prints its result: as it came with --json, otherwise read as its type and
  /// shown by `render`.
  func run<Result>(
    _ method: API.Method<Result>, _ params: JSONObject = [:], render: (Result) throws -> String
  ) throws {
    try show(try connect().reply(method, params), render: render)
  }

  /// Connects, builds the params (the players they name looked up on the same connection), calls one method
  /// and prints its result. `namesOnly` is `--name`: every player word is a name, even one of digits.
  func run<Result>(
    _ method: API.Method<Result>, namesOnly: Bool = false, params: (inout PlayerResolver) throws -> JSONObject,
    render: (Result) throws -> String
  ) throws {
    var players = PlayerResolver(connection: try connect(), namesOnly: namesOnly)
    try show(try players.connection.reply(method, try params(&players)), render: render)
  }

  /// Prints an answer: as it came with --json, otherwise read as its type and shown by `render`.
  func show<Result>(_ reply: Reply<Result>, render: (Result) throws -> String) throws {
    print(json ? JSONWriter.string(reply.json) : try render(try reply.value()))
  }

  /// A connection to the daemon's socket.
  func connect() throws(CtlError) -> Connection { try Connection(path: resolveSocket(socket)) }
}

/// `--name`: the player words of a command are names, even when they are all digits (a player named "7").
struct NameFlag: ParsableArguments {
  @Flag(
    name: .customLong("name"), help: "Read the players given as names, even a name of digits (e.g. a player named 7).")
  var namesOnly = false
}

/// `gatherctl status`: the daemon and the match at a glance.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the daemon and the match.")
  @OptionGroup(visibility: .hidden) var global: GlobalOptions

  func run() throws {
    try global.run(.daemonStatus) { status in
      var lines = [
        "gatherd \(Printable.text(status.version)) (pid \(status.pid)), up \(Render.uptime(status.uptimeSeconds))",
        [
          Render.count(status.players, "player"), Render.count(status.connections, "connection"),
          Render.count(status.subscriptions, "subscription"),
        ].joined(separator: ", "),
      ]
      if let gather = status.gather {
        lines.append(
          "Gather \(gather.id): " + Render.match(score: gather.score, names: gather.names, timer: gather.timer))
      } else {
        lines.append("No gather is being played.")
      }
      lines.append(status.controller ? "You may control the match." : "You may watch but not control the match.")
      return lines.joined(separator: "\n")
    }
  }
}

/// `gatherctl ping`: is the daemon there?
struct PingCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "ping", abstract: "Check that gatherd answers.")
  @OptionGroup(visibility: .hidden) var global: GlobalOptions

  func run() throws { try global.run(.daemonPing) { _ in "gatherd answers." } }
}

/// `gatherctl discover`: the daemon's OpenRPC description.
struct DiscoverCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "discover", abstract: "Print gatherd's OpenRPC description of every method (JSON).")
  @OptionGroup(visibility: .hidden) var global: GlobalOptions

  func run() throws { print(JSONWriter.string(try global.connect().reply(.rpcDiscover).json)) }
}

/// `gatherctl call METHOD [JSON]`: any method, raw.
struct CallCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "call", abstract: "Call any method with raw JSON params and print the raw result.")
  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Argument(help: "The method, e.g. timer.status (rpc.discover lists them).") var method: String
  @Argument(help: "The params as a JSON object, e.g. '{\"id\": 3}'.") var params: String?

  func validate() throws { _ = try object() }

  func run() throws { print(JSONWriter.string(try global.connect().call(named: method, try object()))) }

  private func object() throws -> JSONObject {
    guard let params else { return [:] }
    guard let parsed = try? JSONParser.parse(Array(params.utf8)), let value = parsed.objectValue else {
      throw ValidationError("The params must be a JSON object, such as '{\"id\": 3}'.")
    }
    return value
  }
}
