/// What a dispatcher needs to know about the peer that sent a request.
public protocol RPCCaller: Sendable {
  /// Whether the peer may call methods that change state.
  var mayMutate: Bool { get }
}

/// Answers JSON-RPC 2.0 messages: single requests, notifications and batches, with every envelope rule.
public struct RPCDispatcher<Caller: RPCCaller>: Sendable {
  /// Told about every call of a known method once it is answered: the method, the caller, and the error if it
  /// failed. For logs.
  public typealias Observer = @Sendable (_ method: RPCMethod<Caller>, _ caller: Caller, _ error: RPCError?) -> Void

  private let methods: [String: RPCMethod<Caller>]
  private let mapError: @Sendable (any Error) -> RPCError
  private let observer: Observer?

  /// A dispatcher for `methods`; `mapError` turns a handler's error into an error object.
  public init(
    methods: [RPCMethod<Caller>], mapError: @escaping @Sendable (any Error) -> RPCError, observer: Observer? = nil
  ) {
    self.methods = Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.mapError = mapError
    self.observer = observer
  }

  /// The method names, sorted.
  public var methodNames: [String] { methods.keys.sorted() }

  /// The names of the methods that change state, sorted.
  public var mutatingMethodNames: [String] { methods.values.filter(\.mutates).map(\.name).sorted() }

  /// The reply to one line, or nil when nothing must be sent (notifications, batches of notifications).
  public func respond(to line: Result<JSONValue, JSONParser.SyntaxError>, from caller: Caller) async -> JSONValue? {
    let message: JSONValue
    switch line {
    case .failure(let error): return RPCResponse.error(id: .null, .parseError(error.message))
    case .success(let value): message = value
    }
    guard case .array(let batch) = message else { return await respond(toMessage: message, from: caller) }
    guard !batch.isEmpty else {
      return RPCResponse.error(id: .null, .invalidRequest("A batch must hold at least one request."))
    }
    var replies: [JSONValue] = []
    for element in batch {
      if let reply = await respond(toMessage: element, from: caller) { replies.append(reply) }
    }
    return replies.isEmpty ? nil : .array(replies)
  }

  private func respond(toMessage message: JSONValue, from caller: Caller) async -> JSONValue? {
    let request: RPCRequest
    switch RPCRequest.validate(message) {
    case .failure(let refusal): return RPCResponse.error(id: refusal.id, refusal.error)
    case .success(let valid): request = valid
    }
    do {
      let result = try await call(request, from: caller)
      return request.id.map { RPCResponse.result(id: $0, result) }
    } catch {
      return request.id.map { RPCResponse.error(id: $0, error) }
    }
  }

  private func call(_ request: RPCRequest, from caller: Caller) async throws(RPCError) -> JSONValue {
    guard let method = methods[request.method] else { throw .methodNotFound(request.method) }
    do {
      let result = try await run(method, request, caller)
      observer?(method, caller, nil)
      return result
    } catch {
      observer?(method, caller, error)
      throw error
    }
  }

  private func run(_ method: RPCMethod<Caller>, _ request: RPCRequest, _ caller: Caller) async throws(RPCError)
    -> JSONValue
  {
    if method.mutates && !caller.mayMutate {
      throw .forbidden("\(request.method) changes the match, and this connection may only read and watch it.")
    }
    var params = try Params(request.params)
    do {
      return try await method.handler(&params, caller)
    } catch let error as RPCError {
      throw error
    } catch {
      throw mapError(error)
    }
  }
}
