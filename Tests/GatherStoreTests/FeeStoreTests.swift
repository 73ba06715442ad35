import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// Who paid for the pitch, in a real database file: costs kept with their plan or gather, each share charged in
/// the gather's own end, and a ledger SQLite itself keeps append-only.
@Suite struct FeeStoreTests {
  static let now = StoreFixture.kickOff
  let fixture: StoreFixture
  let players: [Player]

  init() throws {
    fixture = try StoreFixture()
    players = try fixture.createPlayers(["Ana", "Bruno", "Carla"])
  }

  func createPlan(code: String = "code") throws -> Plan {
    try fixture.store.createPlan(
      PlanDetails(startsAt: Self.now.addingTimeInterval(3 * 86400), capacity: 6, now: Self.now), signUpCode: code,
      createdAt: Self.now)
  }

  @Test func aPlanKeepsItsFeeAndWhoBroughtEachGuest() throws {
    let plan = try createPlan()
    let fee = try Fee(amount: 6000, currency: "EUR", guests: .host)
    try fixture.store.setFee(fee, plan: plan.id)
    let guest = try fixture.store.addGuest(
      PlayerDetails(name: "Zé"), joining: plan.id, at: Self.now, broughtBy: players[0].id)
    let loneGuest = try fixture.store.addGuest(PlayerDetails(name: "Yan"), joining: plan.id, at: Self.now)
    let stored = try #require(try fixture.store.plan(plan.id))
    #expect(stored.fee == fee)
    #expect(stored.host(of: guest.id) == players[0].id)
    #expect(stored.host(of: loneGuest.id) == nil)
    try fixture.store.setFee(nil, plan: plan.id)
    #expect(try fixture.store.plan(plan.id)?.fee == nil)
  }

  @Test func aGathersEndChargesEveryShareInTheSameTransaction() throws {
    var state = try fixture.store.load(at: .zero, wallNow: Self.now)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id, players[2].id])
    let fee = try Fee(amount: 1000, currency: "GBP")
    try fixture.store.setFee(fee, gather: try state.requireActive().id)
    let reloaded = try fixture.store.load(at: .zero, wallNow: Self.now)
    let active = try reloaded.requireActive()
    #expect(active.fee == fee, "the active gather's cost comes back after a restart")
    let record = active.result(endedAt: Self.now.addingTimeInterval(600)) { reloaded.name(of: $0) }
    let lines = FeeSplit.lines(
      of: fee, among: active.feePlayers(plan: nil, roster: reloaded.roster) { reloaded.name(of: $0) },
      gather: active.id, at: record.endedAt, payerName: nil)
    try fixture.store.endGather(record, charges: lines)
    let restarted = try GatherStore.open(path: try CrashRecoveryTests.crashImage(of: fixture))
    let charges = try restarted.feeEntries(gather: active.id)
    #expect(charges.map(\.name) == ["Ana", "Bruno", "Carla"])
    #expect(charges.map(\.amount.minorUnits) == [334, 333, 333])
    #expect(charges.allSatisfy { $0.kind == .charge && $0.at == record.endedAt })
    #expect(FeeLedger.balances(charges).map(\.owed.text) == ["£3.34", "£3.33", "£3.33"])
  }

  @Test func theLedgerIsOnlyEverAddedTo() throws {
    let charge = FeeEntry(
      at: Self.now, player: players[0].id, name: "Ana", kind: .charge,
      amount: Money(minorUnits: 500, currency: try Currency(code: "EUR")), gatherID: 1)
    let saved = try fixture.store.append(charge)
    #expect(saved.id == 1)
    let paid = try fixture.store.append(
      FeeLedger.payment(
        by: players[0].id, name: "Ana", amount: 500, currency: nil, note: "Cash", at: Self.now, entries: [saved]))
    #expect(paid.id == 2 && paid.note == "Cash")
    for statement in ["UPDATE feeEntry SET amount = 0", "DELETE FROM feeEntry WHERE id = 1", "DELETE FROM feeEntry"] {
      #expect(throws: (any Error).self, "\(statement)") {
        try fixture.store.database.write { db in try db.execute(statement) }
      }
    }
    #expect(try fixture.store.feeEntries().map(\.amount.minorUnits) == [500, -500], "both lines as written")
  }

  @Test func aGuestAddedBeforeHostsWereKeptPaysTheirOwnShare() throws {
    // A plan with a guest, written by the release before fees: the sign-up row has no broughtBy.
    let directory = try TemporaryDirectory()
    let path = directory.path("gather.sqlite")
    let database = try SQLiteDatabase(path: path)
    try GatherStore.migrator.migrate(database, upTo: "plan.checkIn")
    try database.write { db in
      try db.execute(
        """
        INSERT INTO player (id, name) VALUES (1, 'Ana'), (2, 'Zé');
        INSERT INTO plan (id, status, startsAt, utcOffset, capacity, signUpCode, createdAt)
          VALUES (1, 'open', 1800300000000, 0, 4, 'code', 1800000000000);
        INSERT INTO planSignUp (planId, playerId, playerName, answer, answeredAt, turn, joinedAt, guest)
          VALUES (1, 1, 'Ana', 'in', 1800000000000, 1, 1800000000000, 0),
                 (1, 2, 'Zé', 'in', 1800000000001, 2, 1800000000001, 1);
        """)
    }
    database.close()
    let store = try GatherStore.open(path: path)
    try store.setFee(try Fee(amount: 1000, currency: "EUR", guests: .host), plan: 1)
    let plan = try #require(try store.plan(1))
    #expect(plan.queue.map(\.guest) == [false, true] && plan.host(of: 2) == nil)
    let lineup = try Lineup(teamA: [1], teamB: [2])
    let gather = ActiveGather(id: 1, startedAt: Self.now, lineup: lineup, clock: try MatchClock(), planID: 1)
    let state = try store.load(at: .zero, wallNow: Self.now)
    let shares = FeeSplit.shares(
      of: try #require(plan.fee), among: gather.feePlayers(plan: plan, roster: state.roster) { state.name(of: $0) })
    #expect(shares.map(\.payerName) == ["Ana", "Zé"])
  }
}
