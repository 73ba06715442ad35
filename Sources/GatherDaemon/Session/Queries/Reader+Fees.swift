import GatherModel

/// The fee ledger as queries read it: balances added up from its lines, and the lines themselves.
extension Reader {
  /// Every player's balance in each currency, or one player's (who must be on the roster or in the ledger).
  func feeBalances(player: Player.ID?) throws -> [FeeBalance] {
    let entries = try store.feeEntries(player: player, gather: nil)
    if let player, entries.isEmpty { _ = try state.player(player) }
    return FeeLedger.balances(entries)
  }

  /// The ledger's lines, oldest first: a player's, a gather's, or all.
  func feeLedger(player: Player.ID?, gather: Int64?) throws -> [FeeEntry] {
    let entries = try store.feeEntries(player: player, gather: gather)
    if let player, entries.isEmpty { _ = try state.player(player) }
    if let gather, entries.isEmpty { _ = try store.gather(id: gather) }
    return entries
  }
}

extension Reader {
  /// How players are to pay, in the organiser's words; nil when unsaid.
  func howToPay() throws -> String? { try store.howToPay() }
}
