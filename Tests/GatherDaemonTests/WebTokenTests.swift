import Testing

@testable import GatherDaemon

/// What a token file may hold: one line of at least 16 printable ASCII characters.
@Suite struct WebTokenTests {
  @Test(arguments: [
    ("0123456789abcdef\n", "0123456789abcdef"), ("  ab+/=cd0123456789\r\n", "ab+/=cd0123456789"),
    ("\n\t!\"#$%&'()*+,-./~09\nsecond line\n", "!\"#$%&'()*+,-./~09"),
  ])
  func theFirstLineTrimmed(_ file: String, _ token: String) throws {
    #expect(try WebAccess.token(inFile: Array(file.utf8)) == token)
  }

  @Test(arguments: [
    Array(repeating: 0x07, count: 20) + [0x0A], Array("0123456789abcde\n".utf8), Array("0123456789 abcdef\n".utf8),
    Array("0123456789abcdefé\n".utf8), Array("0123456789abcdef\n".utf8) + [0], Array("0123456789\u{7F}abcdef".utf8),
    Array("0123456789\u{1B}abcdef".utf8), [],
  ])
  func anythingButPrintableASCIIIsRefused(_ file: [UInt8]) {
    #expect(throws: WebAccessError.self) { try WebAccess.token(inFile: file) }
  }
}
