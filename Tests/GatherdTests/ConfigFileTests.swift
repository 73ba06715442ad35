import Testing

@testable import gatherd

/// The configuration file's text: lines, keys, and the bytes a file may not hold.
@Suite struct ConfigFileTests {
  let keys: ConfigFile.Keys = ["log-level": false, "socket": false, "allowed-host": true]

  func parse(_ bytes: [UInt8]) throws(ConfigFileError) -> ConfigFile {
    try ConfigFile(path: "/etc/gatherd/gatherd.conf", bytes: bytes, keys: keys)
  }

  func refusal(_ bytes: [UInt8]) -> String? {
    do { _ = try parse(bytes) } catch { return error.description }
    return nil
  }

  @Test func keysValuesCommentsAndQuotes() throws {
    let file = try parse(Array("# settings\n\nlog-level = notice\r\n  socket='/run/x.sock'  \n".utf8))
    #expect(
      file.entries == [
        .init(key: "log-level", value: "notice", line: 3), .init(key: "socket", value: "/run/x.sock", line: 4),
      ])
  }

  @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
    let file = try parse([0xEF, 0xBB, 0xBF] + Array("log-level = debug\n".utf8))
    #expect(file.entries == [.init(key: "log-level", value: "debug", line: 1)])
  }

  @Test func aByteOrderMarkElsewhereIsShownInTheUnknownKey() {
    let message = refusal(Array("log-level = info\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("socket = /x\n".utf8))
    #expect(
      message?.hasPrefix(#"/etc/gatherd/gatherd.conf:2: unknown key "\u{FEFF}socket"."#) == true, "\(message ?? "")")
  }

  /// Files with a NUL byte, and its line.
  static let withNul: [([UInt8], Int)] = [
    (Array("socket = /tmp/x/n.sock\0junk\n".utf8), 1), (Array("log-level = info\n# a \0 comment\n".utf8), 2), ([0], 1),
  ]

  @Test(arguments: withNul)
  func aNulByteAnywhereIsRefusedWithItsLine(_ bytes: [UInt8], _ line: Int) {
    let message = refusal(bytes)
    #expect(message?.hasPrefix("/etc/gatherd/gatherd.conf:\(line): ") == true, "\(message ?? "")")
    #expect(message?.contains("NUL") == true)
  }

  /// Lines with bytes that are not UTF-8 (Latin-1, a broken sequence, half a byte-order mark), and the line.
  static let notUTF8: [([UInt8], Int)] = [
    (Array("log-level = info\n# caf".utf8) + [0xE9] + Array("\n".utf8), 2),
    (Array("socket = /tmp/".utf8) + [0xC3, 0x28], 1), ([0xEF, 0xBB] + Array("log-level = info".utf8), 1),
  ]

  @Test(arguments: notUTF8)
  func bytesThatAreNotUTF8AreRefusedWithTheirLine(_ bytes: [UInt8], _ line: Int) {
    let message = refusal(bytes)
    #expect(message?.hasPrefix("/etc/gatherd/gatherd.conf:\(line): ") == true, "\(message ?? "")")
    #expect(message?.contains("UTF-8") == true)
  }

  @Test func aKeyGivenTwiceIsRefusedUnlessItRepeats() throws {
    #expect(refusal(Array("socket = /a\nsocket = /b\n".utf8))?.contains(":2: socket is set again") == true)
    let file = try parse(Array("allowed-host = a\nallowed-host = b\n".utf8))
    #expect(file.entries(for: "allowed-host").map(\.value) == ["a", "b"])
  }
}
