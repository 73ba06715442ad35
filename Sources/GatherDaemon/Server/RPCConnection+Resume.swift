import GatherRPC

extension RPCConnection {
  /// Serves a connection taken over from the previous gatherd: reopens its subscriptions with their ids,
  /// and tells each one with an `events.resumed` notice carrying the current snapshot and the seq its events
  /// continue after. Runs on the connection's loop, before any event can reach it.
  func resume(_ subscriptions: [Int64: Set<Topic>], view: SessionView) {
    machine.resumed()
    guard !subscriptions.isEmpty else { return }
    let snapshot = view.subscriptionJSON
    // The record already holds these subscriptions: it is told once, at the end, not one by one.
    let recorder = caller.events.onSubscriptionsChanged
    caller.events.onSubscriptionsChanged = nil
    defer {
      caller.events.onSubscriptionsChanged = recorder
      recorder?(caller.events.subscriptions)
    }
    for (id, topics) in subscriptions.sorted(by: { $0.key < $1.key }) {
      caller.events.subscribe(topics, after: view.seq, id: id)
      write(
        RPCResponse.notification(
          method: "events.resumed",
          params: [
            "subscription": .int(id), "seq": .int(view.seq), "snapshot": snapshot,
            "topics": .array(topics.map(\.rawValue).sorted().map { .string($0) }),
            "message": .string(
              "gatherd restarted and kept this connection; events continue after seq \(view.seq), and the snapshot is the state now."
            ),
          ]))
    }
    caller.events.replyWritten()
    flushIfNeeded()
  }
}
