import struct FoundationEssentials.Date

/// A gather's cost shared among those who played it (Team A and Team B; not the bench), in whole minor units.
///
/// Everyone's share is the cost divided by the players, rounded down; the minor units that do not divide (fewer
/// than the players) go one each to the first players by name (ignoring case, then by player id), so the shares
/// always add up to exactly the cost and differ by at most one minor unit. A guest's share is charged to whoever
/// brought them when the fee says so (``Fee/GuestShare/host``) and that player is known; otherwise to the guest.
public enum FeeSplit {
  /// One player who played, and who brought them if they came as a guest.
  public struct Player: Sendable, Hashable {
    /// The player.
    public var id: Int64
    /// Their name.
    public var name: String
    /// The roster player who brought them as a guest, when known.
    public var broughtBy: Int64?
    /// That player's name.
    public var broughtByName: String?

    /// One player of the split.
    public init(
      id: Int64, name: String, broughtBy: Int64? = nil, broughtByName: String? = nil
    ) {
      self.id = id
      self.name = name
      self.broughtBy = broughtBy
      self.broughtByName = broughtByName
    }
  }

  /// One player's share, and who is charged it.
  public struct Share: Sendable, Hashable {
    /// Who played.
    public var player: Int64
    /// Their name.
    public var name: String
    /// Who pays it: the player, or the host of a guest.
    public var payer: Int64
    /// The payer's name.
    public var payerName: String
    /// The share.
    public var amount: Money
  }

  /// The shares of `fee` among `players` (each once), in the order the remainder takes them: by name ignoring
  /// case, then by id. None for no players.
  public static func shares(of fee: Fee, among players: [Player]) -> [Share] {
    guard !players.isEmpty else { return [] }
    let ordered = players.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    let count = Int64(ordered.count)
    let base = fee.cost.minorUnits / count
    let remainder = fee.cost.minorUnits % count
    return ordered.enumerated().map { index, player in
      let host = fee.guests == .host ? player.broughtBy.flatMap { id in player.broughtByName.map { (id, $0) } } : nil
      return Share(
        player: player.id, name: player.name, payer: host?.0 ?? player.id, payerName: host?.1 ?? player.name,
        amount: Money(minorUnits: base + (Int64(index) < remainder ? 1 : 0), currency: fee.cost.currency))
    }
  }
}

extension FeeSplit {
  /// The ledger lines a gather's cost writes when it is charged at `at`: each share charged to its payer, and, when
  /// someone paid for the pitch (``Fee/paidBy``, named `payerName`), a correction crediting them the whole cost,
  /// noted so: they paid it, so the others owe it to them, and their own share is theirs like everyone's.
  public static func lines(
    of fee: Fee, among players: [Player], gather: Int64, at: Date, payerName: String?
  ) -> [FeeEntry] {
    let shares = shares(of: fee, among: players)
    var lines = shares.map { share in
      let guest = share.payer != share.player
      return FeeEntry(
        at: at, player: share.payer, name: share.payerName, kind: .charge, amount: share.amount, gatherID: gather,
        forPlayer: guest ? share.player : nil, forName: guest ? share.name : nil)
    }
    if let payer = fee.paidBy, !shares.isEmpty {
      lines.append(
        FeeEntry(
          at: at, player: payer, name: payerName ?? "Player \(payer)", kind: .correction,
          amount: Money(minorUnits: -fee.cost.minorUnits, currency: fee.cost.currency), gatherID: gather,
          note: "Paid for the pitch: \(fee.cost.text)."))
    }
    return lines
  }
}
