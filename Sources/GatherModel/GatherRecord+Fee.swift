/// The cost of a gather that has ended without one: the organiser may still set it, once, and it is charged to
/// those who played as if it had been set during the match.
extension GatherRecord {
  /// The players of the split (``FeeSplit``): Team A and Team B, not the bench, by the names they had when it
  /// ended, each with who brought them when they came to `plan` as a guest and that host is on `roster`. A player
  /// deleted from the roster since has no one to charge and is left out.
  public func feePlayers(plan: Plan?, roster: [Player.ID: Player]) -> [FeeSplit.Player] {
    members.filter { $0.team != .bench }.compactMap { member in
      guard let id = member.playerID else { return nil }
      let host = plan?.host(of: id).flatMap { roster[$0] }
      return FeeSplit.Player(id: id, name: member.name, broughtBy: host?.id, broughtByName: host?.name)
    }
  }
}
