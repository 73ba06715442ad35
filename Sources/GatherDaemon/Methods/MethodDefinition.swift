import GatherAPI
import GatherRPC

/// One JSON-RPC method, declared once: its name and what it answers (an ``API/Method``, which clients call it by;
/// the answer encoded by Presentation's ``Encoded`` initialisers), its params (``MethodParams``), where it runs, who may call it (``Access``), its words for
/// the OpenRPC document, and the thin handler that calls the session. The dispatcher, the access checks and the
/// OpenRPC document are all made from these definitions (``MethodCatalog``).
///
/// ```swift
/// static let pay = MethodDefinition.turn(
///   .feesPay, PayParams.self, access: .controller(),
///   doc: MethodDoc(summary: "Marks money a player handed over.", result: ResultDoc("payment", schema: …))
/// ) { params, turn, _ in
///   try Encoded(turn.pay(player: params.player, amount: params.amount), in: turn)
/// }
/// ```
struct MethodDefinition<P: MethodParams, R: Decodable & Sendable>: MethodDefining {
  /// The handler, by where it runs.
  enum Body: Sendable {
    /// Answered at once from the committed view, on the connection's own loop.
    case view(@Sendable (P, SessionView, Call) throws -> Encoded<R>)
    /// A change: a turn of the session, in order with every other change.
    case turn(@Sendable (P, inout Turn, Call) throws -> Encoded<R>)
    /// A database query, beside the changes, on the query pool.
    case query(@Sendable (P, Reader, Call) throws -> Encoded<R>)
  }

  /// The public name, e.g. `fees.pay`.
  let name: String
  /// Who may call it.
  let access: Access<P>
  /// Its words and its result's schema, for the OpenRPC document.
  let doc: MethodDoc
  /// What answers it.
  let body: Body

  /// A method answered from the committed view.
  static func view(
    _ method: API.Method<R>, _ params: P.Type, access: Access<P> = .anyone, doc: MethodDoc,
    _ handler: @escaping @Sendable (P, SessionView, Call) throws -> Encoded<R>
  ) -> Self {
    Self(name: method.name, access: access, doc: doc, body: .view(handler))
  }

  /// A method that changes the session, in a turn.
  static func turn(
    _ method: API.Method<R>, _ params: P.Type, access: Access<P>, doc: MethodDoc,
    _ handler: @escaping @Sendable (P, inout Turn, Call) throws -> Encoded<R>
  ) -> Self {
    Self(name: method.name, access: access, doc: doc, body: .turn(handler))
  }

  /// A method that reads the database.
  static func query(
    _ method: API.Method<R>, _ params: P.Type, access: Access<P> = .anyone, doc: MethodDoc,
    _ handler: @escaping @Sendable (P, Reader, Call) throws -> Encoded<R>
  ) -> Self {
    Self(name: method.name, access: access, doc: doc, body: .query(handler))
  }

  var runs: MethodRuns {
    switch body {
    case .view: .view
    case .turn: .turn
    case .query: .query
    }
  }

  var codeScope: CodeGrant.Kind? { access.codeScope }
  var resultType: any (Decodable & Sendable).Type { R.self }
  var paramFields: [ParamDoc] { P.fields }
  var accessDoc: String { access.documentation }
  var accessSentence: String? { access.sentence }
  var accessErrors: [ErrorDoc] { access.refusals }
}

/// Where a method runs.
enum MethodRuns: Sendable {
  /// At once, from the committed view, where the request was read.
  case view
  /// In a turn of the session, in order with every other change.
  case turn
  /// Beside the changes, on the query pool: a database read.
  case query
}

/// A method definition of any params and result: what the catalog, the dispatcher and the OpenRPC document use.
protocol MethodDefining: Sendable {
  /// The public name.
  var name: String { get }
  /// Where it runs.
  var runs: MethodRuns { get }
  /// Its words, for the OpenRPC document.
  var doc: MethodDoc { get }
  /// Its params, for the OpenRPC document.
  var paramFields: [ParamDoc] { get }
  /// Who may call it, for the OpenRPC document.
  var accessDoc: String { get }
  /// Who may call it, in words, for the end of its description; nil when anyone may.
  var accessSentence: String? { get }
  /// The refusals its access adds to those its doc lists, for the OpenRPC document.
  var accessErrors: [ErrorDoc] { get }
  /// What a link's code must open to call it without control; nil when no code will do.
  var codeScope: CodeGrant.Kind? { get }
  /// The type its result decodes as.
  var resultType: any (Decodable & Sendable).Type { get }
  /// The method as the dispatcher serves it, on `session`.
  func rpcMethod(session: GatherSession, services: MethodServices) -> RPCMethod<Caller>
}
