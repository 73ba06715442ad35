import FoundationEssentials
import GatherModel
import Glibc
import Synchronization

/// Who may control the match over the web, and the link that lets them: the control token (from
/// `--http-token-file`), compared in constant time and never logged, with wrong guesses limited per client
/// address (``GuessLimiter``), and where the page is served once the listener is bound (its links: ``PageLinks``).
public final class WebAccess: Sendable {
  private let token: [UInt8]?
  private let address = Mutex<PageLinks.Served?>(nil)
  /// What waits for the page to be served (``whenServed(_:)``), until it is.
  private let servedWaiters = Mutex<[@Sendable () -> Void]?>([])
  /// The address people use, when given: the control link is built on it.
  let publicURL: PublicURL?
  /// Wrong guesses per client address, of the control token and of plans' sign-up codes alike.
  let guesses = Mutex(GuessLimiter(clock: ContinuousClock()))
  /// New players added by name through sign-up links, per client address.
  let newNames = Mutex(NewNameLimiter(clock: ContinuousClock()))

  /// Access with this control token, or none: then every web peer is read-only. The control link uses
  /// `publicURL` when it is given.
  public init(token: String?, publicURL: PublicURL? = nil) {
    self.token = token.map { Array($0.utf8) }
    self.publicURL = publicURL
  }

  /// The token a token file holds: its first line that is not empty, without the spaces, tabs and carriage
  /// return around it; at least 16 printable ASCII characters (`!` to `~`). A NUL byte anywhere in the file is
  /// refused too. The message never shows the file's text.
  public static func token(inFile bytes: [UInt8]) throws(WebAccessError) -> String {
    let line = bytes.split(separator: UInt8(ascii: "\n")).first ?? []
    let blank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D }  // space, tab, carriage return
    let token = Array(line.drop(while: blank).reversed().drop(while: blank).reversed())
    guard !bytes.contains(0), token.count >= 16, token.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw WebAccessError(
        "the token must be one line of at least 16 printable ASCII characters, ! to ~, with no spaces or control characters"
      )
    }
    return String(decoding: token, as: UTF8.self)
  }

  /// Whether a control token is configured.
  public var hasToken: Bool { token != nil }

  /// Whether `candidate` is the control token; the time taken does not depend on where they differ.
  func isControlToken(_ candidate: some Collection<UInt8>) -> Bool {
    guard let token else { return false }
    return ConstantTime.equal(token, candidate)
  }

  /// Records where the page is served, once the listener is bound.
  func served(at address: PageLinks.Served) {
    self.address.withLock { $0 = address }
    let waiters = servedWaiters.withLock { waiters in
      defer { waiters = nil }
      return waiters ?? []
    }
    for waiter in waiters { waiter() }
  }

  /// Runs `action` once the page is served and its links are known: at once if it already is.
  func whenServed(_ action: @escaping @Sendable () -> Void) {
    let waits = servedWaiters.withLock { waiters in
      waiters?.append(action)
      return waiters != nil
    }
    if !waits { action() }
  }

  /// The page's addresses as they are now (``PageLinks``): the machine's interfaces are read each time, so that a
  /// new DHCP lease is seen.
  func pageLinks() -> Result<PageLinks, WebAccessError> {
    PageLinks.resolve(
      served: address.withLock { $0 }, publicURL: publicURL, interfaces: InterfaceAddresses.list(),
      defaultInterface: DefaultRoute.interface())
  }

  /// The control link's fragment, `token=…` (put after the page's address and `#`), or why there is none.
  func controlFragment() -> Result<String, WebAccessError> {
    guard let token else {
      return .failure(WebAccessError("The web page is read-only: start gatherd with --http-token-file FILE."))
    }
    // Percent-encoded, so that the page reads it back exactly (URLSearchParams or decodeURIComponent).
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    return .success(
      "token=" + token.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : "%" + hex($0) }.joined())
  }

}

private func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}

/// The control token or the web page cannot be used as asked.
public struct WebAccessError: Error, CustomStringConvertible {
  /// What is wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
