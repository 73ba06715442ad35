import FoundationEssentials
import GatherModel

/// The plans' calendar feed: its one code, and the plans it shows.
extension GatherSession {
  /// How far back the feed shows plans that are no longer open.
  static var calendarHistory: Duration { .seconds(28 * 86400) }

  /// The feed's code: made the first time it is asked for, and made anew with `renew` (the old one stops working
  /// at once).
  func calendarCode(renew: Bool) throws -> String {
    if let code = state.calendarCode, !renew { return code }
    let code = SignUpCode.make()
    try commit { try store.saveCalendarCode(code, at: wallClock()) }
    state.keepCalendarCode(code)
    logger.info(
      renew ? "Made a new code for the calendar feed; the old one no longer works." : "Made the calendar feed's code.")
    return code
  }

  /// The plans the feed shows, soonest first: every open plan, and those closed (cancelled, started, expired) that
  /// start from four weeks ago on; read from the store beside the session's loop.
  func calendarPlans() throws -> [PlanSnapshot] {
    let since = wallClock().addingTimeInterval(-Self.calendarHistory.inSeconds)
    let roster = view.state.roster
    return try store.calendarPlans(since: since).map { PlanSnapshot(plan: $0, roster: roster) }
  }
}
