import GatherModel
import GatherRPC

/// gather.report: an ended gather as a message to share.
enum ReportController {
  static func methods<C>(_ session: GatherSession<C>, web: WebAccess?) -> [RPCMethod<Caller>] {
    [
      // A query: the record is read from the store.
      .query("gather.report") { params, caller in
        let id = try params.optionalInt("gather")
        try params.finish()
        // The sign-up and vote codes are capabilities: only a controller, who may ask for them with plan.link and
        // gather.voteLink, gets the links.
        let mayLink = caller.mayMutate
        return try session.report(
          of: id, link: { plan in mayLink ? signUpLink(plan, web: web) : nil },
          voteLink: { code in mayLink ? voteLink(code, web: web) : nil }
        ).json
      }
    ]
  }

  /// The first vote link of a vote's code, when the page is served and knows its address; nil otherwise.
  static func voteLink(_ code: String, web: WebAccess?) -> String? {
    guard let web, case .success(let links) = web.voteLinks(code: code) else { return nil }
    return links.urls.first
  }

  /// The plan's first sign-up link, when the page is served and knows its address; nil otherwise.
  static func signUpLink(_ plan: Plan, web: WebAccess?) -> String? {
    guard let web, let code = plan.signUpCode, case .success(let links) = web.signUpLinks(code: code) else {
      return nil
    }
    return links.urls.first
  }
}
