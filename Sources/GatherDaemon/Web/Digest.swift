import CCrypto

/// SHA-256 from OpenSSL's libcrypto: the static assets' ETags and the page's inline-script hash for its
/// Content-Security-Policy.
enum Digest {
  /// The 32-byte SHA-256 digest of `bytes`.
  static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let done = bytes.withUnsafeBytes { raw in
      EVP_Digest(raw.baseAddress, raw.count, &digest, &length, EVP_sha256(), nil)
    }
    // EVP_Digest fails only without memory, or with a digest that OpenSSL does not have; SHA-256 it always has.
    precondition(done == 1 && length == 32, "libcrypto could not compute a SHA-256 digest")
    return Array(digest.prefix(32))
  }

  /// Lower-case hexadecimal.
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return String(decoding: text, as: UTF8.self)
  }
}
