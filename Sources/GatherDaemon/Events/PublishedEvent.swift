/// One event as the hub hands it to subscribers: its daemon-wide seq, what happened, and its JSON-RPC
/// notification, encoded once for all of them.
struct PublishedEvent: Sendable {
  /// The daemon-wide sequence number.
  let seq: Int64
  /// What happened, as the session said it.
  let event: SessionEvent
  /// The event's topic, which subscriptions are chosen by.
  let topic: Topic
  /// The notification a JSON-RPC subscriber gets, but for its subscription id.
  let line: NotificationLine

  /// Numbers `event` and encodes its notification.
  init(seq: Int64, event: SessionEvent) {
    self.seq = seq
    self.event = event
    topic = event.topic
    line = NotificationLine(seq: seq, event: event)
  }
}
