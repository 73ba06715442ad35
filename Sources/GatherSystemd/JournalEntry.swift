/// One journal record in journald's native protocol (systemd.io's "Native Journal Protocol"): its fields in the
/// order given, each a name of upper-case letters, digits and underscores and a value of any bytes.
///
/// ```swift
/// let entry = JournalEntry([("MESSAGE", "Goal for Team A"), ("PRIORITY", "6")])
/// JournalSocket.system.send(entry.datagram)
/// ```
struct JournalEntry: Sendable {
  /// The fields, in order.
  var fields: [(name: String, value: String)]

  /// A record of `fields`.
  init(_ fields: [(name: String, value: String)]) { self.fields = fields }

  /// The bytes journald reads: `NAME=value` and a newline for each field, except that a value holding a newline
  /// is written as `NAME`, a newline, its length in 64-bit little-endian, the value and a newline.
  var datagram: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 10 })
    for (name, value) in fields {
      bytes += name.utf8
      if value.utf8.contains(UInt8(ascii: "\n")) {
        bytes.append(UInt8(ascii: "\n"))
        withUnsafeBytes(of: UInt64(value.utf8.count).littleEndian) { bytes += $0 }
      } else {
        bytes.append(UInt8(ascii: "="))
      }
      bytes += value.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }
}
