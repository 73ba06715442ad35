/// libFuzzer target for the JSON-RPC envelope, the dispatcher and every method as gatherd serves them, built
/// by Tests/fuzz/build.sh into the GatherDaemon module (the method table is internal). Not part of the package.
///
/// The first byte picks the peer (bit 0 set: not a controller); the rest is up to 32 lines, sent in order to
/// a fresh ``FuzzDaemon`` (gatherd's `MethodTable` over a real session and store). A line `+N` moves the time
/// on by N seconds (at most 99,999) instead; a blank line is skipped, as the connection skips it.
/// Checks, for every line: no crash; the completion runs exactly once; every reply is a valid JSON-RPC 2.0
/// response (or a non-empty batch of them) whose text is one line that parses; never -32603 (nothing inside
/// gatherd failed); a parse error gets -32700; a request's id is echoed; a valid notification gets no reply
/// and everything else gets one; a request refused with an error changed nothing; a peer that is not a
/// controller changes nothing, whatever it sends.

import GatherRPC

/// Stops the process with a message that libFuzzer reports as a crash, with the input that caused it.
func rpcFailure(_ message: String, _ input: ArraySlice<UInt8>) -> Never {
  fatalError("\(message)\ninput (\(input.count) bytes): \(String(decoding: input.prefix(300), as: UTF8.self))")
}

/// Whether `value` is a valid JSON-RPC 2.0 response object that gatherd may send; returns a reason when not.
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
    let known: Set<Int64> = [-32700, -32600, -32601, -32602, -32001, -32002, -32003]
    guard known.contains(code) else { return "error \(code) (\(reason)): not one a request may cause" }
    if code == -32602, error["data"]?["field"]?.stringValue == nil { return "invalid params without a field" }
  }
  return nil
}

/// Whether a single message, as sent, is a valid request that is a notification (no "id").
func isValidNotification(_ message: JSONValue) -> Bool {
  guard case .success(let request) = RPCRequest.validate(message) else { return false }
  return request.isNotification
}

/// Checks the reply to one line; returns what is wrong with it.
func replyProblem(_ parsed: Result<JSONValue, JSONParser.SyntaxError>, _ reply: JSONValue?) -> String? {
  switch (parsed, reply) {
  case (.failure, nil): return "a parse error got no reply"
  case (.success(.array(let batch)), nil):
    if batch.isEmpty || !batch.allSatisfy(isValidNotification) { return "a batch with requests got no reply" }
  case (.success(let message), nil):
    if !isValidNotification(message) { return "a request or a refused message got no reply" }
  case (.success(.array(let batch)), .array(let items)?) where !batch.isEmpty:
    let expected = batch.filter { !isValidNotification($0) }.count
    if items.count != expected || items.isEmpty { return "a batch reply has \(items.count) items, not \(expected)" }
    if let problem = items.lazy.compactMap(responseProblem).first { return problem }
  case (.success(let message), let reply?):
    if let problem = responseProblem(reply) { return problem }
    if isValidNotification(message) { return "a notification got a reply" }
    if case .success(let request) = RPCRequest.validate(message), reply["id"] != request.id {
      return "a reply's id is not the request's"
    }
  case (.failure, let reply?):
    if let problem = responseProblem(reply) { return problem }
    if reply["error"]?["code"] != .int(-32700) { return "a parse error was not -32700" }
  }
  if let reply {
    let written = JSONWriter.bytes(reply)
    if written.contains(0x0A) { return "a reply's text has a line break" }
    if (try? JSONParser.parse(written)) == nil { return "a reply's text does not parse" }
  }
  return nil
}

/// The libFuzzer entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRPC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: data, count: size))[...]
  let mayMutate = input.first! & 1 == 0
  let daemon: FuzzDaemon
  do {
    daemon = try FuzzDaemon(mayMutate: mayMutate)
  } catch {
    rpcFailure("the daemon did not start: \(error)", input)
  }
  defer { daemon.close() }
  let initial = daemon.fingerprint
  for line in input.dropFirst().split(separator: 0x0A, omittingEmptySubsequences: false).prefix(32) {
    if line.first == UInt8(ascii: "+"), line.count > 1, line.count <= 6,
      let seconds = Int(String(decoding: line.dropFirst(), as: UTF8.self)), seconds >= 0
    {
      daemon.advance(by: .seconds(seconds))
      continue
    }
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
    let parsed = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(Array(line)) }
    let before = daemon.fingerprint
    let calls = daemon.respond(to: parsed)
    guard calls.count == 1 else { rpcFailure("the completion ran \(calls.count) times", line) }
    if let problem = replyProblem(parsed, calls[0]) { rpcFailure(problem, line) }
    if calls[0]?["error"] != nil, daemon.fingerprint != before {
      rpcFailure("a refused request changed the state:\n\(before)\n\(daemon.fingerprint)", line)
    }
    if !mayMutate, daemon.fingerprint != initial { rpcFailure("a peer that may not change anything did", line) }
  }
  return 0
}
