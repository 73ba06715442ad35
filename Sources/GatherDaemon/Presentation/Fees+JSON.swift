import GatherModel
import GatherRPC

/// The JSON shapes of costs and the fee ledger: amounts are integers of minor units, never floating point.
extension Money {
  /// `{amount, currency, exponent, text}`: 1250, "EUR", 2 (the minor unit's decimal places), "€12.50".
  var json: JSONValue {
    .object([
      "amount": .int(minorUnits), "currency": .string(currency.code), "exponent": .int(Int64(currency.exponent)),
      "text": .string(text),
    ])
  }
}

extension Fee {
  /// `{cost, guests, paidBy}`: the whole cost, who pays a guest's share (`themselves` or `host`), and who paid the
  /// pitch (`{id, name}`, named by `roster`; null when nobody is said to have).
  func json(roster: [Player.ID: Player]) -> JSONValue {
    .object([
      "cost": cost.json, "guests": .string(guests.rawValue),
      "paidBy": paidBy.map { .object(["id": .int($0), "name": .string(roster[$0]?.name ?? "Player \($0)")]) } ?? .null,
    ])
  }
}

extension FeeEntry {
  /// `{id, at, kind, player, amount, gather, for, note}`: `player` is who owes or paid (`{id, name}`), `amount` what
  /// the line adds to their balance (negative for a payment), `for` the guest whose share a charge is, or null.
  var json: JSONValue {
    .object([
      "id": .int(id), "at": .string(ISO8601.string(at)), "kind": .string(kind.rawValue),
      "player": .object(["id": .int(player), "name": .string(name)]), "amount": amount.json,
      "gather": gatherID.map { .int($0) } ?? .null,
      "for": forPlayer.map { .object(["id": .int($0), "name": .string(forName ?? "player \($0)")]) } ?? .null,
      "note": note.map { .string($0) } ?? .null,
    ])
  }
}

extension FeeBalance {
  /// `{player, currency, owed, charged, paid, corrected}`: `owed` is positive while they owe, negative in credit.
  var json: JSONValue {
    .object([
      "player": .object(["id": .int(player), "name": .string(name)]), "currency": .string(owed.currency.code),
      "owed": owed.json, "charged": charged.json, "paid": paid.json, "corrected": corrected.json,
    ])
  }
}
