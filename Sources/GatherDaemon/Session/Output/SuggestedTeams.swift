import GatherModel

/// Two fair sides for a set of players, with what named and rated them.
public struct SuggestedTeams: Sendable {
  /// The fairest split, and the next fairest ones.
  public var suggestion: TeamSuggestion
  /// Every player considered, bench included, with the rating or points the split was balanced by.
  public var candidates: [Candidate]
  /// The roster: names, positions and skills.
  public var roster: [Player.ID: Player]
  /// How many ended gathers each player's rating has learned from, for whether it is still settling.
  public var ratedGathers: [Player.ID: Int]
}
