/// A request's target, in origin form (`/rpc?x`) or absolute form (`http://pitch:8080/rpc`, which HTTP/1.1
/// servers must accept: RFC 9112, 3.2.2): the path without its query, and the authority when one is given,
/// which then stands in for the Host header.
struct RequestTarget: Sendable, Equatable {
  /// The path, "/" at least for an absolute-form target; "*" or an authority form are kept as they came.
  let path: String
  /// The absolute form's host and port, as written.
  let authority: Substring?

  /// Reads a request line's target.
  init(_ uri: String) {
    let lowered = uri.prefix(8).lowercased()
    let schemeLength = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
    guard schemeLength > 0 else {
      path = String(uri.prefix { $0 != "?" })
      authority = nil
      return
    }
    let rest = uri.dropFirst(schemeLength)
    let authority = rest.prefix { $0 != "/" && $0 != "?" }
    let path = rest[authority.endIndex...].prefix { $0 != "?" }
    self.authority = authority
    self.path = path.isEmpty ? "/" : String(path)
  }
}
