import Clocks
import Foundation
import GatherModel
import GatherStore
import Testing

@testable import GatherDaemon

/// The schedules part of the session: no second weekly game on another's day and time unless forced, and a change
/// of a schedule reaches the weeks to come, never a plan it already opened.
@Suite(.timeLimit(.minutes(1))) struct SchedulesPartTests {
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }

  init() async throws { fixture = try await SessionFixture() }

  func thursdays(capacity: Int = 10) throws -> ScheduleDetails {
    try ScheduleDetails(
      weekday: .thursday, time: TimeOfDay(hour: 19, minute: 0), utcOffset: 0, capacity: capacity, place: "Astro 2",
      opensBefore: .seconds(6 * 86400), regulars: nil, reminders: [])
  }

  @Test func anotherScheduleAtTheSameDayAndTimeNeedsForce() async throws {
    _ = try await session.perform { try $0.createSchedule(self.thursdays()) }
    await #expect(throws: GatherError.self) { try await session.perform { try $0.createSchedule(self.thursdays()) } }
    #expect(session.view.schedules.count == 1, "a refused schedule is not kept")
    _ = try await session.perform { try $0.createSchedule(self.thursdays(capacity: 12), force: true) }
    #expect(session.view.schedules.map(\.schedule.details.capacity) == [10, 12])
  }

  @Test func aChangeReachesTheWeeksToComeNotThePlanAlreadyOpen() async throws {
    // From Monday 10:00, with the wall clock moving with the test clock: Thursday's plan opens on Friday 19:00.
    let clock = TestClock()
    let weekly = try await PlansPartAgendaTests.session(
      store: .inMemory(), clock: clock, from: PlansPartAgendaTests.monday)
    let sink = RecordingSink()
    try await PlansPartAgendaTests.subscribe(sink, to: weekly)
    let schedule = try await weekly.perform { try $0.createSchedule(self.thursdays()) }.schedule.id
    await clock.advance(by: .seconds((4 * 24 + 9) * 3600))
    #expect(try await PlansPartAgendaTests.nextPlanEvents(of: sink) == ["created"])
    let opened = try #require(weekly.view.state.openPlans.first)
    #expect(opened.details.capacity == 10)
    var bigger = ScheduleChanges()
    bigger.capacity = 14
    let changes = bigger
    _ = try await weekly.perform { try $0.updateSchedule(schedule, changes) }
    #expect(weekly.view.state.openPlan(opened.id)?.details.capacity == 10, "the open plan keeps its own")
    // A week later, the first week's game has passed, and the next week's plan opens as the schedule now says.
    await clock.advance(by: .seconds(7 * 24 * 3600))
    var events: [String] = []
    while !events.contains("created") { events += try await PlansPartAgendaTests.nextPlanEvents(of: sink) }
    #expect(events == ["expired", "created"])
    #expect(weekly.view.state.openPlans.map(\.details.capacity) == [14])
    #expect(try weekly.reader.plan(opened.id).plan.details.capacity == 10)
  }
}
