import GatherRPC

/// auth.token and web.link: control over the web, for those who hold the token; answering for a plan, for those
/// who hold its sign-up code (issue 24).
enum WebController {
  static func methods<C>(_ web: WebAccess?, _ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .read("auth.token") { params, caller in
        let token = try params.string("token")
        try params.finish()
        guard case .web(let client) = caller.peer, let access = caller.access else {
          guard caller.mayMutate else { throw RPCError.forbidden(caller.whyReadOnly) }
          // A local controller needs no token.
          return .object(["control": true])
        }
        // Plans (issue 24): the control token, or a plan's sign-up code, which grants answering for that plan and
        // nothing else; a wrong one of either counts toward the same limit.
        let state = session.view.state
        guard access.hasToken || state.openPlans.contains(where: { $0.signUpCode != nil }) else {
          throw RPCError.forbidden(
            reason: "invalid_token", "gatherd has no control token (--http-token-file), so web clients may only watch.")
        }
        let lookUp = { (code: [UInt8]) in state.plan(withCode: code).map { SignUpGrant(plan: $0.id, code: code) } }
        switch access.access(Array(token.utf8), from: client, signUp: lookUp) {
        case .control:
          caller.mayMutate = true
          return .object(["control": true])
        case .signUp(let grant):
          caller.signUp = grant
          return .object([
            "control": .bool(caller.mayMutate),
            "signUp": .object([
              "plan": .int(grant.plan), "methods": .array(SignUpGrant.methods.sorted().map { .string($0) }),
            ]),
          ])
        case .wrong:
          throw RPCError.forbidden(
            reason: "invalid_token",
            "That is neither gatherd's control token nor an open plan's sign-up code; this connection may only watch.")
        case .tooMany(let wait):
          caller.closesAfterReply = true
          throw RPCError.forbidden(
            reason: "too_many_attempts",
            "Too many wrong tokens came from \(client.address): the token was not checked, and this connection closes. Try again in \(wait.wholeSeconds) s."
          )
        }
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
