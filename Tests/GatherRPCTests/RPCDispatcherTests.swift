import GatherRPC
import Testing

/// The JSON-RPC 2.0 envelope rules, on a dispatcher with two small methods.
@Suite struct RPCDispatcherTests {
  struct Peer: Sendable { var mayMutate: Bool }

  let dispatcher = RPCDispatcher<Peer>(
    methods: [
      .read("echo") { params, _ in
        let text = try params.string("text")
        try params.finish()
        return .string(text)
      },
      RPCMethod(
        name: "poke", mutates: true, placement: .serial,
        admits: { $0.mayMutate ? nil : .forbidden("poke changes the match.") }
      ) { params, _ in
        try params.finish()
        return true
      },
    ],
    mapError: { .internalError("\($0)") })

  func reply(_ text: String, mayMutate: Bool = true) async -> JSONValue? {
    let parsed = Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(Array(text.utf8)) }
    return await dispatcher.respond(to: parsed, from: Peer(mayMutate: mayMutate))
  }

  func code(_ reply: JSONValue?) -> Int64? { reply?["error"]?["code"]?.intValue }

  @Test func echoesTheIdWithItsType() async {
    #expect(await reply(#"{"jsonrpc":"2.0","id":"1","method":"poke"}"#)?["id"] == "1")
    #expect(await reply(#"{"jsonrpc":"2.0","id":1,"method":"poke"}"#)?["id"] == 1)
    #expect(await reply(#"{"jsonrpc":"2.0","id":null,"method":"poke"}"#)?["id"] == JSONValue.null)
    #expect(await reply(#"{"jsonrpc":"2.0","id":null,"method":"poke"}"#)?["result"] == true)
  }

  @Test func notificationsAreNeverAnswered() async {
    #expect(await reply(#"{"jsonrpc":"2.0","method":"poke"}"#) == nil)
    #expect(await reply(#"{"jsonrpc":"2.0","method":"nope"}"#) == nil)
    #expect(await reply(#"{"jsonrpc":"2.0","method":"echo","params":{"text":1}}"#) == nil)
    #expect(await reply(#"[{"jsonrpc":"2.0","method":"poke"},{"jsonrpc":"2.0","method":"poke"}]"#) == nil)
  }

  @Test func batchesFollowTheSpecification() async {
    let empty = await reply("[]")
    #expect(code(empty) == -32600)
    #expect(empty?["id"] == JSONValue.null)
    let numbers = await reply("[1,2]")
    #expect(numbers?.arrayValue?.map { code($0) } == [-32600, -32600])
    let mixed = await reply(
      #"[{"jsonrpc":"2.0","id":1,"method":"echo","params":{"text":"a"}},{"jsonrpc":"2.0","method":"poke"},{"jsonrpc":"2.0","id":2,"method":"nope"}]"#
    )
    #expect(mixed?.arrayValue?.count == 2)
    #expect(mixed?.arrayValue?.first?["result"] == "a")
    #expect(code(mixed?.arrayValue?.last) == -32601)
  }

  @Test(arguments: [
    #"{"jsonrpc":"1.0","id":1,"method":"poke"}"#, #"{"id":1,"method":"poke"}"#, #"{"jsonrpc":"2.0","id":1,"method":7}"#,
    #"{"jsonrpc":"2.0","id":1,"method":"poke","params":"x"}"#, #"{"jsonrpc":"2.0","id":{},"method":"poke"}"#,
    #"{"jsonrpc":"2.0","id":[1],"method":"poke"}"#, "5",
  ])
  func invalidRequestsGetMinus32600(text: String) async {
    #expect(code(await reply(text)) == -32600)
  }

  @Test func objectAndArrayIdsAreAnsweredWithNull() async {
    #expect(await reply(#"{"jsonrpc":"2.0","id":{"a":1},"method":"poke"}"#)?["id"] == JSONValue.null)
  }

  @Test func parseErrorsGetMinus32700WithANullId() async {
    let answer = await reply(#"{"jsonrpc":"2.0","id":1,"method""#)
    #expect(code(answer) == -32700)
    #expect(answer?["id"] == JSONValue.null)
    #expect(answer?["error"]?["data"]?["reason"] == "parse_error")
  }

  @Test func unknownMethodsGetMinus32601() async {
    let answer = await reply(#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#)
    #expect(code(answer) == -32601)
    #expect(answer?["error"]?["data"]?["method"] == "nope")
  }

  @Test func badParamsGetMinus32602NamingTheField() async {
    let wrongType = await reply(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":{"text":5}}"#)
    #expect(code(wrongType) == -32602)
    #expect(wrongType?["error"]?["data"]?["field"] == "text")
    let unknown = await reply(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":{"text":"a","txet":1}}"#)
    #expect(unknown?["error"]?["data"]?["field"] == "txet")
    let positional = await reply(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":["a"]}"#)
    #expect(code(positional) == -32602)
    #expect(await reply(#"{"jsonrpc":"2.0","id":1,"method":"poke","params":[]}"#)?["result"] == true)
  }

  @Test func aMethodsCallerCheckRefusesBeforeItRuns() async {
    let answer = await reply(#"{"jsonrpc":"2.0","id":1,"method":"poke"}"#, mayMutate: false)
    #expect(code(answer) == -32003)
    #expect(answer?["error"]?["data"]?["reason"] == "forbidden")
    #expect(
      await reply(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":{"text":"a"}}"#, mayMutate: false)?["result"]
        == "a")
  }
}
