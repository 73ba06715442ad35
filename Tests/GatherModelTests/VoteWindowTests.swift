import Foundation
import GatherModel
import Testing

/// When a vote closes: the next day at a time of day on the server's wall clock, or a time after the end.
@Suite struct VoteWindowTests {
  /// Seconds since 1970 of a UTC wall time.
  static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
  }

  /// Lisbon's offset: UTC+1 from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC (2027:
  /// 28 March and 31 October), UTC otherwise.
  static func lisbon(_ seconds: Int64) -> Int {
    let start = Int64(utc(2027, 3, 28, 1).timeIntervalSince1970)
    let end = Int64(utc(2027, 10, 31, 1).timeIntervalSince1970)
    return (start..<end).contains(seconds) ? 3600 : 0
  }

  @Test func theDefaultIsTheNextDayAtNoonOnTheServersClock() {
    #expect(VoteWindow.standard == .nextDay(hour: 12, minute: 0))
    // Ended Thursday 21:40 in Lisbon's summer (20:40 UTC): Friday 12:00 there, 11:00 UTC.
    #expect(
      VoteWindow.standard.closesAt(endedAt: Self.utc(2027, 6, 3, 20, 40), utcOffset: Self.lisbon)
        == Self.utc(2027, 6, 4, 11))
    // Ended 23:30 UTC on 3 June, which is 00:30 on 4 June in Lisbon: the next day there is 5 June.
    #expect(
      VoteWindow.standard.closesAt(endedAt: Self.utc(2027, 6, 3, 23, 30), utcOffset: Self.lisbon)
        == Self.utc(2027, 6, 5, 11))
    // In winter Lisbon is UTC.
    #expect(
      VoteWindow.standard.closesAt(endedAt: Self.utc(2027, 12, 2, 20), utcOffset: Self.lisbon)
        == Self.utc(2027, 12, 3, 12))
  }

  @Test func theNextDayAcrossAClockChangeIsStillNoonThere() {
    // Ended Saturday 27 March 2027, 20:00 (UTC, winter); the clocks go forward that night: Sunday noon is 11:00 UTC.
    #expect(
      VoteWindow.standard.closesAt(endedAt: Self.utc(2027, 3, 27, 20), utcOffset: Self.lisbon)
        == Self.utc(2027, 3, 28, 11))
    // Ended Saturday 30 October, 20:00 Lisbon (19:00 UTC); back to UTC that night: Sunday noon is 12:00 UTC.
    #expect(
      VoteWindow.standard.closesAt(endedAt: Self.utc(2027, 10, 30, 19), utcOffset: Self.lisbon)
        == Self.utc(2027, 10, 31, 12))
  }

  @Test func aDurationCountsFromTheEnd() throws {
    let ended = Self.utc(2027, 6, 3, 20, 40)
    #expect(
      try VoteWindow(parsing: "90m").closesAt(endedAt: ended, utcOffset: Self.lisbon) == Self.utc(2027, 6, 3, 22, 10))
    #expect(
      try VoteWindow(parsing: "2d").closesAt(endedAt: ended, utcOffset: Self.lisbon) == Self.utc(2027, 6, 5, 20, 40))
  }

  @Test func settingsTakeATimeOfDayOrADurationUpToAWeek() throws {
    #expect(try VoteWindow(parsing: "12:00") == .standard)
    #expect(try VoteWindow(parsing: "09:30") == .nextDay(hour: 9, minute: 30))
    #expect(try VoteWindow(parsing: "3h") == .after(.seconds(3 * 3600)))
    #expect(try VoteWindow(parsing: "7d") == .after(.seconds(7 * 86_400)))
    for bad in ["", "noon", "24:00", "12:60", "9:30", "12:00:00", "0m", "-3h", "8d", "169h", "3 h", "3H", "h"] {
      #expect(throws: VoteWindow.WindowError.self, "\(bad)") { try VoteWindow(parsing: bad) }
    }
  }
}
