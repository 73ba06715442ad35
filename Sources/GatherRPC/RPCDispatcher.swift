import Synchronization

/// Answers JSON-RPC 2.0 messages: single requests, notifications and batches, with every envelope rule.
///
/// Inline methods are answered at once, on the caller's thread. Serial and concurrent methods are handed to a
/// runner, which runs them elsewhere (in order with every other change, or beside them) and calls back; the
/// messages of a batch are answered one after the other, so a batch's reply keeps its order.
public struct RPCDispatcher<Caller: Sendable>: Sendable {
  /// Told about every call of a known method once it is answered: the method, the caller, and the error if it
  /// failed. For logs.
  public typealias Observer = @Sendable (_ method: RPCMethod<Caller>, _ caller: Caller, _ error: RPCError?) -> Void
  /// Told about every error answered before any method was found: a line that is not JSON, an invalid
  /// request, an unknown method (and whatever ``reportRefusal(_:)`` is given). For metrics.
  public typealias RefusalObserver = @Sendable (_ error: RPCError) -> Void
  /// Runs a method's `work` where its placement says and passes its result to `done`, on the thread that
  /// should continue.
  public typealias Runner =
    @Sendable (
      _ placement: RPCMethod<Caller>.Placement, _ work: @escaping @Sendable () -> Result<JSONValue, RPCError>,
      _ done: @escaping @Sendable (Result<JSONValue, RPCError>) -> Void
    ) -> Void
  /// Receives the reply to a line, or nil when nothing must be sent.
  public typealias Completion = @Sendable (JSONValue?) -> Void

  /// The methods, each name once, in the order given.
  private let methods: [RPCMethod<Caller>]
  /// Finds a method's position in `methods` by its name.
  private let index: MethodIndex
  private let mapError: @Sendable (any Error) -> RPCError
  private let observer: Observer?
  private let refusalObserver: RefusalObserver?

  /// A dispatcher for `methods`; `mapError` turns a handler's error into an error object. Each method's
  /// ``RPCMethod/ordinal`` is its index in `methods`.
  public init(
    methods: [RPCMethod<Caller>], mapError: @escaping @Sendable (any Error) -> RPCError, observer: Observer? = nil,
    refusalObserver: RefusalObserver? = nil
  ) {
    var named: Set<String> = []
    var numbered: [RPCMethod<Caller>] = []
    for (index, method) in methods.enumerated() where named.insert(method.name).inserted {
      var method = method
      method.ordinal = index
      numbered.append(method)
    }
    self.methods = numbered
    index = MethodIndex(numbered.map(\.name))
    self.mapError = mapError
    self.observer = observer
    self.refusalObserver = refusalObserver
  }

  /// Tells the refusal observer about an error its caller answered itself (a line over the size limit).
  public func reportRefusal(_ error: RPCError) { refusalObserver?(error) }

  /// The names of the methods that change state, sorted.
  public var mutatingMethodNames: [String] { methods.filter(\.mutates).map(\.name).sorted() }

  /// Answers one line. `completion` runs once: at once when every method involved is inline, otherwise
  /// wherever `runner` calls back.
  public func respond(
    to line: Result<JSONValue, JSONParser.SyntaxError>, from caller: Caller, runner: @escaping Runner,
    completion: @escaping Completion
  ) {
    let message: JSONValue
    switch line {
    case .failure(let error): return completion(RPCResponse.error(id: .null, refused(.parseError(error.message))))
    case .success(let value): message = value
    }
    guard case .array(let batch) = message else {
      return respond(toMessage: message, from: caller, runner: runner, completion: completion)
    }
    guard !batch.isEmpty else {
      return completion(
        RPCResponse.error(id: .null, refused(.invalidRequest("A batch must hold at least one request."))))
    }
    respond(toBatch: batch, from: 0, into: BatchReplies(), caller: caller, runner: runner, completion: completion)
  }

  /// Answers one line with every method run inline; for tests and tools without a session.
  public func respond(to line: Result<JSONValue, JSONParser.SyntaxError>, from caller: Caller) async -> JSONValue? {
    await withCheckedContinuation { continuation in
      respond(to: line, from: caller, runner: { _, work, done in done(work()) }) {
        continuation.resume(returning: $0)
      }
    }
  }

