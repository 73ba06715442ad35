import ArgumentParser
import GatherRPC

/// `gatherctl web link`: the scoreboard page's control link, for a phone at the pitch.
struct WebCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "web", abstract: "The pitch-side scoreboard page (gatherd --http).",
    subcommands: [Link.self], defaultSubcommand: Link.self)

  struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "link",
      abstract: "Print the scoreboard's control link: open it on a phone to get the controls.",
      discussion: """
        The control token travels in the link's #fragment, which browsers never send to a server, so it stays \
        out of logs. Anyone with the link may change the match: share it like a password. Only a controller \
        (root, gatherd's user, or a member of its control group) may ask for it. Without a token \
        (gatherd --http-token-file), the page only watches; open http://HOST:PORT/ for that.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
      try global.run("web.link", [:]) { result in result["url"]?.stringValue ?? "" }
    }
  }
}
