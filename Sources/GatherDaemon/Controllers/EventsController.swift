import GatherRPC

/// events.*: subscriptions for this connection.
enum EventsController {
  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .read("events.subscribe") { params, caller in
        let topics = try Topic.parse(params.optionalStringArray("topics"))
        try params.finish()
        let reply = await session.subscribe(topics, mailbox: caller.mailbox)
        if let subscription = reply["subscription"]?.intValue { caller.holdUntilReplied(subscription) }
        return reply
      },
      .read("events.unsubscribe") { params, caller in
        let subscription = try params.int("subscription")
        try params.finish()
        guard session.hub.unsubscribe(subscription, mailbox: caller.mailbox) else {
          throw RPCError.notFound(
            reason: "subscription_not_found", "This connection has no subscription \(subscription).")
        }
        return .object(["unsubscribed": .int(subscription)])
      },
    ]
  }
}
