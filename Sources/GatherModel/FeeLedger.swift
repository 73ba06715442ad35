import struct FoundationEssentials.Date

/// The rules of the fee ledger: balances are added up from its lines, never stored, and a payment or a
/// correction is a new line, checked against the player's lines before it is written. Nothing is processed: the
/// organiser marks what was handed over.
public enum FeeLedger {
  /// Each player's balance in each currency they have lines in, by name (ignoring case), then id, then currency.
  public static func balances(_ entries: [FeeEntry]) -> [FeeBalance] {
    var byKey: [String: FeeBalance] = [:]
    var order: [String] = []
    for entry in entries.sorted(by: { $0.id < $1.id }) {
      let key = "\(entry.player) \(entry.amount.currency.code)"
      let zero = Money(minorUnits: 0, currency: entry.amount.currency)
      var balance =
        byKey[key]
        ?? FeeBalance(player: entry.player, name: entry.name, owed: zero, charged: zero, paid: zero, corrected: zero)
      if byKey[key] == nil { order.append(key) }
      balance.name = entry.name
      balance.owed = balance.owed.adding(entry.amount.minorUnits)
      switch entry.kind {
      case .charge: balance.charged = balance.charged.adding(entry.amount.minorUnits)
      case .payment: balance.paid = balance.paid.adding(-entry.amount.minorUnits)
      case .correction: balance.corrected = balance.corrected.adding(entry.amount.minorUnits)
      }
      byKey[key] = balance
    }
    return order.compactMap { byKey[$0] }.sorted {
      ($0.name.lowercased(), $0.player, $0.owed.currency.code) < (
        $1.name.lowercased(), $1.player, $1.owed.currency.code
      )
    }
  }

  /// A payment of `amount` minor units by `player` (who has `entries`, their own lines), in `code` or, when nil,
  /// the one currency they were charged in. Refused, naming the param, for someone never charged (`player`), a
  /// currency they were never charged in or one left out among several (`currency`), and an amount of 0, below or
  /// absurd (`amount`). Overpaying is taken: the balance goes into credit.
  public static func payment(
    by player: Player.ID, name: String, amount: Int64, currency code: String?, note: String?, at: Date,
    entries: [FeeEntry]
  ) throws(GatherError) -> FeeEntry {
    let charged = Set(entries.filter { $0.player == player && $0.kind == .charge }.map(\.amount.currency))
    guard !charged.isEmpty else {
      throw .validation("player", "\(name) has never been charged a fee, so there is nothing to pay for.")
    }
    let currency: Currency
    if let code {
      currency = try Currency(code: code)
      guard charged.contains(currency) else {
        throw .validation("currency", "\(name) was never charged in \(currency); their fees are in \(list(charged)).")
      }
    } else {
      guard charged.count == 1, let only = charged.first else {
        throw .validation("currency", "\(name) was charged in \(list(charged)): say which currency this pays.")
      }
      currency = only
    }
    let paid = try Money(checking: amount, currency: currency, field: "amount")
    return FeeEntry(
      at: at, player: player, name: name, kind: .payment,
      amount: Money(minorUnits: -paid.minorUnits, currency: currency),
      note: try ledgerNote.optional(note, field: "note"))
  }

  /// A correction of `amount` minor units (positive: they owe more; negative: less) in `code`, with the note that
  /// says why (required: ``ledgerNote``).
  public static func correction(
    of player: Player.ID, name: String, amount: Int64, currency code: String, note: String?, at: Date
  ) throws(GatherError) -> FeeEntry {
    let currency = try Currency(code: code)
    let money = try Money(checking: amount, currency: currency, field: "amount", negativeAllowed: true)
    guard let why = try ledgerNote.optional(note, field: "note") else {
      throw .validation("note", "A correction needs a note that says why, for the ledger.")
    }
    return FeeEntry(at: at, player: player, name: name, kind: .correction, amount: money, note: why)
  }

  /// What the organiser writes on a payment or a correction: typed text of at most 200 characters, 800 bytes.
  public static let ledgerNote = TypedText(subject: "A ledger note", maxCharacters: 200)

  /// "EUR" or "EUR and GBP".
  private static func list(_ currencies: Set<Currency>) -> String {
    currencies.map(\.code).sorted().joined(separator: " and ")
  }
}

extension Money {
  /// This amount with `minorUnits` more (fewer when negative).
  func adding(_ more: Int64) -> Money { Money(minorUnits: minorUnits + more, currency: currency) }
}

extension FeeLedger {
  /// How players are to pay what they owe, in the organiser's words ("Cash at the pitch, or IBAN DE44…"): shown to
  /// each player beside their balance. Typed text of at most 300 characters.
  public static let howToPay = TypedText(subject: "How to pay", maxCharacters: 300)
}
