/// The secrets of pairing: a pairing link's code and a paired device's credential. Each is made fresh from the
/// system's cryptographic generator (128 bits, as 22 characters of base64url, like a sign-up code), handed out once,
/// and known to the model and the store only by its SHA-256 (``hash(_:)``), so that a copy of the database opens
/// nothing.
enum DeviceSecret {
  /// A fresh code or credential.
  static func make() -> String { SignUpCode.make() }

  /// The SHA-256 of what a peer presented, in lower-case hexadecimal: what the model compares, in constant time.
  static func hash(_ presented: some Collection<UInt8>) -> String { Digest.hex(Digest.sha256(Array(presented))) }
}
