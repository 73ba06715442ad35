import GatherRPC

// What the auth methods answer, and the schemas of their results.
extension API {
  /// What auth.token answers.
  public struct TokenAccess: Decodable, Sendable, Equatable {
    /// Whether this connection may change the match.
    public let control: Bool
    /// What a sign-up code grants: for an open plan, plan.join, plan.leave, plan.accept, plan.decline, push.subscribe and push.unsubscribe for it only; for a cancelled, started or
    /// expired plan, nothing (methods empty), and what became of it.
    public let signUp: SignUp?
    /// What a vote code, or the sign-up code of the plan a gather came from, grants: vote.cast in that gather's open
    /// vote; nothing once it closed.
    public let vote: Vote?
    /// The paired device whose credential was presented: it is a controller.
    public let device: API.Device?

    /// What a sign-up code grants: for an open plan, plan.join, plan.leave, plan.accept, plan.decline, push.subscribe and push.unsubscribe for it only; for a cancelled, started or
    /// expired plan, nothing (methods empty), and what became of it.
    public struct SignUp: Decodable, Sendable, Equatable {
      /// The plan.
      public let plan: API.Id
      /// The methods.
      public let methods: [String]
      /// The status.
      public let status: API.PlanStatus
      /// The gather a started plan became.
      public let gather: API.Id?
    }

    /// What a vote code, or the sign-up code of the plan a gather came from, grants: vote.cast in that gather's open
    /// vote; nothing once it closed.
    public struct Vote: Decodable, Sendable, Equatable {
      /// The gather.
      public let gather: API.Id
      /// The status.
      public let status: API.VoteState
      /// The methods.
      public let methods: [String]
    }
  }

}

extension APISchemas {
  /// The schema of ``API/TokenAccess``.
  public static let tokenAccess: Schema = .object(
    [
      "control": .required(.boolean("Whether this connection may change the match.")),
      "signUp": .optional(
        .object(
          """
          What a sign-up code grants: for an open plan, plan.join, plan.leave, plan.accept, plan.decline, push.subscribe and push.unsubscribe for it only; for a cancelled, \
          started or expired plan, nothing (methods empty), and what became of it.
          """,
          [
            "plan": .required(.ref("Id")),
            "methods": .required(
              .array(
                of: .choice([
                  "plan.accept", "plan.decline", "plan.join", "plan.leave", "push.subscribe", "push.unsubscribe",
                ]))),
            "status": .required(.ref("PlanStatus")),
            "gather": .optional(.ref("Id").described("The gather a started plan became.")),
          ])),
      "vote": .optional(
        .object(
          """
          What a vote code, or the sign-up code of the plan a gather came from, grants: vote.cast in that gather's \
          open vote; nothing once it closed.
          """,
          [
            "gather": .required(.ref("Id")),
            "status": .required(.choice(["open", "closed"])),
            "methods": .required(.array(of: .choice(["vote.cast"]))),
          ])),
      "device": .optional(
        .ref("Device").described("The paired device whose credential was presented: it is a controller.")),
    ])

}
