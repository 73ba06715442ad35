import FoundationEssentials
import GatherModel
import GatherStore

/// Who paid for the pitch: a plan's or the active gather's cost, the shares charged when a gather ends, and the
/// payments and corrections the organiser marks. Each is a line added to the store's ledger; balances are added
/// up from it (``FeeLedger``).
extension Turn {
  /// Sets or clears an open plan's fee; a `plan` event `updated` follows.
  mutating func setFee(_ fee: Fee?, plan id: Plan.ID) throws -> PlanSnapshot {
    try requirePayer(of: fee)
    var plan = try openPlan(id)
    try plan.setFee(fee)
    try commit { try store.setFee(fee, plan: id) }
    state.keep(plan)
    logger.info("Plan \(id) costs \(fee?.cost.text ?? "nothing") now.", metadata: ["plan_id": "\(id)"])
    return publish(.updated, plan)
  }

  /// Sets or clears the active gather's own fee (`gather` must be its id), which its plan's gives way to.
  mutating func setFee(_ fee: Fee?, gather id: Int64) throws -> GatherSnapshot {
    try requirePayer(of: fee)
    let (store, environment) = (store, environment)
    let gather = try state.changeActive { gather in
      guard gather.id == id else {
        throw GatherError.validation(
          "gather", "Gather \(id) is not the one being played (gather \(gather.id) is): only its cost can be set.")
      }
      gather.setFee(fee)
      try environment.commit { try store.setFee(fee, gather: id) }
      return gather
    }
    logger.info(
      "Gather \(id) costs \(fee?.cost.text ?? "its plan's fee, if any") now.", metadata: ["gather_id": "\(id)"])
    return snapshot(of: gather)
  }

  /// Sets the cost of gather `id`: the active gather's own fee (nil clears it), or, for an ended gather that was
  /// charged nothing, its cost, charged at once (``chargeEndedGather(_:fee:)``).
  mutating func setCost(_ fee: Fee?, gather id: Int64) throws -> GatherCostChange {
    if state.active?.id != id, let fee { return .charged(gather: id, try chargeEndedGather(id, fee: fee)) }
    return .active(try setFee(fee, gather: id))
  }

  /// Sets the cost of ended gather `id` that was charged nothing, and charges it to those who played at once, as
  /// if it had been set during the match (guests to their hosts as `fee` says); returns the lines charged.
  mutating func chargeEndedGather(_ id: Int64, fee: Fee) throws -> [FeeEntry] {
    try requirePayer(of: fee)
    let record = try store.gather(id: id)
    let plan = try record.planID.flatMap { try store.plan($0) }
    let players = record.feePlayers(plan: plan, roster: state.roster)
    let lines = FeeSplit.lines(
      of: fee, among: players, gather: id, at: wallClock(), payerName: fee.paidBy.flatMap { state.roster[$0]?.name })
    let entries = try commit { try store.chargeEnded(gather: id, fee: fee, lines: lines) }
    logger.info(
      "Gather \(id) cost \(fee.cost.text), charged after it ended to \(players.count) players.",
      metadata: ["gather_id": "\(id)"])
    return entries
  }

  /// The ledger lines of `gather`'s cost (its own fee, else its plan's) when it ends at `at`: each share charged to
  /// its payer, and the pitch credited to whoever paid it; none without a fee. The plan, read from the store, says
  /// who brought each guest.
  mutating func feeLines(ending gather: ActiveGather, at: Date) throws -> [FeeEntry] {
    let plan = try gather.planID.flatMap { try store.plan($0) }
    guard let fee = gather.fee ?? plan?.fee else { return [] }
    let players = gather.feePlayers(plan: plan, roster: state.roster) { [state] in state.name(of: $0) }
    return FeeSplit.lines(
      of: fee, among: players, gather: gather.id, at: at, payerName: fee.paidBy.flatMap { state.roster[$0]?.name })
  }

  /// Marks a payment: a new line, checked against the player's own lines (``FeeLedger/payment``).
  mutating func pay(
    player: Player.ID, amount: Int64, currency: String?, note: String?
  ) throws -> (entry: FeeEntry, balance: FeeBalance?) {
    let entries = try store.feeEntries(player: player)
    let name = state.roster[player]?.name ?? entries.last?.name ?? "Player \(player)"
    let entry = try FeeLedger.payment(
      by: player, name: name, amount: amount, currency: currency, note: note, at: wallClock(), entries: entries)
    let saved = try commit { try store.append(entry) }
    logger.info("Marked a payment of \(saved.amount.text) by player \(player).", metadata: ["player_id": "\(player)"])
    return (saved, Self.balance(of: entries + [saved], in: saved.amount.currency))
  }

  /// Records a correction of a roster player's balance, with the note that says why.
  mutating func correctFee(
    player: Player.ID, amount: Int64, currency: String, note: String?
  ) throws -> (entry: FeeEntry, balance: FeeBalance?) {
    let name = try state.player(player).name
    let entry = try FeeLedger.correction(
      of: player, name: name, amount: amount, currency: currency, note: note, at: wallClock())
    let entries = try store.feeEntries(player: player)
    let saved = try commit { try store.append(entry) }
    logger.info("Corrected player \(player)'s fees by \(saved.amount.text).", metadata: ["player_id": "\(player)"])
    return (saved, Self.balance(of: entries + [saved], in: saved.amount.currency))
  }

  /// The balance in `currency` of a player's ledger `entries`: read before a change is committed, so that nothing
  /// after the commit can fail.
  static func balance(of entries: [FeeEntry], in currency: Currency) -> FeeBalance? {
    FeeLedger.balances(entries).first { $0.owed.currency == currency }
  }
}

/// What setting a gather's cost did.
enum GatherCostChange {
  /// The active gather's own fee changed.
  case active(GatherSnapshot)
  /// An ended gather's cost was charged to those who played: the lines charged.
  case charged(gather: Int64, [FeeEntry])
}

extension Turn {
  /// Refuses a fee whose pitch was paid by someone who is not on the roster (-32602 naming `paidBy`).
  func requirePayer(of fee: Fee?) throws(GatherError) {
    guard let payer = fee?.paidBy, state.roster[payer] == nil else { return }
    throw .validation("paidBy", "There is no player \(payer) on the roster to have paid the pitch.")
  }
}

extension Turn {
  /// Says how players are to pay (nil stops saying it): shown to each player beside their balance.
  mutating func setHowToPay(_ note: String?) throws -> String? {
    let checked = try FeeLedger.howToPay.optional(note, field: "note")
    try commit { try store.saveHowToPay(checked) }
    logger.info(checked == nil ? "No word on how to pay now." : "Players are told how to pay now.")
    return checked
  }
}
