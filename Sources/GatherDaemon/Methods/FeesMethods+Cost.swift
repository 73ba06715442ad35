import GatherModel
import GatherRPC

extension FeesMethods {
  /// fees.setCost's params.
  struct SetCostParams: MethodParams {
    static let fields =
      [
        ParamDoc("plan", "The open plan whose cost this is.", required: false, schema: .ref("Id")),
        ParamDoc(
          "gather",
          """
          Instead of plan: the active gather's id, or an ended gather's that was charged nothing (its cost is \
          charged at once, once).
          """, required: false, schema: .ref("Id")),
      ] + CostFields.docs(required: true)
    let plan: Plan.ID?
    let gather: Int64?
    /// The cost, who pays a guest's share and who paid the pitch; nil clears it.
    let fee: Fee?

    init(_ params: inout Params) throws {
      plan = try params.optionalInt("plan")
      gather = try params.optionalInt("gather")
      guard let cost = try CostFields.read(&params, costRequired: true) else {
        throw RPCError.invalidParams(
          field: "cost",
          "Parameter \"cost\" is required: {\"amount\": 6000, \"currency\": \"EUR\"} (minor units), or null to clear.")
      }
      try params.finish()
      guard (plan == nil) != (gather == nil) else {
        throw RPCError.invalidParams(field: "plan", "Give the plan or the gather whose cost this is: one of them.")
      }
      fee = try cost()
    }
  }
}

/// The params that say what a game costs, as fees.setCost, plan.schedule and plan.reschedule take them: `cost`
/// (`{amount, currency}` in minor units, or null for nothing), `guests` (who pays a guest's share) and `paidBy` (the
/// roster player who paid the pitch). Each is checked by the model (``Fee``); a refusal names `cost`, `cost.amount`,
/// `cost.currency`, `guests` or `paidBy`.
enum CostFields {
  /// What `guests` may say.
  static let guestShares = Fee.GuestShare.allCases.map(\.rawValue)

  /// The params as the OpenRPC document describes them.
  static func docs(required: Bool) -> [ParamDoc] {
    [
      ParamDoc(
        "cost",
        """
        What it costs: {amount, currency}, whole minor units (6000 for 60.00) and the ISO 4217 code, in any \
        case; null clears it. A refusal names cost.amount or cost.currency.
        """, required: required,
        schema: .nullable(
          .object(
            [
              "amount": .required(
                .integer("Minor units: 6000 for 60.00 EUR, at most a million in major units.", minimum: 1)),
              "currency": .required(.string("The ISO 4217 code: EUR.", minLength: 3, maxLength: 3)),
            ]))),
      ParamDoc(
        "guests", "Who pays a guest's share: themselves (the default) or host, whoever brought them.",
        required: false, schema: .choice(["themselves", "host"])),
      ParamDoc(
        "paidBy",
        """
        The roster player who paid the pitch (often the organiser): when the cost is charged, all of it is \
        credited to them, and their own share charged like everyone's. Null or absent: nobody is said to have.
        """, required: false, schema: .nullable(.ref("Id"))),
    ]
  }

  /// Reads `cost`, `guests` and `paidBy`: nil when `cost` is absent (`guests` or `paidBy` without it is refused,
  /// naming it, unless the method requires `cost`, which says so itself); otherwise what makes the fee (nil for
  /// `cost: null`), once the other params are read too.
  static func read(_ params: inout Params, costRequired: Bool = false) throws -> (() throws -> Fee?)? {
    guard let cost = params.value("cost") else {
      for other in ["guests", "paidBy"] where !costRequired && params.contains(other) {
        throw RPCError.invalidParams(field: other, "Give \(other) with the cost it goes with.")
      }
      return nil
    }
    let guests = try params.optionalChoice("guests", guestShares, Fee.GuestShare.init(rawValue:)) ?? .themselves
    let paidBy = try params.optionalInt("paidBy")
    return { cost == .null ? nil : try fee(cost, guests: guests, paidBy: paidBy) }
  }

  /// The fee a `cost` param gives: `{amount, currency}`, minor units of an ISO 4217 currency, checked by the model
  /// (``Fee``); a refusal names `cost`, `cost.amount` or `cost.currency`.
  private static func fee(_ cost: JSONValue, guests: Fee.GuestShare, paidBy: Player.ID?) throws -> Fee {
    guard cost.objectValue != nil else {
      throw RPCError.invalidParams(
        field: "cost", "Parameter \"cost\" must be {\"amount\": 6000, \"currency\": \"EUR\"} (minor units), or null.")
    }
    do {
      var fields = try Params(cost)
      let amount = try fields.int("amount")
      let currency = try fields.string("currency")
      try fields.finish()
      return try Fee(amount: amount, currency: currency, guests: guests, paidBy: paidBy)
    } catch let error as RPCError {
      throw RPCError.invalidParams(field: "cost.\(error.data["field"]?.stringValue ?? "amount")", error.message)
    } catch let error as GatherError where error.isValidation {
      throw RPCError.invalidParams(field: error.field == "currency" ? "cost.currency" : "cost.amount", error.message)
    }
  }
}
