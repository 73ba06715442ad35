import ArgumentParser
import GatherAPI
import GatherRPC

/// `gatherctl fees …`: who paid for the pitch. A plan's or a gather's cost is split among those who played when the
/// gather ends; the organiser marks what each player hands over; the ledger keeps every line.
struct FeesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fees", abstract: "Who owes what for the pitch, across gathers; mark payments.",
    discussion: """
      Give a plan (or the gather being played) a cost with gatherctl fees cost; when the gather ends, the cost is \
      split among those who played (Team A and Team B, not the bench): each pays the cost divided by the players, \
      rounded down to the cent, and the cents left over go one each to the first players by name, so the shares \
      add up to exactly the cost. A guest's share goes to whoever brought them when the cost says --guests host. \
      Mark what people hand over with gatherctl fees pay; nothing is processed, gatherd keeps a ledger that is only \
      ever added to (gatherctl fees history), and balances are added up from it.
      """,
    subcommands: [Balances.self, Pay.self, Correct.self, History.self, Cost.self],
    defaultSubcommand: Balances.self)

  /// `gatherctl fees [list] [PLAYER]`: each player's balance.
  struct Balances: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List who owes what (or one player's balance), across every gather.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @OptionGroup var names: NameFlag
    @Argument(help: "Only this player: an id or a name.") var player: String?

    func run() throws {
      try global.run(.feesBalance, namesOnly: names.namesOnly) { players in
        guard let player else { return [:] }
        return ["player": .int(try players.id(player))]
      } render: { result in
        FeesCommand.balances(result.balances)
      }
    }
  }

  /// The balances as lines: "Ana #1  owes €20.01  charged €20.01, paid €0.00".
  static func balances(_ balances: [API.FeeBalance]) -> String {
    guard !balances.isEmpty else {
      return "Nobody has been charged yet: give a plan a cost with gatherctl fees cost --plan ID AMOUNT CURRENCY."
    }
    return Render.columns(
      balances.map { balance in [who(balance.player.name, balance.player.id), owed(balance), detail(balance)] }
    )
    .joined(separator: "\n")
  }

  /// "Ana #1".
  static func who(_ name: String, _ id: Int64) -> String { "\(Render.text(name)) #\(id)" }

  /// "owes €20.01", "in credit €1.67" or "square" (also without a balance: nothing owed).
  static func owed(_ balance: API.FeeBalance?) -> String {
    guard let owed = balance?.owed else { return "square" }
    let text = Render.text(owed.text)
    if owed.amount > 0 { return "owes \(text)" }
    if owed.amount < 0 { return "in credit \(text.hasPrefix("-") ? String(text.dropFirst()) : text)" }
    return "square"
  }

  /// "charged €20.01, paid €0.00", and the corrections when there are any.
  static func detail(_ balance: API.FeeBalance) -> String {
    var parts = ["charged \(Render.text(balance.charged.text))", "paid \(Render.text(balance.paid.text))"]
    if balance.corrected.amount != 0 { parts.append("corrected \(Render.text(balance.corrected.text))") }
    return parts.joined(separator: ", ")
  }
}
