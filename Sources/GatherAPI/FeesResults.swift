import GatherRPC

// What the fees methods answer, and the schemas of their results.
extension API {
  /// What fees.pay answers.
  public struct LedgerWrite: Decodable, Sendable, Equatable {
    /// The entry.
    public let entry: API.FeeEntry
    /// The balance.
    public let balance: API.FeeBalance?
  }

  /// What fees.balance answers.
  public struct FeeBalances: Decodable, Sendable, Equatable {
    /// By name, then currency.
    public let balances: [API.FeeBalance]
    /// How players are to pay, in the organiser's words; nil when unsaid.
    public let howToPay: String?
  }

  /// What fees.setHowToPay answers.
  public struct HowToPay: Decodable, Sendable, Equatable {
    /// How players are to pay, as now saved; nil when unsaid.
    public let howToPay: String?
  }

  /// What fees.ledger answers.
  public struct FeeLedger: Decodable, Sendable, Equatable {
    /// The entries.
    public let entries: [API.FeeEntry]
  }

}

extension APISchemas {
  /// The schema of ``API/LedgerWrite``.
  public static let ledgerWrite: Schema = .object(
    [
      "entry": .required(.ref("FeeEntry")),
      "balance": .required(.nullable(.ref("FeeBalance"))),
    ])

  /// The schema of ``API/FeeBalances``.
  public static let feeBalances: Schema = .object(
    [
      "balances": .required(.array(of: .ref("FeeBalance"), "By name, then currency.")),
      "howToPay": .required(.nullable(.string()).described("How players are to pay, in the organiser's words.")),
    ])

  /// The schema of ``API/HowToPay``.
  public static let howToPay: Schema = .object(
    [
      "howToPay": .required(.nullable(.string()).described("How players are to pay, in the organiser's words."))
    ])

  /// The schema of ``API/FeeLedger``.
  public static let feeLedger: Schema = .object(
    [
      "entries": .required(.array(of: .ref("FeeEntry")))
    ])

}