  /// The replies of a batch so far, appended in place while the batch waits for a deferred method (whose runner
  /// may call back on another thread).
  private final class BatchReplies: Sendable {
    private let replies = Mutex<[JSONValue]>([])

    func append(_ reply: JSONValue) { replies.withLock { $0.append(reply) } }
    var items: [JSONValue] { replies.withLock { $0 } }
  }

  /// What a message needs: its reply now, or work to hand to the runner first.
  private enum Step {
    case now(JSONValue?)
    case later(RPCMethod<Caller>.Placement, work: @Sendable () -> Result<JSONValue, RPCError>, finish: Finish)
  }

  private typealias Finish = @Sendable (Result<JSONValue, RPCError>) -> JSONValue?

  /// Answers a batch's messages from `index` on, in order: a loop, not a recursion, so that a batch of any
  /// length costs no stack; only a deferred message waits for its runner before the loop goes on.
  private func respond(
    toBatch batch: [JSONValue], from index: Int, into replies: BatchReplies, caller: Caller,
    runner: @escaping Runner, completion: @escaping Completion
  ) {
    var index = index
    while index < batch.count {
      switch step(for: batch[index], from: caller) {
      case .now(let reply):
        if let reply { replies.append(reply) }
        index += 1
      case .later(let placement, let work, let finish):
        let next = index + 1
        runner(placement, work) { result in
          if let reply = finish(result) { replies.append(reply) }
          respond(toBatch: batch, from: next, into: replies, caller: caller, runner: runner, completion: completion)
        }
        return
      }
    }
    let items = replies.items
    completion(items.isEmpty ? nil : .array(items))
  }

  private func respond(
    toMessage message: JSONValue, from caller: Caller, runner: @escaping Runner, completion: @escaping Completion
  ) {
    switch step(for: message, from: caller) {
    case .now(let reply): completion(reply)
    case .later(let placement, let work, let finish): runner(placement, work) { completion(finish($0)) }
    }
  }

  /// Validates a message and answers it at once when it can: refused, unknown, forbidden, or an inline method.
  private func step(for message: JSONValue, from caller: Caller) -> Step {
    let request: RPCRequest
    switch RPCRequest.validate(message) {
    case .failure(let refusal): return .now(RPCResponse.error(id: refusal.id, refused(refusal.error)))
    case .success(let valid): request = valid
    }
    guard let position = index.position(of: request.method) else {
      let error = refused(.methodNotFound(request.method))
      return .now(request.id.map { RPCResponse.error(id: $0, error) })
    }
    let method = methods[position]
    if let refusal = method.admits(caller) {
      return .now(reply(to: request, method, caller, .failure(refusal)))
    }
    switch method.placement {
    case .inline:
      return .now(reply(to: request, method, caller, run(method, request.params, caller)))
    case .serial, .concurrent:
      let params = request.params
      return .later(
        method.placement, work: { run(method, params, caller) },
        finish: { result in reply(to: request, method, caller, result) })
    }
  }

  /// Runs a method's handler on its params; every failure becomes an error object.
  private func run(_ method: RPCMethod<Caller>, _ params: JSONValue?, _ caller: Caller) -> Result<JSONValue, RPCError> {
    do throws(RPCError) {
      var params = try Params(params)
      do {
        return .success(try method.handler(&params, caller))
      } catch let error as RPCError {
        throw error
      } catch {
        throw mapError(error)
      }
    } catch {
      return .failure(error)
    }
  }

  /// Tells the refusal observer about an error found before any method, and returns it.
  private func refused(_ error: RPCError) -> RPCError {
    refusalObserver?(error)
    return error
  }

  /// Tells the observer, and makes the response: none for a notification.
  private func reply(
    to request: RPCRequest, _ method: RPCMethod<Caller>, _ caller: Caller, _ result: Result<JSONValue, RPCError>
  ) -> JSONValue? {
    switch result {
    case .success(let value):
      observer?(method, caller, nil)
      return request.id.map { RPCResponse.result(id: $0, value) }
    case .failure(let error):
      observer?(method, caller, error)
      return request.id.map { RPCResponse.error(id: $0, error) }
    }
  }
}
