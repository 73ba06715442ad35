import Foundation
import GatherModel
import GatherStore
import Testing

@testable import GatherDaemon

/// The fees part of the session: every payment or correction is a line the ledger only ever adds, the balance
/// after it counts it, and a refused one writes nothing.
@Suite(.timeLimit(.minutes(1))) struct FeesPartTests {
  let fixture: SessionFixture
  var session: SessionFixture.Session { fixture.session }

  init() async throws { fixture = try await SessionFixture() }

  @Test func aPaymentIsALineAndTheBalanceAfterItCountsIt() async throws {
    // A game of Ana against Bruno whose 10.00 is charged once it ended: 5.00 each. Ana pays 4.00 of hers.
    let gather = try await session.perform {
      try $0.startGather(teamA: [1], teamB: [2], bench: [], seconds: 600)
    }.gather.id
    _ = try await session.perform { try $0.endGather() }
    _ = try await session.perform { try $0.setCost(try Fee(amount: 1000, currency: "EUR"), gather: gather) }
    let (entry, balance) = try await session.perform { turn in
      try turn.pay(player: 1, amount: 400, currency: nil, note: "Cash")
    }
    #expect(entry.amount.minorUnits == -400 && entry.amount.currency.code == "EUR")
    #expect(balance?.owed.minorUnits == 100)
    #expect(try session.reader.feeLedger(player: 1, gather: nil).map(\.amount.minorUnits) == [500, -400])
  }

  @Test func aPaymentByAPlayerNeverChargedWritesNothing() async throws {
    await #expect(throws: GatherError.self) {
      try await session.perform { try $0.pay(player: 2, amount: 500, currency: "EUR", note: nil) }
    }
    #expect(try session.reader.feeLedger(player: nil, gather: nil).isEmpty)
  }
}
