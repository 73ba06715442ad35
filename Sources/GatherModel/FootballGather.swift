/// The whole Football Gather in memory: the roster and the active gather, with the rules that span both.
///
/// Changes follow one pattern: the rules check a copy, the caller persists it, and only then is it kept.
/// The closures of ``changeActive(_:)`` run on a copy that is kept only if they return normally.
public struct FootballGather: Sendable {
  /// The roster, by id.
  public private(set) var roster: [Player.ID: Player]
  /// The gather being played, if any.
  public private(set) var active: ActiveGather?
  /// The roster's learned ratings, by id, as the store keeps them; a player missing here has their prior.
  public private(set) var ratings: [Player.ID: Rating]
  /// The open plans, by id; cancelled and started ones stay in the store, with their lists.
  public internal(set) var plans: [Plan.ID: Plan]
  /// How many ended gathers each roster player's rating has learned from; a player missing here has none.
  public private(set) var ratedGathers: [Player.ID: Int]
  /// The ended gathers and their draws, which predictions take the draw probability from.
  public private(set) var draws: DrawHistory
  /// What the sign-up codes of cancelled and started plans still tell, by plan id.
  public internal(set) var closedPlans: [Plan.ID: ClosedPlan]
  /// The open man-of-the-match votes, by gather id.
  public internal(set) var votes: [Int64: ManOfTheMatchVote]
  /// The codes of the closed votes' links, by gather id: such a link only tells how its vote ended.
  public internal(set) var closedVoteCodes: [Int64: String]
  /// The weekly games that plan themselves, by id (FootballGather+Schedules.swift).
  public internal(set) var schedules: [PlanSchedule.ID: PlanSchedule]
  /// Who played each of the group's last ended gathers, newest first, as many as ``RegularsRule`` may count.
  public internal(set) var recentLineups: [Set<Player.ID>]
  /// The code of the plans' calendar feed, once a controller asked for its link.
  public internal(set) var calendarCode: String?
  /// The outcome of the man-of-the-match vote that closed last, if any has.
  public internal(set) var lastManOfTheMatch: ManOfTheMatch?
  /// The phones that asked to be told what concerns their player, oldest first (PushSubscription.swift).
  public internal(set) var pushSubscriptions: [PushSubscription] = []
  /// The phones paired as controllers, and the pairing links kept; changed only through its own methods, once
  /// the store has saved the change.
  public var devices = ControllerDevices()
  /// The daemon's reminders (``PlanTimes/reminders``), which apply to a plan whose terms name none.
  public var planReminders: [Duration] = PlanTimes.standard.reminders

