import ArgumentParser

/// An amount of money as people type it on the command line ("60", "12.50", "1500"), read exactly, without
/// floating point, into the whole minor units gatherd takes (6000, 1250, 1500).
enum MoneyAmount {
  /// The decimal places of the minor unit of `code`: the ISO 4217 currencies without cents, or with three or four
  /// places, and 2 for every other (gatherd checks the code itself).
  static func exponent(of code: String) -> Int {
    let upper = code.uppercased()
    if "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split(separator: " ").contains(
      Substring(upper))
    {
      return 0
    }
    if "BHD IQD JOD KWD LYD OMR TND".split(separator: " ").contains(Substring(upper)) { return 3 }
    if upper == "CLF" || upper == "UYW" { return 4 }
    return 2
  }

  /// `text` in minor units of a currency with `exponent` decimal places: digits, and at most that many after a
  /// point; `what` names the argument in the refusal.
  static func minorUnits(_ text: String, exponent: Int, what: String) throws(ValidationError) -> Int64 {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count > 1 ? parts[1] : ""
    let digits = { (part: Substring) in part.allSatisfy { $0.isASCII && $0.isNumber } }
    guard parts.count <= 2, !whole.isEmpty, whole.count <= 12, digits(whole), digits(fraction),
      fraction.count <= exponent, parts.count == 1 || !fraction.isEmpty, let units = Int64(whole)
    else {
      let example = exponent == 0 ? "1500" : "12." + String(repeating: "5", count: exponent)
      throw ValidationError(
        "\(what) must be an amount such as \(example), with at most \(exponent) decimal place(s); got \"\(text)\".")
    }
    var scale: Int64 = 1
    for _ in 0..<exponent { scale *= 10 }
    let cents = fraction.isEmpty ? 0 : Int64(fraction + String(repeating: "0", count: exponent - fraction.count)) ?? 0
    return units * scale + cents
  }
}
