import GatherModel
import GatherRPC
import GatherStore

/// Player stats (issue 9): read from the store in SQL, on any thread, beside the session's loop; the roster
/// comes from the committed view.
extension GatherSession {
  /// Every player's stats over the ended gathers of `period` with at least `minGathers` played, sorted by
  /// `order`.
  func playerStats(period: GatherStore.StatsPeriod, minGathers: Int, order: PlayerStats.Order) throws -> JSONValue {
    let stats = try store.playerStats(period: period, minGathers: minGathers, order: order)
    return .object(["order": .string(order.rawValue), "players": .array(stats.map(\.json))])
  }

  /// One player's stats, last results and best teammates.
  func playerReport(_ id: Player.ID) throws -> JSONValue {
    _ = try view.state.player(id)
    return try store.playerReport(id).json
  }
}
