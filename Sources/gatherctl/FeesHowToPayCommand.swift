import ArgumentParser
import GatherAPI
import GatherRPC

extension FeesCommand {
  /// `gatherctl fees how-to-pay [NOTE]`: how players are to pay, in the organiser's words.
  struct HowToPay: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "how-to-pay",
      abstract: "Say how players are to pay what they owe (cash, a bank transfer, …), or show what they are told.",
      discussion: """
        One note for the whole group, at most 300 characters. Each player sees it beside their balance on their \
        sign-up link, and gatherctl fees lists it under the balances. Without NOTE, it shows the note; --clear \
        stops saying it.

        For example: gatherctl fees how-to-pay "Cash at the pitch, or IBAN DE44 5001 0517 5407 3249 31, \
        reference: football".
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "How to pay, in your words (leave it out to see the note).") var note: String?
    @Flag(help: "Stop saying how to pay.") var clear = false

    func validate() throws {
      if clear, note != nil { throw ValidationError("Give a note, or --clear to stop saying it; not both.") }
    }

    func run() throws {
      guard note != nil || clear else {
        // The note comes with the balances (--json prints them as gatherd sent them).
        return try global.run(.feesBalance) { Self.told($0.howToPay) }
      }
      try global.run(.feesSetHowToPay, ["note": note.map { .string($0) } ?? .null]) { result in
        guard let note = Render.string(result.howToPay) else { return "Players are told nothing about how to pay now." }
        return "Players now see how to pay beside what they owe: \(note)"
      }
    }

    /// "Players are told how to pay: …", or how to say it when they are told nothing.
    static func told(_ howToPay: String?) -> String {
      guard let note = Render.string(howToPay) else {
        return "Players are told nothing about how to pay; say it with gatherctl fees how-to-pay \"Cash at the pitch\"."
      }
      return "Players are told how to pay: \(note)"
    }
  }
}
