import GatherRPC

/// An event's JSON-RPC notification, encoded once for every subscriber: only the subscription id differs
/// between their lines.
struct NotificationLine: Sendable {
  /// The notification's start, up to the subscription id: `{"jsonrpc":"2.0","method":"tick","params":{"subscription":`.
  let head: [UInt8]
  /// The params after the subscription id, and the line's end: `,"seq":N,…}}\n`.
  let tail: [UInt8]

  /// The notification of `event`, numbered `seq`: its method is the event's topic, its params
  /// ``SessionEvent/rpcParams``.
  init(seq: Int64, event: SessionEvent) {
    var params: JSONObject = ["seq": .int(seq)]
    for member in event.rpcParams.members { params[member.key] = member.value }
    head = Array(#"{"jsonrpc":"2.0","method":"\#(event.topic.rawValue)","params":{"subscription":"#.utf8)
    var tail: [UInt8] = [UInt8(ascii: ",")]
    tail += JSONWriter.bytes(.object(params)).dropFirst()
    tail += "}\n".utf8
    self.tail = tail
  }

  /// The notification line for one subscription, newline included, appended to a buffer.
  func write(for subscription: Int64, into bytes: inout [UInt8]) {
    head.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    JSONWriter.write(.int(subscription), into: &bytes)
    tail.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
  }

  /// The most bytes the line takes, whatever the subscription id.
  var longestCount: Int { head.count + JSONWriter.longestInteger + tail.count }

  /// The notification line for one subscription, newline included, written at the start of `buffer` (at least
  /// ``longestCount`` bytes); returns the part written.
  func write(for subscription: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    precondition(buffer.count >= longestCount, "a notification line needs \(longestCount) bytes")
    let start = buffer.baseAddress!
    head.withUnsafeBytes { UnsafeMutableRawPointer(start).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    // The id is written at the end of the widest slot it may need, then moved up against the head.
    let slot = UnsafeMutableBufferPointer(start: start + head.count, count: JSONWriter.longestInteger)
    let id = JSONWriter.decimal(subscription, endingAt: slot)
    UnsafeMutableRawPointer(start + head.count).copyMemory(from: id.baseAddress!, byteCount: id.count)
    let end = start + head.count + id.count
    tail.withUnsafeBytes { UnsafeMutableRawPointer(end).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    return UnsafeBufferPointer(start: start, count: head.count + id.count + tail.count)
  }
}
