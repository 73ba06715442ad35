import struct FoundationEssentials.Date

/// The waiting-list rules: joining, leaving, a new capacity, and closing a plan. Each checks first and
/// changes nothing when it throws.
extension Plan {
  /// The player says "I'm in" at `at`: they go to the back of the queue, going if a place is free, else
  /// waiting. Joining again changes nothing (`changed` false). Only an open plan takes it.
  public mutating func join(_ player: Player, at: Date, guest: Bool = false) throws(GatherError) -> PlanChange {
    try requireOpen()
    if let answer = answer(of: player.id), answer != .notGoing {
      return PlanChange(player: player.id, answer: answer, changed: false)
    }
    declined.removeAll { $0.player == player.id }
    queue.append(SignUp(player: player.id, name: player.name, at: at, guest: guest))
    return PlanChange(player: player.id, answer: answer(of: player.id) ?? .waiting, changed: true)
  }

  /// The guests this plan has taken in (going, waiting or not going), each a player its sign-up link added.
  public var guests: Int { queue.count { $0.guest } + declined.count { $0.guest } }

  /// The most new players a plan takes in by name: well above its capacity (three times it, and at least 12), so
  /// that a real group that is new to gatherd fills it, waiting list and all, while a sign-up link that escaped the
  /// group chat cannot fill the roster.
  public var guestCap: Int { max(3 * details.capacity, 12) }

  /// Whether a new guest may still be added through this plan (``guestCap``). Checked before the guest is made.
  public func requireRoomForGuest() throws(GatherError) {
    try requireOpen()
    guard guests < guestCap else {
      throw .validation(
        "guest",
        "Plan \(id) has taken in \(guests) new players by name, the most it takes; ask the organiser to add you.")
    }
  }

  /// The player says they cannot make it at `at`: out of the queue if they were in it (the first waiting player
  /// moves up when a going one leaves) and onto the not-going list. Saying it again changes nothing. Only an
  /// open plan takes it.
  public mutating func leave(_ player: Player, at: Date) throws(GatherError) -> PlanChange {
    try requireOpen()
    if answer(of: player.id) == .notGoing {
      return PlanChange(player: player.id, answer: .notGoing, changed: false)
    }
    let placedBefore = placed
    let guest = queue.first { $0.player == player.id }?.guest ?? false
    queue.removeAll { $0.player == player.id }
    offers.removeAll { $0.player == player.id }
    declined.append(SignUp(player: player.id, name: player.name, at: at, guest: guest))
    return fillFreedPlaces(
      placedBefore: placedBefore, change: PlanChange(player: player.id, answer: .notGoing, changed: true), at: at)
  }

  /// Changes when, where or how many (a new start must come after `now`); a new capacity moves players
  /// between going and waiting, in the order they joined.
  public mutating func update(with changes: PlanChanges, now: Date) throws(GatherError) -> PlanMoves {
    try requireOpen()
    let newDetails = try changes.applied(to: details, now: now)
    let goingBefore = going.map(\.player)
    if newDetails.startsAt != details.startsAt { sequence += 1 }
    details = newDetails
    dropStaleOffers()
    let goingAfter = going.map(\.player)
    return PlanMoves(
      promoted: goingAfter.filter { !goingBefore.contains($0) },
      demoted: goingBefore.filter { !goingAfter.contains($0) })
  }

  /// Calls the plan off: it takes no more answers, and its sign-up code only says it was cancelled.
  public mutating func cancel() throws(GatherError) {
    try requireOpen()
    status = .cancelled
    sequence += 1
  }

  /// Checks that the plan can start a gather: open, with at least two players to kick off (those checked in, else
  /// the going ones: waiting ones do not play).
  public func checkStartable() throws(GatherError) {
    try requireOpen()
    let players = kickOffPlayers.count
    guard players >= 2 else {
      throw .validation(
        "plan",
        checkIn == nil
          ? "A gather needs at least 2 going players; plan \(id) has \(players)."
          : "A gather needs at least 2 players; \(players) of plan \(id) checked in.")
    }
  }

  /// Marks the plan as started as gather `gatherID`; its list is closed.
  public mutating func start(gatherID: Int64) throws(GatherError) {
    try checkStartable()
    status = .started
    sequence += 1
    self.gatherID = gatherID
  }

  /// Takes a player off the plan's lists, as when they are deleted from the roster; returns who moved up.
  public mutating func remove(_ player: Player.ID) -> [Player.ID] {
    let goingBefore = going.map(\.player)
    queue.removeAll { $0.player == player }
    declined.removeAll { $0.player == player }
    checkIn?.entries.removeAll { $0.player == player }
    offers.removeAll { $0.player == player }
    return going.map(\.player).filter { !goingBefore.contains($0) }
  }
}
