import ArgumentParser
import GatherAPI
import GatherRPC

extension GatherCommand {
  /// `gatherctl gather end`: ends the gather, and says what the end set off: the man-of-the-match vote, until when
  /// and how to share it, and the players' shares of its cost.
  struct End: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "End the gather and record its result.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      let connection = try global.connect()
      let reply = try connection.reply(.gatherEnd)
      if global.json {
        print(JSONWriter.string(reply.json))
        return
      }
      let record = try reply.value()
      var lines = ["Ended. " + Render.gather(record)]
      // The gather has ended whatever these reads give: a line they cannot fill is left out.
      if record.manOfTheMatch?.state == .open,
        let vote = try? connection.call(.voteStatus, ["gather": .int(record.id)])
      {
        lines.append(
          "Man of the match: those who played vote until \(PlanRender.start(vote.closesAtLocal)); "
            + "share the vote's link with: gatherctl gather vote-link \(record.id)")
      }
      if let ledger = try? connection.call(.feesLedger, ["gather": .int(record.id)]),
        let line = Self.charged(ledger.entries.filter { $0.kind == .charge }, gather: record.id)
      {
        lines.append(line)
      }
      print(lines.joined(separator: "\n"))
    }

    /// "Charged the cost in 7 shares: €7.15 or €7.14 (gatherctl fees history --gather 3)."; nil when nobody was
    /// charged.
    static func charged(_ charges: [API.FeeEntry], gather: Int64) -> String? {
      guard !charges.isEmpty else { return nil }
      var shares: [String] = []
      for charge in charges {
        let share = Render.text(charge.amount.text)
        if !shares.contains(share) { shares.append(share) }
      }
      return "Charged the cost in \(Render.count(charges.count, "share")): "
        + "\(shares.joined(separator: " or ")) (gatherctl fees history --gather \(gather))."
    }
  }
}
