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
        guard let cost = params.value("cost") else {
          throw RPCError.invalidParams(
            field: "cost",
            "Parameter \"cost\" is required: {\"amount\": 6000, \"currency\": \"EUR\"} (minor units), or null to clear."
          )
        }
        let guests = try params.optionalChoice("guests", guestShares, Fee.GuestShare.init(rawValue:))
        try params.finish()
        guard (plan == nil) != (gather == nil) else {
          throw RPCError.invalidParams(field: "plan", "Give the plan or the gather whose cost this is: one of them.")
        }
        let fee = cost == .null ? nil : try self.fee(cost, guests: guests ?? .themselves)
        if let plan { return try session.setFee(fee, plan: plan).json }
        switch try session.setCost(fee, gather: gather ?? 0) {
        case .active(let snapshot): return snapshot.json
        case .charged(let id, let entries):
          return .object(["gather": .int(id), "charged": .array(entries.map(\.json))])
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
        // The ledger holds the organiser's notes: a link's holder sees a balance (fees.balance), never the lines.
        guard caller.mayMutate else {
          throw RPCError.forbidden(
            "The fees' ledger is for the organiser; a sign-up or vote link shows a player's balance (fees.balance). "
              + caller.whyReadOnly)
        }
        return .object(["entries": .array(try session.feeLedger(player: player, gather: gather).map(\.json))])
      },
    ]
  }

  /// The fee a `cost` param gives: `{amount, currency}`, minor units of an ISO 4217 currency, checked by the model
  /// (``Fee``); a refusal names `cost`, `cost.amount` or `cost.currency`.
  private static func fee(_ cost: JSONValue, guests: Fee.GuestShare) throws -> Fee {
    guard cost.objectValue != nil else {
      throw RPCError.invalidParams(
        field: "cost", "Parameter \"cost\" must be {\"amount\": 6000, \"currency\": \"EUR\"} (minor units), or null.")
    }
    do {
      var fields = try Params(cost)
      let amount = try fields.int("amount")
      let currency = try fields.string("currency")
      try fields.finish()
      return try Fee(amount: amount, currency: currency, guests: guests)
    } catch let error as RPCError {
      throw RPCError.invalidParams(field: "cost.\(error.data["field"]?.stringValue ?? "amount")", error.message)
    } catch let error as GatherError where error.isValidation {
      throw RPCError.invalidParams(field: error.field == "currency" ? "cost.currency" : "cost.amount", error.message)
    }
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
