import GatherAPI
import GatherRPC

/// auth.token, web.link and web.share: control over the web for those who hold the token, the codes of links for
/// those who hold one, and the page's links.
enum WebMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [authToken, webLink, webShare]

  /// auth.token: presents the web control token, or a link's code: this WebSocket connection may then change the match,
  /// answer for a plan, or vote in a gather's man-of-the-match vote.
  static let authToken = MethodDefinition.view(
    .authToken, TokenParams.self,
    doc: MethodDoc(
      summary: """
        Presents the web control token, or a link's code: this WebSocket connection may then change the match, \
        answer for a plan, or vote in a gather's man-of-the-match vote.
        """,
      description: """
        For web clients (the scoreboard's listener), which are read-only until they present the token that \
        gatherd was given with --http-token-file. Send it as the connection's first message. A wrong token \
        changes nothing (invalid_token). After 5 wrong tokens from one client address, its tokens go unchecked \
        (too_many_attempts, and the connection closes) until 12 s per wrong one have passed. On a Unix socket, \
        access follows the peer's user and group: a controller gets {control:true}, anyone else forbidden. A \
        plan's sign-up code (the #signup= part of plan.link's link) grants plan.join and plan.leave for that \
        plan only, for any roster player or a new guest, and nothing else; the result says so in signUp. \
        plan.cancel and gather.start {plan} void it, at once: presented then, it grants no method and says only \
        what became of its plan (signUp.status cancelled or started, and signUp.gather once started), so that \
        the page opened from the link can say so; a code no plan ever had stays invalid_token. Codes are \
        compared in constant time and never logged. A gather's vote code (the #vote= part of gather.voteLink's \
        link) grants vote.cast in that gather's vote only, while it is open (vote); so does the sign-up code of \
        the plan the gather came from, beside its signUp. Once the vote closed, the vote code grants nothing and \
        says only whose vote it was (vote.status closed). A paired device's credential (web.pairDevice) makes \
        the connection a controller as the control token does, while the device stays paired, and the result \
        names the device.
        """,
      result: ResultDoc("access", schema: APISchemas.tokenAccess),
      errors: [
        .own(code: -32003, message: "That is not gatherd's control token.", reason: "invalid_token"),
        .own(
          code: -32003,
          message: """
            Too many wrong tokens came from this client's address: the token was not checked, and the connection closes \
            after this reply.
            """, reason: "too_many_attempts"), .forbidden, .invalidParams,
      ]
    )
  ) { params, view, call in
    try Encoded(
      call.authenticate(params.token, in: view.state), planMethods: MethodCatalog.names(grantedBy: .plan),
      voteMethods: MethodCatalog.names(grantedBy: .vote))
  }

  /// auth.token's params.
  struct TokenParams: MethodParams {
    static let fields = [
      ParamDoc(
        "token",
        """
        The control token (the #token= part of gatherctl web link's link), a paired device's credential \
        (web.pairDevice), a plan's sign-up code (the #signup= part of plan.link's) or a gather's vote code (the \
        #vote= part of gather.voteLink's).
        """, required: true, schema: .string())
    ]
    /// The control token, or a sign-up or vote link's code.
    let token: String

    init(_ params: inout Params) throws { token = try params.string("token") }
  }

  /// web.link: the scoreboard page's links, with the control token in their #fragment; controllers only.
  static let webLink = MethodDefinition.view(
    .webLink, LinkParams.self, access: .controllerOffMQTT,
    doc: MethodDoc(
      summary: """
        The scoreboard page's links, with the control token in their #fragment; controllers only.
        """,
      description: """
        The page's address is --public-url when it is set; otherwise the listener's own address, and for a \
        wildcard listener (0.0.0.0, [::]) each of this machine's network addresses, the default route's \
        interface first: never 0.0.0.0, [::] or a host name that may resolve only on the server. A listener that \
        other devices cannot reach (127.0.0.1) still gets its link, and note says what to pass. The fragment is \
        never sent to a server by browsers, so the token stays out of logs. web_disabled when gatherd serves no \
        page (no --http), has no token, or serves a Unix socket without --public-url.
        """,
      result: ResultDoc("link", schema: APISchemas.controlLink),
      errors: [.webDisabled, .forbidden, .invalidParams]
    )
  ) { params, view, call in
    let web = try ParamReaders.web(call.services.web)
    let links = try ParamReaders.pageLinks(web)
    guard case .success(let fragment) = web.controlFragment() else {
      throw RPCError.wrongState(
        reason: "web_disabled", "The web page is read-only: start gatherd with --http-token-file FILE.")
    }
    return Encoded(control: links.with(fragment: fragment), views: links.pages, note: links.note, qr: params.qr)
  }

  /// web.link's params.
  struct LinkParams: MethodParams {
    static let fields = [
      ParamDoc(
        "qr",
        """
        true: the first control link's QR code as SVG too, in qr (the page shows it only when asked twice).
        """, required: false, schema: .boolean())
    ]
    /// Whether to add the control link's QR code.
    let qr: Bool

    init(_ params: inout Params) throws { qr = try params.optionalBool("qr") ?? false }
  }

  /// web.share: the scoreboard page's view-only links, each with its QR code, for the page's share view; any peer may
  /// ask.
  static let webShare = MethodDefinition.view(
    .webShare, NoParams.self,
    doc: MethodDoc(
      summary: """
        The scoreboard page's view-only links, each with its QR code, for the page's share view; any peer may \
        ask.
        """,
      description: """
        The same addresses as web.link, without the token. qr is an SVG document (the code drawn by libqrencode, \
        one unit per module, with a quiet zone of 4), or null for a link too long for a QR code. gatherctl web \
        link --view prints the first link. web_disabled as for web.link, except that no token is needed.
        """,
      result: ResultDoc("share", schema: APISchemas.shareLinks),
      errors: [.webDisabled, .invalidParams]
    )
  ) { params, view, call in
    // The view-only links are no secret.
    let links = try ParamReaders.pageLinks(ParamReaders.web(call.services.web))
    return Encoded(share: links.pages, note: links.note)
  }

}
