import GatherRPC

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
