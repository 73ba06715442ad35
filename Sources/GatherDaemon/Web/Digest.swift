import CCrypto

/// SHA-256 from libgcrypt (already loaded with libsystemd): the static assets' ETags and the page's inline-script
/// hash for its Content-Security-Policy.
enum Digest {
  /// libgcrypt wants its version checked, which also initializes it, before anything else is called; once.
  private static let initialized: Bool = gcry_check_version(nil) != nil

  /// The 32-byte SHA-256 digest of `bytes`.
  static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    precondition(initialized, "libgcrypt could not be initialized")
    var digest = [UInt8](repeating: 0, count: 32)
    bytes.withUnsafeBytes { raw in
      digest.withUnsafeMutableBytes { out in
        gcry_md_hash_buffer(Int32(GCRY_MD_SHA256.rawValue), out.baseAddress, raw.baseAddress, raw.count)
      }
    }
    return digest
  }

  /// Lower-case hexadecimal.
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return String(decoding: text, as: UTF8.self)
  }
}
