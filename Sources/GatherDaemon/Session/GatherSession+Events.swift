import GatherRPC

/// Subscriptions: the snapshot and the subscription are taken together, between two events.
extension GatherSession {
  /// Opens a subscription for `mailbox` and returns its id, the seq it starts after, and a snapshot of the
  /// gather, score and timer at that seq. Its events wait in the mailbox until the reply has been written.
  func subscribe(_ topics: Set<Topic>, mailbox: EventMailbox) -> JSONValue {
    fireDueTicks()
    let (subscription, seq) = hub.subscribe(topics, mailbox: mailbox)
    let gather = state.active
    return .object([
      "subscription": .int(subscription),
      "seq": .int(seq),
      "snapshot": .object([
        "gather": gather.map(gatherJSON) ?? .null,
        "score": gather.map(\.score.json) ?? .null,
        "timer": gather.map { timerStatus(of: $0).json } ?? .null,
      ]),
    ])
  }
}
