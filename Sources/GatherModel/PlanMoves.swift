/// What changing a plan's capacity did to its lists: who moved up to going, and who moved back to waiting.
public struct PlanMoves: Sendable, Hashable {
  /// Moved up from the waiting list, in the order they joined.
  public var promoted: [Player.ID]
  /// Moved back to the head of the waiting list, in the order they joined.
  public var demoted: [Player.ID]

  /// Creates the moves.
  public init(promoted: [Player.ID] = [], demoted: [Player.ID] = []) {
    self.promoted = promoted
    self.demoted = demoted
  }
}
