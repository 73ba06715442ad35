import ArgumentParser
import GatherAPI
import GatherRPC

extension PlanCommand {
  /// What `plan accept` and `plan decline` say about offers, once.
  static let offersExplained = """
    Within a plan's offer period before its start, a place a going player frees is offered to the first waiting \
    player rather than given: they have 2 hours to take it when more than a day is left, 30 minutes when more \
    than 3 hours are, else 10 minutes, counted outside quiet hours (no offer goes out 21:00-09:00 server time by \
    default). One not taken in time passes to the next waiting player, as a declined one does. Players answer on \
    their sign-up page; these commands answer for them. gatherctl plan show lists the places offered and until \
    when.
    """

  /// `gatherctl plan accept PLAYER`: the waiting player offered a place takes it.
  struct Accept: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Say a waiting player takes the place offered to them: they are going.",
      discussion: offersExplained + "\n\nA player with no place offered (never, or it passed on) is refused.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player offered a place: an id or a name.") var player: String
    @OptionGroup var choice: Choice
    @OptionGroup var names: NameFlag

    func validate() throws { try PlayerResolver.check(player) }

    func run() throws {
      try global.run(.planAccept, namesOnly: names.namesOnly) { players in
        ["plan": .int(try choice.id(on: players.connection)), "player": .int(try players.id(player))]
      } render: {
        PlanRender.answer($0)
      }
    }
  }

  /// `gatherctl plan decline PLAYER`: the waiting player offered a place turns it down.
  struct Decline: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Say a waiting player turns down the place offered to them; it goes to the next one waiting.",
      discussion: offersExplained
        + "\n\nThe player is then not going. A player with no place offered (never, or it passed on) is refused.")
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The player offered a place: an id or a name.") var player: String
    @OptionGroup var choice: Choice
    @OptionGroup var names: NameFlag

    func validate() throws { try PlayerResolver.check(player) }

    func run() throws {
      try global.run(.planDecline, namesOnly: names.namesOnly) { players in
        ["plan": .int(try choice.id(on: players.connection)), "player": .int(try players.id(player))]
      } render: {
        PlanRender.answer($0)
      }
    }
  }
}
