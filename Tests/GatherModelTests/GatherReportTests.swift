import Foundation
import Testing

@testable import GatherModel

/// A finished gather as a message to share: score with the names, scorers with minutes, man of the match, next plan.
@Suite struct GatherReportTests {
  static let ended = Date(timeIntervalSince1970: 1_800_003_600)

  /// Reds 3-1 Blues in two halves of 25 minutes: Fatima scores at 12' and in the second half's added time, Ben
  /// for the Blues, a goal without a scorer for the Reds, and a correction of the score in between.
  func record() throws -> GatherRecord {
    func goal(_ team: Team, _ id: Player.ID?, _ name: String?, seconds: Int64, period: Int = 1) -> ScoreEvent {
      ScoreEvent(
        kind: .goal, team: team, scorerID: id, scorerName: name, matchTimeMs: seconds * 1000, score: .zero,
        recordedAt: Self.ended, period: period, periods: 2, periodLengthMs: 1_500_000)
    }
    let log = [
      goal(.teamA, 3, "Fatima", seconds: 11 * 60 + 5),
      goal(.teamB, 4, "Ben", seconds: 20 * 60),
      goal(.teamA, nil, nil, seconds: 3 * 60, period: 2),
      ScoreEvent(
        kind: .correction, team: nil, scorerID: nil, scorerName: nil, matchTimeMs: 0, score: .zero,
        recordedAt: Self.ended),
      goal(.teamA, 3, "Fatima", seconds: 26 * 60 + 30, period: 2),
    ]
    return GatherRecord(
      id: 7, startedAt: Self.ended.addingTimeInterval(-3600), endedAt: Self.ended,
      score: try Score(teamA: 3, teamB: 1), members: [], log: log,
      names: try TeamNames(teamA: "Reds", teamB: "Blues"))
  }

  @Test func eachScorerIsNamedOnceWithTheMinutesOfTheirGoals() throws {
    let report = GatherReport(record: try record())
    #expect(report.scorers.map(\.name) == ["Fatima", "Ben", nil])
    #expect(report.scorers[0].minutes.map(\.description) == ["12'", "50+2'"])
    #expect(report.scorers[2].team == .teamA && report.scorers[2].minutes.map(\.description) == ["29'"])
    #expect(
      report.text == """
        Full time: Reds 3\u{2013}1 Blues
        Reds: Fatima 12', 50+2'; Unknown scorer 29'
        Blues: Ben 21'
        """)
  }

  @Test func theManOfTheMatchAndTheNextPlanJoinTheMessage() throws {
    let ana = GatherRecord.Member(playerID: 1, name: "Ana", team: .teamA)
    let fatima = GatherRecord.Member(playerID: 3, name: "Fatima", team: .teamA)
    // Thursday 21 January 2027, 18:00 UTC: 19:00 in a zone one hour ahead.
    let startsAt = Date(timeIntervalSince1970: 1_800_554_400)
    let details = try PlanDetails(startsAt: startsAt, utcOffset: 3600, capacity: 10, place: "Astro 2", now: Self.ended)
    let plan = Plan(id: 2, details: details, status: .open, createdAt: Self.ended)
    let report = GatherReport(
      record: try record(), manOfTheMatch: [fatima, ana], next: .init(plan: plan, link: "http://pitch/#signup=x"))
    let lines = report.text.split(separator: "\n").map(String.init)
    #expect(lines[3] == "Man of the match: Fatima and Ana")
    #expect(lines[4] == "Next: Thu 21 Jan 19:00 at Astro 2, 10 places left. Sign up: http://pitch/#signup=x")
    // Without a link (the page not served, or a view-only caller), the invitation still says when and where.
    let unlinked = GatherReport(record: try record(), next: .init(plan: plan, link: nil))
    #expect(unlinked.text.hasSuffix("Next: Thu 21 Jan 19:00 at Astro 2, 10 places left."))
  }

  @Test func whileTheVoteIsOpenTheMessageInvitesToItAndItsOutcomeReplacesIt() throws {
    // Friday 22 January 2027, 11:00 UTC: 12:00 in a zone one hour ahead.
    let closes = Date(timeIntervalSince1970: 1_800_615_600)
    let open = GatherReport(
      record: try record(), vote: .init(closesAt: closes, utcOffset: 3600, link: "http://pitch/#vote=x"))
    #expect(open.text.hasSuffix("\nMan of the match: vote by Fri 22 Jan 12:00. Vote: http://pitch/#vote=x"))
    let unlinked = GatherReport(record: try record(), vote: .init(closesAt: closes, utcOffset: 3600, link: nil))
    #expect(unlinked.text.hasSuffix("\nMan of the match: vote by Fri 22 Jan 12:00."))
    // Closed with nobody voting: no line at all.
    #expect(!GatherReport(record: try record(), manOfTheMatch: []).text.contains("Man of the match"))
  }

  @Test func aGoallessDrawIsJustTheScore() throws {
    var record = try record()
    record.log = []
    record.score = .zero
    record.names = .standard
    #expect(GatherReport(record: record).text == "Full time: Team A 0\u{2013}0 Team B")
  }

  @Test func localTimesFollowTheCalendar() {
    // 2000-02-29 23:30 UTC is Tuesday; at +01:00 it is Wednesday 1 March, 00:30.
    let leap = Date(timeIntervalSince1970: 951_867_000)
    #expect(GatherReport.localTime(leap, utcOffset: 0) == "Tue 29 Feb 23:30")
    #expect(GatherReport.localTime(leap, utcOffset: 3600) == "Wed 1 Mar 00:30")
    #expect(GatherReport.localTime(Date(timeIntervalSince1970: 0), utcOffset: -3600) == "Wed 31 Dec 23:00")
    // Off a whole minute, the seconds: a refusal "until 13:50" would be wrong at 13:50:10.
    #expect(GatherReport.localTime(Date(timeIntervalSince1970: 49856), utcOffset: 0) == "Thu 1 Jan 13:50:56")
    #expect(GatherReport.localTime(Date(timeIntervalSince1970: 49805), utcOffset: 0) == "Thu 1 Jan 13:50:05")
  }
}
