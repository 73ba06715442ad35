import struct FoundationEssentials.Date

/// The offer rules: within a plan's offer period (``PlanTerms/offerPeriod``) a place that frees up is offered to
/// the first waiting player instead of given, and they take it (``acceptOffer(_:at:)``) or not
/// (``declineOffer(_:at:)``) before it passes to the next. An offer goes out at once, or when quiet hours end;
/// the time to answer (``OfferWindow``) counts only outside them and ends by kick-off at the latest. Before the
/// offer period a freed place is given, as it always was.
extension Plan {
  /// Whether a place freed at `at` is offered rather than given: the plan has an offer period, `at` is in it and
  /// before the start.
  public func offersPlaces(at: Date) -> Bool {
    guard let period = terms.offerPeriod else { return false }
    return at >= details.startsAt.addingTimeInterval(-period.inSeconds) && at < details.startsAt
  }

  /// Whether `player` has been offered a place they have not yet taken.
  public func isOffered(_ player: Player.ID) -> Bool { offers.contains { $0.player == player } }

  /// The offer made to `player`, if any.
  public func offer(to player: Player.ID) -> PlanOffer? { offers.first { $0.player == player } }

  /// The players with a place: going, or offered one.
  var placed: Set<Player.ID> { Set(queue.prefix(details.capacity).map(\.player)) }

  /// After a change that may have freed places (those the first `capacity` of the queue now hold, who were not
  /// `placedBefore`): within the offer period each is offered, made at `at`; otherwise the player moves up.
  mutating func fillFreedPlaces(placedBefore: Set<Player.ID>, change: PlanChange, at: Date) -> PlanChange {
    var change = change
    let arrived = queue.prefix(details.capacity).map(\.player).filter { !placedBefore.contains($0) }
    if offersPlaces(at: at) {
      offers += arrived.map { PlanOffer(player: $0, offeredAt: at) }
      change.offered = arrived
    } else {
      change.promoted = arrived
    }
    return change
  }

  /// The player takes the place offered to them: they are going. Taking it again changes nothing.
  public mutating func acceptOffer(_ player: Player, at: Date) throws(GatherError) -> PlanChange {
    try requireOpen()
    if answer(of: player.id) == .going { return PlanChange(player: player.id, answer: .going, changed: false) }
    guard isOffered(player.id) else { throw noOffer(player) }
    offers.removeAll { $0.player == player.id }
    return PlanChange(player: player.id, answer: .going, changed: true)
  }

  /// The player turns the place offered to them down (or let it lapse): they are not going, and the place goes to
  /// the next waiting player (offered, within the offer period).
  public mutating func declineOffer(_ player: Player, at: Date) throws(GatherError) -> PlanChange {
    try requireOpen()
    guard isOffered(player.id) else { throw noOffer(player) }
    return try leave(player, at: at)
  }

  /// Sends the offer to `player` at `at` (out of quiet hours): they have the window for its distance to the start,
  /// counted outside `quiet` hours and ending by the start.
  public mutating func sendOffer(to player: Player.ID, at: Date, quiet: QuietHours?, zone: ZoneRule) {
    guard let index = offers.firstIndex(where: { $0.player == player }) else { return }
    let window = OfferWindow.window(before: .seconds(details.startsAt.timeIntervalSince(at)))
    let deadline =
      quiet?.deadline(from: at, window: window, zone: zone) ?? at.addingTimeInterval(window.inSeconds)
    offers[index].sentAt = at
    offers[index].expiresAt = min(deadline, details.startsAt)
  }

  /// Drops the offers of players a smaller capacity put back among the waiting: they no longer hold a place.
  mutating func dropStaleOffers() {
    let placed = placed
    offers.removeAll { !placed.contains($0.player) }
  }

  /// What the offers have due at `now`: those still to go out, once quiet hours are over; those whose time ran
  /// out, or that were not taken by the start, to lapse.
  public func dueOffers(now: Date, quiet: QuietHours?, zone: ZoneRule) -> [PlanDue] {
    offers.compactMap { offer in
      if now >= details.startsAt { return .lapseOffer(id, player: offer.player) }
      if let expiresAt = offer.expiresAt { return expiresAt <= now ? .lapseOffer(id, player: offer.player) : nil }
      return quiet?.contains(now, zone: zone) == true ? nil : .sendOffer(id, player: offer.player)
    }
  }

  /// The next moment an offer has something due after `now`: a send when quiet hours end, a lapse.
  public func nextOfferMoment(now: Date, quiet: QuietHours?, zone: ZoneRule) -> Date? {
    offers.map { offer in
      let next = offer.expiresAt ?? quiet.map { $0.over(from: now, zone: zone) } ?? now
      return min(next, details.startsAt)
    }.min()
  }

  /// The plan with `offers`, as the store keeps them.
  public func restoring(offers: [PlanOffer]) -> Plan {
    var plan = self
    plan.offers = offers
    return plan
  }

  private func noOffer(_ player: Player) -> GatherError {
    .validation("player", "\(player.name) has no place offered in plan \(id) (or it passed on): join to wait for one.")
  }
}
