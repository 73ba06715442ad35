/// One file the scoreboard's listener serves from the binary: its path, content type, bytes, a strong ETag
/// (from the bytes' SHA-256) and any headers of its own (the page's Content-Security-Policy).
struct WebAsset: Sendable {
  /// Where it is served, as the request's path: "/" or "/js/board.js".
  let path: String
  /// Its Content-Type.
  let contentType: String
  /// What is served.
  let bytes: [UInt8]
  /// A strong validator: the first 128 bits of the bytes' SHA-256, quoted.
  let etag: String
  /// Headers sent with this asset only.
  let headers: [(String, String)]

  /// An asset; the ETag is computed from `bytes`.
  init(path: String, contentType: String, bytes: [UInt8], headers: [(String, String)] = []) {
    self.path = path
    self.contentType = contentType
    self.bytes = bytes
    self.headers = headers
    etag = "\"" + Digest.hex(Digest.sha256(bytes).prefix(16)) + "\""
  }

  /// An HTML page, served with a Content-Security-Policy that allows exactly its inline scripts.
  static func page(path: String, bytes: [UInt8]) -> WebAsset {
    let policy = ContentSecurityPolicy(page: bytes)
    return WebAsset(
      path: path, contentType: "text/html; charset=utf-8", bytes: bytes,
      headers: [("Content-Security-Policy", policy.header)])
  }

  /// Whether an `If-None-Match` header names this asset's current bytes: then the answer is 304. Weak
  /// comparison, as RFC 9110 asks of If-None-Match (a `W/` prefix is ignored); `*` matches.
  func isCurrent(ifNoneMatch values: [String]) -> Bool {
    for value in values {
      for candidate in value.split(separator: ",") {
        var tag = candidate.trimmingWhitespace()
        if tag == "*" { return true }
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        if tag.elementsEqual(etag) { return true }
      }
    }
    return false
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<Swift.max(start, end)]
  }
}
