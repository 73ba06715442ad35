import ArgumentParser
import GatherRPC
import Glibc

/// `gatherctl web token`: makes the file that holds the page's control token, if there is none yet, and says how
/// to start gatherd with it. The token is what gatherd asks of one (`WebAccess.token(inFile:)`): one line of at
/// least 16 printable ASCII characters; this one has 32 random letters, digits, `-` and `_` (192 bits), which
/// a link carries as they are.
struct WebTokenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "token",
    abstract: "Make the control token's file for gatherd --http-token-file, if it is missing, and say where it is.",
    discussion: """
      The file is $XDG_CONFIG_HOME/gatherd/token (~/.config/gatherd/token) unless --file names another; its \
      folder is made if need be (mode 0700), and the file gets 32 random characters on one line, mode 0600, so \
      that only you may read it. A file that is already there is kept as it is (and checked). The token itself is \
      never printed: gatherd reads the file, and gatherctl web link --control prints the link that carries it. \
      For the system service, make it as root in systemd's credential store: \
      sudo gatherctl web token --file /etc/credstore/gatherd.http-token (docs/systemd.md).
      """)
  @OptionGroup(visibility: .hidden) var global: GlobalOptions
  @Option(
    help: ArgumentHelp("Where the token goes (default: ~/.config/gatherd/token).", valueName: "path"),
    completion: .file())
  var file: String?

  /// The characters of a made token.
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
  /// How many characters a made token has.
  static let length = 32

  func run() throws {
    let path = try file ?? Self.defaultPath()
    let tokenFile = TokenFile(path: path)
    let created = try tokenFile.makeIfMissing { Self.newToken() }
    if global.json {
      print(JSONWriter.string(.object(["file": .string(path), "created": .bool(created)])))
      return
    }
    let shown = Printable.text(path)
    let quoted = shown.contains(" ") ? "'\(shown)'" : shown
    print(
      """
      \(created ? "Made a control token in" : "The control token is in") \(shown) \
      (\(created ? "mode 0600: only you may read it" : "kept as it is")).
      Start gatherd with it:
        gatherd --http 0.0.0.0:8080 --http-token-file \(quoted)
      or, in a checkout:
        make run ARGS="--http 0.0.0.0:8080 --http-token-file \(quoted)"
      Then gatherctl web link --control prints the referee's link, and gatherctl web link --qr the board's.
      """)
  }

  /// `$XDG_CONFIG_HOME/gatherd/token` (an absolute XDG_CONFIG_HOME only, as the XDG rules say), else
  /// `$HOME/.config/gatherd/token`.
  static func defaultPath() throws(CtlError) -> String {
    func variable(_ name: String) -> String? {
      guard let value = getenv(name), value.pointee != 0 else { return nil }
      return String(cString: value)
    }
    if let config = variable("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/gatherd/token" }
    guard let home = variable("HOME") else {
      throw .usage("Neither XDG_CONFIG_HOME nor HOME is set: say where the token goes with --file PATH.")
    }
    return home + "/.config/gatherd/token"
  }

  /// A new token: `length` characters drawn from `alphabet` by the system's secure generator (getrandom).
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }
}
