import GatherRPC

// The common types of the wire, and their schemas.
extension API {
  /// A positive integer id assigned by the daemon.
  public typealias Id = Int64

  /// ISO 8601 UTC with milliseconds, e.g. 2026-11-22T10:15:03.120Z.
  public typealias Timestamp = String

  /// A topic as the wire writes it.
  public typealias Topic = String

  /// The state at the subscription's seq; all null without an active gather.
  public struct Snapshot: Decodable, Sendable, Equatable {
    /// The gather.
    public let gather: API.Gather?
    /// The score.
    public let score: API.Score?
    /// The timer.
    public let timer: API.Timer?
  }

}

extension APISchemas {
  /// The schema of ``API/Id``.
  public static let id: Schema = .integer("A positive integer id assigned by the daemon.", minimum: 1)

  /// The schema of ``API/Timestamp``.
  public static let timestamp: Schema = .string(
    "ISO 8601 UTC with milliseconds, e.g. 2026-11-22T10:15:03.120Z.", format: "date-time")

  /// The schema of ``API/Topic``.
  public static let topic: Schema = .choice(["tick", "score", "timer", "gather", "players", "plan", "vote"])

  /// The schema of ``API/Snapshot``.
  public static let snapshot: Schema = .object(
    "The state at the subscription's seq; all null without an active gather.",
    [
      "gather": .required(.nullable(.ref("Gather"))),
      "score": .required(.nullable(.ref("Score"))),
      "timer": .required(.nullable(.ref("Timer"))),
    ])

}
