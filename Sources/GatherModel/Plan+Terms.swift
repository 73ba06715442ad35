import struct FoundationEssentials.Date

/// The rules of a plan's terms (``PlanTerms``): regulars first, reminders, and closing by itself once its start
/// has passed. Each takes the present as an argument.
extension Plan {
  /// Whether only regulars may join at `at`: the plan has a head start for them that has not ended.
  public func isRegularsOnly(at: Date) -> Bool {
    guard terms.regulars != nil, let opensToAllAt = terms.opensToAllAt else { return false }
    return at < opensToAllAt
  }

  /// Refuses a join at `at` while the plan is for regulars only and the player is not one (`regular`), or is one
  /// whose strikes hold them back (`heldBack`), unless they are in its queue already (joining again changes
  /// nothing). The refusal says when it opens to everyone, on the wall clock of the plan's start, and to a player
  /// held back, why they wait.
  public func requireMayJoin(
    _ player: Player.ID, regular: Bool, heldBack: StrikeHold? = nil, at: Date
  ) throws(GatherError) {
    guard isRegularsOnly(at: at), !regular || heldBack != nil, !queue.contains(where: { $0.player == player }),
      let until = opensToAllText
    else { return }
    if regular, let heldBack { throw .heldBack(id, until: until, strikes: heldBack.strikes, days: heldBack.days) }
    throw .regularsOnly(id, until: until)
  }

  /// When the plan opens to everyone, on the wall clock of its start ("Tue 19 Jan 19:00"); nil without regulars
  /// first.
  public var opensToAllText: String? {
    guard terms.regulars != nil, let opensToAllAt = terms.opensToAllAt else { return nil }
    return GatherReport.localTime(opensToAllAt, utcOffset: details.utcOffset)
  }

  /// When this plan expires: `expiry` after its start.
  public func expiresAt(after expiry: Duration) -> Date {
    details.startsAt.addingTimeInterval(expiry.inSeconds)
  }

  /// Closes the plan by itself, its start long past: it takes no more answers, and its sign-up code only says so.
  public mutating func expire() throws(GatherError) {
    try requireOpen()
    status = .expired
    sequence += 1
  }

  /// How long before the start its reminders go out: its own, else `daemon`'s.
  public func reminders(_ daemon: [Duration]) -> [Duration] { terms.reminders ?? daemon }

  /// The moment of the reminder `before` the start: that long before it on the wall clock of `zone` (the plan's,
  /// ``FootballGather/zone(of:server:)``), so a reminder two days before a 19:00 game goes out at 19:00 across a
  /// clock change too.
  public func reminderMoment(_ before: Duration, zone: ZoneRule) -> Date {
    PlanSchedule.wallTime(details.startsAt, moved: .zero - before, in: zone)
  }

  /// The next reminder still to go out and its moment: the first, by time, of the plan's reminders that falls
  /// after the last one sent (or the plan's making) and before the start. Reminders due before the plan existed
  /// are never sent.
  public func nextReminder(_ daemon: [Duration], zone: ZoneRule) -> (before: Duration, at: Date)? {
    let after = terms.remindedUntil ?? createdAt
    return reminders(daemon)
      .map { (before: $0, at: reminderMoment($0, zone: zone)) }
      .filter { $0.at > after && $0.at < details.startsAt }
      .min { $0.at < $1.at }
  }

  /// The reminder to send at `now`: the latest of those due (sending it passes over any earlier one missed while
  /// gatherd was not running), or nil when none is due or the plan has started.
  public func dueReminder(_ daemon: [Duration], now: Date, zone: ZoneRule) -> (before: Duration, at: Date)? {
    guard now < details.startsAt else { return nil }
    let after = terms.remindedUntil ?? createdAt
    return reminders(daemon)
      .map { (before: $0, at: reminderMoment($0, zone: zone)) }
      .filter { $0.at > after && $0.at <= now }
      .max { $0.at < $1.at }
  }

  /// Records that the reminder of moment `at` went out (or was passed over).
  public mutating func reminded(at moment: Date) { terms.remindedUntil = moment }
}
