/// The goals of each side, 0 to 99.
public struct Score: Sendable, Hashable, Encodable {
  /// The most goals one side can have.
  public static let maxGoals = 99

  /// Team A's goals.
  public private(set) var teamA: Int
  /// Team B's goals.
  public private(set) var teamB: Int

  /// Nil to nil.
  public static let zero = Score(validTeamA: 0, teamB: 0)

  private init(validTeamA: Int, teamB: Int) {
    self.teamA = validTeamA
    self.teamB = teamB
  }

  /// A score set outright; each side must have 0 to 99 goals.
  public init(teamA: Int, teamB: Int) throws(GatherError) {
    for (field, goals) in [("teamA", teamA), ("teamB", teamB)] where !(0...Self.maxGoals).contains(goals) {
      throw .validation(field, "A score must be a whole number from 0 to \(Self.maxGoals).")
    }
    self.init(validTeamA: teamA, teamB: teamB)
  }

  /// The goals of a playing side.
  public subscript(team: Team) -> Int {
    team == .teamB ? teamB : teamA
  }

  /// The score with one more goal for `team`, which must play and have fewer than 99.
  public func addingGoal(for team: Team) throws(GatherError) -> Score {
    guard team.isPlaying else { throw .validation("team", "The bench cannot score; pick teamA or teamB.") }
    guard self[team] < Self.maxGoals else {
      throw .validation("team", "\(team.title) already has \(Self.maxGoals) goals, the most a score can show.")
    }
    return team == .teamA
      ? Score(validTeamA: teamA + 1, teamB: teamB) : Score(validTeamA: teamA, teamB: teamB + 1)
  }

  /// The score as people write it, "A-B", e.g. "2-1".
  public var text: String { "\(teamA)-\(teamB)" }

  /// The side ahead, or `.none` on a draw.
  public var winner: Winner {
    teamA > teamB ? .teamA : teamB > teamA ? .teamB : .none
  }
}
