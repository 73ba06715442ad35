import GatherModel
import GatherRPC

/// fees.*: who paid for the pitch. A plan's or the active gather's cost, split among those who played when the
/// gather ends; payments and corrections the organiser marks; balances added up from the ledger.
enum FeesController {
  static let guestShares = Fee.GuestShare.allCases.map(\.rawValue)

  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .mutate("fees.setCost") { params, _ in
        let plan = try params.optionalInt("plan")
        let gather = try params.optionalInt("gather")
        let cost = try params.clearable("cost") { (params: inout Params) throws(RPCError) in
          try params.optionalInt("cost")
        }
        let currency = try params.optionalString("currency")
        let guests = try params.optionalChoice("guests", guestShares, Fee.GuestShare.init(rawValue:))
        try params.finish()
        guard let cost else {
          throw RPCError.invalidParams(
            field: "cost", "Parameter \"cost\" is required: the amount in minor units (6000 for 60.00), or null.")
        }
        var fee: Fee?
        if let amount = cost {
          guard let currency else {
            throw RPCError.invalidParams(field: "currency", "Give the cost's currency: an ISO 4217 code such as EUR.")
          }
          fee = try Fee(amount: amount, currency: currency, guests: guests ?? .themselves)
        }
        switch (plan, gather) {
        case (let plan?, nil): return try session.setFee(fee, plan: plan).json
        case (nil, let gather?): return try session.setFee(fee, gather: gather).json
        default:
          throw RPCError.invalidParams(field: "plan", "Give the plan or the gather whose cost this is: one of them.")
        }
      },
      .mutate("fees.pay") { params, _ in
        let player = try params.int("player")
        let amount = try params.int("amount")
        let currency = try params.optionalString("currency")
        let note = try params.optionalString("note")
        try params.finish()
        let entry = try session.pay(player: player, amount: amount, currency: currency, note: note)
        return try answer(entry, session)
      },
      .mutate("fees.correct") { params, _ in
        let player = try params.int("player")
        let amount = try params.int("amount")
        let currency = try params.string("currency")
        let note = try params.optionalString("note")
        try params.finish()
        let entry = try session.correctFee(player: player, amount: amount, currency: currency, note: note)
        return try answer(entry, session)
      },
      .query("fees.balance") { params, caller in
        let player = try params.optionalInt("player")
        try params.finish()
        try mayRead(caller, player: player)
        return .object(["balances": .array(try session.feeBalances(player: player).map(\.json))])
      },
      .query("fees.ledger") { params, caller in
        let player = try params.optionalInt("player")
        let gather = try params.optionalInt("gather")
        try params.finish()
        try mayRead(caller, player: player)
        return .object(["entries": .array(try session.feeLedger(player: player, gather: gather).map(\.json))])
      },
    ]
  }

  /// A payment's or a correction's answer: `{entry, balance}`, the line written and the player's balance in its
  /// currency after it.
  private static func answer<C>(_ entry: FeeEntry, _ session: GatherSession<C>) throws -> JSONValue {
    let balance = try session.feeBalances(player: entry.player).first { $0.owed.currency == entry.amount.currency }
    return .object(["entry": entry.json, "balance": balance?.json ?? .null])
  }

  /// Who may read fees: controllers everything; a web peer holding a link's code (a plan's sign-up link, a vote
  /// link) one player's, so that each player sees what they owe; nobody else.
  private static func mayRead(_ caller: Caller, player: Player.ID?) throws(RPCError) {
    guard !caller.mayMutate else { return }
    guard caller.grant != nil else {
      throw .forbidden(
        "What players owe is for the organiser, and for each player through a sign-up or vote link; \(caller.whyReadOnly)"
      )
    }
    guard player != nil else {
      throw .forbidden(
        reason: "forbidden", field: "player", "A sign-up or vote link shows one player's fees: give player.")
    }
  }
}
