/// An amount of money in whole minor units of its currency (cents, pence; yen): never a floating-point number,
/// so that shares, payments and balances add up to the last cent.
public struct Money: Sendable, Hashable, CustomStringConvertible {
  /// The amount in minor units: what someone owes when positive, what they paid or are owed back when negative,
  /// as the ledger adds them up.
  public let minorUnits: Int64
  /// The currency.
  public let currency: Currency

  /// The largest amount a cost, a payment or a correction may be: a million in major units (1,000,000.00 EUR),
  /// far above any pitch, so that only a mistake (an amount in cents read as euros, a stray digit) is refused.
  public static let largestMajorUnits: Int64 = 1_000_000

  /// An amount as it is; not checked.
  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// A cost, a payment or a correction as sent: from 1 minor unit to ``largestMajorUnits`` (and from minus that to
  /// -1 too when `negativeAllowed`, for a correction); otherwise a validation error naming `field`.
  public init(checking minorUnits: Int64, currency: Currency, field: String, negativeAllowed: Bool = false)
    throws(GatherError)
  {
    let largest = Self.largestMajorUnits * currency.minorUnitsPerMajor
    let what = Money(minorUnits: largest, currency: currency)
    guard minorUnits != 0 else {
      throw .validation(field, "An amount of 0 changes nothing: give it in \(currency)'s minor units, 1 or more.")
    }
    guard minorUnits > 0 || negativeAllowed else {
      throw .validation(field, "An amount cannot be negative here (\(minorUnits)); give it in minor units, 1 or more.")
    }
    guard minorUnits.magnitude <= largest.magnitude else {
      throw .validation(
        field,
        "\(minorUnits) minor units of \(currency) is more than \(what.text), which no pitch costs: amounts are in "
          + "minor units (1250 for 12.50).")
    }
    self.init(minorUnits: minorUnits, currency: currency)
  }

  /// The amount as people read it: "€12.50", "£5.00", "-$3.25", "1500 JPY", "12.500 KWD".
  public var text: String {
    let units = currency.minorUnitsPerMajor
    let magnitude = minorUnits.magnitude
    var number = String(magnitude / UInt64(units))
    if currency.exponent > 0 {
      let fraction = String(magnitude % UInt64(units))
      number += "." + String(repeating: "0", count: currency.exponent - fraction.count) + fraction
    }
    let sign = minorUnits < 0 ? "-" : ""
    if let symbol = currency.symbol { return sign + symbol + number }
    return sign + number + " " + currency.code
  }

  /// The text.
  public var description: String { text }
}
