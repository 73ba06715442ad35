import Glibc

/// What a new gatherd finds of its predecessor's in the service manager's file descriptor store: the client
/// connections it kept, by name, and the newest subscription record.
///
/// Names: `conn-rw-<n>` (a connection of a read-write listener), `conn-ro-<n>` (of a read-only one), and
/// `state-<generation>` (a memory file holding the ``SubscriptionRecord``). Any other name is a listener.
public struct StoredDescriptors: Sendable {
  /// A kept client connection.
  public struct Connection: Sendable, Equatable {
    /// The connected socket.
    public var fd: Int32
    /// Its name in the store, kept while it lives.
    public var name: String
    /// Whether it came from a read-only (status) listener.
    public var readOnly: Bool
  }

  /// The kept connections.
  public var connections: [Connection] = []
  /// The newest readable subscription record (empty if none).
  public var record = SubscriptionRecord()
  /// The generation of the newest record, 0 if none.
  public var recordGeneration = 0
  /// The largest connection number in use, so that new names never repeat a kept one.
  public var largestConnectionNumber = 0
  /// Names of records that are no longer current, to take out of the store.
  public var staleRecordNames: [String] = []

  /// Nothing kept: a fresh start, or a start outside systemd.
  public init() {}

  /// Sorts inherited descriptors into listeners and what the store kept. Record files are read and closed.
  public static func sort(
    _ inherited: [(fd: Int32, name: String)]
  ) -> (listeners: [(fd: Int32, name: String)], stored: StoredDescriptors) {
    var listeners: [(fd: Int32, name: String)] = []
    var stored = StoredDescriptors()
    var records: [(generation: Int, name: String, record: SubscriptionRecord?)] = []
    for (fd, name) in inherited {
      if let (readOnly, number) = connectionName(name) {
        stored.connections.append(Connection(fd: fd, name: name, readOnly: readOnly))
        stored.largestConnectionNumber = max(stored.largestConnectionNumber, number)
      } else if name.hasPrefix("state-"), let generation = Int(name.dropFirst(6)) {
        records.append((generation, name, SubscriptionRecord(decoding: readAll(fd))))
        close(fd)
      } else {
        listeners.append((fd, name))
      }
    }
    records.sort { $0.generation > $1.generation }
    if let newest = records.first(where: { $0.record != nil }) {
      stored.record = newest.record!
    }
    stored.recordGeneration = records.first?.generation ?? 0
    stored.staleRecordNames = records.map(\.name)
    return (listeners, stored)
  }

  /// The name a kept connection gets.
  static func connectionName(readOnly: Bool, number: Int) -> String {
    "conn-\(readOnly ? "ro" : "rw")-\(number)"
  }

  /// Reads a kept connection's name: whether it is read-only, and its number.
  static func connectionName(_ name: String) -> (readOnly: Bool, number: Int)? {
    let parts = name.split(separator: "-")
    guard parts.count == 3, parts[0] == "conn", parts[1] == "rw" || parts[1] == "ro", let number = Int(parts[2])
    else { return nil }
    return (parts[1] == "ro", number)
  }

  private static func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
      guard count > 0 else { return bytes }
      bytes += chunk[0..<count]
      offset += off_t(count)
    }
  }
}
