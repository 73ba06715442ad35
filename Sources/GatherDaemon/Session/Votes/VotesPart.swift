/// The votes part of the session: the man-of-the-match vote each ended gather opens, cast through a link and
/// closed at its time. Its commands are in this folder; its own state is the alarm that closes the soonest open
/// vote (Turn+VoteClose.swift).
struct VotesPart: Sendable {
  /// The alarm for the soonest open vote's close; not set while no vote is open.
  var closing = SessionAlarm()
}
