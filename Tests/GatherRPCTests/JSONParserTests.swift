import GatherRPC
import Testing

@Suite struct JSONParserTests {
  func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  @Test func readsEveryKindOfValue() throws {
    let value = try parse(#" {"a": [1, -2.5, 3e2, true, false, null, "x"], "b": {}} "#)
    #expect(value["a"] == [1, .double(-2.5), .double(300), true, false, nil, "x"])
    #expect(value["b"] == .object([:]))
  }

  @Test func keepsIntegersApartFromStringsAndFractions() throws {
    #expect(try parse("1") == .int(1))
    #expect(try parse(#""1""#) == .string("1"))
    #expect(try parse("1.5") == .double(1.5))
    #expect(try parse("9223372036854775807") == .int(Int64.max))
    #expect(try parse("1.0").intValue == 1)
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\n\té😀"))
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\":1,}", "01", "1 2", "\"abc", "tru", "{a:1}", "\"\u{01}\"", "\"\\x\"", "\"\\ud83d\"", "-",
    "1.", "1e", "NaN", "[1 2]",
  ])
  func refusesWhatIsNotJSON(text: String) {
    #expect(throws: JSONParser.SyntaxError.self) { try parse(text) }
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParser.SyntaxError.self) { try parse(deep) }
    let fine = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
    _ = try parse(fine)
  }

  @Test func writerOutputParsesBackToTheSameValue() throws {
    let value: JSONValue = .object([
      "text": "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀", "n": .int(-42), "x": .double(0.25),
      "list": [true, nil, .object([:])],
    ])
    let text = JSONWriter.string(value)
    #expect(!text.contains("\n"))
    #expect(try parse(text) == value)
  }

  @Test func readsEnvelopeWordsAndTheirNearMissesAlike() throws {
    let value = try parse(
      #"{"jsonrpc":"2.0","id":"id","method":"params","params":{"result":"error","jsonrpx":"2.1","ie":"metho\u0064","resulT":"","errors":"p","errox":"resul"}}"#
    )
    #expect(value["jsonrpc"] == "2.0")
    #expect(value["id"] == "id")
    #expect(value["method"] == "params")
    let params = try #require(value["params"]?.objectValue)
    #expect(params.keys == ["result", "jsonrpx", "ie", "resulT", "errors", "errox"])
    #expect(params["result"] == "error")
    #expect(params["jsonrpx"] == "2.1")
    #expect(params["ie"] == "method")
    #expect(params["errors"] == "p")
    #expect(params["errox"] == "resul")
  }
}
