import GatherRPC

/// What a subscriber can watch; each event is a notification whose method is its topic.
public enum Topic: String, Sendable, Hashable, CaseIterable {
  case tick, score, timer, gather, players

  /// Reads a list of topic names, or throws invalid params naming the unknown one.
  static func parse(_ names: [String]?) throws(RPCError) -> Set<Topic> {
    guard let names else { return Set(allCases) }
    var topics = Set<Topic>()
    for name in names {
      guard let topic = Topic(rawValue: name) else {
        throw .invalidParams(
          field: "topics",
          "There is no topic \"\(name)\"; the topics are \(allCases.map(\.rawValue).joined(separator: ", ")).")
      }
      topics.insert(topic)
    }
    guard !topics.isEmpty else { throw .invalidParams(field: "topics", "Subscribe to at least one topic.") }
    return topics
  }
}

/// One event, encoded once for every subscriber: only the subscription id differs between their lines.
struct EncodedEvent: Sendable {
  /// The daemon-wide sequence number.
  let seq: Int64
  /// The topic, which is the notification's method.
  let topic: Topic
  /// The params after the subscription id: `"seq":N,…}`.
  let tail: [UInt8]

  init(seq: Int64, topic: Topic, payload: JSONObject) {
    self.seq = seq
    self.topic = topic
    var params: JSONObject = ["seq": .int(seq)]
    for member in payload.members { params[member.key] = member.value }
    tail = Array(JSONWriter.bytes(.object(params)).dropFirst())
  }

  /// The notification line for one subscription, newline included.
  func line(for subscription: Int64, into output: inout [UInt8]) {
    output.append(contentsOf: #"{"jsonrpc":"2.0","method":""#.utf8)
    output.append(contentsOf: topic.rawValue.utf8)
    output.append(contentsOf: #"","params":{"subscription":"#.utf8)
    output.append(contentsOf: String(subscription).utf8)
    output.append(UInt8(ascii: ","))
    output.append(contentsOf: tail)
    output.append(contentsOf: "}\n".utf8)
  }
}
