/// What the active gather costs: set during the match, or its plan's; charged to those who played when it ends.
extension ActiveGather {
  /// Sets or clears (nil) the gather's own fee; the plan's applies when there is none.
  public mutating func setFee(_ newFee: Fee?) { fee = newFee }

  /// The players of the split (``FeeSplit``): Team A and Team B, not the bench, each with who brought them when
  /// they came to `plan` as a guest and that host is on `roster`. `name` names each player.
  public func feePlayers(plan: Plan?, roster: [Player.ID: Player], name: (Player.ID) -> String) -> [FeeSplit.Player] {
    (lineup.players(in: .teamA) + lineup.players(in: .teamB)).map { id in
      let host = plan?.host(of: id).flatMap { roster[$0] }
      return FeeSplit.Player(id: id, name: name(id), broughtBy: host?.id, broughtByName: host?.name)
    }
  }
}
