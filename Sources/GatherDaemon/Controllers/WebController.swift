import GatherRPC

/// auth.token and web.link: control over the web, for those who hold the token.
enum WebController {
  static func methods(_ web: WebAccess?) -> [RPCMethod<Caller>] {
    [
      .read("auth.token") { params, caller in
        let token = try params.string("token")
        try params.finish()
        guard case .web(let client) = caller.peer, let access = caller.access else {
          guard caller.mayMutate else { throw RPCError.forbidden(caller.whyReadOnly) }
          // A local controller needs no token.
          return .object(["control": true])
        }
        guard access.hasToken else {
          throw RPCError.forbidden(
            reason: "invalid_token", "gatherd has no control token (--http-token-file), so web clients may only watch.")
        }
        switch access.check(token.utf8, from: client) {
        case .right:
          caller.mayMutate = true
          return .object(["control": true])
        case .wrong:
          throw RPCError.forbidden(
            reason: "invalid_token", "That is not gatherd's control token; this connection may only watch.")
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
