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
        // The sign-up code is a capability: only a controller, who may ask for it with plan.link, gets the link.
        let mayLink = caller.mayMutate
        return try session.report(of: id) { plan in mayLink ? signUpLink(plan, web: web) : nil }.json
      }
    ]
  }

  /// The plan's first sign-up link, when the page is served and knows its address; nil otherwise.
  static func signUpLink(_ plan: Plan, web: WebAccess?) -> String? {
    guard let web, let code = plan.signUpCode, case .success(let links) = web.signUpLinks(code: code) else {
      return nil
    }
    return links.urls.first
  }
}
