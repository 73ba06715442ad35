import FoundationEssentials
import GatherModel

/// Plans and their answers: one named write per change the model accepts, each re-checking that the
/// plan is open in its own transaction.
extension GatherStore {
  /// Saves a new open plan with its sign-up code, its terms (a schedule's, for its game made by hand) and its cost,
  /// if any, and returns it with its id.
  public func createPlan(
    _ details: PlanDetails, terms: PlanTerms = PlanTerms(), signUpCode: String, createdAt: Date, fee: Fee? = nil
  ) throws -> Plan {
    try transaction { db in
      try Self.insertPlan(details, terms: terms, signUpCode: signUpCode, createdAt: createdAt, fee: fee, db)
    }
  }

  /// Inserts an open plan's row in `db` and returns the plan with its id.
  static func insertPlan(
    _ details: PlanDetails, terms: PlanTerms, signUpCode: String, createdAt: Date, fee: Fee?, _ db: SQLiteConnection
  ) throws -> Plan {
    let columns = TermsColumns(terms)
    try db.execute(
      """
      INSERT INTO plan (status, startsAt, utcOffset, capacity, place, note, signUpCode, createdAt, \
      \(TermsColumns.columnsSQL), feeAmount, feeCurrency, feeGuests, feePaidBy) \
      VALUES ('open', \(placeholders(11 + columns.arguments.count)))
      """,
      [
        details.startsAt.unixMilliseconds, details.utcOffset, details.capacity, details.place, details.note,
        signUpCode, createdAt.unixMilliseconds,
      ] + columns.arguments + feeArguments(fee))
    return Plan(id: db.lastInsertedRowID, details: details, createdAt: createdAt, signUpCode: signUpCode, terms: terms)
      .withFee(fee)
  }

  /// Saves an open plan's changed details, offer period and cut-off (its answers are kept as they are: the capacity
  /// decides who goes), and its offers as they now are.
  public func updatePlan(_ plan: Plan) throws {
    try transaction { db in
      let details = plan.details
      try db.execute(
        """
        UPDATE plan SET sequence = sequence + (startsAt <> ?1), startsAt = ?1, utcOffset = ?2, capacity = ?3, \
        place = ?4, note = ?5, offerPeriodMs = ?7, cutOffMs = ?8 WHERE id = ?6 AND status = 'open'
        """,
        [
          details.startsAt.unixMilliseconds, details.utcOffset, details.capacity, details.place, details.note, plan.id,
          plan.terms.offerPeriod?.inMilliseconds, plan.terms.cutOff?.inMilliseconds,
        ])
      guard db.changesCount == 1 else { throw try Self.planError(plan.id, db) }
      try Self.saveOffers(of: plan, db)
    }
  }

  /// Cancels an open plan at `at`; its sign-up code is kept, to say so to whoever opens its link.
  public func cancelPlan(_ id: Plan.ID, at: Date) throws {
    try transaction { db in
      try db.execute(
        "UPDATE plan SET status = 'cancelled', closedAt = ?, sequence = sequence + 1 WHERE id = ? AND status = 'open'",
        [at.unixMilliseconds, id])
      guard db.changesCount == 1 else { throw try Self.planError(id, db) }
    }
  }

  /// Saves a player's "I'm in" to an open plan at `at`: to the back of its queue.
  public func saveJoin(_ player: Player, plan: Plan.ID, at: Date) throws {
    try transaction { db in try Self.saveAnswer("in", player, plan: plan, at: at, guest: false, db) }
  }

  /// Saves a player's "Can't make it" to an open plan at `at`.
  public func saveLeave(_ player: Player, plan: Plan.ID, at: Date) throws {
    try transaction { db in try Self.saveAnswer("out", player, plan: plan, at: at, guest: false, db) }
  }

