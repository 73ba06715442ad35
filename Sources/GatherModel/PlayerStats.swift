import struct Foundation.Date

/// One player's record over ended gathers. Only ended gathers count, and only those the player played in on
/// Team A or Team B: a player who was only on the bench has not played.
public struct PlayerStats: Sendable, Hashable {
  /// The orders a stats table can be sorted by, best first.
  public enum Order: String, Sendable, Hashable, CaseIterable {
    /// Most wins, then best win rate, then most played.
    case wins
    /// Most goals, then most goals per gather.
    case goals
    /// Best win rate, then most played.
    case winRate
    /// Most played, then most wins.
    case played
  }

  /// The player's id.
  public var playerID: Player.ID
  /// The player's current name.
  public var name: String
  /// Ended gathers played.
  public var played: Int
  /// Of those, won.
  public var wins: Int
  /// Of those, drawn.
  public var draws: Int
  /// Goals scored in them (goals taken back do not count).
  public var goals: Int

  /// Creates a record.
  public init(playerID: Player.ID, name: String, played: Int, wins: Int, draws: Int, goals: Int) {
    self.playerID = playerID
    self.name = name
    self.played = played
    self.wins = wins
    self.draws = draws
    self.goals = goals
  }

  /// Of those played, lost.
  public var losses: Int { played - wins - draws }
  /// Goals per gather played; 0 before the first.
  public var goalsPerGather: Double { played == 0 ? 0 : Double(goals) / Double(played) }
  /// Wins per gather played, from 0 to 1; 0 before the first.
  public var winRate: Double { played == 0 ? 0 : Double(wins) / Double(played) }
}

/// One player's stats with their recent results and best teammates.
public struct PlayerReport: Sendable, Hashable {
  /// One ended gather as the player lived it.
  public struct Result: Sendable, Hashable {
    /// Won, drawn or lost.
    public enum Outcome: String, Sendable, Hashable {
      case win, draw, loss
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

    /// Creates a result.
    public init(gatherID: Int64, endedAt: Date, team: Team, outcome: Outcome, score: Score, goals: Int) {
      self.gatherID = gatherID
      self.endedAt = endedAt
      self.team = team
      self.outcome = outcome
      self.score = score
      self.goals = goals
    }
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

  /// Creates a report.
  public init(stats: PlayerStats, recent: [Result], teammates: [Teammate]) {
    self.stats = stats
    self.recent = recent
    self.teammates = teammates
  }
}
