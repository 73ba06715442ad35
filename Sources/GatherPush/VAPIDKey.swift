import Crypto
import FoundationEssentials

/// The application server's identity to push services (RFC 8292, VAPID): a P-256 key pair whose public key the
/// browser was given when it subscribed, and which signs a short-lived JWT (ES256) on every push.
///
/// ```swift
/// let header = key.authorization(audience: "https://fcm.googleapis.com", contact: "mailto:admin@example.org",
///                                expires: now + 12 * 3600)
/// // Authorization: vapid t=eyJ…, k=BP…
/// ```
public struct VAPIDKey: Sendable {
  /// The private key.
  let signing: P256.Signing.PrivateKey

  /// A key as kept, or a new one.
  init(_ signing: P256.Signing.PrivateKey = P256.Signing.PrivateKey()) { self.signing = signing }

  /// The public key as browsers take it (`applicationServerKey`): the uncompressed point, base64url.
  public var publicKey: String { Base64URL.encode(signing.publicKey.x963Representation) }

  /// The JWT for a push to `audience` (the endpoint's origin), valid until `expires` (seconds since 1970, at most
  /// 24 hours ahead), naming `contact` (`mailto:` or `https:`) when there is one.
  public func token(audience: String, contact: String?, expires: Int64) throws(PushError) -> String {
    let header = #"{"typ":"JWT","alg":"ES256"}"#
    let audience = try Self.jsonSafe(audience)
    var claims = #"{"aud":"\#(audience)","exp":\#(expires)"#
    if let contact {
      let contact = try Self.jsonSafe(contact)
      claims += #","sub":"\#(contact)""#
    }
    claims += "}"
    let signed = Base64URL.encode(header.utf8) + "." + Base64URL.encode(claims.utf8)
    let signature: P256.Signing.ECDSASignature
    do { signature = try signing.signature(for: Array(signed.utf8)) } catch {
      throw PushError("the VAPID token could not be signed")
    }
    return signed + "." + Base64URL.encode(signature.rawRepresentation)
  }

  /// The `Authorization` header's value for a push to `audience` (RFC 8292 §3): `vapid t=JWT, k=KEY`.
  public func authorization(audience: String, contact: String?, expires: Int64) throws(PushError) -> String {
    "vapid t=\(try token(audience: audience, contact: contact, expires: expires)), k=\(publicKey)"
  }

  /// `text` if it can stand inside a JSON string as it is: no quote, backslash or control character.
  private static func jsonSafe(_ text: String) throws(PushError) -> String {
    guard !text.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }) else {
      throw PushError("\(text) cannot go into a VAPID token")
    }
    return text
  }
}
