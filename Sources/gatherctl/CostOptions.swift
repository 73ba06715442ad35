import ArgumentParser
import GatherAPI
import GatherRPC

/// What a game costs as `fees cost` and the weekly game's commands take it: the whole cost and its currency, who
/// pays a guest's share (`--guests`) and who paid the pitch (`--paid-by`, credited all of it when it is charged).
/// It becomes the `cost`, `guests` and `paidBy` params of fees.setCost, plan.schedule and plan.reschedule.
enum CostWords {
  /// A cost as typed: "60" and "EUR" (or "45.50", "gbp"), in minor units of its currency, and the code; a usage
  /// error, in plain words, for a negative amount or one with too many decimals.
  static func cost(amount: String, currency: String) throws(ValidationError) -> (units: Int64, currency: String) {
    if amount.hasPrefix("-") {
      throw ValidationError(
        "A cost can't be negative: give what the pitch costs, such as 60 EUR (fees correct lowers a balance).")
    }
    let units = try MoneyAmount.minorUnits(amount, exponent: MoneyAmount.exponent(of: currency), what: "AMOUNT")
    return (units, currency)
  }

  /// "60 EUR" or "60EUR" as one word (`--cost`): the amount and the code; nil when it is neither.
  static func split(_ text: String) -> (amount: String, currency: String)? {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    if words.count == 2 { return (words[0], words[1]) }
    guard words.count == 1, let letters = text.firstIndex(where: \.isLetter), letters != text.startIndex else {
      return nil
    }
    return (String(text[..<letters]), String(text[letters...]))
  }

  /// What `--guests` may say.
  static let guestShares = ["themselves", "host"]

  /// `--guests`, checked: themselves or host.
  static func check(guests: String?) throws {
    if let guests, !guestShares.contains(guests) { throw ValidationError("--guests takes themselves or host.") }
  }

  /// The `cost` param: `{amount, currency}` in minor units.
  static func param(_ cost: (units: Int64, currency: String)) -> JSONValue {
    .object(["amount": .int(cost.units), "currency": .string(cost.currency)])
  }

  /// "€60.00, split among those who play; guests' shares: themselves; paid by Ana #1 (credited the whole cost
  /// when it is charged)": a fee in words.
  static func fee(_ fee: API.Fee) -> String {
    var text =
      "\(Render.text(fee.cost.text)), split among those who play; guests' shares: "
      + PlanRender.guests(fee.guests)
    if let payer = fee.paidBy {
      text += "; paid by \(FeesCommand.who(payer.name, payer.id)) (credited the whole cost when it is charged)"
    }
    return text
  }
}

/// `--cost`, `--guests` and `--paid-by` on the weekly game's commands: each week's cost, which the plans it opens
/// take.
struct ScheduleCostOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "What each week's game costs, split among those who play: \"60 EUR\" (none: nothing).", valueName: "cost"))
  var cost: String?
  @Option(help: "With --cost: who pays a guest's share, themselves (the default) or host, whoever brought them.")
  var guests: String?
  @Option(
    name: .customLong("paid-by"),
    help: ArgumentHelp(
      "With --cost: who pays the pitch (an id or a name), credited the whole cost when it is charged.",
      valueName: "player"))
  var paidBy: String?

  func validate() throws {
    guard let cost else {
      if guests != nil || paidBy != nil { throw ValidationError("--guests and --paid-by go with --cost.") }
      return
    }
    try CostWords.check(guests: guests)
    try PlayerResolver.check(paidBy)
    if cost == "none" {
      if guests != nil || paidBy != nil { throw ValidationError("--cost none takes no --guests or --paid-by.") }
      return
    }
    guard let (amount, currency) = CostWords.split(cost) else {
      throw ValidationError("--cost takes the cost and its currency, such as \"60 EUR\", or none; got \"\(cost)\".")
    }
    _ = try CostWords.cost(amount: amount, currency: currency)
  }

  /// Adds `cost`, `guests` and `paidBy` to `params`, the payer looked up by `players`.
  func add(to params: inout JSONObject, players: inout PlayerResolver) throws {
    guard let cost else { return }
    guard cost != "none", let (amount, currency) = CostWords.split(cost) else {
      params["cost"] = .null
      return
    }
    params["cost"] = CostWords.param(try CostWords.cost(amount: amount, currency: currency))
    if let guests { params["guests"] = .string(guests) }
    if let paidBy { params["paidBy"] = .int(try players.id(paidBy)) }
  }
}
