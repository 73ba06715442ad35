import GatherRPC

/// events.*: subscriptions for this connection.
enum EventsController {
  /// The most subscriptions one connection may hold: one per topic is all a client needs, and each costs
  /// the daemon memory and, under systemd, a rewrite of the subscription record.
  static let maxSubscriptions = 64

  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .read("events.subscribe") { params, caller in
        let topics = try Topic.parse(params.optionalStringArray("topics"))
        try params.finish()
        guard caller.events.subscriptions.count < maxSubscriptions else {
          throw RPCError.wrongState(
            reason: "too_many_subscriptions",
            "This connection already has \(maxSubscriptions) subscriptions; close one with events.unsubscribe first.")
        }
        // The view is read first: every event after its seq reaches this loop only after the subscription exists.
        let view = session.view
        let subscription = session.hub.newSubscriptionID()
        caller.events.subscribe(topics, after: view.seq, id: subscription)
        return .object([
          "subscription": .int(subscription), "seq": .int(view.seq), "snapshot": view.subscriptionJSON,
        ])
      },
      .read("events.unsubscribe") { params, caller in
        let subscription = try params.int("subscription")
        try params.finish()
        guard caller.events.unsubscribe(subscription) else {
          throw RPCError.notFound(
            reason: "subscription_not_found", "This connection has no subscription \(subscription).")
        }
        return .object(["unsubscribed": .int(subscription)])
      },
    ]
  }
}