  /// Adds a new roster player by name, as a guest brought by `host` (when known), and their "I'm in" to an open
  /// plan, in one transaction.
  public func addGuest(_ details: PlayerDetails, joining plan: Plan.ID, at: Date, broughtBy host: Player.ID? = nil)
    throws -> Player
  {
    try transaction { db in
      try Self.requireOpenPlan(plan, db)
      let player = try Self.insertPlayer(details, db)
      try Self.saveAnswer("in", player, plan: plan, at: at, guest: true, db)
      if let host {
        try db.execute(
          "UPDATE planSignUp SET broughtBy = ? WHERE planId = ? AND playerId = ?", [host, plan, player.id])
      }
      return player
    }
  }

  /// Any plan, open or not, with its answers and the gather it started; nil when there is none with this id.
  public func plan(_ id: Plan.ID) throws -> Plan? {
    try database.read { db in try Self.plans("WHERE id = ?", [id], db).first }
  }

  /// The error for a plan that is not open: not found, cancelled, started or expired.
  public func planError(_ id: Plan.ID) throws -> GatherError {
    try database.read { db in try Self.planError(id, db) }
  }

  static func planError(_ id: Plan.ID, _ db: SQLiteConnection) throws -> GatherError {
    switch try db.fetchValue("SELECT status FROM plan WHERE id = ?", [id]) as String? {
    case "cancelled": .planCancelled(id)
    case "started": .planStarted(id)
    case "expired": .planExpired(id)
    case "open": .invalidTransition("Plan \(id) changed meanwhile; try again.")
    default: .planNotFound(id)
    }
  }

  static func requireOpenPlan(_ id: Plan.ID, _ db: SQLiteConnection) throws {
    let open = "SELECT EXISTS (SELECT 1 FROM plan WHERE id = ? AND status = 'open')"
    guard try db.fetchValue(open, [id]) == true else { throw try planError(id, db) }
  }

  /// Writes a player's latest answer to an open plan; its turn comes after every answer before it. Joining
  /// records that the player joined once (attendance); leaving after joining records when (a late leave).
  static func saveAnswer(
    _ answer: String, _ player: Player, plan: Plan.ID, at: Date, guest: Bool, _ db: SQLiteConnection
  ) throws {
    try requireOpenPlan(plan, db)
    try db.execute(
      """
      INSERT INTO planSignUp (planId, playerId, playerName, answer, answeredAt, turn, joinedAt, leftAt, guest)
      VALUES (?1, ?2, ?3, ?4, ?5, (SELECT COALESCE(MAX(turn), 0) + 1 FROM planSignUp WHERE planId = ?1),
        CASE WHEN ?4 = 'in' THEN ?5 END, NULL, ?6)
      ON CONFLICT (planId, playerId) DO UPDATE SET playerName = excluded.playerName, answer = excluded.answer,
        answeredAt = excluded.answeredAt, turn = excluded.turn, joinedAt = COALESCE(joinedAt, excluded.joinedAt),
        leftAt = CASE WHEN answer = 'in' AND excluded.answer = 'out' THEN excluded.answeredAt ELSE leftAt END,
        guest = guest OR excluded.guest
      """,
      [plan, player.id, player.name, answer, at.unixMilliseconds, guest])
  }

  /// The open plans, soonest first, as the session holds them.
  static func openPlans(_ db: SQLiteConnection) throws -> [Plan] {
    try plans("WHERE status = 'open' ORDER BY startsAt, id", [], db)
  }

  /// The plans a `WHERE …` clause selects, in its order, each with its answers, its check-in and the gather it
  /// started.
  static func plans(_ clause: String, _ arguments: [any SQLiteValueConvertible], _ db: SQLiteConnection) throws
    -> [Plan]
  {
    try db.fetchAll("SELECT * FROM plan " + clause, arguments).map { row in
      let plan = try PlanRow(row: row)
      let answers = try db.fetchAll("SELECT * FROM planSignUp WHERE planId = ? ORDER BY turn", [plan.id])
      let gatherID: Int64? = try db.fetchValue("SELECT id FROM gather WHERE planId = ?", [plan.id])
      let checkIn = try checkIn(of: plan.id, at: plan.checkedInAt, db)
      return try Self.withOffers(
        plan.plan(answers: answers, gatherID: gatherID, checkIn: checkIn).withFee(Self.fee(in: row)), db)
    }
  }
}
