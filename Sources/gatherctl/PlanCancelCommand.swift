import ArgumentParser
import GatherAPI
import GatherRPC
import Glibc

extension PlanCommand {
  /// `gatherctl plan cancel`: calls a plan off. Without `--plan` it would cancel the soonest open plan, which is
  /// easy to do by mistake, so it asks first on a terminal, and elsewhere needs `--yes`.
  struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Call a plan off; its sign-up link stops working.",
      discussion: """
        With --plan ID it cancels that plan. Without it, it names the soonest open plan and asks before \
        cancelling it (y/N); where nobody can answer (no terminal), it cancels only with --yes, and otherwise \
        exits 2 having changed nothing.
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @OptionGroup var choice: Choice
    @Flag(name: .long, help: "Cancel the soonest open plan without asking, when --plan is not given.") var yes = false

    func run() throws {
      let connection = try global.connect()
      let id = try choice.id(on: connection)
      if choice.plan == nil, !yes {
        let plan = try connection.call(.planGet, ["plan": .int(id)])
        let which = "the soonest open plan, \(Self.describe(plan))"
        guard isatty(STDIN_FILENO) == 1 else {
          throw CtlError.usage(
            "plan cancel without --plan would cancel \(which). Name it with --plan \(id), or confirm with --yes.")
        }
        writeAll("Cancel \(which)? Its sign-up link stops working. [y/N] ", to: STDERR_FILENO)
        let answer = (readLine() ?? "").lowercased()
        guard ["y", "yes"].contains(PlayerResolver.trimmed(answer)) else {
          throw CtlError.declined("Nothing was cancelled.")
        }
      }
      try global.show(try connection.reply(.planCancel, ["plan": .int(id)])) { "Cancelled plan \($0.id)." }
    }

    /// "plan 3 (Thu 2026-12-03 19:00 +00:00, Astro 2: 8 going, 2 waiting)".
    static func describe(_ plan: API.Plan) -> String {
      let place = Render.string(plan.place).map { ", \($0)" } ?? ""
      return "plan \(plan.id) (\(PlanRender.start(plan.startsAtLocal))\(place): "
        + "\(plan.going.count) going, \(plan.waiting.count) waiting)"
    }
  }
}
