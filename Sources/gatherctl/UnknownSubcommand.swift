import ArgumentParser

/// A word where a subcommand goes that is none of them (`players remove Mo`, `timer stop`): the command group's
/// default subcommand takes no words, so the parser would say only "Unexpected argument" with the default's
/// usage. Instead the message names the group, offers the subcommands the word may have meant (close in spelling,
/// ``Closest``, or meaning the same, ``SubcommandSynonyms``) and lists them all.
enum UnknownSubcommand {
  /// The message for `arguments` (without the program's name) when a word after a command group names none of
  /// its subcommands; nil when every such word is a real subcommand, so that the parser's message stands.
  static func message(for arguments: [String]) -> String? {
    var command: ParsableCommand.Type = GatherCtl.self
    var path = ["gatherctl"]
    var words = arguments[...]
    while let word = words.popFirst() {
      if word == "--json" || word.hasPrefix("--socket=") { continue }
      if word == "--socket" {
        _ = words.popFirst()
        continue
      }
      // Options belong to the default subcommand (or are help, the version): the parser judges them.
      guard !word.hasPrefix("-") else { return nil }
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty, !(command == GatherCtl.self && word == "help") else { return nil }
      guard let next = subcommands.first(where: { names(of: $0).contains(word) }) else {
        return message(word, in: command, path: path)
      }
      command = next
      path.append(next._commandName)
    }
    return nil
  }

  /// "players has no subcommand "remove"; did you mean delete?", then the list of them.
  private static func message(_ word: String, in command: ParsableCommand.Type, path: [String]) -> String {
    let shown = command.configuration.subcommands.filter { $0.configuration.shouldDisplay }
    let what = path.count == 1 ? "command" : "subcommand"
    let group = path.count == 1 ? "gatherctl" : path.dropFirst().joined(separator: " ")
    var first = "\(group) has no \(what) \"\(Printable.text(word))\""
    let meant = suggestions(for: word, among: shown)
    if !meant.isEmpty { first += "; did you mean \(Closest.alternatives(meant))?" }
    let listed = shown.map { sub in
      let aliases = sub.configuration.aliases
      return sub._commandName + (aliases.isEmpty ? "" : " (or \(aliases.joined(separator: ", ")))")
    }
    var second = "The \(what)s of \(path.joined(separator: " ")): \(listed.joined(separator: ", "))"
    if let fallback = command.configuration.defaultSubcommand {
      second += "; without one, it is \(fallback._commandName)"
    }
    return "Error: \(first)\n\(second).\n  See '\(path.joined(separator: " ")) --help' for more information."
  }

  /// The subcommands `word` may have meant, each by the name that is closest to it.
  private static func suggestions(for word: String, among commands: [ParsableCommand.Type]) -> [String] {
    let typed = word.lowercased()
    var meant: [String] = []
    for command in commands {
      let names = names(of: command)
      if let synonym = SubcommandSynonyms.name(meaning: typed, among: names) {
        meant.append(synonym)
      }
    }
    let spelled = Closest.names(to: typed, among: commands.flatMap(names(of:)))
    for name in spelled where !meant.contains(name) {
      let owner = commands.first { names(of: $0).contains(name) }
      if let owner, meant.contains(where: names(of: owner).contains) { continue }
      meant.append(name)
    }
    return Array(meant.prefix(Closest.limit))
  }

  /// A subcommand's name and its aliases.
  private static func names(of command: ParsableCommand.Type) -> [String] {
    [command._commandName] + command.configuration.aliases
  }
}
