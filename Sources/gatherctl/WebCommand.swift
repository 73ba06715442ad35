import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl web link`: the scoreboard page's links (view-only, or with `--control` the control link), as text
/// or as QR codes for a phone at the pitch; `gatherctl web token`: the control token's file; `web pair`, `web
/// devices` and `web revoke`: phones paired as controllers (WebPairCommands.swift).
struct WebCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "web", abstract: "The pitch-side scoreboard page (gatherd --http).",
    subcommands: [
      Link.self, WebTokenCommand.self, WebPairCommand.self, WebDevicesCommand.self, WebRevokeCommand.self,
    ], defaultSubcommand: Link.self)

  struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "link",
      abstract: "Print the scoreboard's link to share; --control prints the referee's control link.",
      discussion: """
        The view-only link shows the board and nothing more: print it, draw it with --qr and hold it up at the \
        pitch, or paste it in the group chat. Any peer may ask for it.

        --control prints the control link instead: open it on the referee's phone to get the controls. The \
        control token travels in the link's #fragment, which browsers never send to a server, so it stays out of \
        logs; but anyone with the link may change the match, so share it like a password (--qr --control draws \
        it, for the referee's phone only). Only a controller (root, gatherd's user, or a member of its control \
        group) may ask for it, and only when gatherd has a token (gatherd --http-token-file; gatherctl web \
        token makes one).

        The link names the address people use: gatherd's --public-url when it is set (a reverse proxy with a \
        certificate), otherwise the address gatherd listens on, and for --http 0.0.0.0:PORT or [::]:PORT this \
        machine's network addresses, the default route's first (--all prints every one). Never 0.0.0.0, nor a host \
        name only this machine may resolve. When phones cannot reach the link (gatherd listens on 127.0.0.1 only), \
        a note on stderr says what to pass; when only phones on this network can (a private address, a .local or \
        .lan name: no --public-url), a note says so and how to reach phones anywhere (docs/outside.md).

        --qr draws each link as a QR code below it, to scan with a phone's camera (white on black on a terminal, \
        unless NO_COLOR is set; plain half blocks for a light-on-dark terminal when the output is not one).
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    @Flag(name: .long, help: "Print the control link, which adds the referee's controls; share it like a password.")
    var control = false

    @Flag(name: .long, help: "Print the view-only link (the default); any peer may ask for it.")
    var view = false

    @Flag(name: .long, help: "Also draw each link as a QR code, for a phone's camera.")
    var qr = false

    @Flag(name: .long, help: "Print a link for every address of this machine, not only the first.")
    var all = false

    func validate() throws {
      if control, view { throw ValidationError("--control and --view are two different links; give one.") }
    }

    func run() throws {
      let connection = try global.connect()
      if control {
        try show(try connection.reply(.webLink)) { ($0.links.map(\.url), $0.note) }
      } else {
        try show(try connection.reply(.webShare)) { ($0.links.map(\.url), $0.note) }
      }
    }

    /// Prints the answer as it came with --json, otherwise its links (each address's, from `links`) and note.
    private func show<Result>(_ reply: Reply<Result>, links: (Result) -> ([String], String?)) throws {
      if global.json {
        print(JSONWriter.string(reply.json))
        return
      }
      let (urls, note) = links(try reply.value())
      try LinkPrinter(qr: qr, all: all, allCommand: "gatherctl web link --all\(control ? " --control" : "")").print(
        urls, note: note)
    }
  }
}
