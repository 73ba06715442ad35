/// A zone's clock changes over a span, found from its offsets alone, for a calendar that must describe the zone
/// (an iCalendar VTIMEZONE).
extension ZoneRule {
  /// One clock change: the first instant (seconds since 1970) of the new offset, and the offsets before and after.
  public struct Transition: Sendable, Equatable {
    /// The first instant of the new offset.
    public let at: Int64
    /// The offset before, in seconds east of UTC.
    public let from: Int
    /// The offset from `at` on.
    public let to: Int
  }

  /// The clock changes from `start` to `end` (seconds since 1970), in order: the offset is read once every
  /// `step` seconds (12 hours: no zone changes twice in that time), and each change found to the second.
  public func transitions(from start: Int64, to end: Int64, step: Int64 = 43_200) -> [Transition] {
    var found: [Transition] = []
    var before = start
    var offsetBefore = offset(start)
    while before < end {
      let after = min(before + step, end)
      let offsetAfter = offset(after)
      if offsetAfter != offsetBefore {
        // The change lies in (before, after]: find its first second.
        var low = before
        var high = after
        while high - low > 1 {
          let middle = low + (high - low) / 2
          if offset(middle) == offsetBefore { low = middle } else { high = middle }
        }
        found.append(Transition(at: high, from: offsetBefore, to: offset(high)))
      }
      before = after
      offsetBefore = offsetAfter
    }
    return found
  }
}
