import Foundation
import GatherModel
import Testing

/// Taking back the big mistakes, as rules: which gather may be reopened and until when, which plan may be opened
/// again, which two players may be made one, and how a gather's charges are squared without rewriting the ledger.
@Suite struct UndoTests {
  static let now = Fixtures.kickOff

  @Test func onlyTheLastGatherToEndReopensAndOnlyWithinHalfAnHour() throws {
    let ended = Self.now.addingTimeInterval(-29 * 60)
    try Undo.checkReopen(7, endedAt: ended, last: 7, playing: nil, now: Self.now)
    #expect(throws: GatherError.tooLateToUndo) {
      try Undo.checkReopen(6, endedAt: ended, last: 7, playing: nil, now: Self.now)
    }
    #expect(throws: GatherError.tooLateToUndo) {
      try Undo.checkReopen(7, endedAt: Self.now.addingTimeInterval(-30 * 60), last: 7, playing: nil, now: Self.now)
    }
    #expect(throws: GatherError.gatherAlreadyActive) {
      try Undo.checkReopen(7, endedAt: ended, last: 7, playing: 8, now: Self.now)
    }
  }

  @Test func theGatherBeingPlayedIsNotReopenedForItHasNotEnded() throws {
    try Undo.checkReopenable(3, playing: 4)
    try Undo.checkReopenable(3, playing: nil)
    let refusal = #expect(throws: GatherError.self) { try Undo.checkReopenable(4, playing: 4) }
    #expect(refusal?.field == "gather")
    #expect(refusal?.message.contains("being played, not ended") == true)
  }

  @Test func theGatherBeingPlayedIsCancelledNotDeleted() throws {
    try Undo.checkDelete(3, playing: 4)
    try Undo.checkDelete(3, playing: nil)
    #expect(throws: GatherError.validation("gather", "")) { try Undo.checkDelete(4, playing: 4) }
  }

  @Test func aCancelledPlanOpensAgainUntilItsStartWithItsListsAsTheyWere() throws {
    var plan = try PlanTests.joined([1, 2, 3], capacity: 2)
    try plan.cancel()
    var restored = plan
    try restored.restore(now: Self.now)
    #expect(restored.status == .open)
    #expect(restored.going.map(\.player) == [1, 2] && restored.waiting.map(\.player) == [3])
    #expect(restored.signUpCode == plan.signUpCode)
    #expect(throws: GatherError.tooLateToUndo) { try plan.restore(now: PlanTests.thursday) }
    #expect(throws: GatherError.validation("plan", "")) { try restored.restore(now: Self.now) }
    var started = try PlanTests.joined([1, 2], capacity: 2)
    try started.start(gatherID: 9)
    #expect(throws: GatherError.tooLateToUndo) { try started.restore(now: Self.now) }
  }

  @Test func aGathersChargesAreSquaredByCorrectionsPerPayerAndCurrency() throws {
    let lines = [
      try MoneyTests.entry(1, .charge, 500), try MoneyTests.entry(2, .charge, 500),
      try MoneyTests.entry(1, .payment, -500),
      // An earlier correction of player 2's share leaves 300 to reverse.
      try MoneyTests.entry(2, .correction, -200), try MoneyTests.entry(3, .charge, 40_000, "JPY"),
    ]
    let reversal = FeeLedger.reversal(of: lines, note: "Gather 4 was deleted.", at: Self.now)
    #expect(reversal.map(\.player) == [1, 2, 3])
    #expect(reversal.map(\.amount.minorUnits) == [-500, -300, -40_000])
    #expect(reversal.allSatisfy { $0.kind == .correction && $0.note == "Gather 4 was deleted." })
    #expect(reversal.last?.amount.currency.code == "JPY")
    // Squared lines need nothing more: reversing twice writes nothing the second time.
    #expect(FeeLedger.reversal(of: lines + reversal, note: "again", at: Self.now).isEmpty)
  }

  @Test func twoPlayersWhoPlayedTheSameGatherCannotBeMadeOne() throws {
    let state = FootballGather(roster: try Fixtures.roster())
    try PlayerMerge.check(from: 5, into: 1, in: state, shared: [])
    #expect(throws: GatherError.validation("from", "")) {
      try PlayerMerge.check(from: 5, into: 1, in: state, shared: [3])
    }
    #expect(throws: GatherError.validation("into", "")) {
      try PlayerMerge.check(from: 1, into: 1, in: state, shared: [])
    }
    #expect(throws: GatherError.playerNotFound) { try PlayerMerge.check(from: 99, into: 1, in: state, shared: []) }
    let playing = try Fixtures.gatherInPlay()
    let inLineup = try #require(playing.active?.lineup.players.first)
    #expect(throws: GatherError.playerInActiveGather) {
      try PlayerMerge.check(from: inLineup, into: 6, in: playing, shared: [])
    }
  }
}
