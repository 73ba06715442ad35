import GatherRPC

// What the events methods answer, and the schemas of their results.
extension API {
  /// What events.subscribe answers.
  public struct Subscribed: Decodable, Sendable, Equatable {
    /// The subscription.
    public let subscription: API.Id
    /// The seq.
    public let seq: Int64
    /// The snapshot.
    public let snapshot: API.Snapshot
  }

  /// What events.unsubscribe answers.
  public struct Unsubscribed: Decodable, Sendable, Equatable {
    /// The unsubscribed.
    public let unsubscribed: API.Id
  }

}

extension APISchemas {
  /// The schema of ``API/Subscribed``.
  public static let subscribed: Schema = .object(
    [
      "subscription": .required(.ref("Id")),
      "seq": .required(.integer(minimum: 0)),
      "snapshot": .required(.ref("Snapshot")),
    ])

  /// The schema of ``API/Unsubscribed``.
  public static let unsubscribed: Schema = .object(
    [
      "unsubscribed": .required(.ref("Id"))
    ])

}
