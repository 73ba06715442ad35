import FoundationEssentials
import GatherPush
import GatherRPC
import Logging

/// Web Push's subscription to the session's events: on the connections' loop it maps each event to its pushes
/// (``PushMessages``) and, once the batch is delivered, hands each to the courier for every phone of its player,
/// read from the committed view. It never waits for a push service.
/// Unchecked `Sendable`: its state is touched on the connections' event loop only.
final class PushSink: EventSink, @unchecked Sendable {
  private let push: WebPush
  private let view: @Sendable () -> SessionView
  private let gone: @Sendable (String) -> Void
  private var pending: [PushMessage] = []

  init(push: WebPush, view: @escaping @Sendable () -> SessionView, gone: @escaping @Sendable (String) -> Void) {
    self.push = push
    self.view = view
    self.gone = gone
  }

  /// The topics that may push something.
  static let topics: Set<Topic> = [.plan, .gather, .vote]

  func send(_ event: PublishedEvent, subscription: Int64) {
    pending += PushMessages.messages(for: event.event, web: push.web)
  }

  func flushEvents() {
    guard !pending.isEmpty else { return }
    let state = view().state
    for message in pending {
      for subscription in state.pushSubscriptions(of: message.player) {
        push.send(message, to: subscription, gone: gone)
      }
    }
    pending = []
  }
}

/// The webhooks' subscription to the session's events: each plan, vote and match event (not the clock's seconds)
/// is posted as JSON to every webhook, signed, through the courier. It never waits for a webhook.
/// Unchecked `Sendable`: its state is touched on the connections' event loop only.
final class WebhookSink: EventSink, @unchecked Sendable {
  /// The longest body posted; an event that makes a longer one is logged and not posted.
  static let maxBody = 256 << 10
  private let settings: WebhookSettings
  private let courier: HTTPCourier
  private let logger: Logger
  private var pending: [(topic: Topic, seq: Int64, body: [UInt8])] = []

  init(settings: WebhookSettings, courier: HTTPCourier, logger: Logger) {
    self.settings = settings
    self.courier = courier
    self.logger = logger
  }

  /// The topics posted: plans, votes and the match, but not its ticks.
  static let topics: Set<Topic> = [.plan, .vote, .gather, .score, .timer]

  func send(_ event: PublishedEvent, subscription: Int64) {
    pending.append((event.topic, event.seq, Self.body(event)))
  }

  func flushEvents() {
    for (topic, seq, body) in pending {
      guard body.count <= Self.maxBody else {
        logger.warning("Not posting \(topic.rawValue) event \(seq) to the webhooks: \(body.count) bytes is too long.")
        continue
      }
      var headers = ["Content-Type: application/json", "X-Gatherd-Event: \(topic.rawValue)", "X-Gatherd-Seq: \(seq)"]
      if let secret = settings.secret {
        headers.append("X-Gatherd-Signature: \(WebhookSignature.value(body: body, secret: secret))")
      }
      for url in settings.urls {
        let request = OutboundRequest(url: url, rules: .anyAddress, headers: headers, body: body)
        courier.post("a webhook to \(url.origin)", bytes: body.count) { request }
      }
    }
    pending = []
  }

  /// `{"event": TOPIC, "seq", "at", …}`: the topic, then the params of the event's JSON-RPC notification
  /// (docs/protocol.md, "Events"), and when gatherd posted it.
  static func body(_ event: PublishedEvent) -> [UInt8] {
    var object: JSONObject = [
      "event": .string(event.topic.rawValue), "seq": .int(event.seq),
      "at": .string(ISO8601.string(Date())),
    ]
    for member in event.event.rpcParams.members { object[member.key] = member.value }
    return JSONWriter.bytes(.object(object))
  }
}
