import FoundationEssentials
import GatherModel

/// Taking back a gather: the last one ended too soon, reopened within half an hour of its end; one that should
/// never have counted, deleted from history. The store squares its charges with corrections and replays every
/// rating in the same transaction; the live state is then read back from it, since a change of history touches
/// the ratings, the draws, the regulars and the votes at once.
extension Turn {
  /// Reopens the last ended gather `id`, within ``Undo/reopenWindow`` of its end, at full time: a `gather` event
  /// `reopened`. Returns the gather as it now is, and the corrections that reversed its charges.
  mutating func reopenGather(_ id: Int64) throws -> (gather: GatherSnapshot, corrections: [FeeEntry]) {
    try Undo.checkReopenable(id, playing: state.active?.id)
    let record = try store.gather(id: id)
    let now = wallClock()
    try Undo.checkReopen(
      id, endedAt: record.endedAt, last: try store.lastEndedGather()?.id, playing: state.active?.id, now: now)
    let corrections = try commit {
      try store.reopenGather(id, note: "Gather \(id) was reopened: its charge is reversed.", at: now)
    }
    reloadFromStore()
    logger.info(
      "Reopened gather \(id): \(corrections.count) charges reversed, ratings replayed.",
      metadata: ["gather_id": "\(id)"])
    guard let gather = state.active else { throw GatherError.noActiveGather }
    let reopened = snapshot(of: gather)
    hub.publish(.gather(.reopened(reopened)))
    return (reopened, corrections)
  }

  /// Deletes ended gather `id` from history: a `gather` event `deleted`. Returns the corrections that reversed its
  /// charges.
  mutating func deleteGather(_ id: Int64) throws -> [FeeEntry] {
    try Undo.checkDelete(id, playing: state.active?.id)
    let corrections = try commit {
      try store.deleteGather(id, note: "Gather \(id) was deleted: its charge is reversed.", at: wallClock())
    }
    reloadFromStore()
    logger.info(
      "Deleted gather \(id) from history: \(corrections.count) charges reversed, ratings replayed.",
      metadata: ["gather_id": "\(id)"])
    hub.publish(.gather(.deleted(id: id)))
    return corrections
  }

  /// Reads the live state back from the store after a change of history, and sets every alarm again for it.
  mutating func reloadFromStore() {
    do {
      state = try store.load(at: now, wallNow: wallClock())
    } catch {
      // The change is committed; only the state in memory is behind, until the next start reads it again.
      logger.critical("Could not read the state back after a change of history: \(error)")
    }
    match.endsAt = nil
    rearmClock()
    rearmVoteTimer()
    rearmAgenda()
  }
}
