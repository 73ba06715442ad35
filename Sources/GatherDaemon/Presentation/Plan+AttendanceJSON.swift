import GatherModel
import GatherRPC

/// A plan's offers and drop-out terms, and the answers that offered places, as the protocol shows them.
extension Plan {
  /// `{offerPeriod, cutOff, cutOffAt, offers}`: the periods in seconds before the start (`offerPeriod` null for
  /// none), and each place offered and not yet taken, `{player, name, offeredAt, sentAt, expiresAt}`.
  func attendanceJSON(roster: [Player.ID: Player]) -> JSONValue {
    .object([
      "offerPeriod": terms.offerPeriod.map { .int($0.inMilliseconds / 1000) } ?? .null,
      "cutOff": .int((terms.cutOff ?? OfferWindow.standardCutOff).inMilliseconds / 1000),
      "cutOffAt": .string(ISO8601.string(cutOffAt)),
      "offers": .array(
        offers.map { offer in
          .object([
            "player": .int(offer.player),
            "name": .string(roster[offer.player]?.name ?? queue.first { $0.player == offer.player }?.name ?? ""),
            "offeredAt": .string(ISO8601.string(offer.offeredAt)),
            "sentAt": offer.sentAt.map { .string(ISO8601.string($0)) } ?? .null,
            "expiresAt": offer.expiresAt.map { .string(ISO8601.string($0)) } ?? .null,
          ])
        }),
    ])
  }
}
