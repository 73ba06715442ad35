/// The files of the scoreboard page, embedded in the binary: what the PageBundle plugin built from
/// Sources/GatherDaemon/Scoreboard (``built``, in a Swift file it writes at build time), served at their paths.
/// Adding, renaming or removing a file of the page needs no change here: the build finds it.
///
/// The page at `/` links the others relatively ("js/scoreboard-XXXXXXXX.js"), so that a reverse proxy may serve
/// it under a path of its own (https://example.org/gather/). Every HTML file is served with a
/// Content-Security-Policy that allows exactly its inline scripts, worked out from the bytes served.
enum WebAssets {
  /// Every asset.
  static let all: [WebAsset] = built.map { $0.contentType.hasPrefix("text/html") ? $0.withPolicy() : $0 }

  /// The assets by path.
  static let byPath: [String: WebAsset] = Dictionary(uniqueKeysWithValues: all.map { ($0.path, $0) })
}

/// One file the scoreboard's listener serves from the binary: its path, content type, how long browsers may keep
/// it, and its representations: its bytes, and the gzip and brotli encodings made of them at build time, each
/// with a strong ETag of its own. build_page.py (Plugins/PageBundle) makes them all; see ``WebAssets``.
struct WebAsset: Sendable {
  /// One encoding of the file, with its ETag.
  struct Representation: Sendable {
    /// How `bytes` are encoded.
    let coding: ContentCoding
    /// What is sent.
    let bytes: [UInt8]
    /// A strong validator, quoted: the first 128 bits of the file's SHA-256 in hex, with `-gzip` or `-br` after
    /// it for those encodings.
    let etag: String
  }

  /// How long a browser may keep the file without asking again.
  enum Caching: Sendable {
    /// Kept, and asked for again each time with its ETag (mostly a 304): the page, sw.js, the manifest, icons.
    case revalidated
    /// Kept for a year and never asked for again: the bundle's files, whose names change with their bytes.
    case immutable

    /// The Cache-Control header's value.
    var header: String {
      switch self {
      case .revalidated: "no-cache"
      case .immutable: "public, max-age=31536000, immutable"
      }
    }
  }

  /// Where it is served, as the request's path: "/" or "/js/scoreboard-XXXXXXXX.js".
  let path: String
  /// Its Content-Type.
  let contentType: String
  /// How long browsers may keep it.
  let caching: Caching
  /// The file as it is (first), and each encoding of it that is smaller.
  let representations: [Representation]
  /// Headers sent with this asset only.
  let headers: [(String, String)]

  /// A file with its representations, identity first.
  init(
    path: String, contentType: String, caching: Caching, representations: [Representation],
    headers: [(String, String)] = []
  ) {
    precondition(representations.first?.coding == .identity, "\(path): the bytes as they are come first")
    self.path = path
    self.contentType = contentType
    self.caching = caching
    self.representations = representations
    self.headers = headers
  }

  /// The file as it is.
  var identity: Representation { representations[0] }

  /// Whether responses depend on the request's Accept-Encoding (`Vary: Accept-Encoding`).
  var isNegotiated: Bool { representations.count > 1 }

  /// The representation to send for a request with these `Accept-Encoding` header values.
  func representation(accepting values: [String]) -> Representation {
    guard isNegotiated else { return identity }
    let coding = AcceptEncoding(values).best(of: representations.map(\.coding))
    return representations.first { $0.coding == coding } ?? identity
  }

  /// An HTML page, with a Content-Security-Policy that allows exactly its inline scripts.
  func withPolicy() -> WebAsset {
    let policy = ContentSecurityPolicy(page: identity.bytes)
    return WebAsset(
      path: path, contentType: contentType, caching: caching, representations: representations,
      headers: headers + [("Content-Security-Policy", policy.header)])
  }
}

extension WebAsset.Representation {
  /// Whether an `If-None-Match` header names these bytes: then the answer is 304. Weak comparison, as RFC 9110
  /// asks of If-None-Match (a `W/` prefix is ignored); `*` matches. Another encoding's ETag does not match.
  func isCurrent(ifNoneMatch values: [String]) -> Bool {
    for value in values {
      for candidate in value.split(separator: ",") {
        var tag = candidate.trimmingSpaces()
        if tag == "*" { return true }
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        if tag.elementsEqual(etag) { return true }
      }
    }
    return false
  }
}
