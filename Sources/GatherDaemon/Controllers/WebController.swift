import GatherQR
import GatherRPC

/// auth.token, web.link and web.share: control over the web for those who hold the token, and the page's links;
/// answering for a plan, for those who hold its sign-up code; voting in a gather's vote, for those who hold its
/// vote code (or the sign-up code of its plan).
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
        // The control token, or the code of a link (a plan's sign-up link, a gather's vote link), which grants
        // answering for that plan or voting in that vote and nothing else; a wrong one of either counts toward the
        // same limit.
        let state = session.view.state
        let hasCodes =
          state.openPlans.contains { $0.signUpCode != nil } || !state.closedPlans.isEmpty || !state.votes.isEmpty
          || !state.closedVoteCodes.isEmpty
        guard access.hasToken || hasCodes else {
          throw RPCError.forbidden(
            reason: "invalid_token", "gatherd has no control token (--http-token-file), so web clients may only watch.")
        }
        switch access.access(Array(token.utf8), from: client, codes: { CodeGrant.access($0, in: state) }) {
        case .control:
          caller.mayMutate = true
          return .object(["control": true])
        case .granted(let grant):
          caller.grant = grant
          var result: JSONObject = ["control": .bool(caller.mayMutate)]
          switch grant.scope {
          case .plan(let plan):
            result["signUp"] = .object([
              "plan": .int(plan), "status": "open", "methods": methodsJSON(CodeGrant.planMethods),
            ])
          case .vote(let gather): result["vote"] = voteJSON(gather, grant: grant)
          }
          return .object(result)
        case .closedPlan(let plan, let vote):
          // The link of a cancelled, started or expired plan: it says what happened, and grants nothing but voting
          // in the vote of its gather, while that is open.
          var closed: JSONObject = ["plan": .int(plan.id), "status": .string(plan.status.rawValue), "methods": []]
          if let gather = plan.gatherID { closed["gather"] = .int(gather) }
          var result: JSONObject = ["control": .bool(caller.mayMutate), "signUp": .object(closed)]
          if let vote, case .vote(let gather) = vote.scope {
            caller.grant = vote
            result["vote"] = voteJSON(gather, grant: vote)
          }
          return .object(result)
        case .closedVote(let grant):
          // The link of a closed vote: it says whose vote it was; a late vote through it is told the vote closed.
          caller.grant = grant
          guard case .vote(let gather) = grant.scope else { return .object(["control": .bool(caller.mayMutate)]) }
          return .object(["control": .bool(caller.mayMutate), "vote": voteJSON(gather, grant: nil)])
        case .wrong:
          throw RPCError.forbidden(
            reason: "invalid_token",
            "That is neither gatherd's control token nor the code of a sign-up or vote link; this connection may only watch."
          )
        case .tooMany(let wait):
          caller.closesAfterReply = true
          throw RPCError.forbidden(
            reason: "too_many_attempts",
            "Too many wrong tokens came from \(client.address): the token was not checked, and this connection closes. Try again in \(wait.wholeSeconds) s."
          )
        }
      },
      .read("web.link") { params, caller in
        let qr = try params.optionalBool("qr") ?? false
        try params.finish()
        guard caller.mayMutate else { throw RPCError.forbidden(caller.whyReadOnly) }
        // An MQTT reply may go to a shared topic that watchers read: the control token never goes over MQTT.
        if case .mqtt = caller.peer {
          throw RPCError.forbidden(
            reason: "not_over_mqtt",
            "The control link holds the control token and is never sent over MQTT, whose replies others may read; "
              + "ask gatherctl web link on the server.")
        }
        let links = try pageLinks(web)
        guard case .success(let fragment) = web!.controlFragment() else {
          throw RPCError.wrongState(
            reason: "web_disabled", "The web page is read-only: start gatherd with --http-token-file FILE.")
        }
        let control = links.with(fragment: fragment)
        var result: JSONObject = [
          "url": .string(control[0]), "view": .string(links.pages[0]),
          "links": .array(zip(control, links.pages).map { .object(["url": .string($0), "view": .string($1)]) }),
        ]
        if let note = links.note { result["note"] = .string(note) }
        if qr { result["qr"] = qrSVG(control[0]) }
        return .object(result)
      },
      // The page's share view, and gatherctl web link --view. The view-only links are no secret.
      .read("web.share") { params, _ in
        try params.finish()
        let links = try pageLinks(web)
        var result: JSONObject = [
          "links": .array(
            links.pages.map { page in .object(["url": .string(page), "qr": qrSVG(page)]) })
        ]
        if let note = links.note { result["note"] = .string(note) }
        return .object(result)
      },
    ]
  }

  /// A sorted list of method names.
  private static func methodsJSON(_ methods: Set<String>) -> JSONValue { .array(methods.sorted().map { .string($0) }) }

  /// What a vote link's code opens: `{gather, status, methods}`, `open` with `vote.cast` under a grant, `closed` with
  /// none.
  private static func voteJSON(_ gather: Int64, grant: CodeGrant?) -> JSONValue {
    .object([
      "gather": .int(gather), "status": grant == nil ? "closed" : "open",
      "methods": methodsJSON(grant?.methods ?? []),
    ])
  }

  /// The page's links, or web_disabled saying why there are none.
  private static func pageLinks(_ web: WebAccess?) throws(RPCError) -> PageLinks {
    guard let web else {
      throw RPCError.wrongState(reason: "web_disabled", "gatherd serves no web page: start it with --http ADDRESS.")
    }
    switch web.pageLinks() {
    case .success(let links): return links
    case .failure(let error): throw RPCError.wrongState(reason: "web_disabled", error.description)
    }
  }
}

/// A link's QR code as SVG (libqrencode), or null for a text too long for one.
func qrSVG(_ text: String) -> JSONValue {
  (try? QRCode(encoding: text)).map { .string($0.svg()) } ?? .null
}
