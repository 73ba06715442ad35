import struct FoundationEssentials.Date

/// Taking back the big mistakes: a gather ended too soon (reopened), a gather that should never have counted
/// (deleted), a plan called off by mistake (restored). Each is allowed only while nothing built on it can be hurt;
/// the ledger is never rewritten, its lines are reversed (``FeeLedger/reversal(of:note:at:)``).
///
/// ```swift
/// try Undo.checkReopen(record.id, endedAt: record.endedAt, last: lastEnded, playing: state.active?.id, now: now)
/// ```
public enum Undo {
  /// How long after its end the last gather may be reopened.
  public static let reopenWindow: Duration = .seconds(30 * 60)

  /// Refuses to reopen ended gather `id` unless no gather is being played (`playing`), it is the last one to have
  /// ended (`last`), and it ended less than ``reopenWindow`` before `now`.
  public static func checkReopen(
    _ id: Int64, endedAt: Date, last: Int64?, playing: Int64?, now: Date
  ) throws(GatherError) {
    if playing != nil { throw .gatherAlreadyActive }
    guard last == id else {
      throw .tooLateToUndo(
        "Gather \(id) is not the last to have ended (gather \(last.map(String.init) ?? "?") is): only the last one "
          + "can be reopened.")
    }
    let since = now.timeIntervalSince(endedAt)
    guard since < reopenWindow.inSeconds else {
      let minutes = Int(since / 60)
      throw .tooLateToUndo(
        "Gather \(id) ended \(minutes) minutes ago: a gather can be reopened within 30 minutes of its end. "
          + "Delete it (gathers.delete) if it should not count.")
    }
  }

  /// Refuses to reopen gather `id` while it is the one being played: it has not ended, so there is nothing to
  /// reopen. Checked before the history is read, where a gather being played is not.
  public static func checkReopenable(_ id: Int64, playing: Int64?) throws(GatherError) {
    guard playing != id else {
      throw .validation("gather", "Gather \(id) is being played, not ended: only an ended gather can be reopened.")
    }
  }

  /// Refuses to delete gather `id` while it is being played (`playing`): cancel it instead.
  public static func checkDelete(_ id: Int64, playing: Int64?) throws(GatherError) {
    guard playing != id else {
      throw .validation("gather", "Gather \(id) is being played: cancel it instead (gather.cancel).")
    }
  }
}

extension Plan {
  /// Opens a cancelled plan again, with its lists as they were and the same sign-up code, until its start
  /// (`now`): a plan called off by mistake need not be answered again.
  public mutating func restore(now: Date) throws(GatherError) {
    guard status == .cancelled else {
      switch status {
      case .open: throw .validation("plan", "Plan \(id) is open: only a cancelled plan can be restored.")
      default:
        throw .tooLateToUndo("Plan \(id) \(status == .started ? "has started" : "has passed"): it cannot be restored.")
      }
    }
    guard details.startsAt > now else {
      throw .tooLateToUndo("Plan \(id)'s start has passed: it cannot be opened again.")
    }
    status = .open
    sequence += 1
  }
}

extension FeeLedger {
  /// The corrections that reverse what a gather's `lines` (its charges, and corrections of them) left owing: one
  /// line per payer and currency whose lines do not add up to zero, noted with `note`, at `at`. The ledger only
  /// grows: a gather taken back is squared by these lines, never by removing its charges.
  public static func reversal(of lines: [FeeEntry], note: String, at: Date) -> [FeeEntry] {
    var owed: [Pair: (name: String, gather: Int64?, amount: Int64)] = [:]
    var order: [Pair] = []
    for line in lines where line.kind != .payment {
      let pair = Pair(player: line.player, currency: line.amount.currency)
      if owed[pair] == nil { order.append(pair) }
      let sum = (owed[pair]?.amount ?? 0) + line.amount.minorUnits
      owed[pair] = (line.name, line.gatherID, sum)
    }
    return order.compactMap { pair in
      guard let (name, gather, amount) = owed[pair], amount != 0 else { return nil }
      return FeeEntry(
        at: at, player: pair.player, name: name, kind: .correction,
        amount: Money(minorUnits: -amount, currency: pair.currency), gatherID: gather, note: note)
    }
  }

  private struct Pair: Hashable {
    let player: Player.ID
    let currency: Currency
  }
}

/// Two roster players who are one person, made one: everything the first did becomes the second's.
public enum PlayerMerge {
  /// Refuses to merge `from` into `into` when they are the same player, either is not on the roster, either plays
  /// in the active gather, or both played the same gathers (`shared`: a gather cannot have one person twice).
  public static func check(
    from: Player.ID, into: Player.ID, in state: FootballGather, shared: [Int64]
  ) throws(GatherError) {
    guard from != into else { throw .validation("into", "A player cannot be merged into themselves.") }
    let source = try state.player(from)
    let target = try state.player(into)
    if let active = state.active {
      for player in [source, target] where active.lineup.players.contains(player.id) {
        throw .playerInActiveGather(player.name)
      }
    }
    if let gather = shared.first {
      throw .validation(
        "from",
        "\(source.name) and \(target.name) both played gather \(gather)\(shared.count > 1 ? " and \(shared.count - 1) more" : ""): they are two players."
      )
    }
  }
}
