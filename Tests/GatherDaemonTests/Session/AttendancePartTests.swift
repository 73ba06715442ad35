import Clocks
import Foundation
import GatherModel
import GatherStore
import NIOCore
import NIOPosix
import Testing

@testable import GatherDaemon

/// Late drop-outs and no-shows in the session: each a strike written with the answer or the check-in that made
/// it, fined when gatherd's settings say, taken back when the player comes back; and the phones a player asked to be
/// told on, kept across a restart.
@Suite(.timeLimit(.minutes(1))) struct AttendancePartTests {
  static let monday = PlansPartAgendaTests.monday
  static func euros() throws -> Money { Money(minorUnits: 250, currency: try Currency(code: "EUR")) }

  let store: GatherStore
  let session: GatherSession

  init() async throws {
    store = try .inMemory()
    let loops = MultiThreadedEventLoopGroup.singleton
    let rules = AttendanceRules(fines: Fines(lateDropOut: try Self.euros(), noShow: try Self.euros()))
    session = try GatherSession(
      store: store, clock: TestClock(), loop: loops.next(), wallClock: { Self.monday },
      hub: EventHub(subscriberLoop: loops.next()), zone: .fixed(0), attendance: rules)
    try await session.perform { $0.start() }
  }

  /// A plan for 2 starting `hours` from now, Ana and Bruno going, Carla waiting.
  func plan(startingIn hours: Double) async throws -> Plan.ID {
    let start = Self.monday.addingTimeInterval(hours * 3600)
    return try await session.perform { turn in
      for name in ["Ana", "Bruno", "Carla"] { _ = try turn.createPlayer(PlayerDetails(name: name)) }
      let plan = try turn.createPlan(startsAt: start, utcOffset: 0, capacity: 2, place: nil, note: nil)
      for player in Int64(1)...3 { _ = try turn.joinPlan(plan.plan.id, player: player) }
      return plan.plan.id
    }
  }

  @Test func leavingAfterTheCutOffIsAFinedStrikeThatComingBackTakesBack() async throws {
    let plan = try await plan(startingIn: 20)
    _ = try await session.perform { try $0.leavePlan(plan, player: 3) }
    #expect(try store.strikes(of: 3).isEmpty, "a waiting player leaves no place empty")
    _ = try await session.perform { try $0.leavePlan(plan, player: 1) }
    #expect(try store.strikes(of: 1).map(\.kind) == [.lateDropOut])
    let fined = try store.feeEntries(player: 1)
    let euros = try Self.euros()
    #expect(fined.map(\.kind) == [.charge] && fined.first?.amount == euros)
    #expect(try store.playerStats(of: [1])[1]?.attendance.lateDropOuts == 1)
    _ = try await session.perform { try $0.joinPlan(plan, player: 1) }
    #expect(try store.strikes(of: 1).isEmpty)
    #expect(try store.playerStats(of: [1])[1]?.attendance.lateDropOuts == 0)
    #expect(try store.feeEntries(player: 1).map(\.amount.minorUnits) == [250, -250])
  }

  @Test func leavingBeforeTheCutOffIsNoStrike() async throws {
    let plan = try await plan(startingIn: 30)
    _ = try await session.perform { try $0.leavePlan(plan, player: 1) }
    #expect(try store.strikes(of: 1).isEmpty && store.feeEntries(player: 1).isEmpty)
  }

  @Test func theCheckInsNoShowsAreFinedStrikesUntilACheckInFindsThemThere() async throws {
    let plan = try await plan(startingIn: 1)
    _ = try await session.perform { try $0.checkIn(plan, present: [1], walkIns: []) }
    #expect(try store.strikes(of: 2).map(\.kind) == [.noShow])
    #expect(try store.feeEntries(player: 2).map(\.amount.minorUnits) == [250])
    #expect(try store.strikes(of: 1).isEmpty)
    #expect(try store.playerStats(of: [2])[2]?.attendance.noShows == 1)
    _ = try await session.perform { try $0.checkIn(plan, present: [1, 2], walkIns: []) }
    #expect(try store.strikes(of: 2).isEmpty)
    #expect(try store.feeEntries(player: 2).map(\.amount.minorUnits) == [250, -250])
    #expect(try store.playerStats(of: [2])[2]?.attendance.noShows == 0)
  }

  @Test func aPhoneIsKeptForItsPlayerAcrossARestart() async throws {
    let plan = try await plan(startingIn: 30)
    let phone = PushSubscription(
      endpoint: "https://push.example.net/p/1", player: 1, p256dh: "key", auth: "secret", language: "de",
      createdAt: .distantPast)
    _ = try await session.perform { try $0.subscribe(phone, plan: plan) }
    let other = try await session.perform {
      try $0.createPlan(
        startsAt: Self.monday.addingTimeInterval(86400), utcOffset: 0, capacity: 2, place: nil, note: nil)
    }
    await #expect(throws: GatherError.validation("player", ""), "through a plan the player has not answered") {
      _ = try await session.perform { try $0.subscribe(phone, plan: other.plan.id) }
    }
    let loops = MultiThreadedEventLoopGroup.singleton
    let restarted = try GatherSession(
      store: store, clock: TestClock(), loop: loops.next(), wallClock: { Self.monday },
      hub: EventHub(subscriberLoop: loops.next()))
    #expect(restarted.view.state.pushSubscriptions(of: 1).map(\.language) == ["de"])
    #expect(try await restarted.perform { try $0.unsubscribe(endpoint: phone.endpoint) })
    #expect(try await !restarted.perform { try $0.unsubscribe(endpoint: phone.endpoint) })
    #expect(try store.pushSubscriptions().isEmpty)
  }
}
