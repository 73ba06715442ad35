import FoundationEssentials
import GatherModel

/// gatherd's settings for late drop-outs and no-shows: what they are fined (nothing by default), and whether too
/// many hold a player back (not by default).
public struct AttendanceRules: Sendable {
  /// What each strike writes to the fee ledger.
  public var fines: Fines
  /// How many strikes make a player wait for a plan's opening to everyone; nil: strikes hold nobody back.
  public var strikes: StrikeRule?

  /// Rules; none by default.
  public init(fines: Fines = Fines(), strikes: StrikeRule? = nil) {
    self.fines = fines
    self.strikes = strikes
  }
}

/// Strikes as a turn records and weighs them.
extension Turn {
  /// How `player`'s strikes hold them back at `now` (``AttendanceRules/strikes``), if they do: they then wait for
  /// the opening to everyone, as a player who is not a regular does.
  func hold(on player: Player.ID, at now: Date) throws -> StrikeHold? {
    guard let rule = settings.attendance.strikes else { return nil }
    let strikes = try store.strikes(of: player, since: now.addingTimeInterval(-rule.period.inSeconds))
    return rule.hold(strikes, now: now)
  }

  /// Refuses `player` joining `plan` at `now` while it is for regulars only and they are not one, or are one held
  /// back by their strikes.
  func requireMayJoin(_ player: Player, _ plan: Plan, at now: Date) throws {
    guard plan.isRegularsOnly(at: now) else { return }
    let regular = state.isRegular(player, for: plan)
    let heldBack = regular ? try hold(on: player.id, at: now) : nil
    try plan.requireMayJoin(player.id, regular: regular, heldBack: heldBack, at: now)
  }

  /// The strike `player` leaving `plan` at `now` gives them, if it is a late drop-out.
  func lateDropOut(of player: Player, from plan: Plan, at now: Date) -> Strike? {
    guard plan.isLateDropOut(player.id, at: now) else { return nil }
    return Strike(plan: plan.id, player: player.id, name: player.name, kind: .lateDropOut, at: now)
  }

  /// Logs a strike and its fine.
  func log(_ strike: Strike, fine: FeeEntry?) {
    let what = strike.kind == .lateDropOut ? "dropped out of plan \(strike.plan) after its cut-off" : "was not there"
    logger.info(
      "Player \(strike.player) \(what)\(fine.map { ", fined \($0.amount.text)" } ?? "").",
      metadata: ["plan_id": "\(strike.plan)", "player_id": "\(strike.player)"])
  }
}

/// A change of a plan's or a schedule's offer period and cut-off: nil leaves one as it is, `.some(nil)` clears it.
struct AttendanceChange: Sendable {
  /// The new offer period, if it changes.
  var offerPeriod: Duration?? = nil
  /// The new cut-off, if it changes.
  var cutOff: Duration?? = nil

  /// Whether nothing changes.
  var isEmpty: Bool { offerPeriod == nil && cutOff == nil }
}
