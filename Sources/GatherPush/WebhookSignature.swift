import Crypto

/// A webhook's signature: `X-Gatherd-Signature: sha256=<hex HMAC-SHA256 of the body>`, keyed with the secret from
/// `--webhook-secret-file`, so that the receiver can tell gatherd's posts from anyone else's.
///
/// ```python
/// expected = "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()
/// hmac.compare_digest(expected, request.headers["X-Gatherd-Signature"])
/// ```
public enum WebhookSignature {
  /// The header's value for `body` signed with `secret`: `sha256=` and the HMAC in lower-case hex.
  public static func value(body: [UInt8], secret: [UInt8]) -> String {
    let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: secret))
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    for byte in code { hex += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return "sha256=" + String(decoding: hex, as: UTF8.self)
  }
}
