/// One player's record over ended gathers. Only ended gathers count, and only those the player played in on
/// Team A or Team B: a player who was only on the bench has not played.
public struct PlayerStats: Sendable, Hashable {
  /// The orders a stats table can be sorted by, best first.
  public enum Order: String, Sendable, Hashable, CaseIterable {
    /// Highest rating ordinal (μ − 3σ) first: the default.
    case rating
    /// Most wins, then best win rate, then most played.
    case wins
    /// Most goals, then most goals per gather.
    case goals
    /// Best win rate, then most played.
    case winRate
    /// Most played, then most wins.
    case played
    /// Most plans played, then fewest left late, then most joined.
    case attendance
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
  /// The rating learned from every ended gather played (whatever the period counted), or the prior.
  public var rating: Rating
  /// The plans joined, played and left late.
  public var attendance: Attendance
  /// Every ended gather the player has played, whatever the period counted: what the rating has learned from.
  public var ratedGathers: Int
  /// How the last ``formLength`` of the gathers counted went, newest first.
  public var form: [PlayerReport.Result.Outcome]
  /// The gathers counted whose man-of-the-match vote the player won, alone or shared.
  public var manOfTheMatch: Int

  /// How many results form shows.
  public static let formLength = 5

  /// Creates a record.
  public init(
    playerID: Player.ID, name: String, played: Int, wins: Int, draws: Int, goals: Int,
    rating: Rating = .prior(for: nil), attendance: Attendance = Attendance(), ratedGathers: Int? = nil,
    form: [PlayerReport.Result.Outcome] = [], manOfTheMatch: Int = 0
  ) {
    self.playerID = playerID
    self.name = name
    self.played = played
    self.wins = wins
    self.draws = draws
    self.goals = goals
    self.rating = rating
    self.attendance = attendance
    self.ratedGathers = ratedGathers ?? played
    self.form = form
    self.manOfTheMatch = manOfTheMatch
  }

  /// Whether a table of the players who played at least `minGathers` lists this player. Anyone whose strikes
  /// count now is listed too, whatever they played, so that the organiser sees who dropped out late or did not come
  /// even before their first game.
  public func isListed(minGathers: Int) -> Bool { played >= minGathers || attendance.strikes > 0 }

  /// The rating as screens show it.
  public var shownRating: ShownRating { ShownRating(rating, gathers: ratedGathers) }

  /// Of those played, lost.
  public var losses: Int { played - wins - draws }
  /// Goals per gather played; 0 before the first.
  public var goalsPerGather: Double { played == 0 ? 0 : Double(goals) / Double(played) }
  /// Wins per gather played, from 0 to 1; 0 before the first.
  public var winRate: Double { played == 0 ? 0 : Double(wins) / Double(played) }
}
