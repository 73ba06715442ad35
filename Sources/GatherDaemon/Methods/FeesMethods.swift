import GatherAPI
import GatherModel
import GatherRPC

/// fees.*: who paid for the pitch. A plan's or the active gather's cost, split among those who played when the
/// gather ends; payments and corrections the organiser marks; balances added up from the ledger.
enum FeesMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [
    feesSetCost, feesPay, feesCorrect, feesBalance, feesLedger, feesSetHowToPay,
  ]

  /// fees.setCost: sets or clears what an open plan, or the active gather, costs, and who pays a guest's share.
  static let feesSetCost = MethodDefinition.turn(
    .feesSetCost, SetCostParams.self, access: .controller(),
    doc: MethodDoc(
      summary: """
        Sets or clears what an open plan, or the active gather, costs, and who pays a guest's share.
        """,
      description: """
        When the gather (from the plan) ends, the cost is split among those who played and each share charged in \
        the ledger, in the gather's own transaction (Fee). The gather's own cost wins over its plan's. A cost is \
        whole minor units of an ISO 4217 currency, from 1 to a million in major units: a negative, zero, \
        fractional or absurd amount is -32602 naming cost.amount, an unknown currency names cost.currency, and \
        nothing changes. A plan event (updated) follows for a plan.
        """,
      result: ResultDoc(
        "changed",
        schema: .oneOf(
          [
            .ref("Plan"),
            .ref("Gather"),
            .object(
              [
                "gather": .required(.ref("Id")),
                "charged": .required(.array(of: .ref("FeeEntry"))),
              ]),
          ],
          """
          The plan, or the active gather, as it now is; for a gather that ended without a cost, the lines charged \
          at once.
          """)),
      errors: [
        .forbidden, .planNotFound, .planCancelled, .planStarted, .noActiveGather, .storageUnavailable, .invalidParams,
      ],
      extensions: ["x-requires-one-of": .array([.string("plan"), .string("gather")])]
    )
  ) { params, turn, call in
    if let plan = params.plan { return try Encoded(turn.setFee(params.fee, plan: plan)) }
    return try Encoded(turn.setCost(params.fee, gather: params.gather ?? 0))
  }

  /// fees.pay: marks money a player handed over: a payment line in the ledger.
  static let feesPay = MethodDefinition.turn(
    .feesPay, PayParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Marks money a player handed over: a payment line in the ledger.",
      description: """
        No payment processor: the organiser notes what was paid. Only someone charged may pay, in a currency \
        they were charged in (the only one when left out); overpaying is taken, as credit. Refused naming the \
        param, with nothing changed: a player never charged (player), a currency they were not charged in or \
        left out among several (currency), an amount of 0, negative, fractional or over a million in major units \
        (amount).
        """,
      result: ResultDoc("payment", schema: APISchemas.ledgerWrite),
      errors: [.forbidden, .storageUnavailable, .invalidParams]
    )
  ) { params, turn, call in
    let payment = try turn.pay(
      player: params.player, amount: params.amount, currency: params.currency, note: params.note)
    return Encoded(payment.entry, balance: payment.balance)
  }

  /// fees.pay's params.
  struct PayParams: MethodParams {
    static let fields = [
      ParamDoc("player", "Who paid.", required: true, schema: .ref("Id")),
      ParamDoc("amount", "Minor units paid: 500 for 5.00.", required: true, schema: .integer(minimum: 1)),
      ParamDoc(
        "currency", "The ISO 4217 code; the player's only one when left out.", required: false,
        schema: .string(minLength: 3, maxLength: 3)),
      ParamDoc(
        "note", "The organiser's words: at most 200 characters.", required: false, schema: .string(maxLength: 800)),
    ]
    let player: Player.ID
    /// Minor units paid.
    let amount: Int64
    /// The currency; the one they were charged in when left out.
    let currency: String?
    /// The organiser's words.
    let note: String?

    init(_ params: inout Params) throws {
      player = try params.int("player")
      amount = try params.int("amount")
      currency = try params.optionalString("currency")
      note = try params.optionalString("note")
    }
  }

  /// fees.correct: corrects a roster player's balance, either way, with a note that says why.
  static let feesCorrect = MethodDefinition.turn(
    .feesCorrect, CorrectParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Corrects a roster player's balance, either way, with a note that says why.",
      description: """
        A correction line in the ledger: positive if they owe more, negative if less. The ledger is only ever \
        added to, so a mistake is corrected, never erased. Without a note, -32602 naming note; an amount of 0 or \
        over a million in major units names amount.
        """,
      result: ResultDoc("correction", schema: APISchemas.ledgerWrite),
      errors: [.forbidden, .playerNotFound, .storageUnavailable, .invalidParams]
    )
  ) { params, turn, call in
    let correction = try turn.correctFee(
      player: params.player, amount: params.amount, currency: params.currency, note: params.note)
    return Encoded(correction.entry, balance: correction.balance)
  }

  /// fees.correct's params.
  struct CorrectParams: MethodParams {
    static let fields = [
      ParamDoc("player", "The roster player.", required: true, schema: .ref("Id")),
      ParamDoc("amount", "Minor units, positive or negative.", required: true, schema: .integer()),
      ParamDoc("currency", "The ISO 4217 code.", required: true, schema: .string(minLength: 3, maxLength: 3)),
      ParamDoc("note", "Why: at most 200 characters.", required: false, schema: .string(minLength: 1, maxLength: 800)),
    ]
    let player: Player.ID
    /// Minor units more owed, or less when negative.
    let amount: Int64
    let currency: String
    /// Why.
    let note: String?

    init(_ params: inout Params) throws {
      player = try params.int("player")
      amount = try params.int("amount")
      currency = try params.string("currency")
      note = try params.optionalString("note")
    }
  }

  /// fees.balance: who owes what, across gathers: each player's balance in each currency, added up from the ledger.
  static let feesBalance = MethodDefinition.query(
    .feesBalance, BalanceParams.self, access: .playerLink { $0.player },
    doc: MethodDoc(
      summary: """
        Who owes what, across gathers: each player's balance in each currency, added up from the ledger.
        """,
      description: """
        A link's holder sees one player's, so that each player sees what they owe: player is then required \
        (-32003 naming player otherwise).
        """,
      result: ResultDoc("balances", schema: APISchemas.feeBalances),
      errors: [.forbidden, .playerNotFound, .invalidParams]
    )
  ) { params, reader, call in
    try Encoded(balances: reader.feeBalances(player: params.player), howToPay: reader.howToPay())
  }

  /// fees.balance's params.
  struct BalanceParams: MethodParams {
    static let fields = [
      ParamDoc("player", "Only this player's.", required: false, schema: .ref("Id"))
    ]
    let player: Player.ID?

    init(_ params: inout Params) throws { player = try params.optionalInt("player") }
  }

  /// fees.ledger: the fee ledger's lines, oldest first: every charge, payment and correction.
  static let feesLedger = MethodDefinition.query(
    .feesLedger, LedgerParams.self,
    access: .controller(
      .saying(
        "The fees' ledger is for the organiser; a sign-up or vote link shows a player's balance (fees.balance). ")),
    doc: MethodDoc(
      summary: "The fee ledger's lines, oldest first: every charge, payment and correction.",
      description: """
        Optionally one player's (as payer) or one gather's charges.
        """,
      result: ResultDoc("ledger", schema: APISchemas.feeLedger),
      errors: [.forbidden, .playerNotFound, .gatherNotFound, .invalidParams]
    )
  ) { params, reader, call in
    try Encoded(ledger: reader.feeLedger(player: params.player, gather: params.gather))
  }

  /// fees.ledger's params.
  struct LedgerParams: MethodParams {
    static let fields = [
      ParamDoc("player", "Only this player's lines.", required: false, schema: .ref("Id")),
      ParamDoc("gather", "Only this gather's charges.", required: false, schema: .ref("Id")),
    ]
    let player: Player.ID?
    let gather: Int64?

    init(_ params: inout Params) throws {
      player = try params.optionalInt("player")
      gather = try params.optionalInt("gather")
    }
  }

  /// fees.setHowToPay: how players are to pay, in the organiser's words, shown beside what they owe.
  static let feesSetHowToPay = MethodDefinition.turn(
    .feesSetHowToPay, HowToPayParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Says how players are to pay what they owe, in the organiser's words.",
      description: """
        One note for the whole group ("Cash at the pitch, or IBAN DE44 …, reference: football"), typed text of at \
        most 300 characters; null or an empty note stops saying it. fees.balance carries it as howToPay, so each \
        player sees it beside their balance on their sign-up link. Refused, changing nothing: a note too long or \
        with control characters (-32602 naming note).
        """,
      result: ResultDoc("howToPay", schema: APISchemas.howToPay),
      errors: [.forbidden, .invalidParams, .storageUnavailable])
  ) { params, turn, _ in
    Encoded(howToPay: try turn.setHowToPay(params.note))
  }

  /// fees.setHowToPay's params.
  struct HowToPayParams: MethodParams {
    static let fields = [
      ParamDoc(
        "note", "How to pay: at most 300 characters; null or empty for nothing.", required: true,
        schema: .nullable(.string(maxLength: 1200)))
    ]
    let note: String?

    init(_ params: inout Params) throws {
      guard params.contains("note") else {
        throw RPCError.invalidParams(
          field: "note", "Parameter \"note\" is required: how players are to pay, or null to stop saying it.")
      }
      note = try params.optionalString("note")
    }
  }
}
