import GatherAPI
import GatherRPC

/// events.*: the subscriptions of this connection.
enum EventsMethods {
  /// The most subscriptions one connection may hold: one per topic is all a client needs, and each costs the daemon
  /// memory and, under systemd, a rewrite of the subscription record.
  static let maxSubscriptions = 64

  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [eventsSubscribe, eventsUnsubscribe]

  /// events.subscribe: subscribes this connection to event topics and returns a snapshot.
  static let eventsSubscribe = MethodDefinition.view(
    .eventsSubscribe, SubscribeParams.self,
    doc: MethodDoc(
      summary: "Subscribes this connection to event topics and returns a snapshot.",
      description: """
        The snapshot is taken atomically at seq; events that follow have higher seqs, and none is sent before \
        this reply.
        """,
      result: ResultDoc("subscribed", schema: APISchemas.subscribed),
      errors: [.tooManySubscriptions, .invalidParams]
    )
  ) { params, view, call in
    guard call.events.subscriptions.count < maxSubscriptions else {
      throw RPCError.wrongState(
        reason: "too_many_subscriptions",
        "This connection already has \(maxSubscriptions) subscriptions; close one with events.unsubscribe first.")
    }
    // The view was read first: every event after its seq reaches this loop only after the subscription exists.
    let subscription = call.services.hub.newSubscriptionID()
    call.events.subscribe(params.topics, after: view.seq, id: subscription)
    return Encoded(subscription: subscription, from: view)
  }

  /// events.subscribe's params.
  struct SubscribeParams: MethodParams {
    static let fields = [
      ParamDoc(
        "topics", "Default: all topics.", required: false,
        schema: .array(of: .ref("Topic")).with(
          "default",
          .array([
            .string("tick"), .string("score"), .string("timer"), .string("gather"), .string("players"), .string("plan"),
            .string("vote"),
          ])))
    ]
    /// The topics to receive; every topic when left out.
    let topics: Set<Topic>

    init(_ params: inout Params) throws { topics = try Topic.parse(params.optionalStringArray("topics")) }
  }

  /// events.unsubscribe: ends a subscription of this connection.
  static let eventsUnsubscribe = MethodDefinition.view(
    .eventsUnsubscribe, UnsubscribeParams.self,
    doc: MethodDoc(
      summary: "Ends a subscription of this connection.",
      result: ResultDoc("unsubscribed", schema: APISchemas.unsubscribed),
      errors: [.subscriptionNotFound, .invalidParams]
    )
  ) { params, view, call in
    guard call.events.unsubscribe(params.subscription) else {
      throw RPCError.notFound(
        reason: "subscription_not_found", "This connection has no subscription \(params.subscription).")
    }
    return Encoded(unsubscribed: params.subscription)
  }

  /// events.unsubscribe's params.
  struct UnsubscribeParams: MethodParams {
    static let fields = [
      ParamDoc("subscription", nil, required: true, schema: .ref("Id"))
    ]
    let subscription: Int64

    init(_ params: inout Params) throws { subscription = try params.int("subscription") }
  }

}
