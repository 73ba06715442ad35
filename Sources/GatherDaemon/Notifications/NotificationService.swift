import GatherPush
import Logging
import NIOCore
import ServiceLifecycle

/// Pushes and webhooks, as a service: one more subscriber of the session's events (like MQTT's), whose sinks hand
/// what to post to the courier's thread, so that a push service or a webhook that is slow, hangs or floods never
/// delays the session or any client. A push service that says a phone is gone (404, 410) has its subscription
/// forgotten in a turn of the session.
public struct NotificationService: Service, CustomStringConvertible {
  let session: GatherSession
  let push: WebPush
  let webhooks: WebhookSettings
  let courier: HTTPCourier
  let logger: Logger

  /// The service for `session`'s events: pushes through `push`, webhooks as `webhooks` say, both posted by
  /// `courier`.
  public init(
    session: GatherSession, push: WebPush, webhooks: WebhookSettings, courier: HTTPCourier, logger: Logger
  ) {
    self.session = session
    self.push = push
    self.webhooks = webhooks
    self.courier = courier
    self.logger = logger
  }

  /// How logs name it.
  public var description: String { "NotificationService(\(webhooks.urls.count) webhooks)" }

  /// Delivers until graceful shutdown; then stops the courier, dropping what it had not posted.
  public func run() async {
    let (session, logger) = (session, logger)
    let table = session.hub.subscribers
    let gone: @Sendable (String) -> Void = { endpoint in
      session.loop.execute {
        do {
          if try session.take({ try $0.unsubscribe(endpoint: endpoint) }) {
            logger.info("A phone's push subscription is gone; forgot it.")
          }
        } catch { logger.warning("Could not forget a push subscription that is gone: \(error)") }
      }
    }
    let pushes = PushSink(push: push, view: { session.view }, gone: gone)
    let hooks = webhooks.urls.isEmpty ? nil : WebhookSink(settings: webhooks, courier: courier, logger: logger)
    let (pushID, hookID) = (session.hub.newSubscriptionID(), session.hub.newSubscriptionID())
    _ = try? await table.loop.submit {
      let after = session.view.seq
      // The daemon's own listeners, not clients': daemon.status and the metrics count clients' subscriptions.
      table.add(pushID, topics: PushSink.topics, after: after, sink: pushes, counted: false)
      if let hooks { table.add(hookID, topics: WebhookSink.topics, after: after, sink: hooks, counted: false) }
    }.get()
    if !webhooks.urls.isEmpty {
      logger.info("Posting plan, vote and match events to \(webhooks.urls.map(\.origin).joined(separator: ", ")).")
    }
    try? await gracefulShutdown()
    _ = try? await table.loop.submit {
      table.remove(pushID, of: pushes)
      if let hooks { table.remove(hookID, of: hooks) }
    }.get()
    courier.stop()
    withExtendedLifetime((pushes, hooks)) {}
  }
}
