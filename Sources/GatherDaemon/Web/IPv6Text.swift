import Glibc

/// IPv6 addresses in text form, as inet_ntop writes them ("fd00::2").
enum IPv6Text {
  /// The 16 bytes of an IPv6 address in text form.
  static func format(_ bytes: [UInt8]) -> String {
    precondition(bytes.count == 16, "an IPv6 address has 16 bytes")
    var address = in6_addr()
    withUnsafeMutableBytes(of: &address) { raw in raw.copyBytes(from: bytes) }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "::" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
