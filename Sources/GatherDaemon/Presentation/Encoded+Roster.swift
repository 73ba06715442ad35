import GatherAPI
import GatherModel
import GatherRPC

/// What players.* answer.
extension Encoded where Value == API.Player {
  /// One player.
  init(_ player: Player) { self.init(player.json) }
}

extension Encoded where Value == API.PlayerList {
  /// `{players}`, by id.
  init(_ players: [Player]) { self.init(players.json) }
}

extension Encoded where Value == API.PlayerDeleted {
  /// `{deleted}`: the player deleted.
  init(deleted id: Player.ID) { self.init(.object(["deleted": .int(id)])) }
}

extension Encoded where Value == API.PlayersImported {
  /// `{players}`: the players an import added, in its order.
  init(imported players: [Player]) { self.init(.object(["players": .array(players.map(\.json))])) }
}
