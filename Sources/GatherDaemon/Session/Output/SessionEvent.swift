import GatherModel

/// What a session turn changed, as the session publishes it: model values only. Each way out encodes it in its
/// own form (a JSON-RPC notification, an MQTT message), and none of them reads back what another made.
///
/// Cases are stored indirectly, so an event is one pointer wherever it is held or queued.
public indirect enum SessionEvent: Sendable {
  /// A second of the match clock, or of the break between periods, went by.
  case tick(ClockTick)
  /// The match clock changed: a command, the end of a period or of a break, or full time.
  case timer(TimerChange)
  /// The score changed: a goal, a correction, or a goal taken back.
  case score(ScoreChange)
  /// A gather started, changed, ended or was cancelled.
  case gather(GatherChange)
  /// A player joined, changed on or left the roster.
  case roster(RosterChange)
  /// A plan was made, changed, cancelled or started, or someone answered it.
  case plan(PlanEvent)
  /// A man-of-the-match vote opened, took a vote or closed.
  case vote(VoteChange)

  /// The topic subscribers pick the event by.
  public var topic: Topic {
    switch self {
    case .tick: .tick
    case .timer: .timer
    case .score: .score
    case .gather: .gather
    case .roster: .players
    case .plan: .plan
    case .vote: .vote
    }
  }
}