  /// A Football Gather as loaded from the store.
  public init(
    roster: [Player] = [], active: ActiveGather? = nil, ratings: [Player.ID: Rating] = [:], plans: [Plan] = [],
    ratedGathers: [Player.ID: Int] = [:], draws: DrawHistory = DrawHistory(), closedPlans: [ClosedPlan] = [],
    votes: [ManOfTheMatchVote] = [], closedVoteCodes: [Int64: String] = [:], schedules: [PlanSchedule] = [],
    recentLineups: [Set<Player.ID>] = [], calendarCode: String? = nil, lastManOfTheMatch: ManOfTheMatch? = nil
  ) {
    self.roster = Dictionary(uniqueKeysWithValues: roster.map { ($0.id, $0) })
    self.active = active
    self.ratings = ratings
    self.ratedGathers = ratedGathers
    self.draws = draws
    self.plans = Dictionary(
      plans.filter { $0.status == .open }.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
    self.closedPlans = Dictionary(closedPlans.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
    self.votes = Dictionary(votes.map { ($0.gather.id, $0) }, uniquingKeysWith: { _, new in new })
    self.closedVoteCodes = closedVoteCodes
    self.schedules = Dictionary(schedules.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
    self.recentLineups = Array(recentLineups.prefix(RegularsRule.ofLastRange.upperBound))
    self.calendarCode = calendarCode
    self.lastManOfTheMatch = lastManOfTheMatch
  }

  /// A roster player's rating now: learned, or the prior of their declared skill.
  public func rating(of id: Player.ID) -> Rating {
    ratings[id] ?? .prior(for: roster[id]?.details.skill)
  }

  /// A roster player's rating as screens show it, with the gathers it has learned from.
  public func shownRating(of id: Player.ID) -> ShownRating {
    ShownRating(rating(of: id), gathers: ratedGathers[id] ?? 0)
  }

  /// Keeps ratings the store has just saved after a replay, replacing those of the same players.
  public mutating func keepRatings(_ changed: [Player.ID: Rating]) {
    ratings.merge(changed) { _, new in new }
  }

  /// Keeps what a gather the store has just ended taught: the new ratings of the players it rated (each has one
  /// more rated gather), and its result for the draw history.
  public mutating func keepResult(_ winner: Winner, ratings changed: [Player.ID: Rating]) {
    keepRatings(changed)
    for id in changed.keys { ratedGathers[id, default: 0] += 1 }
    draws.record(winner)
  }

  /// Checks a hand-picked split for a prediction: neither side empty, nobody twice, everyone on the roster.
  public func checkSplit(teamA: [Player.ID], teamB: [Player.ID]) throws(GatherError) {
    for (field, side) in [("teamA", teamA), ("teamB", teamB)] where side.isEmpty {
      throw .validation(field, "\(field == "teamA" ? "Team A" : "Team B") needs at least one player.")
    }
    try refuseRepeats(teamA.map { ("teamA", $0) } + teamB.map { ("teamB", $0) }) { "\($0) is given more than once." }
    for id in teamA + teamB { _ = try player(id) }
  }

  /// The prediction for a hand-picked split, from the players' ratings now (``checkSplit(teamA:teamB:)`` first).
  public func prediction(teamA: [Player.ID], teamB: [Player.ID]) throws(GatherError) -> Prediction {
    try checkSplit(teamA: teamA, teamB: teamB)
    return Prediction(teamA: teamA.map(rating(of:)), teamB: teamB.map(rating(of:)), draws: draws)
  }

  /// The roster, ordered by id.
  public var players: [Player] { roster.values.sorted { $0.id < $1.id } }

  /// The roster player with this id.
  public func player(_ id: Player.ID) throws(GatherError) -> Player {
    guard let player = roster[id] else { throw .playerNotFound(id) }
    return player
  }

  /// The current name of a player, or "player N" if it is no longer on the roster.
  public func name(of id: Player.ID) -> String { roster[id]?.name ?? "player \(id)" }

  /// Refuses a player given twice, in the field of the second time, with `sentence` made from their name (the
  /// roster's, else "Player N"): "Ana appears more than once in the gather."
  public func refuseRepeats(
    _ entries: [(field: String, id: Player.ID)], _ sentence: (String) -> String
  ) throws(GatherError) {
    var seen = Set<Player.ID>()
    for entry in entries where !seen.insert(entry.id).inserted {
      throw .validation(entry.field, sentence(roster[entry.id]?.name ?? "Player \(entry.id)"))
    }
  }

  /// Adds a player the store has just created, or replaces one it has just updated.
  public mutating func save(_ player: Player) { roster[player.id] = player }

  /// The rule a roster import adds to each player's own: no name is added twice by mistake. Refuses the first
  /// row whose name is already on the roster or in an earlier row, naming it as `players[N].name` (N from 0).
  /// Names compare as people would see them (``TypedText/likeness(_:)``: ignoring case and invisible
  /// characters), as a guest's name does.
  public func checkImportedNames(_ rows: [PlayerDetails]) throws(GatherError) {
    var taken = Dictionary(
      players.map { (TypedText.likeness($0.name), "player \($0.id), \($0.name)") },
      uniquingKeysWith: { first, _ in first })
    for (index, row) in rows.enumerated() {
      let key = TypedText.likeness(row.name)
      if let holder = taken[key] {
        throw .validation(
          "players[\(index)].name",
          "players[\(index)]: \"\(row.name)\" is already the name of \(holder). A second player of that "
            + "name is added with allowDuplicate.")
      }
      taken[key] = "players[\(index)]"
    }
  }

  /// The player with `changes` applied and validated; nothing is kept until ``save(_:)``.
  public func updating(_ id: Player.ID, with changes: PlayerChanges) throws(GatherError) -> Player {
    var player = try player(id)
    player.details = try changes.applied(to: player.details)
    return player
  }

  /// Checks that a player exists and plays in no active gather, so that it may be deleted.
  public func checkDeletable(_ id: Player.ID) throws(GatherError) {
    let player = try player(id)
    if active?.lineup.team(of: id) != nil { throw .playerInActiveGather(player.name) }
  }

  /// Removes a player the store has just deleted, with their rating.
  public mutating func remove(_ id: Player.ID) {
    roster[id] = nil
    ratings[id] = nil
    ratedGathers[id] = nil
  }

  /// Checks a lineup for a new gather: none may be active and every player must be on the roster.
  public func lineupForNewGather(
    teamA: [Player.ID], teamB: [Player.ID], bench: [Player.ID] = []
  ) throws(GatherError) -> Lineup {
    if active != nil { throw .gatherAlreadyActive }
    try refuseRepeats(teamA.map { ("teamA", $0) } + teamB.map { ("teamB", $0) } + bench.map { ("bench", $0) }) {
      "\($0) appears more than once in the gather."
    }
    let lineup = try Lineup(teamA: teamA, teamB: teamB, bench: bench)
    for id in lineup.players { _ = try player(id) }
    return lineup
  }

  /// Makes a gather the store has just started the active one.
  public mutating func begin(_ gather: ActiveGather) throws(GatherError) {
    if active != nil { throw .gatherAlreadyActive }
    active = gather
  }

  /// The active gather.
  public func requireActive() throws(GatherError) -> ActiveGather {
    guard let active else { throw .noActiveGather }
    return active
  }

  /// Changes the active gather through `body`, keeping the change only if `body` returns normally.
  public mutating func changeActive<T>(_ body: (inout ActiveGather) throws -> T) throws -> T {
    var gather = try requireActive()
    let result = try body(&gather)
    active = gather
    return result
  }

  /// Forgets the active gather once the store has ended or cancelled it.
  public mutating func closeActive() { active = nil }
}
