import ArgumentParser
import GatherRPC

extension Gatherd {
  /// The keys a configuration file may hold: gatherd's long options, as the argument parser itself describes
  /// the command line (the JSON `--experimental-dump-help` prints), so that an option added to ``Gatherd`` is
  /// a key at once. `--help`, `--version` and `--config` are not keys.
  static var configKeys: ConfigFile.Keys {
    guard let tool = try? JSONParser.parse(Array(_dumpHelp().utf8)),
      let arguments = tool["command"]?["arguments"]?.arrayValue
    else { return [:] }
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
}
