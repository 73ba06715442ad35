import GatherModel
import Testing

/// A gather's cost shared among those who played, in whole minor units: the shares add up to exactly the cost,
/// differ by at most one minor unit, and the minor units that do not divide go to the first players by name.
@Suite struct FeeSplitTests {
  static func fee(_ amount: Int64, _ currency: String = "EUR", guests: Fee.GuestShare = .themselves) throws -> Fee {
    try Fee(amount: amount, currency: currency, guests: guests)
  }

  static func players(_ names: [String]) -> [FeeSplit.Player] {
    names.enumerated().map { FeeSplit.Player(id: Int64($0.offset + 1), name: $0.element) }
  }

  @Test func theSharesAddUpToExactlyTheCostAndDifferByAtMostOneMinorUnit() throws {
    for amount: Int64 in [1, 2, 7, 99, 100, 6000, 6001, 6009, 1_234_567, 100_000_000] {
      for count in 1...23 {
        let names = (0..<count).map { "P\($0)" }
        let shares = FeeSplit.shares(of: try Self.fee(amount), among: Self.players(names))
        #expect(shares.count == count)
        #expect(shares.reduce(0) { $0 + $1.amount.minorUnits } == amount, "\(amount) among \(count)")
        let amounts = shares.map(\.amount.minorUnits)
        #expect(amounts.max()! - amounts.min()! <= 1, "\(amount) among \(count)")
        #expect(amounts.allSatisfy { $0 >= 0 })
      }
    }
  }

  @Test func thePenniesThatDoNotDivideGoToTheFirstPlayersByNameIgnoringCase() throws {
    // 60.01 among 7: 8.57 each and 2 cents over, to Ana and bruno (then by name: Carla, Dani, Eli, fede, Zé).
    let shares = FeeSplit.shares(
      of: try Self.fee(6001), among: Self.players(["Zé", "Carla", "bruno", "Eli", "Ana", "fede", "Dani"]))
    #expect(shares.map(\.name) == ["Ana", "bruno", "Carla", "Dani", "Eli", "fede", "Zé"])
    #expect(shares.map(\.amount.minorUnits) == [858, 858, 857, 857, 857, 857, 857])
    #expect(shares.map(\.amount.text) == ["€8.58", "€8.58", "€8.57", "€8.57", "€8.57", "€8.57", "€8.57"])
  }

  @Test func namesAlikeAreOrderedByTheirIds() throws {
    let twins = [FeeSplit.Player(id: 9, name: "Ana"), FeeSplit.Player(id: 4, name: "ana")]
    let shares = FeeSplit.shares(of: try Self.fee(3), among: twins)
    #expect(shares.map(\.player) == [4, 9])
    #expect(shares.map(\.amount.minorUnits) == [2, 1])
  }

  @Test func aCurrencyWithoutMinorUnitsSplitsWholeYen() throws {
    let shares = FeeSplit.shares(of: try Self.fee(10_000, "JPY"), among: Self.players(["A", "B", "C"]))
    #expect(shares.map(\.amount.minorUnits) == [3334, 3333, 3333])
    #expect(shares.map(\.amount.text) == ["3334 JPY", "3333 JPY", "3333 JPY"])
  }

  @Test func aGuestsShareGoesToTheHostOnlyWhenTheFeeSaysSoAndTheHostIsKnown() throws {
    let players = [
      FeeSplit.Player(id: 1, name: "Ana"), FeeSplit.Player(id: 7, name: "Zé", broughtBy: 1, broughtByName: "Ana"),
      FeeSplit.Player(id: 8, name: "Yan"),
    ]
    let hosted = FeeSplit.shares(of: try Self.fee(3000, guests: .host), among: players)
    #expect(hosted.map { "\($0.name)→\($0.payerName)" } == ["Ana→Ana", "Yan→Yan", "Zé→Ana"])
    #expect(hosted.map(\.payer) == [1, 8, 1])
    let own = FeeSplit.shares(of: try Self.fee(3000, guests: .themselves), among: players)
    #expect(own.map(\.payer) == [1, 8, 7])
  }

  @Test func nobodyPlayedNobodyIsCharged() throws {
    #expect(FeeSplit.shares(of: try Self.fee(6000), among: []).isEmpty)
  }

  @Test func whoPaidThePitchIsCreditedItAllAndChargedTheirShare() throws {
    let fee = try Fee(amount: 6000, currency: "EUR", paidBy: 1)
    let at = Fixtures.kickOff
    let lines = FeeSplit.lines(
      of: fee, among: Self.players(["Ana", "Bruno", "Carla", "Dani"]), gather: 9, at: at, payerName: "Ana")
    #expect(lines.map(\.kind) == [.charge, .charge, .charge, .charge, .correction])
    #expect(lines.last?.player == 1 && lines.last?.amount.minorUnits == -6000 && lines.last?.gatherID == 9)
    // Ana owes her share less the pitch: 45.00 in credit, which the others' 15.00 each square.
    let ana = FeeLedger.balances(lines).first { $0.player == 1 }
    #expect(ana?.owed.minorUnits == -4500)
    // Taking the gather back squares the credit too.
    #expect(
      FeeLedger.reversal(of: lines, note: "undo", at: at).map(\.amount.minorUnits) == [4500, -1500, -1500, -1500])
    // Nobody is credited a game nobody played.
    #expect(FeeSplit.lines(of: fee, among: [], gather: 9, at: at, payerName: "Ana").isEmpty)
  }
}
