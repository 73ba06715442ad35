import struct FoundationEssentials.Date

/// The gather being played: its lineup, score, goal log and match clock.
public struct ActiveGather: Sendable, Hashable {
  /// The id the store gave the gather.
  public let id: Int64
  /// When the gather started, by the wall clock.
  public let startedAt: Date
  /// Who plays where.
  public private(set) var lineup: Lineup
  /// The live score.
  public private(set) var score: Score
  /// Goals and corrections, oldest first.
  public private(set) var log: [ScoreEvent]
  /// The match clock.
  public var clock: MatchClock
  /// Each player's rating when they joined the gather: at kick-off, or when added later.
  public private(set) var kickOffRatings: [Player.ID: Rating]
  /// The group's ended gathers and draws when it started, which its prediction takes the draw from (no other
  /// gather can end while it is played, so a restart finds the same).
  public let kickOffDraws: DrawHistory
  /// The plan it was started from, if any.
  public let planID: Plan.ID?
  /// What the sides are called.
  public private(set) var names: TeamNames
  /// What it costs, split among those who played when it ends; nil for its plan's fee, if any.
  public internal(set) var fee: Fee?

  /// A gather as started or as restored from the store, with its players' ratings at kick-off and the plan it
  /// came from.
  public init(
    id: Int64, startedAt: Date, lineup: Lineup, score: Score = .zero, log: [ScoreEvent] = [], clock: MatchClock,
    kickOffRatings: [Player.ID: Rating] = [:], kickOffDraws: DrawHistory = DrawHistory(), names: TeamNames = .standard,
    planID: Plan.ID? = nil
  ) {
    self.id = id
    self.startedAt = startedAt
    self.lineup = lineup
    self.names = names
    self.score = score
    self.log = log
    self.clock = clock
    self.kickOffRatings = kickOffRatings
    self.kickOffDraws = kickOffDraws
    self.planID = planID
  }

  /// The predicted result of Team A against Team B as they now stand, from the ratings and the draw history at
  /// kick-off (a rating learned or replayed since does not change it).
  public var prediction: Prediction {
    let rating = { (id: Player.ID) in kickOffRatings[id] ?? .prior(for: nil) }
    return Prediction(
      teamA: lineup.players(in: .teamA).map(rating), teamB: lineup.players(in: .teamB).map(rating),
      draws: kickOffDraws)
  }

  /// Moves a player of the gather to another team, or adds a roster player with their `rating` now (their
  /// prior when nil); both sides must keep a player.
  public mutating func assign(_ player: Player, to team: Team, rating: Rating? = nil) throws(GatherError) {
    try lineup.assign(player.id, to: team)
    if kickOffRatings[player.id] == nil { kickOffRatings[player.id] = rating ?? .prior(for: player.details.skill) }
  }

  /// Renames either side (nil keeps its name); the two names must differ. `fields` name the params in a refusal.
  public mutating func rename(
    teamA: String?, teamB: String?, fields: (teamA: String, teamB: String) = ("names", "names")
  ) throws(GatherError) {
    names = try names.renamed(teamA: teamA, teamB: teamB, fields: fields)
  }

  /// Scores a goal for a playing team, optionally by a scorer who must be on that team, at match time `now`.
  public mutating func scoreGoal(
    for team: Team, by scorer: Player? = nil, at now: Duration, wallNow: Date
  ) throws(GatherError) -> ScoreEvent {
    let newScore = try score.addingGoal(for: team)
    if let scorer {
      guard let scorerTeam = lineup.team(of: scorer.id) else {
        throw .validation("player", "\(scorer.name) does not play in this gather.")
      }
      guard scorerTeam == team else {
        let place = scorerTeam == .bench ? "is on the bench, not playing for" : "plays for \(names[scorerTeam]), not"
        throw .validation("player", "\(scorer.name) \(place) \(names[team]).")
      }
    }
    return record(
      ScoreEvent(
        kind: .goal, team: team, scorerID: scorer?.id, scorerName: scorer?.name,
        matchTimeMs: clock.elapsed(at: now).inMilliseconds, score: newScore, recordedAt: wallNow,
        period: clock.periodOfPlay, periods: clock.periods, periodLengthMs: clock.duration.inMilliseconds))
  }

  /// Sets the score outright, as a correction that the log keeps.
  public mutating func correctScore(to newScore: Score, at now: Duration, wallNow: Date) -> ScoreEvent {
    record(
      ScoreEvent(
        kind: .correction, team: nil, scorerID: nil, scorerName: nil,
        matchTimeMs: clock.elapsed(at: now).inMilliseconds, score: newScore, recordedAt: wallNow,
        period: clock.periodOfPlay, periods: clock.periods, periodLengthMs: clock.duration.inMilliseconds))
  }

  /// Takes back the last goal and returns it; refused when the log is empty or ends with a correction.
  public mutating func undoLastGoal() throws(GatherError) -> ScoreEvent {
    guard let last = log.last else { throw .invalidTransition("There is no goal to undo.") }
    guard last.kind == .goal else {
      throw .invalidTransition("The last change was a score correction, not a goal; set the score again instead.")
    }
    log.removeLast()
    score = log.last?.score ?? .zero
    return last
  }

  /// The gather as history keeps it once it ends at `endedAt`; `name` gives each player's current name.
  public func result(endedAt: Date, name: (Player.ID) -> String) -> GatherRecord {
    GatherRecord(
      id: id, startedAt: startedAt, endedAt: endedAt, score: score,
      members: lineup.assignments.map { .init(playerID: $0.player, name: name($0.player), team: $0.team) },
      log: log, names: names, planID: planID)
  }

  private mutating func record(_ event: ScoreEvent) -> ScoreEvent {
    log.append(event)
    score = event.score
    return event
  }
}
