import FoundationEssentials
import GatherModel

/// The plans' calendar feed: its one code, and the plans it shows.
extension Turn {
  /// The feed's code: made the first time it is asked for, and made anew with `renew` (the old one stops working
  /// at once).
  mutating func calendarCode(renew: Bool) throws -> String {
    if let code = state.calendarCode, !renew { return code }
    let code = SignUpCode.make()
    try commit { try store.saveCalendarCode(code, at: wallClock()) }
    state.keepCalendarCode(code)
    logger.info(
      renew ? "Made a new code for the calendar feed; the old one no longer works." : "Made the calendar feed's code.")
    return code
  }

}
