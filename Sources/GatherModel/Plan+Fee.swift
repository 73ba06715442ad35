import struct FoundationEssentials.Date

/// What a plan costs, and the guests players bring: a guest's share of the cost may be charged to whoever
/// brought them (``Fee/GuestShare/host``).
extension Plan {
  /// Sets what the plan costs and who pays a guest's share, or clears it (nil); only while the plan is open.
  public mutating func setFee(_ newFee: Fee?) throws(GatherError) {
    try requireOpen()
    fee = newFee
  }

  /// The plan with the fee the store keeps for it.
  public func withFee(_ stored: Fee?) -> Plan {
    var plan = self
    plan.fee = stored
    return plan
  }

  /// A new roster player joins as a guest at `at`, brought by `host` when known (the player who added them): as
  /// ``join(_:at:guest:)`` does, remembering who brought them.
  public mutating func join(guest player: Player, at: Date, broughtBy host: Player.ID?) throws(GatherError)
    -> PlanChange
  {
    let change = try join(player, at: at, guest: true)
    if let index = queue.lastIndex(where: { $0.player == player.id }) { queue[index].broughtBy = host }
    return change
  }

  /// Who brought `player` as a guest to this plan, if they came as one and that is known.
  public func host(of player: Player.ID) -> Player.ID? {
    (queue + declined).first { $0.player == player && $0.guest }?.broughtBy
  }
}
