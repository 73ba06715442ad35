import ArgumentParser
import GatherAPI
import GatherRPC

extension PlayersCommand {
  /// `gatherctl players merge FROM INTO`: one person on the roster twice, made one, after asking.
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make two players one: a friend on the roster twice (a name from a sign-up link, say); asks first.",
      discussion: """
        Everything FROM did becomes INTO's: gathers, goals, answers to plans (where both answered the same \
        plan, INTO's answer stands), check-ins and man-of-the-match votes; FROM's balance moves to INTO by two \
        correction lines in the ledger; every rating is worked out again. INTO keeps its name and details, and \
        FROM leaves the roster. It cannot be undone.

        On a terminal it names both players and asks (y/N); where nobody can answer (a script, a pipe), it \
        merges only with --yes, and otherwise exits 2 having changed nothing. Two players who played in the \
        same gather are two people, and are not merged; nor is a player in the gather being played.

        For example: gatherctl players merge "Zé (from the link)" Zé, or gatherctl players merge 14 3 --yes.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player merged away, who leaves the roster: an id or a name.") var from: String
    @Argument(help: "The player who remains, with their name and details: an id or a name.") var into: String
    @Flag(name: .long, help: "Merge without asking.") var yes = false
    @OptionGroup var names: NameFlag

    func validate() throws {
      try PlayerResolver.check(from)
      try PlayerResolver.check(into)
    }

    func run() throws {
      var players = PlayerResolver(connection: try global.connect(), namesOnly: names.namesOnly)
      let (fromID, intoID) = (try players.id(from), try players.id(into))
      let roster = try players.rosterPlayers()
      let named = { (id: Int64) in roster.first { $0.id == id }.map { FeesCommand.who($0.name, $0.id) } }
      let fromName = named(fromID) ?? "player \(fromID)"
      // Asked only about two players of the roster: an unknown id, or the same player twice, is for gatherd to refuse.
      if let intoName = named(intoID), named(fromID) != nil, fromID != intoID {
        try Confirmation(yes: yes).ask(
          "Merge \(fromName) into \(intoName)? Everything \(fromName) did becomes \(intoName)'s, and \(fromName) "
            + "leaves the roster. This cannot be undone.",
          unanswered: "players merge would merge \(fromName) into \(intoName) for good; confirm with --yes.",
          declined: "Nothing was merged.")
      }
      let reply = try players.connection.reply(.playersMerge, ["from": .int(fromID), "into": .int(intoID)])
      try global.show(reply) { Self.render($0, fromName: fromName) }
    }

    /// "Merged Zé #14 into Zé #3: …", and the balance that moved, in each currency.
    static func render(_ merged: API.PlayersMerged, fromName: String) -> String {
      let into = FeesCommand.who(merged.player.name, merged.player.id)
      var lines = [
        "Merged \(fromName) into \(into): \(fromName)'s games, goals, plan answers and votes are \(into)'s now, "
          + "and \(fromName) has left the roster."
      ]
      let moved = merged.corrections.filter { $0.player.id == merged.player.id }.map { Render.text($0.amount.text) }
      if !moved.isEmpty {
        lines.append(
          "Moved \(fromName)'s balance to \(into): \(moved.joined(separator: ", ")) "
            + "(gatherctl fees history \(merged.player.id)).")
      }
      return lines.joined(separator: "\n")
    }
  }
}
