import FoundationEssentials
import GatherModel

/// Two roster players who are one person (a friend who signed up twice, once as a guest), made one.
extension Turn {
  /// Makes player `from` one with `into`: `from`'s history, goals, plan answers, votes and balance become
  /// `into`'s, `from` leaves the roster, and every rating is replayed (``PlayerMerge``). `players` events:
  /// `deleted` for `from`, `updated` for `into`. Returns `into`, and the corrections that moved the balance.
  mutating func mergePlayers(from: Player.ID, into: Player.ID) throws -> (player: Player, corrections: [FeeEntry]) {
    try PlayerMerge.check(from: from, into: into, in: state, shared: try store.gathersShared(by: from, and: into))
    let (source, target) = (try state.player(from), try state.player(into))
    let note = "\(source.name) (player \(from)) was merged into \(target.name): the balance moved with them."
    let corrections = try commit { try store.mergePlayers(from: from, into: into, note: note, at: wallClock()) }
    reloadFromStore()
    logger.info("Merged player \(from) into player \(into).", metadata: ["player_id": "\(into)"])
    let merged = try state.player(into)
    hub.publish(.roster(.deleted(from)))
    hub.publish(.roster(.updated(merged)))
    return (merged, corrections)
  }
}
