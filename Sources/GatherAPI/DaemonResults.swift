import GatherRPC

// What the daemon methods answer, and the schemas of their results.
extension API {
  /// What daemon.ping answers.
  public struct Pong: Decodable, Sendable, Equatable {
    /// Always true.
    public let pong: Bool
  }

  /// What daemon.status answers.
  public struct DaemonStatus: Decodable, Sendable, Equatable {
    /// The version.
    public let version: String
    /// The pid.
    public let pid: Int64
    /// The uptime seconds.
    public let uptimeSeconds: Double
    /// The connections.
    public let connections: Int64
    /// The subscriptions.
    public let subscriptions: Int64
    /// The seq.
    public let seq: Int64
    /// The players.
    public let players: Int64
    /// The gather.
    public let gather: Gather?
    /// Whether the calling peer may call mutating methods.
    public let controller: Bool

    /// The gather.
    public struct Gather: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The score.
      public let score: API.Score
      /// The timer.
      public let timer: API.Timer
      /// The names.
      public let names: API.TeamNames
    }
  }

  /// What daemon.time answers.
  public struct ServerTime: Decodable, Sendable, Equatable {
    /// The now.
    public let now: API.Timestamp
    /// Now in the server's zone, with its offset: 2026-11-27T15:12:03.120+00:00 (milliseconds only if it has any).
    public let local: String
    /// The zone's name (Europe/Lisbon), or null when TZ and /etc/localtime name none.
    public let zone: String?
    /// With the param at: that wall-clock time in the server's zone, with the offset in force then:
    /// 2026-12-03T19:00:00+00:00.
    public let at: String?
  }

}

extension APISchemas {
  /// The schema of ``API/Pong``.
  public static let pong: Schema = .object(
    [
      "pong": .required(.boolean().with("const", .bool(true)))
    ])

  /// The schema of ``API/DaemonStatus``.
  public static let daemonStatus: Schema = .object(
    [
      "version": .required(.string()),
      "pid": .required(.integer(minimum: 1)),
      "uptimeSeconds": .required(.number(minimum: 0)),
      "connections": .required(.integer(minimum: 0)),
      "subscriptions": .required(.integer(minimum: 0)),
      "seq": .required(.integer(minimum: 0)),
      "players": .required(.integer(minimum: 0)),
      "gather": .required(
        .nullable(
          .object(
            [
              "id": .required(.ref("Id")),
              "score": .required(.ref("Score")),
              "timer": .required(.ref("Timer")),
              "names": .required(.ref("TeamNames")),
            ]))),
      "controller": .required(.boolean("Whether the calling peer may call mutating methods.")),
    ])

  /// The schema of ``API/ServerTime``.
  public static let serverTime: Schema = .object(
    [
      "now": .required(.ref("Timestamp")),
      "local": .required(
        .string(
          """
          Now in the server's zone, with its offset: 2026-11-27T15:12:03.120+00:00 (milliseconds only if it has \
          any).
          """)),
      "zone": .required(
        .nullable(.string()).described("The zone's name (Europe/Lisbon), or null when TZ and /etc/localtime name none.")
      ),
      "at": .optional(
        .string(
          """
          With the param at: that wall-clock time in the server's zone, with the offset in force then: \
          2026-12-03T19:00:00+00:00.
          """)),
    ])

}
