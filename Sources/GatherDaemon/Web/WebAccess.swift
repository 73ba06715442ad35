import FoundationEssentials
import Glibc
import NIOHTTP1
import Synchronization

/// Who may control the match over the web, and the link that lets them: the control token (from
/// `--http-token-file`), compared in constant time and never logged, the Origin rule for WebSocket
/// upgrades, and the page's address once the listener is bound.
public final class WebAccess: Sendable {
  private let token: [UInt8]?
  private let address = Mutex<String?>(nil)

  /// Access with this control token, or none: then every web peer is read-only.
  public init(token: String?) { self.token = token.map { Array($0.utf8) } }

  /// Reads the token file: its first line, without surrounding white space; at least 16 characters.
  public static func readToken(from path: String) throws -> String {
    let text = try contents(ofTokenFile: path)
    let line = text.split(separator: "\n").first ?? ""
    let isBlank = { (character: Character) in character.isWhitespace && !character.isNewline }
    let token = String(line.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    guard token.utf8.count >= 16, !token.contains(where: { $0.isWhitespace || !$0.isASCII }) else {
      throw WebAccessError(
        "The token in \(path) must be one line of at least 16 printable ASCII characters (try: head -c 24 /dev/urandom | base64 > \(path))."
      )
    }
    return token
  }

  /// The text of the file at `path`, read whole (a token file is a line or two).
  private static func contents(ofTokenFile path: String) throws -> String {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else {
      throw WebAccessError("Cannot read the token file \(path): \(String(cString: strerror(errno))).")
    }
    defer { close(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 20 {
      let count = read(file, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw WebAccessError("Cannot read the token file \(path): \(String(cString: strerror(errno))).")
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether a control token is configured.
  public var hasToken: Bool { token != nil }

  /// Whether `candidate` is the control token; the time taken does not depend on where they differ.
  func isControlToken(_ candidate: some Collection<UInt8>) -> Bool {
    guard let token else { return false }
    var difference = token.count ^ candidate.count
    var index = 0
    for byte in candidate {
      difference |= Int(byte ^ token[index % token.count])
      index += 1
    }
    return difference == 0
  }

  /// Whether a request's `Authorization: Bearer …` carries the control token; nil without the header.
  func bearer(in headers: HTTPHeaders) -> Bool? {
    guard let value = headers.first(name: "authorization") else { return nil }
    guard value.lowercased().hasPrefix("bearer ") else { return false }
    return isControlToken(value.utf8.dropFirst(7))
  }

  /// A browser's WebSocket upgrade must come from this page: its Origin's host and port are the request's
  /// Host. Clients that send no Origin (scripts, curl) are not browsers, and may connect.
  static func isSameOrigin(_ headers: HTTPHeaders) -> Bool {
    guard let origin = headers.first(name: "origin") else { return true }
    guard let host = headers.first(name: "host"), let schemeEnd = origin.firstRange(of: "://") else { return false }
    return origin[schemeEnd.upperBound...].lowercased() == host.lowercased()
  }

  /// The bytes of a request's `Authorization: Bearer …` token, for a sign-up code (issue 24); nil without one.
  func bearerCode(in headers: HTTPHeaders) -> [UInt8]? {
    guard let value = headers.first(name: "authorization"), value.lowercased().hasPrefix("bearer ") else { return nil }
    return Array(value.utf8.dropFirst(7))
  }

  /// Records where the page is served, once the listener is bound.
  func served(at address: String) { self.address.withLock { $0 = address } }

  /// The control link for the page (`http://HOST:PORT/#token=…`), or why there is none.
  func controlLink() -> Result<String, WebAccessError> {
    guard let address = address.withLock({ $0 }) else {
      return .failure(WebAccessError("gatherd serves no web page: start it with --http ADDRESS (see gatherd --help)."))
    }
    guard let token else {
      return .failure(WebAccessError("The web page is read-only: start gatherd with --http-token-file FILE."))
    }
    // Percent-encoded, so that the page reads it back exactly (URLSearchParams or decodeURIComponent).
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    let encoded = token.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : "%" + hex($0) }.joined()
    return .success("http://\(address)/#token=\(encoded)")
  }

  /// A plan's sign-up link for the group chat (issue 24): the page with the code in its fragment,
  /// `http://HOST:PORT/#signup=CODE` (the code is base64url, safe as it is); or why there is none.
  func signUpLink(code: String) -> Result<String, WebAccessError> {
    guard let address = address.withLock({ $0 }) else {
      return .failure(WebAccessError("gatherd serves no web page: start it with --http ADDRESS (see gatherd --help)."))
    }
    return .success("http://\(address)/#signup=\(code)")
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
