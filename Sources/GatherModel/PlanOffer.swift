import struct FoundationEssentials.Date

/// A place freed within a plan's offer period, offered to the first waiting player, who accepts or declines it
/// before it passes on (Plan+Offers.swift).
public struct PlanOffer: Sendable, Hashable {
  /// Whom it is offered to.
  public let player: Player.ID
  /// When the place was freed and offered.
  public let offeredAt: Date
  /// When it went out to the player: at once, or when quiet hours ended; nil until then.
  public internal(set) var sentAt: Date?
  /// Until when the player may take it; nil until it went out.
  public internal(set) var expiresAt: Date?

  /// An offer as made or as the store keeps it.
  public init(player: Player.ID, offeredAt: Date, sentAt: Date? = nil, expiresAt: Date? = nil) {
    self.player = player
    self.offeredAt = offeredAt
    self.sentAt = sentAt
    self.expiresAt = expiresAt
  }
}

/// How long a player has to take an offered place: less the nearer kick-off is.
public enum OfferWindow {
  /// How long before the start a plan's offer period may begin: from 1 hour to 14 days.
  public static let periodRange: ClosedRange<Duration> = .seconds(3600) ... .seconds(14 * 86400)
  /// How long before the start a plan's cut-off for dropping out may be: from 0 to 14 days.
  public static let cutOffRange: ClosedRange<Duration> = .zero ... .seconds(14 * 86400)
  /// A plan's cut-off when nothing says: 24 hours before the start.
  public static let standardCutOff: Duration = .seconds(24 * 3600)

  /// The time to answer an offer sent `before` the start: 2 hours when more than a day is left, 30 minutes when
  /// more than 3 hours are, else 10 minutes.
  public static func window(before: Duration) -> Duration {
    if before > .seconds(24 * 3600) { return .seconds(2 * 3600) }
    if before > .seconds(3 * 3600) { return .seconds(30 * 60) }
    return .seconds(10 * 60)
  }

  /// Checks an offer period, naming `field`: nil (no offers) or from 1 hour to 14 days.
  public static func checkPeriod(_ period: Duration?, field: String) throws(GatherError) -> Duration? {
    guard let period else { return nil }
    guard periodRange.contains(period) else {
      throw .validation(field, "An offer period is from 1 hour to 14 days before the start (3600 to 1209600 s).")
    }
    return period
  }

  /// Checks a cut-off, naming `field`: nil (the standard 24 hours) or from 0 to 14 days.
  public static func checkCutOff(_ cutOff: Duration?, field: String) throws(GatherError) -> Duration? {
    guard let cutOff else { return nil }
    guard cutOffRange.contains(cutOff) else {
      throw .validation(field, "A cut-off is from 0 to 14 days before the start (0 to 1209600 s).")
    }
    return cutOff
  }
}
