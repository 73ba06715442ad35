/// What one answer did to a plan's lists: where the player now stands, whether anything changed,
/// and who moved up from the waiting list because of it.
public struct PlanChange: Sendable, Hashable {
  /// Where a player stands on a plan.
  public enum Answer: String, Sendable, Hashable, CaseIterable {
    /// Among the first `capacity` to join.
    case going
    /// Joined past the capacity: waiting for a place.
    case waiting
    /// Said they cannot make it, or left.
    case notGoing
  }

  /// The player who answered.
  public var player: Player.ID
  /// Where they stand now.
  public var answer: Answer
  /// False when they had already given this answer: nothing changed.
  public var changed: Bool
  /// The players who moved up from the waiting list to going, in order.
  public var promoted: [Player.ID]
  /// The waiting players offered the places it freed, in order (within the plan's offer period).
  public var offered: [Player.ID] = []

  /// Creates an outcome.
  public init(player: Player.ID, answer: Answer, changed: Bool, promoted: [Player.ID] = []) {
    self.player = player
    self.answer = answer
    self.changed = changed
    self.promoted = promoted
  }
}
