import ArgumentParser
import GatherAPI
import GatherRPC

extension PlayersCommand {
  /// `gatherctl players confirm PLAYER…`: names typed on a sign-up link, known to the organiser.
  struct Confirm: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Confirm players who are new: names typed on a sign-up link, marked new until you know them.",
      discussion: """
        A name someone types on a plan's sign-up link joins the roster marked new, and gatherctl players lists \
        those below the roster. Confirm the ones you know; a name that is someone already on the roster is \
        better merged into them (gatherctl players merge NEW PLAYER), and one nobody knows removed \
        (gatherctl players rm). --all confirms every new player at once.

        For example: gatherctl players confirm Zé Lu, or gatherctl players confirm --all.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The players: ids or names.") var players: [String] = []
    @Flag(help: "Confirm every player marked new.") var all = false
    @OptionGroup var names: NameFlag

    func validate() throws {
      guard players.isEmpty == all else { throw ValidationError("Name the players to confirm, or give --all.") }
      for player in players { try PlayerResolver.check(player) }
    }

    func run() throws {
      var resolver = PlayerResolver(connection: try global.connect(), namesOnly: names.namesOnly)
      let ids =
        all ? try resolver.rosterPlayers().filter { !$0.confirmed }.map(\.id) : try players.map { try resolver.id($0) }
      guard !ids.isEmpty else {
        print(global.json ? "[]" : "No player is new: everyone on the roster is confirmed.")
        return
      }
      try PlayersCommand.update(ids, ["confirmed": true], on: resolver.connection, json: global.json) {
        "Confirmed \(FeesCommand.who($0.name, $0.id))."
      }
    }
  }

  /// `gatherctl players regular PLAYER…`: marked regular, a guest included, in one step.
  struct Regular: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark players regulars (a guest or a new name included: they are confirmed too).",
      discussion: """
        Regulars may join a weekly game's plans first, when its schedule gives them a head start (gatherctl plan \
        schedule --regulars-first 1d). A guest who comes every week becomes a regular in one step; a name from a \
        sign-up link is confirmed at the same time. gatherctl players edit NAME --no-regular takes it back.

        For example: gatherctl players regular Zé Lu.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The players: ids or names.") var players: [String]
    @OptionGroup var names: NameFlag

    func validate() throws {
      for player in players { try PlayerResolver.check(player) }
    }

    func run() throws {
      var resolver = PlayerResolver(connection: try global.connect(), namesOnly: names.namesOnly)
      let ids = try players.map { try resolver.id($0) }
      try PlayersCommand.update(
        ids, ["regular": true, "confirmed": true], on: resolver.connection, json: global.json
      ) {
        "\(FeesCommand.who($0.name, $0.id)) is a regular."
      }
    }
  }

  /// Sends the same `changes` to each of `ids` with players.update, in order, printing each player as updated
  /// (`line`) as it goes, or with `json` the array of them at the end; a refusal stops there.
  static func update(
    _ ids: [Int64], _ changes: JSONObject, on connection: Connection, json: Bool, line: (API.Player) -> String
  ) throws {
    var results: [JSONValue] = []
    for id in ids {
      var params = changes
      params["id"] = .int(id)
      let reply = try connection.reply(.playersUpdate, params)
      if json {
        results.append(reply.json)
      } else {
        print(line(try reply.value()))
      }
    }
    if json { print(JSONWriter.string(.array(results))) }
  }
}
