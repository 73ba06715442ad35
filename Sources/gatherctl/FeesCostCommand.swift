import ArgumentParser
import GatherAPI
import GatherRPC

extension FeesCommand {
  /// `gatherctl fees cost (--plan ID | --gather ID) AMOUNT CURRENCY`: what a plan or the gather being played costs.
  struct Cost: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Set what a plan, or the gather being played, costs; it is split among those who play.",
      usage: "gatherctl fees cost (--plan <plan> | --gather <gather>) (<amount> <currency> | --clear) "
        + "[--guests <guests>]",
      discussion: """
        AMOUNT CURRENCY is the whole cost, such as 60 EUR or 45.50 GBP; --clear takes it away. When the gather \
        (started from the plan) ends, each player who played is charged their share, and a guest's goes to \
        whoever brought them with --guests host. A gather that ended without a cost may still be given one, once: \
        its shares are charged at once.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(help: "The open plan whose cost this is.") var plan: Int64?
    @Option(help: "The gather being played, or one that ended without a cost, instead of a plan.")
    var gather: Int64?
    /// The amount and the currency, read as typed: a minus sign would otherwise make -5 an unknown option.
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp(
        "The whole cost and its currency, an ISO 4217 code: 60 EUR, 45.50 GBP.", valueName: "amount currency"))
    var cost: [String] = []
    @Option(help: "Who pays a guest's share: themselves (the default) or host, whoever brought them.")
    var guests: String?
    @Flag(help: "Take the cost away.") var clear = false

    func validate() throws {
      guard (plan == nil) != (gather == nil) else { throw ValidationError("Give --plan ID or --gather ID.") }
      if clear {
        guard given.isEmpty, guests == nil else { throw ValidationError("--clear takes no amount or --guests.") }
        return
      }
      _ = try minorUnits()
      if let guests, !["themselves", "host"].contains(guests) {
        throw ValidationError("--guests takes themselves or host.")
      }
    }

    /// The amount and the currency given, without a `--` that came before them.
    var given: [String] { cost.filter { $0 != "--" } }

    /// The cost in minor units of its currency, and the currency; refused unless it is an amount and a code.
    func minorUnits() throws(ValidationError) -> (units: Int64, currency: String) {
      if let option = given.first(where: { $0.hasPrefix("-") && $0.dropFirst().first?.isNumber != true }) {
        throw ValidationError("\"\(option)\" is neither an option of fees cost nor a cost such as 60 EUR.")
      }
      guard given.count == 2 else { throw ValidationError("Give the cost and its currency: 60 EUR.") }
      let (amount, currency) = (given[0], given[1])
      if amount.hasPrefix("-") {
        throw ValidationError(
          "A cost can't be negative: give what the pitch costs, such as 60 EUR (fees correct lowers a balance).")
      }
      let units = try MoneyAmount.minorUnits(amount, exponent: MoneyAmount.exponent(of: currency), what: "AMOUNT")
      return (units, currency)
    }

    func run() throws {
      var params: JSONObject = plan.map { ["plan": .int($0)] } ?? ["gather": .int(gather ?? 0)]
      if clear {
        params["cost"] = .null
      } else {
        let (units, currency) = try minorUnits()
        params["cost"] = .object(["amount": .int(units), "currency": .string(currency)])
      }
      if let guests { params["guests"] = .string(guests) }
      try global.run(.feesSetCost, params) { result in
        let what = plan.map { "Plan \($0)" } ?? "Gather \(gather ?? 0)"
        let fee: API.Fee?
        switch result {
        case .charged(_, let entries):
          let shares = entries.map { "\(FeesCommand.who($0.player.name, $0.player.id)) \(Render.text($0.amount.text))" }
          return "\(what) has ended: its cost is charged to those who played: \(shares.joined(separator: ", "))."
        case .plan(let plan): fee = plan.fee
        case .gather(let gather): fee = gather.fee
        }
        guard let fee else { return "\(what) has no cost now." }
        return "\(what) costs \(Render.text(fee.cost.text)), split among those who play; "
          + "guests' shares: \(PlanRender.guests(fee.guests))."
      }
    }
  }

  /// `gatherctl fees history [PLAYER]`: the ledger's lines.
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the ledger: every charge, payment and correction, oldest first.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @OptionGroup var names: NameFlag
    @Argument(help: "Only this player's lines: an id or a name.") var player: String?
    @Option(help: "Only this gather's charges.") var gather: Int64?

    func run() throws {
      try global.run(.feesLedger, namesOnly: names.namesOnly) { players in
        var params: JSONObject = [:]
        if let player { params["player"] = .int(try players.id(player)) }
        if let gather { params["gather"] = .int(gather) }
        return params
      } render: { result in
        guard !result.entries.isEmpty else { return "The ledger has no lines yet." }
        return Render.table(
          ["#", "when (UTC)", "what", "who", "amount", "about"],
          result.entries.map { entry in
            [
              Render.text(entry.id), String(Render.text(entry.at).prefix(16)).replacing("T", with: " "),
              entry.kind.rawValue, FeesCommand.who(entry.player.name, entry.player.id), Render.text(entry.amount.text),
              about(entry),
            ]
          })
      }
    }

    /// "gather 3, for Zé #6" for a charge; the note for the rest.
    func about(_ entry: API.FeeEntry) -> String {
      var parts: [String] = []
      if let gather = entry.gather { parts.append("gather \(gather)") }
      if let guest = entry.for { parts.append("for \(FeesCommand.who(guest.name, guest.id))") }
      if let note = Render.string(entry.note) { parts.append(note) }
      return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }
  }
}
