/// Who may join a plan before everyone else, and for how long: the players marked regular, and, if the rule says
/// so, those who played at least `played` of the group's last `ofLast` gathers (on either side or on the bench).
///
/// Before the plan opens to everyone only regulars may join; from then on anyone may. Everyone stands in the
/// one queue in the order they joined, so the regulars who joined early stand ahead of everyone who joined after
/// the opening, and after it a regular has no precedence: first come, first served within each group.
public struct RegularsRule: Sendable, Hashable {
  /// How long regulars have the plan to themselves: from 1 minute to 27 days.
  public static let headStartRange: ClosedRange<Duration> = .seconds(60) ... .seconds(27 * 86400)
  /// How many of the group's last gathers the rule may look at.
  public static let ofLastRange = 1...20

  /// How long after the plan opens it opens to everyone.
  public let headStart: Duration
  /// With ``ofLast``: how many of the group's last gathers a player must have played to count as a regular; nil
  /// when only players marked regular count.
  public let played: Int?
  /// How many of the group's last gathers ``played`` counts.
  public let ofLast: Int?

  /// A rule; `played` and `ofLast` come together (1 ≤ played ≤ ofLast ≤ 20) or not at all. Refusals name the
  /// param: `regularsFirst`, `regularsPlayed`, `regularsOfLast`.
  public init(headStart: Duration, played: Int? = nil, ofLast: Int? = nil) throws(GatherError) {
    guard Self.headStartRange.contains(headStart) else {
      throw .validation(
        "regularsFirst", "Regulars may have a plan to themselves from 1 minute to 27 days (in seconds: 60 to 2332800).")
    }
    switch (played, ofLast) {
    case (nil, nil): break
    case (let played?, let ofLast?):
      guard Self.ofLastRange.contains(ofLast) else {
        throw .validation("regularsOfLast", "The rule may look at the last 1 to 20 gathers; \(ofLast) is out of range.")
      }
      guard (1...ofLast).contains(played) else {
        throw .validation(
          "regularsPlayed", "A regular must have played from 1 to \(ofLast) of the last \(ofLast) gathers.")
      }
    case (nil, _):
      throw .validation("regularsPlayed", "Say how many of the last \(ofLast ?? 0) gathers make a regular.")
    case (_, nil):
      throw .validation("regularsOfLast", "Say how many of the last gathers regularsPlayed counts.")
    }
    self.headStart = headStart
    self.played = played
    self.ofLast = ofLast
  }

  /// Whether `player` counts as a regular: marked so, or, by the rule's count, in enough of `recent` (the lineups
  /// of the group's last gathers, newest first).
  public func isRegular(_ player: Player, recent: [Set<Player.ID>]) -> Bool {
    if player.details.regular { return true }
    guard let played, let ofLast else { return false }
    return recent.prefix(ofLast).count { $0.contains(player.id) } >= played
  }

  /// The rule in words: "Players marked regular, or who played 3 of the last 5 gathers".
  public var text: String {
    guard let played, let ofLast else { return "Players marked regular" }
    return "Players marked regular, or who played \(played) of the last \(ofLast) gathers"
  }
}
