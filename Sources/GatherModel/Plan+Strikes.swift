import struct FoundationEssentials.Date

/// A mark against a player's word: a late drop-out (a going player who left after the plan's cut-off) or a
/// no-show (going at the check-in, and not there). Strikes are counted in stats; gatherd's settings may fine them
/// (``Fines``) and hold back a player with too many (``StrikeRule``).
public struct Strike: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Left a place after the plan's cut-off.
    case lateDropOut
    /// Going at the check-in, and not there.
    case noShow
  }

  /// The plan.
  public var plan: Plan.ID
  /// The player.
  public var player: Player.ID
  /// Their name then.
  public var name: String
  /// What happened.
  public var kind: Kind
  /// When: the drop-out, or the check-in.
  public var at: Date

  /// A strike as recorded or read back.
  public init(plan: Plan.ID, player: Player.ID, name: String, kind: Kind, at: Date) {
    self.plan = plan
    self.player = player
    self.name = name
    self.kind = kind
    self.at = at
  }
}

/// gatherd's `strikes` setting: a player with `limit` strikes or more in the last `period` waits for a plan's
/// opening to everyone, as a player who is not a regular does.
public struct StrikeRule: Sendable, Hashable {
  /// How far back strikes count unless the setting says otherwise: 60 days.
  public static let standardPeriod = Duration.seconds(60 * 86400)

  /// How many strikes hold a player back: 1 to 20.
  public let limit: Int
  /// How far back strikes count: 1 to 365 days.
  public let period: Duration

  /// A rule; refusals name `field`.
  public init(limit: Int, period: Duration = standardPeriod, field: String = "strikes") throws(GatherError) {
    guard (1...20).contains(limit) else { throw .validation(field, "Strikes that hold a player back: 1 to 20.") }
    guard (Duration.seconds(86400) ... .seconds(365 * 86400)).contains(period) else {
      throw .validation(field, "Strikes count over 1 to 365 days.")
    }
    self.limit = limit
    self.period = period
  }

  /// Whether a player with strikes at `strikes` is held back at `now`.
  public func holdsBack(_ strikes: [Date], now: Date) -> Bool { hold(strikes, now: now) != nil }

  /// How many of `strikes` count at `now` (those of the last ``period``).
  public func counted(_ strikes: [Date], now: Date) -> Int {
    let since = now.addingTimeInterval(-period.inSeconds)
    return strikes.count { $0 > since && $0 <= now }
  }

  /// Whether `counted` strikes of the last ``period`` hold a player back.
  public func holdsBack(counted: Int) -> Bool { counted >= limit }

  /// The hold on a player with strikes at `strikes` at `now`, if they are held back.
  public func hold(_ strikes: [Date], now: Date) -> StrikeHold? {
    let count = counted(strikes, now: now)
    return holdsBack(counted: count) ? StrikeHold(strikes: count, days: Int(period.inSeconds / 86400)) : nil
  }
}

/// Why a regular waits for a plan's opening to everyone: `strikes` late drop-outs and no-shows in the last `days`.
public struct StrikeHold: Sendable, Hashable {
  /// The strikes that count.
  public let strikes: Int
  /// How many days back they count.
  public let days: Int

  /// A hold.
  public init(strikes: Int, days: Int) {
    self.strikes = strikes
    self.days = days
  }
}

/// gatherd's fines (off by default): what a late drop-out and a no-show each write to the fee ledger.
public struct Fines: Sendable, Hashable {
  /// The fine for a late drop-out; nil for none.
  public var lateDropOut: Money?
  /// The fine for a no-show; nil for none.
  public var noShow: Money?

  /// Fines as the settings give them; none by default.
  public init(lateDropOut: Money? = nil, noShow: Money? = nil) {
    self.lateDropOut = lateDropOut
    self.noShow = noShow
  }

  /// The fine for a strike of `kind`, if any.
  public func fine(for kind: Strike.Kind) -> Money? {
    switch kind {
    case .lateDropOut: lateDropOut
    case .noShow: noShow
    }
  }
}

extension Plan {
  /// When leaving becomes a late drop-out: the plan's cut-off (24 hours by default) before its start.
  public var cutOffAt: Date {
    details.startsAt.addingTimeInterval(-(terms.cutOff ?? OfferWindow.standardCutOff).inSeconds)
  }

  /// Whether `player` leaving at `at` is a late drop-out: they are going (not merely offered a place or waiting),
  /// and the cut-off has passed.
  public func isLateDropOut(_ player: Player.ID, at: Date) -> Bool {
    answer(of: player) == .going && at >= cutOffAt
  }

  /// The strikes a check-in at `at` gives: one for each no-show.
  public func noShowStrikes(at: Date) -> [Strike] {
    (checkIn?.noShows ?? []).map { Strike(plan: id, player: $0.player, name: $0.name, kind: .noShow, at: at) }
  }
}

extension Plan {
  /// Sets the plan's offer period and cut-off: nil leaves one as it is, `.some(nil)` clears it (no offers; 24
  /// hours). Refusals name `offerPeriod` and `cutOff`.
  public mutating func setAttendanceTerms(offerPeriod: Duration??, cutOff: Duration??) throws(GatherError) {
    try requireOpen()
    let period = try offerPeriod.map { period throws(GatherError) in
      try OfferWindow.checkPeriod(period, field: "offerPeriod")
    }
    let cut = try cutOff.map { cut throws(GatherError) in try OfferWindow.checkCutOff(cut, field: "cutOff") }
    if let period { terms.offerPeriod = period }
    if let cut { terms.cutOff = cut }
  }
}

extension ScheduleDetails {
  /// Sets each week's offer period and cut-off, as ``Plan/setAttendanceTerms(offerPeriod:cutOff:)`` does a plan's.
  public mutating func setAttendanceTerms(offerPeriod: Duration??, cutOff: Duration??) throws(GatherError) {
    let period = try offerPeriod.map { period throws(GatherError) in
      try OfferWindow.checkPeriod(period, field: "offerPeriod")
    }
    let cut = try cutOff.map { cut throws(GatherError) in try OfferWindow.checkCutOff(cut, field: "cutOff") }
    if let period { self.offerPeriod = period }
    if let cut { self.cutOff = cut }
  }
}
