import ArgumentParser
import GatherRPC

extension GatherCommand {
  /// `gatherctl gather vote-link [ID]`: the gather's man-of-the-match vote link for the group chat.
  struct VoteLink: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "vote-link",
      abstract: "Print an ended gather's man-of-the-match vote link for the group chat.",
      discussion: """
        Those who played open it, pick who they are and vote once for someone else who played, until the vote \
        closes (gatherd --vote-closes: the next day at 12:00 by default). Votes are anonymous to everyone, the \
        organiser included. A gather started from a plan can be voted on through the plan's sign-up link too. \
        The link names the address people use, as gatherctl web link does (--all prints every one); --qr draws \
        it as a QR code. Only a controller may ask for it.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The gather's id (default: the last one that ended).") var id: Int64?
    @Flag(name: .long, help: "Also draw the link as a QR code, for a phone's camera.") var qr = false
    @Flag(name: .long, help: "Print a link for every address of this machine, not only the first.") var all = false

    func run() throws {
      let connection = try global.connect()
      let result = try connection.call("gather.voteLink", ["gather": .int(try lastEnded(id, on: connection))])
      if global.json {
        print(JSONWriter.string(result))
        return
      }
      let links = (result["links"]?.arrayValue ?? []).compactMap(\.stringValue)
      try LinkPrinter(qr: qr, all: all, allCommand: "gatherctl gather vote-link --all").print(
        links.isEmpty ? [result["url"]?.stringValue].compactMap { $0 } : links, note: result["note"]?.stringValue)
    }
  }

  /// `gatherctl gather vote [ID]`: where the man-of-the-match vote stands.
  struct Vote: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show an ended gather's man-of-the-match vote: who may still vote, or who won.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The gather's id (default: the last one that ended).") var id: Int64?

    func run() throws {
      let connection = try global.connect()
      let status = try connection.call("vote.status", ["gather": .int(try lastEnded(id, on: connection))])
      print(global.json ? JSONWriter.string(status) : Self.render(status))
    }

    /// The vote in a line or two.
    static func render(_ status: JSONValue) -> String {
      let title =
        "Man of the match, gather \(Render.text(status["gather"])) "
        + "(\(Render.score(status["score"], names: status["names"])))"
      let counts = "\(Render.text(status["voted"])) of \(Render.text(status["eligible"])) voted"
      guard let best = status["manOfTheMatch"], best != .null else {
        let waiting = (status["players"]?.arrayValue ?? []).filter { $0["voted"] == false }.map {
          Render.text($0["name"])
        }
        return "\(title): open until \(PlanRender.start(status["closesAtLocal"])); \(counts).\n"
          + (waiting.isEmpty ? "Everyone has voted." : "Still to vote: \(waiting.joined(separator: ", ")).")
      }
      let winners = (best["players"]?.arrayValue ?? []).map { Render.text($0["name"]) }
      guard !winners.isEmpty else { return "\(title): nobody voted." }
      let votes = best["votes"]?.intValue ?? 0
      let each = winners.count > 1 ? " each" : ""
      return
        "\(title): \(winners.joined(separator: " and ")), \(votes) vote\(votes == 1 ? "" : "s")\(each) (\(counts))."
    }
  }
}

/// `id`, or the last ended gather's when nil (`gathers.list`).
private func lastEnded(_ id: Int64?, on connection: Connection) throws -> Int64 {
  if let id { return id }
  let page = try connection.call("gathers.list", ["limit": 1])
  guard let last = page["gathers"]?.arrayValue?.first?["id"]?.intValue else {
    throw CtlError.declined("No gather has ended yet.")
  }
  return last
}
