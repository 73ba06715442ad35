import struct FoundationEssentials.Date

/// An ended gather, as history keeps it: final score, winner, who played where, and the goal log.
public struct GatherRecord: Sendable, Hashable, Encodable {
  /// One player of the gather, by the name they had when it ended.
  public struct Member: Sendable, Hashable, Encodable {
    /// The player's id, or nil once the player has been deleted from the roster.
    public var playerID: Player.ID?
    /// The player's name when the gather ended.
    public var name: String
    /// Where they played.
    public var team: Team
    /// The position history keeps for a player deleted from the roster (the one they had then), else nil.
    public var position: Position?

    /// Creates a member.
    public init(playerID: Player.ID?, name: String, team: Team, position: Position? = nil) {
      self.playerID = playerID
      self.name = name
      self.team = team
      self.position = position
    }
  }

  /// The gather's id.
  public var id: Int64
  /// When it started.
  public var startedAt: Date
  /// When it ended.
  public var endedAt: Date
  /// The final score.
  public var score: Score
  /// Everyone who played, in the order they joined.
  public var members: [Member]
  /// Goals and corrections, oldest first.
  public var log: [ScoreEvent]
  /// The plan it was started from, if any.
  public var planID: Plan.ID?
  /// What the sides were called.
  public var names: TeamNames

  /// Creates a record.
  public init(
    id: Int64, startedAt: Date, endedAt: Date, score: Score, members: [Member], log: [ScoreEvent],
    names: TeamNames = .standard, planID: Plan.ID? = nil
  ) {
    self.id = id
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.score = score
    self.members = members
    self.log = log
    self.planID = planID
    self.names = names
  }

  /// The final score as text, "A-B".
  public var scoreText: String { score.text }
  /// Who won, or `.none` on a draw.
  public var winner: Winner { score.winner }
  /// The summary that history listings show.
  public var summary: GatherSummary {
    GatherSummary(id: id, startedAt: startedAt, endedAt: endedAt, score: score, names: names)
  }
}

/// One line of the history: an ended gather without its lineup and log.
public struct GatherSummary: Sendable, Hashable, Encodable {
  /// The gather's id.
  public var id: Int64
  /// When it started.
  public var startedAt: Date
  /// When it ended.
  public var endedAt: Date
  /// The final score.
  public var score: Score
  /// What the sides were called.
  public var names: TeamNames

  /// Creates a summary.
  public init(id: Int64, startedAt: Date, endedAt: Date, score: Score, names: TeamNames = .standard) {
    self.id = id
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.score = score
    self.names = names
  }

  /// The final score as text, "A-B".
  public var scoreText: String { score.text }
  /// Who won, or `.none` on a draw.
  public var winner: Winner { score.winner }
}
