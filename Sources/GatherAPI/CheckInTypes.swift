import GatherRPC

// Who turns up for plans, and their schemas: a plan's check-in, and a player's attendance over plans.
extension API {
  /// Of the plans that were not cancelled (those starting in since..until for stats.players): joined (said I'm in at
  /// some point), played (checked in as there, or in the gather the plan started), noShows (going at the check-in and
  /// not there, nor in the plan's gather), and leftLate (left, and did not join again, less than 24 h before the
  /// start).
  public struct Attendance: Decodable, Sendable, Equatable {
    /// The joined.
    public let joined: Int64
    /// The played.
    public let played: Int64
    /// The no shows.
    public let noShows: Int64
    /// The left late.
    public let leftLate: Int64
    /// Late drop-outs: going places left after the plan's cut-off, and not taken back.
    public let lateDropOuts: Int64
    /// Strikes (late drop-outs and no-shows) of the last days gatherd's strikes setting counts (60 by default),
    /// whatever since and until say.
    public let strikes: Int64
    /// Whether those strikes make the player wait for a plan's opening to everyone, as a player who is not a
    /// regular does.
    public let heldBack: Bool
  }

  /// Who turned up for a plan, as the organiser checked them in.
  public struct CheckIn: Decodable, Sendable, Equatable {
    /// The at.
    public let at: API.Timestamp
    /// Everyone there, in the order gather.start {plan} splits them: going in the order they joined, then those brought
    /// in from the waiting list, then walk-ins.
    public let present: [Present]
    /// The going players who were not there, in the order they joined.
    public let noShows: [NoShows]

    /// The present.
    public struct Present: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
      /// Added through the sign-up link, or new to the roster on the night.
      public let guest: Bool
      /// Where they stood on the plan's list: going, waiting (brought in), or not on it (walkIn).
      public let from: From
    }

    /// Where a player checked in stood on the plan's list.
    public enum From: String, Decodable, Sendable, Equatable {
      /// Going.
      case going
      /// Waiting, and brought in.
      case waiting
      /// Not on it: a walk-in.
      case walkIn
    }

    /// The no shows.
    public struct NoShows: Decodable, Sendable, Equatable {
      /// The id.
      public let id: API.Id
      /// The name.
      public let name: String
      /// The guest.
      public let guest: Bool
    }
  }

}

extension APISchemas {
  /// The schema of ``API/Attendance``.
  public static let attendance: Schema = .object(
    """
    Of the plans that were not cancelled (those starting in since..until for stats.players): joined (said I'm in \
    at some point), played (checked in as there, or in the gather the plan started), noShows (going at the \
    check-in and not there, nor in the plan's gather), and leftLate (left, and did not join again, less than 24 \
    h before the start).
    """,
    [
      "joined": .required(.integer(minimum: 0)),
      "played": .required(.integer(minimum: 0)),
      "noShows": .required(.integer(minimum: 0)),
      "leftLate": .required(.integer(minimum: 0)),
      "lateDropOuts": .required(
        .integer("Going places left after the plan's cut-off (24 h by default), and not taken back.", minimum: 0)),
      "strikes": .required(
        .integer(
          """
          Late drop-outs and no-shows of the last days gatherd's strikes setting counts (strike-days, 60 by \
          default), whatever since and until say.
          """, minimum: 0)),
      "heldBack": .required(
        .boolean(
          """
          Whether those strikes reach gatherd's strikes setting, so that the player waits for a plan's opening to \
          everyone, as a player who is not a regular does; false when the setting is off.
          """)),
    ])

  /// The schema of ``API/CheckIn``.
  public static let checkIn: Schema = .object(
    "Who turned up for a plan, as the organiser checked them in.",
    [
      "at": .required(.ref("Timestamp")),
      "present": .required(
        .array(
          of: .object(
            [
              "id": .required(.ref("Id")),
              "name": .required(.string()),
              "guest": .required(.boolean("Added through the sign-up link, or new to the roster on the night.")),
              "from": .required(
                .choice(
                  ["going", "waiting", "walkIn"],
                  """
                  Where they stood on the plan's list: going, waiting (brought in), or not on it (walkIn).
                  """)),
            ]),
          """
          Everyone there, in the order gather.start {plan} splits them: going in the order they joined, then those \
          brought in from the waiting list, then walk-ins.
          """)),
      "noShows": .required(
        .array(
          of: .object(
            [
              "id": .required(.ref("Id")),
              "name": .required(.string()),
              "guest": .required(.boolean()),
            ]), "The going players who were not there, in the order they joined.")),
    ])

}
