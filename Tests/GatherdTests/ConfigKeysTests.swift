import ArgumentParser
import GatherRPC
import Testing

@testable import gatherd

/// The configuration file's keys are gatherd's long options: the table start-up uses, against the argument
/// parser's own description of the command line (the JSON `gatherd --experimental-dump-help` prints).
@Suite struct ConfigKeysTests {
  /// The long options the parser describes, without `--help`, `--version` and `--config`, and whether each may
  /// repeat.
  static func describedKeys() throws -> ConfigFile.Keys {
    let tool = try JSONParser.parse(Array(Gatherd._dumpHelp().utf8))
    let arguments = try #require(tool["command"]?["arguments"]?.arrayValue)
    var keys: ConfigFile.Keys = [:]
    for argument in arguments {
      let kind = argument["kind"]?.stringValue
      guard kind == "option" || kind == "flag" else { continue }
      let repeats = argument["isRepeating"] == .bool(true)
      for name in argument["names"]?.arrayValue ?? [] where name["kind"]?.stringValue == "long" {
        if let key = name["name"]?.stringValue, !["help", "version", "config"].contains(key) { keys[key] = repeats }
      }
    }
    return keys
  }

  @Test func everyLongOptionIsAKeyAndEveryKeyAnOption() throws {
    let described = try Self.describedKeys()
    #expect(described["socket"] == false && described["allowed-host"] == true, "the parser's description is read")
    let table = "Gatherd.configKeys (Sources/gatherd/Gatherd+ConfigKeys.swift)"
    for (key, repeats) in described.sorted(by: { $0.key < $1.key }) {
      #expect(Gatherd.configKeys[key] != nil, "add \"\(key)\": \(repeats) to \(table): gatherd has --\(key)")
      if let listed = Gatherd.configKeys[key] {
        let may = repeats ? "may" : "may not"
        #expect(listed == repeats, "set \"\(key)\": \(repeats) in \(table): --\(key) \(may) repeat")
      }
    }
    for key in Gatherd.configKeys.keys.sorted() {
      #expect(described[key] != nil, "remove \"\(key)\" from \(table): gatherd has no --\(key) option")
    }
  }
}
