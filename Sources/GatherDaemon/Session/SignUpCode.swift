/// A new plan's sign-up code: 16 bytes from the system's cryptographic generator (getrandom), as 22
/// characters of unpadded base64url, safe in a link's fragment as they are.
enum SignUpCode {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// A fresh code.
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    var bits = 0
    var count = 0
    var text: [UInt8] = []
    for byte in bytes {
      bits = (bits << 8 | Int(byte)) & 0xFFFF
      count += 8
      while count >= 6 {
        count -= 6
        text.append(alphabet[(bits >> count) & 63])
      }
    }
    if count > 0 { text.append(alphabet[(bits << (6 - count)) & 63]) }
    return String(decoding: text, as: UTF8.self)
  }
}
