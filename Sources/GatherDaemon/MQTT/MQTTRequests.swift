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
final class MQTTRequests: @unchecked Sendable {
  static let maxWaiting = 64

  private let gateway: RPCGateway
  private let topics: MQTTTopics
  /// Set once the client exists: where replies are published.
  var client: MQTTClient?
  private var waiting: [MQTTReceivedMessage] = []
  private var inFlight = false
  private var dropping = false

  init(gateway: RPCGateway, topics: MQTTTopics) {
    self.gateway = gateway
    self.topics = topics
  }

  /// Takes a request from the MQTT client's thread; it is answered on the connections' loop.
  func submit(_ message: MQTTReceivedMessage) {
    gateway.loop.execute { self.enqueue(message) }
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

  private func answerNext() {
    guard !inFlight, !waiting.isEmpty else { return }
    let message = waiting.removeFirst()
    inFlight = true
    gateway.answer(message.payload, from: gateway.mqttCaller(topic: topics.rpc)) { reply in
      self.replied(reply, to: message)
    }
  }

  private func replied(_ reply: JSONValue?, to request: MQTTReceivedMessage) {
    inFlight = false
    if let reply, let client {
      let topic = request.responseTopic.flatMap { MQTTConfiguration.problem(withPrefix: $0) == nil ? $0 : nil }
      let message = MQTTMessage(
        topic: topic ?? topics.rpcReply, payload: JSONWriter.bytes(reply), correlationData: request.correlationData)
      client.execute { link in
        var message = message
        // An MQTT 3.1.1 connection has no response topics.
        if !link.hasResponseTopics { message.topic = self.topics.rpcReply }
        link.publish(message)
      }
    }
    answerNext()
  }
}
