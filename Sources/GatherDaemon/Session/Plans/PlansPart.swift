/// The plans part of the session: coming games and who is coming, the check-in on the night, a plan becoming a
/// gather, and the calendar feed's code. Its commands are in this folder; its own state is the scheduler's alarm,
/// set for the next moment a plan or a schedule has something due (Turn+Agenda.swift).
struct PlansPart: Sendable {
  /// The scheduler's alarm; not set while nothing will ever be due.
  var agenda = SessionAlarm()
}
