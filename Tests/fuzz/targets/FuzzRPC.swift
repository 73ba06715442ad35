/// libFuzzer target for the JSON-RPC envelope and dispatcher (Sources/GatherRPC), built by Tests/fuzz/build.sh.
/// Not part of the Swift package.
///
/// The first byte picks the caller (read-only or not); the rest is one line, parsed by ``JSONParser`` and
/// answered by an ``RPCDispatcher`` over ``FuzzMethods/all`` with a runner that runs every method at once.
/// Checks: no crash; the completion runs exactly once, before `respond` returns; every reply is a valid
/// JSON-RPC 2.0 response (or a non-empty batch of them) that survives a trip through the writer and parser;
/// a notification that is a valid request gets no reply; a request's id is echoed.

/// The dispatcher under test.
private let dispatcher = RPCDispatcher<FuzzCaller>(methods: FuzzMethods.all, mapError: FuzzMethods.mapError)

/// Stops the process with a message that libFuzzer reports as a crash, with the input that caused it.
func rpcFailure(_ message: String, _ input: ArraySlice<UInt8>) -> Never {
  fatalError("\(message)\ninput (\(input.count) bytes): \(String(decoding: input.prefix(300), as: UTF8.self))")
}

/// Collects the completion's calls; everything runs on one thread.
private final class Replies: @unchecked Sendable {
  var calls: [JSONValue?] = []
}

/// Whether `value` is a valid JSON-RPC 2.0 response object; returns a reason when it is not.
func responseProblem(_ value: JSONValue) -> String? {
  guard let object = value.objectValue else { return "a reply is not an object" }
  guard object["jsonrpc"] == .string("2.0") else { return "a reply lacks jsonrpc 2.0" }
  switch object["id"] {
  case .null?, .int?, .double?, .string?: break
  default: return "a reply's id is missing or of the wrong type"
  }
  let result = object["result"]
  let error = object["error"]
  guard (result == nil) != (error == nil), object.members.count == 3 else {
    return "a reply must hold exactly one of result and error"
  }
  if let error {
    guard let code = error["code"]?.intValue, error["message"]?.stringValue != nil,
      let reason = error["data"]?["reason"]?.stringValue, !reason.isEmpty
    else { return "an error object lacks code, message or data.reason" }
    let known: Set<Int64> = [-32700, -32600, -32601, -32602, -32603, -32001, -32002, -32003]
    guard known.contains(code) else { return "an error code is not one of gatherd's" }
    if code == -32602, error["data"]?["field"]?.stringValue == nil { return "invalid params without a field" }
  }
  return nil
}

/// Whether a single message, as sent, is a valid request that is a notification (no "id").
func isValidNotification(_ message: JSONValue) -> Bool {
  guard case .success(let request) = RPCRequest.validate(message) else { return false }
  return request.isNotification
}

/// The libFuzzer entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRPC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let caller = FuzzCaller(mayMutate: bytes[0] & 1 == 0)
  let line = bytes[1...]
  let parsed: Result<JSONValue, JSONParser.SyntaxError>
  do {
    parsed = .success(try JSONParser.parse(Array(line)))
  } catch {
    parsed = .failure(error)
  }
  let replies = Replies()
  dispatcher.respond(
    to: parsed, from: caller, runner: { _, work, done in done(work()) },
    completion: { replies.calls.append($0) })
  guard replies.calls.count == 1 else { rpcFailure("the completion ran \(replies.calls.count) times", line) }
  let reply = replies.calls[0]

  switch (parsed, reply) {
  case (.failure, nil): rpcFailure("a parse error got no reply", line)
  case (.success(.array(let batch)), nil):
    if batch.isEmpty || !batch.allSatisfy(isValidNotification) {
      rpcFailure("a batch with requests or refusals got no reply", line)
    }
  case (.success(let message), nil):
    if !isValidNotification(message) { rpcFailure("a request or a refused message got no reply", line) }
  case (.success(.array(let batch)), .array(let items)?) where !batch.isEmpty:
    if items.isEmpty || items.count > batch.count { rpcFailure("a batch reply has \(items.count) items", line) }
    let expected = batch.filter { !isValidNotification($0) }.count
    if items.count != expected { rpcFailure("a batch reply has \(items.count) items, not \(expected)", line) }
    for item in items {
      if let problem = responseProblem(item) { rpcFailure(problem, line) }
    }
  case (.success(let message), let reply?):
    if let problem = responseProblem(reply) { rpcFailure(problem, line) }
    if isValidNotification(message) { rpcFailure("a notification got a reply", line) }
    if case .success(let request) = RPCRequest.validate(message), reply["id"] != request.id {
      rpcFailure("a reply's id is not the request's", line)
    }
  case (.failure, let reply?):
    if let problem = responseProblem(reply) { rpcFailure(problem, line) }
    if reply["error"]?["code"] != .int(-32700) { rpcFailure("a parse error was not -32700", line) }
  }

  if let reply {
    let written = JSONWriter.bytes(reply)
    if written.contains(0x0A) { rpcFailure("a reply's text has a line break", line) }
    guard (try? JSONParser.parse(written)) != nil else { rpcFailure("a reply's text does not parse", line) }
  }
  return 0
}
