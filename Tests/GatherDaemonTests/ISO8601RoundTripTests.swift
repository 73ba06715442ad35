import Foundation
import GatherModel
import GatherStore
import Testing

@testable import GatherDaemon

/// What gatherd stores always reads back: any start it takes, saved and loaded, is shown as times that parse to
/// the same instant and offset.
@Suite struct ISO8601RoundTripTests {
  /// A random start as someone could write it: year 2000 to 2999, seconds and a fraction of 1 to 6 digits or
  /// not, and a zone from -14:00 to +14:00 written each way ISO 8601 allows.
  static func randomStart(_ random: inout some RandomNumberGenerator) -> String {
    let year = Int.random(in: 2000...2999, using: &random)
    let month = Int.random(in: 1...12, using: &random)
    let day = Int.random(in: 1...ISO8601.days(in: month, of: year), using: &random)
    var text = String(
      format: "%04d-%02d-%02dT%02d:%02d", year, month, day, Int.random(in: 0...23, using: &random),
      Int.random(in: 0...59, using: &random))
    if Bool.random(using: &random) {
      text += String(format: ":%02d", Int.random(in: 0...59, using: &random))
      let digits = Int.random(in: 0...6, using: &random)
      if digits > 0 { text += "." + (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined() }
    }
    let minutes = Int.random(in: -14 * 60...14 * 60, using: &random)
    let (sign, hours, rest) = (minutes < 0 ? "-" : "+", abs(minutes) / 60, abs(minutes) % 60)
    switch (minutes, Int.random(in: 0...2, using: &random)) {
    case (0, 0): text += "Z"
    case (_, 0) where rest == 0: text += sign + String(format: "%02d", hours)
    case (_, 1): text += sign + String(format: "%02d%02d", hours, rest)
    default: text += sign + String(format: "%02d:%02d", hours, rest)
    }
    return text
  }

  @Test func everyStartTakenIsShownAsTimesThatReadBackTheSame() throws {
    let store = try GatherStore.inMemory()
    var random = SystemRandomNumberGenerator()
    var (taken, refused) = (0, 0)
    for index in 0..<3000 {
      let text = Self.randomStart(&random)
      let start: (date: Date, utcOffset: Int)
      do throws(ISO8601.Problem) {
        start = try ISO8601.zonedDate(text)
      } catch {
        // Written in gatherd's years, it can only fall outside them in UTC.
        guard case .impossible(let why) = error, why.hasPrefix("That is ") else {
          Issue.record("\(text) was refused: \(error)")
          continue
        }
        refused += 1
        continue
      }
      let details = try PlanDetails(
        restoring: start.date, utcOffset: start.utcOffset, capacity: 10, place: nil, note: nil)
      let saved = try store.createPlan(details, signUpCode: "code-\(index)", createdAt: Date())
      let loaded = try #require(try store.plan(saved.id))
      let shown = loaded.json(roster: [:])
      let utc = try #require(shown["startsAt"]?.stringValue)
      let local = try #require(shown["startsAtLocal"]?.stringValue)
      #expect(try ISO8601.zonedDate(local) == start, "\(text) was shown as \(local)")
      #expect(try ISO8601.zonedDate(utc) == (start.date, 0), "\(text) was shown as \(utc)")
      #expect(try ISO8601.date(utc) == start.date, "\(text) was shown as \(utc)")
      taken += 1
    }
    #expect(taken > 2900 && refused < 100, "mostly starts within the years in UTC too")
  }
}
