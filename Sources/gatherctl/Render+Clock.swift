import GatherAPI

/// What gatherctl shows of a match clock: the daemon's `Timer`, or the clock `watch` keeps current between
/// the daemon's timers, from its ticks (``WatchClock``).
protocol ClockFace {
  /// stopped, running, paused, break or finished.
  var state: API.TimerState { get }
  /// Whole seconds left, added time included.
  var remaining: Int64 { get }
  /// The period's regular time left (the break's in a break), MM:SS.
  var display: String { get }
  /// The added time left, "+1:30"; nil when none.
  var added: String? { get }
  /// "2nd half"; nil for a match of one period.
  var periodName: String? { get }
  /// "HT" or "Break" in the break.
  var breakName: String? { get }
}

extension API.Timer: ClockFace {}

/// The clock in words, as the board and MQTT show it.
extension Render {
  /// The clock as a status bar shows it, in the words the board and MQTT use: "07:32"; in added time
  /// "00:00 +1:30"; in the break its name (`breakName`) and time left, "HT 00:53" at half time and "Break 00:53"
  /// between other periods, and the name alone on the tick that ends the period; "FT" at full time.
  static func clock(_ timer: some ClockFace) -> String {
    switch timer.state {
    case .finished: "FT"
    case .break:
      timer.remaining == 0 ? text(timer.breakName) : "\(text(timer.breakName)) \(text(timer.display))"
    default: text(timer.display) + (string(timer.added).map { " " + $0 } ?? "")
    }
  }

  /// "07:32 left, running"; with periods and added time, "00:00 +1:30 left, running, 2nd half"; in the break,
  /// "HT 00:53 left, break after the 1st half" ("Break 00:53 left, break after the 1st quarter"); at full time,
  /// "FT, full time".
  static func timer(_ timer: some ClockFace) -> String {
    let periodName = string(timer.periodName)
    switch timer.state {
    case .finished: return "FT, full time"
    case .break:
      // On the tick that ends the period the clock reads the break's name alone, with no time left to show.
      let clock = clock(timer)
      let left = clock == text(timer.breakName) ? clock : clock + " left"
      return left + ", break" + (periodName.map { " after the " + $0 } ?? "")
    default: return "\(clock(timer)) left, \(timer.state.rawValue)" + (periodName.map { ", " + $0 } ?? "")
    }
  }

  /// The score and the clock of a match under way, "Bibs 2-1 Colours, 07:32 left, running"; at full time the
  /// result first, "FT · Bibs 3-3 Colours", as the board shows it.
  static func match(score: API.Score, names: API.TeamNames?, timer: some ClockFace) -> String {
    let line = Render.score(score, names: names)
    return timer.state == .finished ? "FT · \(line)" : "\(line), \(Render.timer(timer))"
  }
}
