import ArgumentParser
import GatherAPI
import GatherRPC

extension GatherCommand {
  /// `gatherctl gather reopen [ID]`: the last gather, ended too soon, played again.
  struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Play the last ended gather again, within 30 minutes of its end (for \"end\" pressed too soon).",
      discussion: """
        The gather is the active gather again with its teams, score and goals, its clock at full time and \
        paused. Its result comes off the history and the stats, its man-of-the-match vote is void, what its \
        cost charged is reversed by correction lines in the ledger (the ledger only grows), and every rating is \
        worked out again without it. Play on with gatherctl timer add 5:00, then end it again with gatherctl \
        gather end.

        Only the last gather to have ended may be reopened, and only within 30 minutes of its end; an older \
        one can be taken out of history with gatherctl gather delete ID. Refused while another gather is being \
        played.

        For example: gatherctl gather reopen (the last gather), gatherctl gather reopen 12.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The gather's id (default: the last one that ended).") var id: Int64?

    func run() throws {
      let connection = try global.connect()
      let gather = try lastEnded(id, on: connection)
      try global.show(try connection.reply(.gatherReopen, ["gather": .int(gather)])) { Self.render($0) }
    }

    /// The gather as it now stands, what was taken back, and how to go on.
    static func render(_ reopened: API.GatherReopened) -> String {
      let id = reopened.gather.id
      var lines = [
        "Reopened gather \(id): it is being played again, at full time.", Render.gather(reopened.gather),
        "Its result is off the history and the stats, its man-of-the-match vote is void, and the ratings are "
          + "worked out again without it.",
      ]
      if let reversed = reversedCharges(reopened.corrections, gather: id) { lines.append(reversed) }
      lines.append("Play on with gatherctl timer add 5:00, and end it again with gatherctl gather end.")
      return lines.joined(separator: "\n")
    }
  }

  /// `gatherctl gather delete ID`: an ended gather taken out of history, after asking.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete an ended gather from history (a test game, one entered twice); asks first.",
      discussion: """
        The gather no longer counts anywhere: its lineup, goals and man-of-the-match vote go, what its cost \
        charged is reversed by correction lines in the ledger (which keeps its lines), and every rating and stat \
        is worked out again without it. It cannot be undone.

        On a terminal it names the gather and asks (y/N); where nobody can answer (a script, a pipe), it deletes \
        only with --yes, and otherwise exits 2 having changed nothing. The gather being played is not deleted: \
        cancel it with gatherctl gather cancel.

        For example: gatherctl gather delete 12, or in a script gatherctl gather delete 12 --yes.
        """,
      aliases: ["rm"])
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The ended gather's id (gatherctl gather history lists them).") var id: Int64
    @Flag(name: .long, help: "Delete it without asking.") var yes = false

    func run() throws {
      let connection = try global.connect()
      if !yes {
        // Named on the terminal by its result; an id that is no gather is left to gathers.delete to refuse.
        let shown = (try? connection.call(.gathersGet, ["id": .int(id)])).map(Self.describe) ?? "gather \(id)"
        try Confirmation(yes: false).ask(
          "Delete \(shown) from history? Its result, goals and vote go, its charges are reversed, and the ratings "
            + "are worked out again without it. This cannot be undone.",
          unanswered: "gather delete would delete gather \(id) from history for good; confirm with --yes "
            + "(gatherctl gather delete \(id) --yes).",
          declined: "Nothing was deleted.")
      }
      try global.show(try connection.reply(.gathersDelete, ["gather": .int(id)])) { Self.render($0) }
    }

    /// "gather 3 (2026-11-26 20:31, Team A 2-1 Team B)": its end as gatherctl gather history shows it.
    static func describe(_ record: API.GatherRecord) -> String {
      let ended = String(Render.text(record.endedAt).prefix(16).map { $0 == "T" ? " " : $0 })
      return "gather \(record.id) (\(ended), \(Render.score(record.score, names: record.names)))"
    }

    /// What was deleted, and the charges reversed.
    static func render(_ deleted: API.GatherDeleted) -> String {
      var lines = [
        "Deleted gather \(deleted.deleted) from history; the ratings and stats are worked out again without it."
      ]
      if let reversed = reversedCharges(deleted.corrections, gather: deleted.deleted) { lines.append(reversed) }
      return lines.joined(separator: "\n")
    }
  }

  /// "Reversed its charges: 4 correction lines in the ledger (gatherctl fees history --gather 3)."; nil when it
  /// charged nothing.
  static func reversedCharges(_ corrections: [API.FeeEntry], gather: Int64) -> String? {
    guard !corrections.isEmpty else { return nil }
    return "Reversed its charges: \(Render.count(corrections.count, "correction line")) in the ledger "
      + "(gatherctl fees history --gather \(gather))."
  }
}
