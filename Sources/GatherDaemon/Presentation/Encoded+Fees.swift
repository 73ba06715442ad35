import GatherAPI
import GatherModel
import GatherRPC

/// What fees.* answer.
extension Encoded where Value == API.CostChange {
  /// The plan whose cost was set, as it now is.
  init(_ plan: PlanSnapshot) { self.init(plan.json) }

  /// The active gather whose cost was set, or the lines an ended gather's cost charged: `{gather, charged}`.
  init(_ change: GatherCostChange) {
    switch change {
    case .active(let snapshot): self.init(snapshot.json)
    case .charged(let id, let entries):
      self.init(.object(["gather": .int(id), "charged": .array(entries.map(\.json))]))
    }
  }
}

extension Encoded where Value == API.LedgerWrite {
  /// `{entry, balance}`: the line written and the player's balance in its currency after it.
  init(_ entry: FeeEntry, balance: FeeBalance?) {
    self.init(.object(["entry": entry.json, "balance": balance?.json ?? .null]))
  }
}

extension Encoded where Value == API.FeeBalances {
  /// `{balances, howToPay}`: the balances, and how players are to pay.
  init(balances: [FeeBalance], howToPay: String?) {
    self.init(.object(["balances": .array(balances.map(\.json)), "howToPay": howToPay.map { .string($0) } ?? .null]))
  }
}

extension Encoded where Value == API.HowToPay {
  /// `{howToPay}`.
  init(howToPay: String?) { self.init(.object(["howToPay": howToPay.map { .string($0) } ?? .null])) }
}

extension Encoded where Value == API.FeeLedger {
  /// `{entries}`, oldest first.
  init(ledger entries: [FeeEntry]) { self.init(.object(["entries": .array(entries.map(\.json))])) }
}
