import FoundationEssentials

/// The match part of the session: the active gather, its lineup, score and clock. Its commands are in this
/// folder (starting and ending gathers, the clock, goals); its own state is the clock's alarm and what the alarm
/// owes the disk.
struct MatchPart: Sendable {
  /// The alarm for the clock's next tick; not set while no clock runs.
  var alarm = SessionAlarm()
  /// Whether a clock transition of the alarm's could not be saved and is still to be written.
  var clockSaveOwed = false
  /// The wall-clock time the running clock reaches 0, worked out once per deadline so that every reply and every
  /// tick reports the same instant; nil while the clock does not run.
  var endsAt: (deadline: Duration, wall: Date)?
}
