/// Which player stands in which team of a gather: each at most once, at least one in Team A and one in Team B.
public struct Lineup: Sendable, Hashable, Encodable {
  /// One player's place.
  public struct Assignment: Sendable, Hashable, Codable {
    /// The player.
    public var player: Player.ID
    /// Their team.
    public var team: Team

    /// Places `player` in `team`.
    public init(player: Player.ID, team: Team) {
      self.player = player
      self.team = team
    }
  }

  /// The places, in the order players joined.
  public private(set) var assignments: [Assignment]

  /// A lineup from the ids of each team; throws if a player appears twice or a side is empty.
  public init(teamA: [Player.ID], teamB: [Player.ID], bench: [Player.ID] = []) throws(GatherError) {
    try self.init(
      assignments: teamA.map { Assignment(player: $0, team: .teamA) }
        + teamB.map { Assignment(player: $0, team: .teamB) } + bench.map { Assignment(player: $0, team: .bench) })
  }

  /// A lineup from explicit places, checked like `init(teamA:teamB:bench:)`.
  public init(assignments: [Assignment]) throws(GatherError) {
    var seen = Set<Player.ID>()
    for assignment in assignments where !seen.insert(assignment.player).inserted {
      throw .validation(assignment.team.rawValue, "Player \(assignment.player) appears more than once in the gather.")
    }
    self.assignments = assignments
    if let side = emptySide { throw .validation(side.rawValue, "\(side.title) needs at least one player.") }
  }

  /// The team of a player, or nil when the player is not in the gather.
  public func team(of player: Player.ID) -> Team? {
    assignments.first { $0.player == player }?.team
  }

  /// The players of one team, in the order they joined.
  public func players(in team: Team) -> [Player.ID] {
    assignments.filter { $0.team == team }.map(\.player)
  }

  /// Every player of the gather.
  public var players: [Player.ID] { assignments.map(\.player) }

  /// Moves a player of the gather to `team`, or adds one who is not yet in it, keeping both sides staffed.
  public mutating func assign(_ player: Player.ID, to team: Team) throws(GatherError) {
    var next = self
    if let index = next.assignments.firstIndex(where: { $0.player == player }) {
      next.assignments[index].team = team
    } else {
      next.assignments.append(Assignment(player: player, team: team))
    }
    if let side = next.emptySide {
      throw .invalidTransition("\(side.title) would be left without players; move someone in first.")
    }
    self = next
  }

  /// The first playing side that has nobody, if any.
  private var emptySide: Team? {
    [Team.teamA, .teamB].first { side in !assignments.contains { $0.team == side } }
  }
}
