import ArgumentParser
import GatherAPI
import GatherRPC

extension PlanCommand {
  /// `gatherctl plan restore PLAN`: a plan called off by mistake, open again.
  struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Open a cancelled plan again, with its lists and the same sign-up link, until its start.",
      discussion: """
        For a plan called off by mistake: everyone's answers stand, in the order they were given, and the link \
        the group already has works again. It works until the plan's start; a plan that has started as a gather \
        or expired stays as it is. Another open plan at the same start is refused unless --force.

        For example: gatherctl plan restore 3 (gatherctl plan cancel said which plan it cancelled; gatherctl plan \
        show --plan 3 shows a plan, open or not).
        """)
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The cancelled plan's id.") var plan: Int64
    @Flag(help: "Open it even when another open plan starts at the same time.") var force = false

    func run() throws {
      let reply = try PlanGuards.reply(.planRestore, ["plan": .int(plan)], force: force, on: try global.connect())
      try global.show(reply) {
        "Restored plan \($0.id): open again, with its lists and the same sign-up link.\n" + PlanRender.plan($0)
      }
    }
  }
}
