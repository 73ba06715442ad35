/// A content coding gatherd serves the page's files in (RFC 9110, 8.4.1): made at build time, never per request.
enum ContentCoding: String, Sendable, CaseIterable {
  /// The bytes as they are.
  case identity
  /// gzip (RFC 1952).
  case gzip
  /// Brotli (RFC 7932): the smallest, so preferred when a client takes it as gladly as gzip.
  case br

  /// The server's preference among codings a client weighs equally: smallest first.
  var preference: Int {
    switch self {
    case .br: 2
    case .gzip: 1
    case .identity: 0
    }
  }
}

/// What a request's `Accept-Encoding` headers ask for (RFC 9110, 12.5.3): each coding with its weight (`q`).
///
///     AcceptEncoding(["gzip, deflate, br;q=0.9"]).best(of: [.identity, .gzip, .br])  // .gzip
///
/// No header means identity. A coding the client does not name takes the weight of `*` if it names that; identity
/// is acceptable unless `identity;q=0` (or `*;q=0` without identity named) refuses it, but is chosen only when no
/// coding the client named with a weight above 0 is available. When nothing is acceptable, identity is served all
/// the same, as RFC 9110 advises rather than a 406.
struct AcceptEncoding: Sendable {
  /// Each named coding (lower case; `x-gzip` as `gzip`) and its weight in thousandths, 0...1000.
  let weights: [String: Int]

  /// The weights from the values of every `Accept-Encoding` header of a request.
  init(_ values: [String]) {
    var weights: [String: Int] = [:]
    for value in values {
      for item in value.split(separator: ",") {
        let parts = item.split(separator: ";").map { $0.trimmingSpaces().lowercased() }
        guard let name = parts.first, !name.isEmpty else { continue }
        var weight = 1000
        for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
          weight = Self.thousandths(parameter.dropFirst(2)) ?? 0
        }
        weights[name == "x-gzip" ? "gzip" : name] = weight
      }
    }
    self.weights = weights
  }

  /// The coding to serve of those `available` (identity among them).
  func best(of available: [ContentCoding]) -> ContentCoding {
    let named = available.filter { $0 != .identity }.compactMap { coding in
      weight(of: coding.rawValue).map { (coding, $0) }
    }
    let chosen = named.filter { $0.1 > 0 }.max { ($0.1, $0.0.preference) < ($1.1, $1.0.preference) }
    return chosen?.0 ?? .identity
  }

  /// The weight the client gives `name`: its own, or that of `*`; nil when it names neither.
  private func weight(of name: String) -> Int? { weights[name] ?? weights["*"] }

  /// A qvalue ("0", "0.5", "1.000") in thousandths; nil when it is not one.
  private static func thousandths(_ text: Substring) -> Int? {
    let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = pieces.first, whole == "0" || whole == "1" else { return nil }
    let fraction = pieces.count > 1 ? pieces[1] : ""
    guard fraction.count <= 3, fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber) else { return nil }
    let value = Int(whole)! * 1000 + Int(fraction + String(repeating: "0", count: 3 - fraction.count))!
    return value <= 1000 ? value : nil
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  func trimmingSpaces() -> Substring {
    let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
    let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
    return self[start..<Swift.max(start, end)]
  }
}
