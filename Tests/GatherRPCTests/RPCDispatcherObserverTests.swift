import GatherRPC
import Synchronization
import Testing

/// What a dispatcher tells its observers, which the daemon's metrics count: every answered call of a known
/// method with its ordinal and error, and every error answered before a method was found.
@Suite struct RPCDispatcherObserverTests {
  struct Peer: Sendable { var mayMutate: Bool }

  final class Seen: Sendable {
    let calls = Mutex<[String]>([])
    let refusals = Mutex<[String]>([])
  }

  let seen = Seen()

  var dispatcher: RPCDispatcher<Peer> {
    let seen = seen
    return RPCDispatcher<Peer>(
      methods: [
        .read("first") { params, _ in
          try params.finish()
          return true
        },
        RPCMethod(
          name: "second", mutates: true, placement: .serial,
          admits: { $0.mayMutate ? nil : .forbidden("second changes the match.") }
        ) { params, _ in
          try params.finish()
          return true
        },
        // A second method of the same name is ignored, and keeps the first one's ordinal.
        .read("first") { _, _ in false },
      ],
      mapError: { .internalError("\($0)") },
      observer: { method, _, error in
        seen.calls.withLock { $0.append("\(method.name)#\(method.ordinal):\(error?.reason ?? "ok")") }
      },
      refusalObserver: { error in seen.refusals.withLock { $0.append(error.reason) } })
  }

  func send(_ text: String, mayMutate: Bool = true) async {
    let parsed = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(Array(text.utf8)) }
    _ = await dispatcher.respond(to: parsed, from: Peer(mayMutate: mayMutate))
  }

  @Test func knownMethodsAreReportedWithTheirOrdinalAndOutcome() async {
    await send(#"{"jsonrpc":"2.0","id":1,"method":"first"}"#)
    await send(#"{"jsonrpc":"2.0","id":2,"method":"second","params":{"x":1}}"#)
    await send(#"{"jsonrpc":"2.0","id":3,"method":"second"}"#, mayMutate: false)
    await send(#"[{"jsonrpc":"2.0","method":"second"},{"jsonrpc":"2.0","id":4,"method":"first"}]"#)
    #expect(
      seen.calls.withLock { $0 } == [
        "first#0:ok", "second#1:invalid_params", "second#1:forbidden", "second#1:ok", "first#0:ok",
      ])
    #expect(seen.refusals.withLock { $0 } == [])
  }

  @Test func errorsBeforeAnyMethodAreReportedAsRefusals() async {
    await send("{oops")
    await send("[]")
    await send(#"{"jsonrpc":"2.0","id":1,"method":"third"}"#)
    await send(#"{"jsonrpc":"2.0","method":"third"}"#)
    await send(#"[1,{"jsonrpc":"2.0","id":2,"method":"first"}]"#)
    dispatcher.reportRefusal(.lineTooLong(limit: 256))
    #expect(
      seen.refusals.withLock { $0 } == [
        "parse_error", "invalid_request", "method_not_found", "method_not_found", "invalid_request", "line_too_long",
      ])
    #expect(seen.calls.withLock { $0 } == ["first#0:ok"])
  }
}
