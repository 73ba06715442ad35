import FoundationEssentials

/// The page's Content-Security-Policy: nothing from elsewhere, scripts and styles only from the page's own
/// address, and of inline scripts only those whose SHA-256 the policy names, computed here from the very bytes
/// served (so an edit to the page can never leave a stale hash behind).
struct ContentSecurityPolicy: Sendable {
  /// The `'sha256-…'` sources of the page's inline scripts, in order.
  let scriptHashes: [String]

  /// The policy for `page`, an HTML document: each `<script>` without a `src` is hashed.
  init(page: [UInt8]) {
    scriptHashes = Self.inlineScripts(in: page).map { "'sha256-" + Data(Digest.sha256($0)).base64EncodedString() + "'" }
  }

  /// The header's value.
  var header: String {
    let scripts = (["'self'"] + scriptHashes).joined(separator: " ")
    // The manifest, the icons and the service worker come from the page's own address; the share view's
    // QR codes are data: images, and the wake lock's fallback video a data: URL (embedded, nothing fetched).
    return "default-src 'none'; script-src \(scripts); style-src 'self'; connect-src 'self'; img-src 'self' data:; "
      + "manifest-src 'self'; worker-src 'self'; media-src data:; base-uri 'none'; form-action 'none'; "
      + "frame-ancestors 'none'"
  }

  /// The text of each inline script: what lies between a `<script …>` tag without `src` and its `</script>`,
  /// byte for byte, as the browser hashes it.
  static func inlineScripts(in page: [UInt8]) -> [[UInt8]] {
    let open = Array("<script".utf8)
    let close = Array("</script>".utf8)
    var scripts: [[UInt8]] = []
    var index = 0
    while let start = page.firstRange(of: open, from: index) {
      guard let tagEnd = page[start.upperBound...].firstIndex(of: UInt8(ascii: ">")),
        let end = page.firstRange(of: close, from: tagEnd + 1)
      else { break }
      let attributes = String(decoding: page[start.upperBound..<tagEnd], as: UTF8.self).lowercased()
      if !attributes.contains("src=") { scripts.append(Array(page[(tagEnd + 1)..<end.lowerBound])) }
      index = end.upperBound
    }
    return scripts
  }
}

extension Array where Element == UInt8 {
  /// The first place `pattern` occurs at or after `start`.
  fileprivate func firstRange(of pattern: [UInt8], from start: Int) -> Range<Int>? {
    guard !pattern.isEmpty, count >= pattern.count, start <= count - pattern.count else { return nil }
    for index in start...(count - pattern.count) where self[index] == pattern[0] {
      if self[index..<(index + pattern.count)].elementsEqual(pattern) { return index..<(index + pattern.count) }
    }
    return nil
  }
}
