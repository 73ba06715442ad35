import struct FoundationEssentials.Date

/// On the night: who turned up, and who a gather started from the plan takes.
extension Plan {
  /// Records who turned up at `at`, in place of any check-in before: `present` are the roster players who are
  /// there (going, waiting, or neither: walk-ins), `newcomers` players new to the roster, made on the night, who
  /// are there as guests. The going players not among them are no-shows. At least one player must be there, and
  /// nobody twice. Only an open plan takes it; nothing changes when it throws.
  @discardableResult
  public mutating func checkIn(present: [Player], newcomers: [Player] = [], at: Date) throws(GatherError) -> CheckIn {
    try requireOpen()
    guard !present.isEmpty || !newcomers.isEmpty else {
      throw .validation("present", "Tick at least one player who is here.")
    }
    var seen = Set<Player.ID>()
    for player in present + newcomers where !seen.insert(player.id).inserted {
      throw .validation("present", "\(player.name) is ticked more than once.")
    }
    let here = Dictionary(present.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let listed = Set(queue.map(\.player))
    func entry(_ signUp: SignUp, _ presence: CheckIn.Presence) -> CheckIn.Entry {
      CheckIn.Entry(
        player: signUp.player, name: here[signUp.player]?.name ?? signUp.name, guest: signUp.guest,
        presence: presence)
    }
    var entries = going.filter { here[$0.player] != nil }.map { entry($0, .going) }
    entries += waiting.filter { here[$0.player] != nil }.map { entry($0, .waiting) }
    entries += present.filter { !listed.contains($0.id) }.map {
      CheckIn.Entry(player: $0.id, name: $0.name, presence: .walkIn)
    }
    entries += newcomers.map { CheckIn.Entry(player: $0.id, name: $0.name, guest: true, presence: .walkIn) }
    entries += going.filter { here[$0.player] == nil }.map { entry($0, .noShow) }
    let record = CheckIn(at: at, entries: entries)
    checkIn = record
    return record
  }

  /// The players a gather started from this plan takes, in order: those checked in, else the going ones.
  public var kickOffPlayers: [Player.ID] {
    checkIn.map { $0.present.map(\.player) } ?? going.map(\.player)
  }

  /// Who a gather started from this plan puts on the pitch, and who on the bench: with an odd number of players the
  /// last of them (in the check-in's order: the going ones as they joined, then those brought in; else the last to
  /// join: first come, first play) starts on the bench, so that the sides are even, and comes on for someone at
  /// half time.
  public var kickOffLineup: (playing: [Player.ID], bench: [Player.ID]) {
    let players = kickOffPlayers
    guard players.count % 2 == 1, players.count > 2 else { return (players, []) }
    return (Array(players.dropLast()), [players[players.count - 1]])
  }
}
