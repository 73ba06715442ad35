import Foundation
import Testing

@testable import GatherDaemon

/// Reading the times clients send: real dates only, no leap seconds, years 2000 to 2999 as written and in UTC,
/// and errors in the user's terms.
@Suite struct ISO8601Tests {
  /// The instant of a UTC time written as the tests write it, "2031-03-01T18:00:00Z".
  func utc(_ text: String) throws -> Date { try ISO8601.date(text) }

  /// What is wrong with `text` as a plan's start, or nil if it is taken.
  func problem(_ text: String) -> ISO8601.Problem? {
    do throws(ISO8601.Problem) {
      _ = try ISO8601.zonedDate(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func impossibleDatesAndLeapSecondsAreRefusedSayingWhy() {
    let cases: [(String, String)] = [
      ("2031-02-29T19:00+01:00", "2031 is not a leap year: February has 28 days."),
      ("2031-04-31T19:00+01:00", "There is no 31 April."),
      ("2031-02-31T19:00+01:00", "There is no 31 February."),
      ("2032-02-30T19:00+01:00", "There is no 30 February."),
      ("2031-06-30T23:59:60+01:00", "Seconds go up to 59."),
      ("2031-12-31T23:59:60Z", "Seconds go up to 59."),
      ("9999-12-31T23:59-12:00", "Years go from 2000 to 2999."),
      ("2031-13-01T19:00Z", "Months go from 01 to 12."),
      ("2031-00-10T19:00Z", "Months go from 01 to 12."),
      ("2031-01-00T19:00Z", "Days start at 01."),
      ("2031-01-32T19:00Z", "There is no 32 January."),
      ("2031-01-10T24:00Z", "Hours go up to 23."),
      ("2031-01-10T19:60Z", "Minutes go up to 59."),
    ]
    for (text, why) in cases {
      #expect(problem(text) == .impossible(why), "\(text)")
    }
  }

  @Test func yearsRunFrom2000To2999BothAsWrittenAndInUTC() throws {
    #expect(try ISO8601.zonedDate("2000-01-01T00:00Z") == (try utc("2000-01-01T00:00:00Z"), 0))
    #expect(try ISO8601.zonedDate("2999-12-31T23:59Z").date == (try utc("2999-12-31T23:59:00Z")))
    #expect(try ISO8601.zonedDate("2999-12-31T23:59:59.999Z").date == (try utc("2999-12-31T23:59:59.999Z")))
    #expect(try ISO8601.zonedDate("2000-01-01T01:00+01:00").date == (try utc("2000-01-01T00:00Z")))
    #expect(try ISO8601.zonedDate("2999-12-31T22:59-01:00").date == (try utc("2999-12-31T23:59Z")))
    // In range where written, out of it in UTC.
    #expect(
      problem("2000-01-01T00:30+01:00")
        == .impossible("That is 1999-12-31T23:30:00.000Z in UTC, and years go from 2000 to 2999 in UTC too."))
    #expect(
      problem("2999-12-31T23:59-00:01")
        == .impossible("That is 3000-01-01T00:00:00.000Z in UTC, and years go from 2000 to 2999 in UTC too."))
    #expect(
      problem("2999-12-31T23:59-12:00")
        == .impossible("That is 3000-01-01T11:59:00.000Z in UTC, and years go from 2000 to 2999 in UTC too."))
    // In range in UTC, out of it where written.
    #expect(problem("1999-12-31T23:30-01:00") == .impossible("Years go from 2000 to 2999."))
    #expect(problem("3000-01-01T00:30+01:00") == .impossible("Years go from 2000 to 2999."))
    #expect(throws: ISO8601.Problem.impossible("Years go from 2000 to 2999.")) { try utc("1999-12-31") }
    #expect(throws: ISO8601.Problem.impossible("Years go from 2000 to 2999.")) { try utc("3000-01-01T00:00Z") }
  }

