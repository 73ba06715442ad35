import GatherModel
import GatherRPC

/// vote.* and gather.voteLink: the man-of-the-match vote of an ended gather, cast by its players through its vote
/// link or their plan's sign-up link.
enum VoteController {
  static func methods<C>(_ session: GatherSession<C>, web: WebAccess?) -> [RPCMethod<Caller>] {
    [
      .mutate("vote.cast") { params, caller in
        let gather = try params.int("gather")
        // A link is shared: whoever holds it says who they are, as on the sign-up view.
        let voter = try params.int("voter")
        let player = try params.int("player")
        try params.finish()
        if !caller.mayMutate {
          guard let grant = caller.grant else {
            throw RPCError.forbidden(
              "Voting needs the gather's vote link or its plan's sign-up link, and \(caller.whyReadOnly)")
          }
          try grant.check(vote: gather)
        }
        return try session.castVote(gather: gather, voter: voter, choice: player).json
      },
      // A query: a closed vote is read from the store.
      .query("vote.status") { params, _ in
        let gather = try params.int("gather")
        try params.finish()
        return try session.voteStatus(of: gather).json
      },
      .query("gather.voteLink") { params, caller in
        let gather = try params.int("gather")
        let qr = try params.optionalBool("qr") ?? false
        try params.finish()
        guard caller.mayMutate else {
          throw RPCError.forbidden("gather.voteLink is for controllers, and \(caller.whyReadOnly)")
        }
        guard let web else {
          throw RPCError.wrongState(reason: "web_disabled", "gatherd serves no web page: start it with --http ADDRESS.")
        }
        let code = try session.voteCode(of: gather)
        switch web.voteLinks(code: code) {
        case .success(let links):
          var result: JSONObject = [
            "url": .string(links.urls[0]), "gather": .int(gather), "links": .array(links.urls.map { .string($0) }),
          ]
          if let note = links.note { result["note"] = .string(note) }
          if qr { result["qr"] = .array(links.urls.map(qrSVG)) }
          return .object(result)
        case .failure(let error): throw RPCError.wrongState(reason: "web_disabled", error.description)
        }
      },
    ]
  }
}
