import ArgumentParser
import GatherAPI
import GatherRPC

extension FeesCommand {
  /// `gatherctl fees pay PLAYER AMOUNT`: marks money a player handed over.
  struct Pay: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Mark money a player handed over (a payment line in the ledger).",
      discussion: """
        AMOUNT is what they paid, such as 5 or 12.50, in the currency they were charged in (--currency when \
        they were charged in several). Only a player who was charged may pay; paying more than they owe leaves \
        them in credit.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @OptionGroup var names: NameFlag
    @Argument(help: "Who paid: an id or a name.") var player: String
    @Argument(help: "How much: 5, 12.50.") var amount: String
    @Option(help: "The currency, an ISO 4217 code such as EUR (default: the one they were charged in).")
    var currency: String?
    @Option(help: "A note for the ledger, such as \"cash at the pitch\".") var note: String?

    func validate() throws {
      _ = try MoneyAmount.minorUnits(amount, exponent: currency.map(MoneyAmount.exponent) ?? 4, what: "AMOUNT")
    }

    func run() throws {
      var players = PlayerResolver(connection: try global.connect(), namesOnly: names.namesOnly)
      let id = try players.id(player)
      // The currency and its minor unit: as given, else the one the player was charged in.
      var code = currency
      var exponent = currency.map(MoneyAmount.exponent)
      if code == nil {
        let balances = try players.connection.call(.feesBalance, ["player": .int(id)]).balances
        if balances.count == 1 {
          code = balances[0].owed.currency
          exponent = Int(balances[0].owed.exponent)
        }
      }
      var params: JSONObject = [
        "player": .int(id),
        "amount": .int(try MoneyAmount.minorUnits(amount, exponent: exponent ?? 2, what: "AMOUNT")),
      ]
      if let code { params["currency"] = .string(code) }
      if let note { params["note"] = .string(note) }
      try global.show(try players.connection.reply(.feesPay, params)) { FeesCommand.marked($0, "paid by") }
    }
  }

  /// `gatherctl fees correct PLAYER AMOUNT --currency EUR --note WHY`: corrects a balance either way.
  struct Correct: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Correct a player's balance, with a note that says why (the ledger is never rewritten).",
      usage: "gatherctl fees correct [--name] <player> <amount> --currency <currency> --note <note>",
      discussion: """
        AMOUNT is what they owe more (10, 2.50) or, with a minus sign, less (-2.50), as in gatherctl fees correct \
        Ana -2.50 --currency EUR --note "Brought the ball".
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @OptionGroup var names: NameFlag
    @Argument(help: "Whose balance: an id or a name.") var player: String
    /// The amount, read as it is typed: a minus sign would otherwise make -2.50 an unknown option.
    @Argument(
      parsing: .allUnrecognized,
      help: ArgumentHelp("How much more they owe (2.50), or less with a minus sign (-2.50).", valueName: "amount"))
    var amount: [String] = []
    @Option(help: "The currency, an ISO 4217 code such as EUR.") var currency: String
    @Option(help: "Why, for the ledger (required).") var note: String

    func validate() throws { _ = try minorUnits() }

    /// The amount in minor units of `currency`, negative after a minus sign; refused unless exactly one is given.
    func minorUnits() throws(ValidationError) -> Int64 {
      // After --, everything is the amount's, the -- too.
      let given = amount.filter { $0 != "--" }
      guard given.count == 1, let text = given.first else {
        throw ValidationError(
          given.isEmpty
            ? "Give the amount: how much more they owe (2.50), or less (-2.50)."
            : "Give one amount; got \(given.map { "\"\($0)\"" }.joined(separator: ", ")).")
      }
      let negative = text.hasPrefix("-")
      if negative, text.dropFirst().first?.isNumber != true {
        throw ValidationError("\"\(text)\" is neither an option of fees correct nor an amount such as -2.50.")
      }
      let units = try MoneyAmount.minorUnits(
        negative ? String(text.dropFirst()) : text, exponent: MoneyAmount.exponent(of: currency), what: "AMOUNT")
      return negative ? -units : units
    }

    func run() throws {
      try global.run(.feesCorrect, namesOnly: names.namesOnly) { players in
        [
          "player": .int(try players.id(player)), "amount": .int(try minorUnits()), "currency": .string(currency),
          "note": .string(note),
        ]
      } render: {
        FeesCommand.marked($0, "corrected for")
      }
    }
  }

  /// "Marked €5.00 paid by Ana #1: owes €15.01 now."
  static func marked(_ result: API.LedgerWrite, _ how: String) -> String {
    let entry = result.entry
    var amount = Render.text(entry.amount.text)
    if how == "paid by", amount.hasPrefix("-") { amount.removeFirst() }
    return "Marked \(amount) \(how) \(who(entry.player.name, entry.player.id)): \(owed(result.balance)) now."
  }
}
