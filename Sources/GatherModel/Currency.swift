/// A currency by its ISO 4217 code, with the number of decimal places of its minor unit (2 for the euro's cents,
/// 0 for the yen, 3 for the Kuwaiti dinar). Only the codes of money in use are taken; the codes of metals, funds
/// and testing (XAU, XDR, XTS, XXX, …), which have no minor unit, are not.
public struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// The three capital letters: "EUR".
  public let code: String
  /// The decimal places of the minor unit: 2 for cents.
  public let exponent: Int

  /// The currency of `code` (three letters, in any case), or a validation error naming `field`.
  public init(code text: String, field: String = "currency") throws(GatherError) {
    let code = text.uppercased()
    guard let exponent = Self.exponents[code] else {
      throw .validation(
        field, "\"\(text)\" is not an ISO 4217 currency code of money in use; give one such as EUR, GBP or USD.")
    }
    self.code = code
    self.exponent = exponent
  }

  /// The code.
  public var description: String { code }

  /// How many minor units make one major unit: 100 for cents.
  public var minorUnitsPerMajor: Int64 {
    (0..<exponent).reduce(1) { product, _ in product * 10 }
  }

  /// The sign a price is written with before the amount, for the currencies that groups most often use.
  var symbol: String? {
    switch code {
    case "EUR": "€"
    case "GBP": "£"
    case "USD": "$"
    default: nil
    }
  }

  /// Every code taken, with its minor unit's decimal places (ISO 4217's list of currencies in use, 2025).
  static let exponents: [String: Int] = {
    let noMinorUnit = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
    let threePlaces = "BHD IQD JOD KWD LYD OMR TND"
    let fourPlaces = "CLF UYW"
    let twoPlaces = """
      AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE \
      CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD \
      HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU \
      MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG \
      SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST \
      XCD XCG YER ZAR ZMW ZWG
      """
    var exponents: [String: Int] = [:]
    for (codes, exponent) in [(noMinorUnit, 0), (twoPlaces, 2), (threePlaces, 3), (fourPlaces, 4)] {
      for code in codes.split(separator: " ") { exponents[String(code)] = exponent }
    }
    return exponents
  }()
}
