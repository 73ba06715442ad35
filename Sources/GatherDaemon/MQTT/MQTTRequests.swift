import GatherMQTT
import GatherRPC
import Logging
import NIOCore

/// JSON-RPC over MQTT, with `--mqtt-control`: each message on `<prefix>/rpc` is one request or batch, answered
/// through the same gateway as every connection and every `POST /rpc`, from a caller that is a controller. The reply goes to the
/// request's MQTT 5 response topic (with its correlation data), else to `<prefix>/rpc/reply`; a notification
/// gets none.
///
/// Requests are answered one at a time in the order they arrived, like the lines of one connection, so a read
/// after a change sees it. Confined to the connections' event loop, like a connection; at most
/// ``maxWaiting`` wait, and more are dropped (and logged once per burst), so a flood costs bounded memory.
///
/// MQTT's delivery is taken into account: a retained request is never run (the broker would hand it over again
/// at every connection, and run it at every restart), and a request delivered twice is run once and answered
/// twice, from ``MQTTRecentReplies``.
/// Unchecked `Sendable`: its queue of requests is touched on the connections' event loop only.
final class MQTTRequests: @unchecked Sendable {
  static let maxWaiting = 64
  /// After a retained request is logged, more in this time are only counted, so a flood of them cannot fill
  /// the journal.
  static let retainedNoticeInterval = Duration.seconds(60)

  private let gateway: RPCGateway
  private let topics: MQTTTopics
  /// Set once the client exists: where replies are published.
  var client: MQTTClient?
  private var waiting: [MQTTReceivedMessage] = []
  private var inFlight = false
  private var dropping = false
  private var recent = MQTTRecentReplies()
  private let clock = ContinuousClock()
  /// When a retained request was last logged, and how many were ignored since then.
  private var retainedNotice: (at: ContinuousClock.Instant, ignoredSince: Int)?

  init(gateway: RPCGateway, topics: MQTTTopics) {
    self.gateway = gateway
    self.topics = topics
  }

  /// Takes a request from the MQTT client's thread; it is answered on the connections' loop.
  func submit(_ message: MQTTReceivedMessage) {
    gateway.loop.execute { message.retain ? self.ignoreRetained(message) : self.enqueue(message) }
  }

  private func enqueue(_ message: MQTTReceivedMessage) {
    guard waiting.count < Self.maxWaiting else {
      if !dropping {
        gateway.logger.warning(
          "MQTT: more than \(Self.maxWaiting) requests wait on \(topics.rpc); dropping requests until they are answered."
        )
      }
      dropping = true
      return
    }
    dropping = false
    waiting.append(message)
    answerNext()
  }

  /// A retained request gets no answer, and the journal one line a minute at most.
  private func ignoreRetained(_ message: MQTTReceivedMessage) {
    // An empty retained message is how a retained one is cleared: no request.
    guard !message.payload.isEmpty else { return }
    let now = clock.now
    if let notice = retainedNotice, notice.at.duration(to: now) < Self.retainedNoticeInterval {
      retainedNotice?.ignoredSince += 1
      return
    }
    let more = retainedNotice.map { $0.ignoredSince > 0 ? " (and \($0.ignoredSince) more since the last line)" : "" }
    retainedNotice = (now, 0)
    gateway.logger.warning(
      "MQTT: ignored a retained request on \(topics.rpc)\(more ?? ""): the broker keeps a retained message and hands it to gatherd again at every connection, so it would run again at every restart. Publish requests without retain, and clear this one with: mosquitto_pub -r -t \(topics.rpc) -n"
    )
  }

  private func answerNext() {
    while !inFlight, !waiting.isEmpty {
      let message = waiting.removeFirst()
      let requester = replyTopic(message)
      let request = MQTTRecentReplies.Request(payload: message.payload, correlationData: message.correlationData)
      if let reply = recent.reply(to: request, from: requester) {
        publish(reply, to: requester, answering: message)
        continue
      }
      inFlight = true
      gateway.answer(message.payload, from: gateway.mqttCaller(topic: topics.rpc)) { reply in
        self.inFlight = false
        if let reply {
          let bytes = JSONWriter.bytes(reply)
          if Self.changedSomething(reply) { self.recent.remember(bytes, to: request, from: requester) }
          self.publish(bytes, to: requester, answering: message)
        }
        self.answerNext()
      }
    }
  }

  /// Where the reply to `request` goes: its MQTT 5 response topic if it names a usable one, else the default.
  private func replyTopic(_ request: MQTTReceivedMessage) -> String {
    request.responseTopic.flatMap { MQTTConfiguration.problem(withPrefix: $0) == nil ? $0 : nil } ?? topics.rpcReply
  }

  /// Whether `reply` holds a result for a request with an id: one that may have changed the match, and can be
  /// told from a repeat. A refused request changed nothing, so a retry of it runs again (the disk may have been
  /// freed, the gather started) rather than getting the old refusal.
  private static func changedSomething(_ reply: JSONValue) -> Bool {
    switch reply {
    case .array(let replies): replies.contains(where: changedSomething)
    default: reply["id"].map { $0 != .null } == true && reply["result"] != nil
    }
  }

  private func publish(_ reply: [UInt8], to topic: String, answering request: MQTTReceivedMessage) {
    guard let client else { return }
    let message = MQTTMessage(topic: topic, payload: reply, correlationData: request.correlationData)
    client.execute { link in
      var message = message
      // An MQTT 3.1.1 connection has no response topics.
      if !link.hasResponseTopics { message.topic = self.topics.rpcReply }
      link.publish(message)
    }
  }
}
