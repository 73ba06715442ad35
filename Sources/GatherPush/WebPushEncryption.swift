import Crypto
import FoundationEssentials

/// A push message's encryption for one subscription: RFC 8291 (Message Encryption for Web Push) over RFC 8188's
/// aes128gcm content coding, in one record.
///
/// The browser gave its P-256 public key (`p256dh`) and a 16-byte authentication secret (`auth`) when it
/// subscribed. Each message gets a new key pair of the sender's and a random salt: ECDH of the sender's private key
/// with the browser's public key, HKDF-SHA-256 keyed with the secret, then AES-128-GCM.
///
/// ```swift
/// let body = try WebPushEncryption.encrypt(Array(json.utf8), p256dh: keys.p256dh, auth: keys.auth)
/// // POST body to the endpoint with Content-Encoding: aes128gcm
/// ```
public enum WebPushEncryption {
  /// The record size written in the header; a message is one record.
  public static let recordSize = 4096
  /// The header before the ciphertext: salt (16), record size (4), key id length (1), the sender's key (65).
  public static let headerSize = 86
  /// The longest plaintext one record holds: the record less the tag (16) and the padding delimiter (1).
  public static let maxPlaintext = recordSize - headerSize - 16 - 1

  /// `plaintext` encrypted for the subscription whose keys are `p256dh` (65 bytes, an uncompressed P-256 point)
  /// and `auth` (16 bytes): the whole body to post. `senderKey` and `salt` are new for every message unless given
  /// (RFC 8291's example gives them).
  public static func encrypt(
    _ plaintext: [UInt8], p256dh: [UInt8], auth: [UInt8],
    senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(), salt: [UInt8]? = nil
  ) throws(PushError) -> [UInt8] {
    guard plaintext.count <= maxPlaintext else {
      throw PushError("a push message holds at most \(maxPlaintext) bytes; this one has \(plaintext.count)")
    }
    guard auth.count == 16 else { throw PushError("the subscription's auth secret is not 16 bytes") }
    let receiver: P256.KeyAgreement.PublicKey
    do { receiver = try P256.KeyAgreement.PublicKey(x963Representation: p256dh) } catch {
      throw PushError("the subscription's p256dh is not a P-256 public key")
    }
    let salt = salt ?? randomBytes(16)
    let senderPublic = Array(senderKey.publicKey.x963Representation)
    let shared: [UInt8]
    do {
      shared = try senderKey.sharedSecretFromKeyAgreement(with: receiver).withUnsafeBytes { Array($0) }
    } catch { throw PushError("the key agreement failed") }
    // RFC 8291 §3.3-3.4: the input keying material, then RFC 8188's content encryption key and nonce.
    let keyInfo = Array("WebPush: info".utf8) + [0] + p256dh + senderPublic
    let inputKey = hkdf(secret: shared, salt: auth, info: keyInfo, count: 32)
    let contentKey = hkdf(
      secret: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], count: 16)
    let nonce = hkdf(secret: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], count: 12)
    // The last (and only) record ends with the delimiter 2, with no padding after it.
    let padded = plaintext + [2]
    let sealed: AES.GCM.SealedBox
    do {
      sealed = try AES.GCM.seal(padded, using: SymmetricKey(data: contentKey), nonce: AES.GCM.Nonce(data: nonce))
    } catch { throw PushError("the encryption failed") }
    var body = salt
    body += withUnsafeBytes(of: UInt32(recordSize).bigEndian) { Array($0) }
    body.append(UInt8(senderPublic.count))
    body += senderPublic
    body += sealed.ciphertext
    body += sealed.tag
    return body
  }

  /// HKDF-SHA-256 (RFC 5869) of `secret` with `salt` and `info`, `count` bytes (at most 32: one block).
  static func hkdf(secret: [UInt8], salt: [UInt8], info: [UInt8], count: Int) -> [UInt8] {
    let key = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: secret), salt: salt, info: info, outputByteCount: count)
    return key.withUnsafeBytes { Array($0) }
  }

  /// `count` bytes from the system's secure random source.
  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
  }
}
