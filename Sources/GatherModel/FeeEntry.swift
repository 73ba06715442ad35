import struct FoundationEssentials.Date

/// One line of the fee ledger, which is only ever added to: a share of a gather's cost charged to a player, a
/// payment the organiser marked, or a correction. Balances are added up from the lines (``FeeLedger``).
public struct FeeEntry: Sendable, Hashable {
  /// What a line records.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A share of an ended gather's cost (positive: owed).
    case charge
    /// Money the player handed over (negative: no longer owed).
    case payment
    /// The organiser's fix, either way, with a note saying why.
    case correction
  }

  /// The line's number, in the order lines were written; 0 before the store writes it.
  public var id: Int64
  /// When it was written (a charge: when its gather ended).
  public var at: Date
  /// Who owes or paid.
  public var player: Player.ID
  /// Their name when the line was written.
  public var name: String
  /// What it records.
  public var kind: Kind
  /// What it adds to the player's balance: positive for what they owe, negative for what they paid.
  public var amount: Money
  /// The gather a charge is for.
  public var gatherID: Int64?
  /// Whose share a charge is, when it is a guest's charged to their host.
  public var forPlayer: Player.ID?
  /// That guest's name.
  public var forName: String?
  /// The organiser's words: required for a correction, optional for a payment.
  public var note: String?

  /// A line as written or as read back.
  public init(
    id: Int64 = 0, at: Date, player: Player.ID, name: String, kind: Kind, amount: Money, gatherID: Int64? = nil,
    forPlayer: Player.ID? = nil, forName: String? = nil, note: String? = nil
  ) {
    self.id = id
    self.at = at
    self.player = player
    self.name = name
    self.kind = kind
    self.amount = amount
    self.gatherID = gatherID
    self.forPlayer = forPlayer
    self.forName = forName
    self.note = note
  }
}

/// What one player owes in one currency, added up from their ledger lines.
public struct FeeBalance: Sendable, Hashable {
  /// The player.
  public var player: Player.ID
  /// Their name (on the latest line).
  public var name: String
  /// What they owe: positive while they owe, negative when they paid more (in credit), 0 when square.
  public var owed: Money
  /// All their charges.
  public var charged: Money
  /// All their payments, as a positive amount.
  public var paid: Money
  /// All their corrections, either way.
  public var corrected: Money
}
