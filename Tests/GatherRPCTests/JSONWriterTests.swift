import GatherRPC
import Testing

/// What clients read: every string escaped so that the line stays one JSON line and reads back the same.
@Suite struct JSONWriterTests {
  @Test(arguments: [
    "plain", "", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{01}control\u{1F}", "é, ñ and 🏟️",
    "\"\\\n", "ends with escape\n",
  ])
  func stringsRoundTripAndStayOnOneLine(_ text: String) throws {
    let bytes = JSONWriter.bytes(.string(text))
    #expect(!bytes.contains(0x0A) && !bytes.contains(0x0D))
    #expect(!bytes.contains { $0 < 0x20 })
    #expect(try JSONParser.parse(bytes) == .string(text))
  }

  @Test func anObjectEncodedOnceWritesTheSameTextAndForgetsItWhenChanged() {
    var object: JSONObject = ["state": "stopped", "remaining": 600, "name": "quote \" here"]
    let encoded = object.encodedOnce()
    #expect(JSONWriter.bytes(.object(encoded)) == JSONWriter.bytes(.object(object)))
    #expect(encoded == object)
    var changed = encoded
    changed["remaining"] = 599
    object["remaining"] = 599
    #expect(JSONWriter.string(.object(changed)) == JSONWriter.string(.object(object)))
    #expect(JSONWriter.string(.object(changed)).contains("599"))
  }

  @Test func controlCharactersUseTheirShortOrUnicodeEscape() {
    #expect(JSONWriter.string(.string("a\u{01}\n\"\\")) == #""a\u0001\n\"\\""#)
  }

  @Test(arguments: [Int64.min, -1_000_000, -7, 0, 9, 10, 1_234_567_890, Int64.max])
  func integersAppendTheirDigitsAfterWhatIsAlreadyWritten(_ number: Int64) throws {
    var output = Array(#"{"subscription":"#.utf8)
    JSONWriter.write(.int(number), into: &output)
    output.append(UInt8(ascii: "}"))
    #expect(String(decoding: output, as: UTF8.self) == #"{"subscription":\#(number)}"#)
    #expect(try JSONParser.parse(output)["subscription"] == .int(number))
  }
}
