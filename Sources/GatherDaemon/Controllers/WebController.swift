import GatherRPC

/// auth.token and web.link: control over the web, for those who hold the token.
enum WebController {
  static func methods<C>(_ web: WebAccess?, _ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .read("auth.token") { params, caller in
        let token = try params.string("token")
        try params.finish()
        guard case .web = caller.peer, let access = caller.access else {
          guard caller.mayMutate else { throw RPCError.forbidden(caller.whyReadOnly) }
          // A local controller needs no token.
          return .object(["control": true])
        }
        // Plans (issue 24): a plan's sign-up code grants answering for that plan, and nothing else.
        if !access.isControlToken(token.utf8), let plan = session.view.state.plan(withCode: token.utf8) {
          caller.signUp = SignUpGrant(plan: plan.id, code: Array(token.utf8))
          return .object([
            "control": .bool(caller.mayMutate),
            "signUp": .object([
              "plan": .int(plan.id), "methods": .array(SignUpGrant.methods.sorted().map { .string($0) }),
            ]),
          ])
        }
        guard access.hasToken else {
          throw RPCError.forbidden(
            reason: "invalid_token", "gatherd has no control token (--http-token-file), so web clients may only watch.")
        }
        guard access.isControlToken(token.utf8) else {
          throw RPCError.forbidden(
            reason: "invalid_token", "That is not gatherd's control token; this connection may only watch.")
        }
        caller.mayMutate = true
        return .object(["control": true])
      },
      .read("web.link") { params, caller in
        try params.finish()
        guard caller.mayMutate else { throw RPCError.forbidden(caller.whyReadOnly) }
        guard let web else {
          throw RPCError.wrongState(reason: "web_disabled", "gatherd serves no web page: start it with --http ADDRESS.")
        }
        switch web.controlLink() {
        case .success(let url): return .object(["url": .string(url)])
        case .failure(let error): throw RPCError.wrongState(reason: "web_disabled", error.description)
        }
      },
    ]
  }
}
