import GatherAPI
import GatherModel
import GatherRPC

/// plan.link, gather.voteLink and plan.calendarLink: the links controllers send to the group (each a capability: a
/// plan's sign-up, a gather's vote, the plans' calendar feed), on the page's address, with their QR codes.
enum LinkMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [planLink, gatherVoteLink, planCalendarLink]

  /// plan.link: the plan's sign-up link for the group chat; controllers only.
  static let planLink = MethodDefinition.query(
    .planLink, SignUpParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "The plan's sign-up link for the group chat; controllers only.",
      description: """
        http://HOST:PORT/#signup=CODE: the page's sign-up view, where anyone holding the link may join or leave \
        that plan for any roster player, or add themselves as a guest, and nothing else. The code stays the same \
        for the plan's life; once the plan is cancelled or started it grants nothing, and only tells the page \
        what became of the plan (auth.token). web_disabled when gatherd serves no page (no --http).
        """,
      result: ResultDoc("link", schema: APISchemas.signUpLink),
      errors: [.webDisabled, .forbidden, .planNotFound, .planCancelled, .planStarted, .planExpired, .invalidParams]
    )
  ) { params, reader, call in
    guard let plan = reader.state.openPlan(params.plan) else { throw try reader.closedPlanError(params.plan) }
    let web = try ParamReaders.web(call.services.web)
    guard let code = plan.signUpCode else {
      throw RPCError.wrongState(reason: "web_disabled", "gatherd serves no web page: start it with --http ADDRESS.")
    }
    switch web.signUpLinks(code: code) {
    case .success(let links): return Encoded(signUp: links.urls, plan: plan.id, note: links.note, qr: params.qr)
    case .failure(let error): throw RPCError.wrongState(reason: "web_disabled", error.description)
    }
  }

  /// plan.link's params.
  struct SignUpParams: MethodParams {
    static let fields = [
      ParamDoc("plan", "The plan's id.", required: true, schema: .ref("Id")),
      ParamDoc("qr", "true: each link's QR code as SVG too, in qr.", required: false, schema: .boolean()),
    ]
    let plan: Plan.ID
    /// Whether to add each link's QR code.
    let qr: Bool

    init(_ params: inout Params) throws {
      plan = try params.int("plan")
      qr = try params.optionalBool("qr") ?? false
    }
  }

  /// gather.voteLink: the gather's vote link for the group chat; controllers only.
  static let gatherVoteLink = MethodDefinition.query(
    .gatherVoteLink, VoteParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "The gather's vote link for the group chat; controllers only.",
      description: """
        http://HOST:PORT/#vote=CODE: the page's vote view, where anyone holding the link picks who they are \
        among those who played and votes once for someone else, and nothing else. The code is the gather's own, \
        made when it ended; once the vote closed the link only shows the outcome. A gather started from a plan \
        can be voted on through the plan's sign-up link too. web_disabled when gatherd serves no page (no \
        --http).
        """,
      result: ResultDoc("link", schema: APISchemas.voteLink),
      errors: [.webDisabled, .forbidden, .gatherNotFound, .invalidParams]
    )
  ) { params, reader, call in
    let web = try ParamReaders.web(call.services.web)
    let code = try reader.voteCode(of: params.gather)
    switch web.voteLinks(code: code) {
    case .success(let links): return Encoded(vote: links.urls, gather: params.gather, note: links.note, qr: params.qr)
    case .failure(let error): throw RPCError.wrongState(reason: "web_disabled", error.description)
    }
  }

  /// gather.voteLink's params.
  struct VoteParams: MethodParams {
    static let fields = [
      ParamDoc("gather", "The ended gather's id.", required: true, schema: .ref("Id")),
      ParamDoc("qr", "true: each link's QR code as SVG too, in qr.", required: false, schema: .boolean()),
    ]
    let gather: Int64
    /// Whether to add each link's QR code.
    let qr: Bool

    init(_ params: inout Params) throws {
      gather = try params.int("gather")
      qr = try params.optionalBool("qr") ?? false
    }
  }

  /// plan.calendarLink: the plans' calendar feed's link, to subscribe to in a calendar app; controllers only.
  static let planCalendarLink = MethodDefinition.turn(
    .planCalendarLink, CalendarParams.self, access: .controller(),
    doc: MethodDoc(
      summary: """
        The plans' calendar feed's link, to subscribe to in a calendar app; controllers only.
        """,
      description: """
        http://HOST:PORT/calendar.ics?code=CODE (and the same as webcal://): an iCalendar feed (RFC 5545) of \
        every open plan and of those cancelled, started or passed that start from four weeks ago on, each an \
        hour long, a cancelled one as STATUS:CANCELLED, and each open plan's sign-up link in its description. \
        One code for the whole daemon, made at the first call and kept until renew: true makes a new one (the \
        old link stops working at once). It is meant for the group, as the sign-up links are: it lets its holder \
        read the plans and their sign-up links, nothing else. web_disabled when gatherd serves no page (no \
        --http).
        """,
      result: ResultDoc("link", schema: APISchemas.calendarLink),
      errors: [.webDisabled, .forbidden, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    let web = try ParamReaders.web(call.services.web)
    // The page's address is checked first: no code is made for a feed nobody could open.
    _ = try ParamReaders.pageLinks(web)
    switch web.calendarLinks(code: try turn.calendarCode(renew: params.renew)) {
    case .success(let links): return Encoded(calendar: links.urls, note: links.note, qr: params.qr)
    case .failure(let error): throw RPCError.wrongState(reason: "web_disabled", error.description)
    }
  }

  /// plan.calendarLink's params.
  struct CalendarParams: MethodParams {
    static let fields = [
      ParamDoc("renew", "true: make a new code; the old link stops working.", required: false, schema: .boolean()),
      ParamDoc("qr", "true: each link's QR code too, as SVG.", required: false, schema: .boolean()),
    ]
    /// Whether to make a new code; the old link stops working.
    let renew: Bool
    /// Whether to add each link's QR code.
    let qr: Bool

    init(_ params: inout Params) throws {
      renew = try params.optionalBool("renew") ?? false
      qr = try params.optionalBool("qr") ?? false
    }
  }

}
