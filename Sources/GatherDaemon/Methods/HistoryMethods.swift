import GatherAPI
import GatherModel
import GatherRPC
import GatherStore

/// gathers.*, gather.report and stats.*: the ended gathers, the result to share, and the players' stats.
enum HistoryMethods {
  /// What stats.players may be ordered by.
  static let orders = PlayerStats.Order.allCases.map(\.rawValue)

  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [gathersList, gathersGet, gatherReport, statsPlayers, statsPlayer]

  /// gathers.list: lists ended gathers, newest first, a page at a time.
  static let gathersList = MethodDefinition.query(
    .gathersList, ListParams.self,
    doc: MethodDoc(
      summary: "Lists ended gathers, newest first, a page at a time.",
      result: ResultDoc("page", schema: APISchemas.historyPage),
      errors: [.invalidParams]
    )
  ) { params, reader, call in
    try Encoded(reader.history(limit: params.limit, before: params.before, player: params.player))
  }

  /// gathers.list's params.
  struct ListParams: MethodParams {
    static let fields = [
      ParamDoc(
        "limit", "Page size, default 20.", required: false,
        schema: .integer(minimum: 1, maximum: 100).with("default", .int(20))),
      ParamDoc(
        "before", "Only gathers older than this id: the next value of the previous page.", required: false,
        schema: .ref("Id")),
      ParamDoc("player", "Only gathers this player took part in.", required: false, schema: .ref("Id")),
    ]
    let limit: Int
    let before: Int64?
    let player: Player.ID?

    init(_ params: inout Params) throws {
      limit = Int(try params.optionalInt("limit", in: 1...Int64(GatherStore.maxPageSize)) ?? 20)
      before = try params.optionalInt("before")
      player = try params.optionalInt("player")
    }
  }

  /// gathers.get: returns an ended gather.
  static let gathersGet = MethodDefinition.query(
    .gathersGet, GetParams.self,
    doc: MethodDoc(
      summary: "Returns an ended gather.",
      description: "The active gather is not found here; use gather.current.",
      result: ResultDoc("record", schema: .ref("GatherRecord")),
      errors: [.gatherNotFound, .invalidParams]
    )
  ) { params, reader, call in
    try Encoded(reader.record(params.id))
  }

  /// gathers.get's params.
  struct GetParams: MethodParams {
    static let fields = [
      ParamDoc("id", "The gather's id.", required: true, schema: .ref("Id"))
    ]
    let id: Int64

    init(_ params: inout Params) throws { id = try params.int("id") }
  }

  /// gather.report: an ended gather as a message to share: score with the sides' names, scorers with their minutes, the
  /// man of the match when known, and the next open plan.
  static let gatherReport = MethodDefinition.query(
    .gatherReport, ReportParams.self,
    doc: MethodDoc(
      summary: """
        An ended gather as a message to share: score with the sides' names, scorers with their minutes, the man \
        of the match when known, and the next open plan.
        """,
      description: """
        Changes nothing. Without gather, the last gather that ended; none yet, or an unknown or active one, is \
        gather_not_found. The next plan's sign-up link is given to controllers only (the code is a capability, \
        as plan.link's), when the page is served; other callers get the plan without it. The page draws the same \
        as a card and shares it; gatherctl gather report prints text.
        """,
      result: ResultDoc("report", schema: .ref("GatherReport")),
      errors: [.gatherNotFound, .invalidParams]
    )
  ) { params, reader, call in
    let web = call.disclosure.showsLinkCodes ? call.services.web : nil
    return try Encoded(
      reader.report(
        of: params.gather, link: { web?.firstSignUpLink(of: $0) }, voteLink: { web?.firstVoteLink(code: $0) }))
  }

  /// gather.report's params.
  struct ReportParams: MethodParams {
    static let fields = [
      ParamDoc("gather", "The ended gather's id; the last to end when left out.", required: false, schema: .ref("Id"))
    ]
    /// The ended gather; the last one when nil.
    let gather: Int64?

