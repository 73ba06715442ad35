import GatherAPI
import GatherModel
import GatherRPC

/// plan.accept and plan.decline: a waiting player answers the place a plan offers them. A plan's sign-up link lets
/// its holder answer for that plan, as for plan.join.
enum OfferMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [planAccept, planDecline]

  /// plan.accept: a waiting player takes the place offered to them.
  static let planAccept = MethodDefinition.turn(
    .planAccept, OfferParams.self, access: .planLink { $0.plan },
    doc: MethodDoc(
      summary: "A waiting player takes the place offered to them: they are going.",
      description: """
        Within a plan's offer period (plan.create offerPeriod), a place a going player frees is offered to the \
        first waiting player rather than given: it goes out to them at once (a plan event offered, and a push to \
        their phones), or when quiet hours end (--quiet-hours, 21:00-09:00 by default), and they have 2 hours to \
        take it when more than a day is left before the start, 30 minutes when more than 3 hours are, else 10 \
        minutes, counted outside quiet hours and ending by kick-off (the plan's attendance.offers says until \
        when). Taking it publishes a plan event (accepted); taking it again changes nothing (changed false). A \
        player with no place offered (never, or it passed on) is -32602 naming player. Mutating: a controller, or \
        a web client holding the plan's sign-up code, as for plan.join.
        """,
      result: ResultDoc("answer", schema: .ref("PlanAnswer")),
      errors: [
        .forbidden, .playerNotFound, .planNotFound, .planCancelled, .planStarted, .planExpired, .invalidParams,
        .storageUnavailable,
      ]
    )
  ) { params, turn, call in
    try Encoded(turn.acceptOffer(params.plan, player: params.player))
  }

  /// plan.decline: a waiting player turns down the place offered to them.
  static let planDecline = MethodDefinition.turn(
    .planDecline, OfferParams.self, access: .planLink { $0.plan },
    doc: MethodDoc(
      summary: "A waiting player turns down the place offered to them: it passes to the next.",
      description: """
        The player is not going (a plan event declined), and the place is offered to the next waiting player \
        (offered), or given (promoted) outside the offer period; as it is when an offer is not taken in time \
        (lapsed). A player with no place offered is -32602 naming player. Mutating: a controller, or a web client \
        holding the plan's sign-up code, as for plan.join.
        """,
      result: ResultDoc("answer", schema: .ref("PlanAnswer")),
      errors: [
        .forbidden, .playerNotFound, .planNotFound, .planCancelled, .planStarted, .planExpired, .invalidParams,
        .storageUnavailable,
      ]
    )
  ) { params, turn, call in
    try Encoded(turn.declineOffer(params.plan, player: params.player))
  }

  /// plan.accept's and plan.decline's params.
  struct OfferParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id")),
      ParamDoc("player", "The waiting player offered a place.", required: true, schema: .ref("Id")),
    ]
    let plan: Plan.ID
    let player: Player.ID

    init(_ params: inout Params) throws {
      plan = try params.int("plan")
      player = try params.int("player")
    }
  }
}
