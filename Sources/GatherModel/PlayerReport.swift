import struct FoundationEssentials.Date

/// One player's stats with their recent results and best teammates.
public struct PlayerReport: Sendable, Hashable {
  /// One ended gather as the player lived it.
  public struct Result: Sendable, Hashable {
    /// Won, drawn or lost.
    public enum Outcome: String, Sendable, Hashable {
      case win, draw, loss

      /// "W", "D" or "L", as a form guide writes it.
      public var letter: String {
        switch self {
        case .win: "W"
        case .draw: "D"
        case .loss: "L"
        }
      }
    }

    /// The gather's id.
    public var gatherID: Int64
    /// When it ended.
    public var endedAt: Date
    /// The side the player was on.
    public var team: Team
    /// How it went for the player.
    public var outcome: Outcome
    /// The final score.
    public var score: Score
    /// The player's goals in it.
    public var goals: Int
    /// What the sides were called in that gather.
    public var names: TeamNames

    /// Creates a result.
    public init(
      gatherID: Int64, endedAt: Date, team: Team, outcome: Outcome, score: Score, goals: Int,
      names: TeamNames = .standard
    ) {
      self.gatherID = gatherID
      self.endedAt = endedAt
      self.team = team
      self.outcome = outcome
      self.score = score
      self.goals = goals
      self.names = names
    }

    /// The name of the player's side in that gather ("Reds").
    public var side: String { names[team] }
  }

  /// A teammate, with the gathers played and won on the same side.
  public struct Teammate: Sendable, Hashable {
    /// The teammate's id.
    public var playerID: Player.ID
    /// The teammate's current name.
    public var name: String
    /// Ended gathers played together on the same side.
    public var played: Int
    /// Of those, won.
    public var wins: Int

    /// Creates a teammate entry.
    public init(playerID: Player.ID, name: String, played: Int, wins: Int) {
      self.playerID = playerID
      self.name = name
      self.played = played
      self.wins = wins
    }
  }

  /// A player's rating after one of their ended gathers.
  public struct RatingPoint: Sendable, Hashable {
    /// The gather's id.
    public var gatherID: Int64
    /// When it ended.
    public var endedAt: Date
    /// The rating it left the player with.
    public var rating: Rating

    /// Creates a point.
    public init(gatherID: Int64, endedAt: Date, rating: Rating) {
      self.gatherID = gatherID
      self.endedAt = endedAt
      self.rating = rating
    }
  }

  /// How many recent results a report shows.
  public static let recentCount = 10
  /// How many teammates a report shows.
  public static let teammateCount = 5

  /// The player's stats.
  public var stats: PlayerStats
  /// The last results, newest first.
  public var recent: [Result]
  /// The teammates won with most, most wins first.
  public var teammates: [Teammate]
  /// The rating after each ended gather played, oldest first.
  public var ratings: [RatingPoint]

  /// Creates a report.
  public init(stats: PlayerStats, recent: [Result], teammates: [Teammate], ratings: [RatingPoint] = []) {
    self.stats = stats
    self.recent = recent
    self.teammates = teammates
    self.ratings = ratings
  }
}
