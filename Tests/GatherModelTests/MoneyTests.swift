import Foundation
import GatherModel
import Testing

/// Costs, payments and balances in whole minor units of an ISO 4217 currency: what is refused, how amounts read,
/// and balances added up from the ledger's lines.
@Suite struct MoneyTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  static func entry(_ player: Int64, _ kind: FeeEntry.Kind, _ amount: Int64, _ code: String = "EUR") throws
    -> FeeEntry
  {
    FeeEntry(
      at: now, player: player, name: "Player \(player)", kind: kind,
      amount: Money(minorUnits: amount, currency: try Currency(code: code)))
  }

  @Test func currenciesAreISO4217CodesWithTheirMinorUnits() throws {
    #expect(try Currency(code: "eur").code == "EUR")
    #expect(try Currency(code: "EUR").exponent == 2)
    #expect(try Currency(code: "JPY").exponent == 0)
    #expect(try Currency(code: "KWD").exponent == 3)
    for bad in ["", "EU", "EURO", "XXX", "XAU", "ABC", "€"] {
      #expect(throws: GatherError.validation("currency", "")) { try Currency(code: bad) }
    }
  }

  @Test func amountsReadAsPeopleWriteThem() throws {
    let text = { (amount: Int64, code: String) in Money(minorUnits: amount, currency: try Currency(code: code)).text }
    #expect(try text(1250, "EUR") == "€12.50")
    #expect(try text(5, "GBP") == "£0.05")
    #expect(try text(-325, "USD") == "-$3.25")
    #expect(try text(1500, "JPY") == "1500 JPY")
    #expect(try text(12_500, "KWD") == "12.500 KWD")
    #expect(try text(100, "CHF") == "1.00 CHF")
  }

  @Test func aCostIsFromOneMinorUnitToAMillionInMajorUnits() throws {
    #expect(try Fee(amount: 1, currency: "EUR").cost.minorUnits == 1)
    #expect(try Fee(amount: 100_000_000, currency: "EUR").cost.text == "€1000000.00")
    #expect(try Fee(amount: 1_000_000, currency: "JPY").cost.text == "1000000 JPY")
    for amount: Int64 in [0, -1, -6000, 100_000_001, Int64.max, Int64.min] {
      #expect(throws: GatherError.validation("cost", "")) { try Fee(amount: amount, currency: "EUR") }
    }
    #expect(throws: GatherError.validation("cost", "")) { try Fee(amount: 1_000_001, currency: "JPY") }
    #expect(throws: GatherError.validation("currency", "")) { try Fee(amount: 6000, currency: "EUROS") }
  }

  @Test func balancesAddUpTheLedgerPerPlayerAndCurrency() throws {
    let entries = [
      try Self.entry(1, .charge, 600), try Self.entry(2, .charge, 600), try Self.entry(1, .payment, -1000),
      try Self.entry(1, .charge, 601), try Self.entry(2, .correction, -100), try Self.entry(2, .charge, 500, "GBP"),
    ].enumerated().map { index, entry in
      var entry = entry
      entry.id = Int64(index + 1)
      return entry
    }
    let balances = FeeLedger.balances(entries)
    #expect(balances.map { "\($0.player) \($0.owed.text)" } == ["1 €2.01", "2 €5.00", "2 £5.00"])
    #expect(balances[0].charged.minorUnits == 1201 && balances[0].paid.minorUnits == 1000)
    #expect(balances[1].corrected.minorUnits == -100)
  }

  @Test func aPaymentIsForSomeoneChargedInACurrencyTheyWereChargedIn() throws {
    let entries = [
      try Self.entry(1, .charge, 600), try Self.entry(2, .charge, 600), try Self.entry(2, .charge, 500, "GBP"),
    ]
    let pay = { (player: Int64, amount: Int64, code: String?) in
      try FeeLedger.payment(
        by: player, name: "P", amount: amount, currency: code, note: nil, at: Self.now, entries: entries)
    }
    #expect(try pay(1, 600, nil).amount.minorUnits == -600)
    #expect(try pay(1, 2000, "eur").amount.minorUnits == -2000, "overpaying is credit")
    #expect(throws: GatherError.validation("player", "")) { try pay(3, 600, nil) }
    #expect(throws: GatherError.validation("currency", "")) { try pay(2, 600, nil) }
    #expect(throws: GatherError.validation("currency", "")) { try pay(1, 600, "GBP") }
    for amount: Int64 in [0, -600, 200_000_000] {
      #expect(throws: GatherError.validation("amount", "")) { try pay(1, amount, nil) }
    }
  }

  @Test func aCorrectionGoesEitherWayAndSaysWhy() throws {
    let correct = { (amount: Int64, note: String?) in
      try FeeLedger.correction(of: 1, name: "Ana", amount: amount, currency: "EUR", note: note, at: Self.now)
    }
    #expect(try correct(-250, "Paid in beer").amount.minorUnits == -250)
    #expect(try correct(250, "Forgot the ball").kind == .correction)
    #expect(throws: GatherError.validation("note", "")) { try correct(250, nil) }
    #expect(throws: GatherError.validation("note", "")) { try correct(250, "  ") }
    #expect(throws: GatherError.validation("amount", "")) { try correct(0, "Nothing") }
  }
}