    init(_ params: inout Params) throws { gather = try params.optionalInt("gather") }
  }

  /// stats.players: every player's stats over ended gathers.
  static let statsPlayers = MethodDefinition.query(
    .statsPlayers, StatsParams.self,
    doc: MethodDoc(
      summary: "Every player's stats over ended gathers.",
      description: """
        Only ended gathers count, and only on Team A or Team B. Players deleted from the roster are left out. \
        A player whose strikes count now is listed whatever minGathers asks, before their first game too. \
        Ties are broken by id. Each row's rating is learned from every ended gather the player played, whatever \
        since and until count; order rating sorts by it, highest display first. form is the last 5 results of \
        the gathers counted, newest first.
        """,
      result: ResultDoc("stats", schema: APISchemas.statsTable),
      errors: [.invalidParams]
    )
  ) { params, reader, call in
    try Encoded(
      reader.playerStats(period: params.period, minGathers: params.minGathers, order: params.order), order: params.order
    )
  }

  /// stats.players's params.
  struct StatsParams: MethodParams {
    static let fields = [
      ParamDoc(
        "since", "Only gathers that started at or after this time.", required: false,
        schema: .string(
          """
          A UTC date (2026-11-01) or date and time (2026-11-01T18:30:00Z): a real one (no 31 April, no leap \
          second) from 2000 to 2999.
          """)),
      ParamDoc(
        "until", "Only gathers that started before this time; it must come after since.", required: false,
        schema: .string(
          """
          A UTC date (2026-11-01) or date and time (2026-11-01T18:30:00Z): a real one (no 31 April, no leap \
          second) from 2000 to 2999.
          """)),
      ParamDoc(
        "minGathers",
        """
        Only players who played at least this many (default 1, and 0 with order attendance, since plans count \
        there; 0 lists the whole roster), and those whose strikes count now.
        """, required: false, schema: .integer(minimum: 0, maximum: 1_000_000)),
      ParamDoc(
        "order",
        """
        rating (the default: the rating's ordinal, mu - 3 sigma, highest first), wins (then win rate, played), \
        goals (then goals per gather), winRate (then played), played (then wins), attendance (plans played, then \
        fewest no-shows, then fewest left late, then most joined).
        """, required: false, schema: .choice(["rating", "wins", "goals", "winRate", "played", "attendance"])),
    ]
    let period: GatherStore.StatsPeriod
    let minGathers: Int
    let order: PlayerStats.Order

    init(_ params: inout Params) throws {
      let since = try ParamReaders.date(&params, "since")
      let until = try ParamReaders.date(&params, "until")
      if let since, let until, until <= since {
        throw RPCError.invalidParams(
          field: "until", "Parameter \"until\" must come after \"since\": the range holds no gather.")
      }
      period = GatherStore.StatsPeriod(since: since, until: until)
      order = try params.optionalChoice("order", orders, PlayerStats.Order.init(rawValue:)) ?? .rating
      minGathers = Int(try params.optionalInt("minGathers", in: 0...1_000_000) ?? (order == .attendance ? 0 : 1))
    }
  }

  /// stats.player: one player's stats and form, last 10 results (each with the sides' names of its gather and the
  /// player's side), the teammates they won most with, and their rating after each gather.
  static let statsPlayer = MethodDefinition.query(
    .statsPlayer, PlayerParams.self,
    doc: MethodDoc(
      summary: """
        One player's stats and form, last 10 results (each with the sides' names of its gather and the player's \
        side), the teammates they won most with, and their rating after each gather.
        """,
      result: ResultDoc("report", schema: .ref("PlayerReport")),
      errors: [.playerNotFound, .invalidParams]
    )
  ) { params, reader, call in
    try Encoded(reader.playerReport(params.id))
  }

  /// stats.player's params.
  struct PlayerParams: MethodParams {
    static let fields = [
      ParamDoc("id", "The player's id.", required: true, schema: .ref("Id"))
    ]
    let id: Player.ID

    init(_ params: inout Params) throws { id = try params.int("id") }
  }

}