  @Test func leapYearsAreTheGregorianOnes() throws {
    #expect(try ISO8601.zonedDate("2000-02-29T12:00Z").date == (try utc("2000-02-28T12:00Z")) + 86_400)
    #expect(try ISO8601.zonedDate("2024-02-29T12:00Z").date == (try utc("2024-03-01T12:00Z")) - 86_400)
    #expect(problem("2100-02-29T12:00Z") == .impossible("2100 is not a leap year: February has 28 days."))
    #expect(try ISO8601.zonedDate("2100-03-01T00:00Z").date == (try utc("2100-02-28T00:00Z")) + 86_400)
    #expect(throws: ISO8601.Problem.impossible("2027 is not a leap year: February has 28 days.")) {
      try utc("2027-02-29")
    }
  }

  @Test func theFormsAPlanStartMayTake() throws {
    let start = try utc("2026-12-03T18:00:00Z")
    for text in [
      "2026-12-03T19:00+01:00", "2026-12-03T18:00:00Z", "2026-12-03T19:00:00+0100", "2026-12-03T19:00+01",
      "2026-12-03T19:00:00.000+01:00", "2026-12-03T13:30-04:30",
    ] {
      #expect(try ISO8601.zonedDate(text).date == start, "\(text)")
    }
    #expect(try ISO8601.zonedDate("2026-12-03T13:30-04:30").utcOffset == -16_200)
    #expect(try ISO8601.zonedDate("2026-12-03T18:00:00.25Z").date == start + 0.25)
    #expect(
      try ISO8601.zonedDate("2026-12-03T18:00:00.123456789Z").date == (try utc("2026-12-03T18:00:00.123Z")),
      "milliseconds kept")
    for text in [
      "2026-12-03T19:00", "2026-12-03", "soon", "2026-12-3T19:00Z", "2026-12-03 19:00Z", "2026-12-03T19:00+1",
      "2026-12-03T19:00+01:00x", "2026-12-03T19:00+24:00", "2026-12-03T19:00+01:60", "2026-12-03T19Z",
      "2026-12-03T19:00:00.Z", "2026-12-03T19:00:00.1234567890Z", "+2026-12-03T19:00Z", "２０２６-12-03T19:00Z",
    ] {
      #expect(problem(text) == .form, "\(text)")
    }
  }

  @Test func statsTakeAUTCDateOrTimeOnly() throws {
    #expect(try utc("2026-11-01") == Date(timeIntervalSince1970: 1_793_491_200))
    #expect(try utc("2026-11-01T18:30Z") == Date(timeIntervalSince1970: 1_793_491_200 + 66_600))
    #expect(try utc("2026-11-01T18:30:00.000Z") == (try utc("2026-11-01T18:30Z")))
    for text in ["2026-11-01T18:30+00:00", "2026-11-01T18:30", "2026:11:01", "yesterday"] {
      #expect(throws: ISO8601.Problem.form, "\(text)") { try utc(text) }
    }
    #expect(throws: ISO8601.Problem.impossible("There is no 31 November.")) { try utc("2026-11-31") }
  }

  @Test func everyRealTimeIsTheInstantTheGregorianCalendarSays() throws {
    var random = SystemRandomNumberGenerator()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    for _ in 0..<2000 {
      let year = Int.random(in: 2001...2998, using: &random)
      let month = Int.random(in: 1...12, using: &random)
      let firstOfMonth = try #require(calendar.date(from: DateComponents(year: year, month: month)))
      let daysInMonth = try #require(calendar.range(of: .day, in: .month, for: firstOfMonth)).count
      let day = Int.random(in: 1...daysInMonth, using: &random)
      let (hour, minute, second) = (Int.random(in: 0...23), Int.random(in: 0...59), Int.random(in: 0...59))
      let offset = Int.random(in: -14 * 4...14 * 4, using: &random) * 15 * 60
      let zone = TimeZone(secondsFromGMT: offset)!
      let expected = try #require(
        calendar.date(
          from: DateComponents(
            timeZone: zone, year: year, month: month, day: day, hour: hour, minute: minute, second: second)))
      let text =
        String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
        + (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) % 3600 / 60)
      #expect(try ISO8601.zonedDate(text) == (expected, offset), "\(text)")
    }
  }
}
