import GatherModel

/// A plan at one instant, with the roster that names the players on its lists.
public struct PlanSnapshot: Sendable {
  /// The plan.
  public var plan: Plan
  /// The roster: current names of the players still on it.
  public var roster: [Player.ID: Player]
  /// The reminders that apply to it, in time before the start: its own, else the daemon's; nil when not known.
  public var reminders: [Duration]?

  /// `plan` with `roster`, and the reminders that apply to it when known.
  public init(plan: Plan, roster: [Player.ID: Player], reminders: [Duration]? = nil) {
    self.plan = plan
    self.roster = roster
    self.reminders = reminders
  }

  /// `plan` as `state` sees it: with its roster, and the reminders that apply (its own, else the daemon's).
  public init(_ plan: Plan, in state: FootballGather) {
    self.init(plan: plan, roster: state.roster, reminders: plan.reminders(state.planReminders))
  }
}

/// What a player's answer did to a plan: where they stand, whether anything changed, who moved up, and the
/// plan after it.
public struct PlanAnswer: Sendable {
  /// The answer's outcome.
  public var change: PlanChange
  /// The plan after the answer, with its roster.
  public var plan: PlanSnapshot
  /// Whether the answer was a late drop-out: a going place left after the plan's cut-off.
  public var lateDropOut = false
  /// The fine that wrote to the fee ledger, if gatherd's settings fine it.
  public var fine: Money?
}

/// Something that happened to a plan: made, changed, cancelled, started or expired, a player's answer, who turned
/// up, or a reminder before it.
public struct PlanEvent: Sendable {
  /// What happened.
  public enum Kind: String, Sendable, CaseIterable {
    case created, updated, cancelled, started, joined, left, promoted, checkedIn
    /// The plan's start passed by more than the daemon's expiry: it closed by itself.
    case expired
    /// A reminder before the start, with the places left and who is going (the plan tells both).
    case reminder
    /// A cancelled plan was opened again, with its lists as they were.
    case restored
    /// A freed place went out to `player`, the first waiting, who may take it until the offer expires.
    case offered
    /// `player` took the place offered to them: they are going.
    case accepted
    /// `player` turned the place offered to them down: they are not going, and it passes on.
    case declined
    /// The place offered to `player` was not taken in time (or by the start): they are not going, and it passes on.
    case lapsed
  }

  /// What happened.
  public var kind: Kind
  /// The plan as it now is.
  public var plan: PlanSnapshot
  /// The player it is about (who joined, left or moved up); nil for a change of the plan itself.
  public var player: Player.ID?
  /// Where that player now stands; nil when the event says so by its kind.
  public var answer: PlanChange.Answer?
  /// How long before the start a reminder went out; nil for other events.
  public var before: Duration?

  /// An event about `plan`, and about `player` if given; a reminder says how long `before` the start it is.
  public init(
    _ kind: Kind, _ plan: PlanSnapshot, player: Player.ID? = nil, answer: PlanChange.Answer? = nil,
    before: Duration? = nil
  ) {
    self.kind = kind
    self.plan = plan
    self.player = player
    self.answer = answer
    self.before = before
  }
}
