import ArgumentParser
import GatherAPI
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
      let reply = try connection.reply(.gatherVoteLink, ["gather": .int(try lastEnded(id, on: connection))])
      if global.json {
        print(JSONWriter.string(reply.json))
        return
      }
      let result = try reply.value()
      try LinkPrinter(qr: qr, all: all, allCommand: "gatherctl gather vote-link --all").print(
        result.links.isEmpty ? [result.url] : result.links, note: result.note)
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
      try global.show(try connection.reply(.voteStatus, ["gather": .int(try lastEnded(id, on: connection))])) {
        Self.render($0)
      }
    }

    /// The vote in a line or two.
    static func render(_ status: API.VoteStatus) -> String {
      let title = "Man of the match, gather \(status.gather) (\(Render.score(status.score, names: status.names)))"
      let counts = "\(status.voted) of \(status.eligible) voted"
      guard let best = status.manOfTheMatch else {
        let waiting = status.players.filter { !$0.voted }.map { Render.text($0.name) }
        return "\(title): open until \(PlanRender.start(status.closesAtLocal)); \(counts).\n"
          + (waiting.isEmpty ? "Everyone has voted." : "Still to vote: \(waiting.joined(separator: ", ")).")
      }
      let winners = best.players.map { Render.text($0.name) }
      guard !winners.isEmpty else { return "\(title): nobody voted." }
      let votes = best.votes
      let each = winners.count > 1 ? " each" : ""
      return
        "\(title): \(winners.joined(separator: " and ")), \(votes) vote\(votes == 1 ? "" : "s")\(each) (\(counts))."
    }
  }
}

/// `id`, or the last ended gather's when nil (`gathers.list`).
private func lastEnded(_ id: Int64?, on connection: Connection) throws -> Int64 {
  if let id { return id }
  guard let last = try connection.call(.gathersList, ["limit": 1]).gathers.first?.id else {
    throw CtlError.declined("No gather has ended yet.")
  }
  return last
}
