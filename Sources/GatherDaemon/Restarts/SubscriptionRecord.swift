/// Which subscriptions each kept connection holds, with their ids and topics: what a new gatherd needs to
/// serve a connection it takes back from the service manager's store as before.
///
/// It also holds the seq lease: events are numbered at most up to `seqCeiling` before the record says
/// otherwise, so a new gatherd goes on numbering after it and a kept subscriber's seqs only go up.
///
/// It is kept as text: a header `gatherd-subscriptions 1`, `seq <ceiling>`, then one subscription per line,
/// `<connection name> <subscription id> <topic>,<topic>…`.
public struct SubscriptionRecord: Sendable, Equatable {
  /// The subscriptions of each connection, by connection name.
  public private(set) var connections: [String: [Int64: Set<Topic>]] = [:]
  /// No event of the process that wrote the record has a seq above this.
  public var seqCeiling: Int64 = 0

  /// An empty record.
  public init() {}

  static let header = "gatherd-subscriptions 1"

  /// Sets a connection's subscriptions; an empty set takes the connection out of the record.
  public mutating func set(_ subscriptions: [Int64: Set<Topic>], of connection: String) {
    connections[connection] = subscriptions.isEmpty ? nil : subscriptions
  }

  /// The largest subscription id in the record, or 0.
  public var largestSubscriptionID: Int64 {
    connections.values.lazy.flatMap(\.keys).max() ?? 0
  }

  /// The record as text, in a stable order.
  public var encoded: [UInt8] {
    var text = Self.header + "\nseq \(seqCeiling)\n"
    for connection in connections.keys.sorted() {
      for (id, topics) in connections[connection]!.sorted(by: { $0.key < $1.key }) {
        text += "\(connection) \(id) \(topics.map(\.rawValue).sorted().joined(separator: ","))\n"
      }
    }
    return Array(text.utf8)
  }

  /// Reads a record written by ``encoded``; nil if it is not one.
  public init?(decoding bytes: some Sequence<UInt8>) {
    let lines = String(decoding: Array(bytes), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    guard lines.count >= 2, lines[0] == Substring(Self.header), lines[1].hasPrefix("seq "),
      let ceiling = Int64(lines[1].dropFirst(4)), ceiling >= 0
    else { return nil }
    seqCeiling = ceiling
    for line in lines.dropFirst(2) {
      let fields = line.split(separator: " ")
      guard fields.count == 3, let id = Int64(fields[1]), id > 0 else { return nil }
      var topics = Set<Topic>()
      for name in fields[2].split(separator: ",") {
        guard let topic = Topic(rawValue: String(name)) else { return nil }
        topics.insert(topic)
      }
      guard !topics.isEmpty else { return nil }
      connections[String(fields[0]), default: [:]][id] = topics
    }
  }
}
