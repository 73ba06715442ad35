import GatherModel
import GatherRPC

/// History: database reads that run on any thread, beside the session's loop, against the committed view.
extension GatherSession {
  /// One page of history, newest first, optionally only the gathers of one player.
  func history(limit: Int, before: Int64?, player: Player.ID?) throws -> JSONValue {
    if let player { _ = try view.state.player(player) }
    let page = try store.page(limit: limit, before: before, player: player)
    return .object(["gathers": .array(page.gathers.map(\.json)), "next": page.next.map { .int($0) } ?? .null])
  }

  /// An ended gather with its lineup and goals.
  func record(_ id: Int64) throws -> JSONValue {
    try store.gather(id: id).json(roster: view.state.roster)
  }
}
