import Crypto

/// SHA-256 from swift-crypto: the static assets' ETags, the page's inline-script hash for its
/// Content-Security-Policy, paired phones' secrets and repeated requests' fingerprints.
enum Digest {
  /// The 32-byte SHA-256 digest of `bytes`.
  static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }

  /// Lower-case hexadecimal.
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return String(decoding: text, as: UTF8.self)
  }
}
