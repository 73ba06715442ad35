import ArgumentParser
import GatherDaemon
import GatherModel

/// Quiet hours for offered places, and what late drop-outs and no-shows cost: options of gatherd's, each a key of
/// the configuration file and a variable (`GATHERD_QUIET_HOURS`, `GATHERD_FINE_LATE_DROP_OUT`, `GATHERD_FINE_NO_SHOW`,
/// `GATHERD_STRIKES`, `GATHERD_STRIKE_DAYS`).
struct AttendanceOptions: ParsableArguments {
  @Option(
    name: .customLong("quiet-hours"),
    help: ArgumentHelp(
      "When no freed place is offered, and an offer's time to answer stops, on the server's clock: HH:MM-HH:MM (default 21:00-09:00), or off.",
      valueName: "hours"))
  var quietHours: String?

  @Option(
    name: .customLong("fine-late-drop-out"),
    help: ArgumentHelp(
      "Charge each late drop-out (a going place left after the plan's cut-off) this much to the fee ledger: an amount and a currency, such as \"2.50 EUR\" (default: no fine).",
      valueName: "money"))
  var fineLateDropOut: String?

  @Option(
    name: .customLong("fine-no-show"),
    help: ArgumentHelp(
      "Charge each no-show (going at the check-in, and not there) this much to the fee ledger, such as \"5 EUR\" (default: no fine).",
      valueName: "money"))
  var fineNoShow: String?

  @Option(
    name: .customLong("strikes"),
    help: ArgumentHelp(
      "A player with this many late drop-outs and no-shows in the last --strike-days waits for a plan's opening to everyone, as a player who is not a regular does: 1 to 20 (default: off).",
      valueName: "count"))
  var strikes: String?

  @Option(
    name: .customLong("strike-days"),
    help: ArgumentHelp("How many days back --strikes counts: 1 to 365 (default 60).", valueName: "days"))
  var strikeDays: String?

  /// The quiet hours these options give: nil for off.
  func quietHours(_ sources: SettingSources) throws -> QuietHours? {
    guard let value = sources.value(quietHours, "GATHERD_QUIET_HOURS") else { return .standard }
    if value.text.lowercased() == "off" { return nil }
    return try value.parse { try QuietHours(parsing: $0) }
  }

  /// The fines and the strike rule these options give.
  func rules(_ sources: SettingSources) throws -> AttendanceRules {
    var rules = AttendanceRules()
    rules.fines.lateDropOut = try sources.value(fineLateDropOut, "GATHERD_FINE_LATE_DROP_OUT").map(Self.money)
    rules.fines.noShow = try sources.value(fineNoShow, "GATHERD_FINE_NO_SHOW").map(Self.money)
    let days = try sources.value(strikeDays, "GATHERD_STRIKE_DAYS")?.wholeNumber(in: 1...365, of: "days")
    if let count = sources.value(strikes, "GATHERD_STRIKES") {
      let limit = try count.wholeNumber(in: 1...20)
      rules.strikes = try count.parse { _ in try StrikeRule(limit: limit, period: .seconds(Int64(days ?? 60) * 86400)) }
    }
    return rules
  }

  /// "2.50 EUR", "5 GBP", "EUR 2.50": an amount above 0 with at most the currency's minor digits.
  static func money(_ value: SettingValue) throws -> Money {
    let parts = value.text.split(separator: " ").map(String.init)
    guard parts.count == 2 else { throw value.refuse("not an amount and a currency, such as \"2.50 EUR\"") }
    let (amount, code) = parts[0].first?.isNumber == true ? (parts[0], parts[1]) : (parts[1], parts[0])
    let currency = try value.parse { _ in try Currency(code: code) }
    let pieces = amount.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let whole = Int64(pieces[0]), pieces.count == 1 || pieces[1].count <= currency.exponent,
      let fraction = pieces.count == 2 ? Int64(pieces[1]) : 0
    else { throw value.refuse("not an amount in \(currency.code), such as \"2.50 \(currency.code)\"") }
    let scale = pieces.count == 2 ? Int64(pow10(currency.exponent - pieces[1].count)) : 1
    let minor = whole * currency.minorUnitsPerMajor + fraction * scale
    return try value.parse { _ in try Money(checking: minor, currency: currency, field: "fine") }
  }

  private static func pow10(_ exponent: Int) -> Int { exponent <= 0 ? 1 : 10 * pow10(exponent - 1) }
}
