import Glibc

/// The interface of the machine's IPv4 default route, from the kernel's routing table (`/proc/net/route`): its
/// addresses are the ones a phone on the same network most likely reaches, so links name them first.
enum DefaultRoute {
  /// The interface's name ("eth0"), or nil without a default route (or without /proc).
  static func interface(table path: String = "/proc/net/route") -> String? {
    guard let text = read(path) else { return nil }
    return interface(inTable: text)
  }

  /// The first route whose destination and mask are both 0.0.0.0, in the table's text.
  static func interface(inTable text: String) -> String? {
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
      // Iface Destination Gateway Flags RefCnt Use Metric Mask …
      guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000" else { continue }
      return String(fields[0])
    }
    return nil
  }

  private static func read(_ path: String) -> String? {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 20 {
      let count = Glibc.read(file, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
