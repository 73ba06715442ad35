import GatherModel
import GatherStore

/// A full or failing disk: every write goes through ``commit(_:)``, which keeps the journal to one error per outage
/// and one notice when it ends (``StorageHealth``). A change whose write failed is refused with
/// `storage_unavailable` by the caller's usual path: it is kept in memory, and published, only after its write
/// returns, so nothing changes.
extension SessionEnvironment {
  /// Runs one store write, noting whether storage took it; a ``StorageUnavailable`` error is rethrown.
  func commit<T>(_ write: () throws -> T) throws -> T {
    let result: T
    let started = now
    do {
      result = try write()
    } catch let error as StorageUnavailable {
      report(storage.withLock { $0.writeFailed(error) })
      throw error
    }
    SessionMetrics.record(now - started, in: metrics.commitTime)
    report(storage.withLock { $0.writeSucceeded() })
    return result
  }

  private func report(_ report: StorageHealth.Report?) {
    guard let report else { return }
    metrics.storageAvailable.record(storage.withLock { $0.outage == nil } ? 1 : 0)
    logger.log(level: report.level, "\(report.message)", metadata: ["database": "\(report.path)"])
  }
}

extension Turn {
  /// Runs one store write through the session's storage health (``SessionEnvironment/commit(_:)``).
  func commit<T>(_ write: () throws -> T) throws -> T { try environment.commit(write) }

  /// Saves the clock after a transition of the alarm's (a period, a break or the match ended).
  ///
  /// The alarm cannot refuse time: if the disk is full, the transition stays in memory and the save is owed.
  /// That is consistent with the disk, because the row still holds the running clock with its wall-clock
  /// end, and restoring it after that end yields this same transition (`MatchClock(restoring:)`). The owed
  /// save is retried at the end of every later turn of the session (a tick, a command) and at shutdown,
  /// and dropped once a clock command has saved the clock or the gather has ended.
  mutating func persistFinishedClockIfNeeded() {
    guard let gather = state.active else {
      match.clockSaveOwed = false
      return
    }
    do {
      try commit { try store.saveClock(gather.clock.snapshot(at: now, wallNow: wallClock()), gatherID: gather.id) }
      match.clockSaveOwed = false
    } catch is StorageUnavailable {
      match.clockSaveOwed = true
    } catch {
      match.clockSaveOwed = false
      logger.error("Could not save the finished clock of gather \(gather.id): \(error)")
    }
  }
}

extension Turn {
  /// Whether the database took the last write, and since when it has not.
  var storage: StorageHealth { environment.storage.withLock { $0 } }
}
