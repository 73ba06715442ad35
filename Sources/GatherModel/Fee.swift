/// What a plan or a gather costs (the pitch), and who pays a guest's share: split among the players who played
/// once the gather ends (``FeeSplit``).
public struct Fee: Sendable, Hashable {
  /// Who pays a guest's share.
  public enum GuestShare: String, Sendable, Hashable, CaseIterable {
    /// Each guest pays their own share: the default, and what a guest nobody is known to have brought pays.
    case themselves
    /// The player who brought the guest (who added them through the sign-up link) pays the guest's share.
    case host
  }

  /// The whole cost, from 1 minor unit to ``Money/largestMajorUnits``.
  public let cost: Money
  /// Who pays a guest's share.
  public let guests: GuestShare
  /// The roster player who paid for the pitch, if one did (often the organiser): when the gather is charged, the
  /// whole cost is credited to them, and their own share charged like everyone's.
  public let paidBy: Player.ID?

  /// A fee as sent: `amount` minor units of the currency `code`, checked (``Money/init(checking:currency:field:negativeAllowed:)``);
  /// a refusal names `cost` or `currency`.
  public init(
    amount: Int64, currency code: String, guests: GuestShare = .themselves, paidBy: Player.ID? = nil
  ) throws(GatherError) {
    let currency = try Currency(code: code)
    cost = try Money(checking: amount, currency: currency, field: "cost")
    self.guests = guests
    self.paidBy = paidBy
  }

  /// A fee as the store keeps it.
  public init(cost: Money, guests: GuestShare, paidBy: Player.ID? = nil) {
    self.cost = cost
    self.guests = guests
    self.paidBy = paidBy
  }
}
