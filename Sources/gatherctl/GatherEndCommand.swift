import ArgumentParser
import GatherRPC

extension GatherCommand {
  /// `gatherctl gather end`: ends the gather, and says what the end set off: the man-of-the-match vote, until when
  /// and how to share it, and the players' shares of its cost.
  struct End: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "End the gather and record its result.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      let connection = try global.connect()
      let record = try connection.call("gather.end")
      if global.json {
        print(JSONWriter.string(record))
        return
      }
      var lines = ["Ended. " + Render.gather(record)]
      // The gather has ended whatever these reads give: a line they cannot fill is left out.
      if let id = record["id"]?.intValue, record["manOfTheMatch"]?["status"] == "open",
        let vote = try? connection.call("vote.status", ["gather": .int(id)])
      {
        lines.append(
          "Man of the match: those who played vote until \(PlanRender.start(vote["closesAtLocal"])); "
            + "share the vote's link with: gatherctl gather vote-link \(id)")
      }
      if let id = record["id"]?.intValue,
        let charges = try? connection.call("fees.ledger", ["gather": .int(id)])["entries"]?.arrayValue,
        let line = Self.charged(charges.filter { $0["kind"] == "charge" }, gather: id)
      {
        lines.append(line)
      }
      print(lines.joined(separator: "\n"))
    }

    /// "Charged the cost in 7 shares: €7.15 or €7.14 (gatherctl fees history --gather 3)."; nil when nobody was
    /// charged.
    static func charged(_ charges: [JSONValue], gather: Int64) -> String? {
      guard !charges.isEmpty else { return nil }
      var shares: [String] = []
      for charge in charges {
        let share = Render.text(charge["amount"]?["text"])
        if !shares.contains(share) { shares.append(share) }
      }
      return "Charged the cost in \(Render.count(.int(Int64(charges.count)), "share")): "
        + "\(shares.joined(separator: " or ")) (gatherctl fees history --gather \(gather))."
    }
  }
}
