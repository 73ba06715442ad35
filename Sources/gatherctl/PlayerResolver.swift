import ArgumentParser
import GatherAPI
import GatherRPC

/// Turns the players named on gatherctl's command line into the ids the protocol takes. A word of digits is an
/// id (unless `--name` says every word is a name); anything else is a name, looked up in `players.list` (read
/// once per command, on the command's own connection) by exact match, ignoring case. A name that matches no
/// player stops the command (exit 1) with the closest names ("did you mean Fatima?"); a name several players
/// have, with each of them and their id.
struct PlayerResolver {
  /// The connection the roster is read on.
  let connection: Connection
  /// Whether every player word is a name, even one of digits (`--name`).
  let namesOnly: Bool
  private var roster: [API.Player]?

  init(connection: Connection, namesOnly: Bool) {
    self.connection = connection
    self.namesOnly = namesOnly
  }

  /// The id of the player `text` names (the spaces around it left out); `others` are offered too when it names
  /// nobody (a side's name, where a side could be meant), and `what` says what was looked for.
  mutating func id(_ text: String, others: [String] = [], what: String = "player") throws(CtlError) -> Int64 {
    let word = Self.trimmed(text)
    if !namesOnly, let id = Self.id(word) { return id }
    let players = try rosterPlayers()
    let matches = Self.players(named: word, in: players)
    if matches.count == 1 { return matches[0].id }
    throw .declined(Self.notOne(word, matches: matches, roster: players, others: others, what: what))
  }

  /// The ids of a comma-separated list of players, such as "Ana,Bruno" or "1,2".
  mutating func ids(_ list: String) throws -> [Int64] {
    var ids: [Int64] = []
    for word in try Self.words(list) { ids.append(try id(word)) }
    return ids
  }

  /// The roster as `players.list` gives it, read once.
  mutating func rosterPlayers() throws(CtlError) -> [API.Player] {
    if let roster { return roster }
    let players = try connection.call(.playersList).players
    roster = players
    return players
  }

  /// The id a word of digits gives; nil for anything else.
  static func id(_ word: String) -> Int64? {
    guard !word.isEmpty, word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
    return Int64(word)
  }

  /// The players whose name is `name`, ignoring case.
  static func players(named name: String, in roster: [API.Player]) -> [API.Player] {
    let wanted = name.lowercased()
    return roster.filter { $0.name.lowercased() == wanted }
  }

  /// The words of a list such as "Ana, Bruno,3", without the spaces around them; a usage error when one is empty.
  static func words(_ list: String) throws -> [String] {
    let words = list.split(separator: ",", omittingEmptySubsequences: false).map { trimmed(String($0)) }
    guard !words.contains(where: \.isEmpty) else {
      throw ValidationError("\"\(list)\" is not a list of players such as Ana,Bruno or 1,2 (ids or names).")
    }
    return words
  }

  /// Checks a player argument before anything is sent: a usage error when it is empty.
  static func check(_ player: String?) throws {
    if let player, trimmed(player).isEmpty {
      throw ValidationError("Name a player by id or by name, such as 3 or Ana.")
    }
  }

  /// The text without the spaces around it.
  static func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  /// Why `word` names no one player, and whom it might mean: the players of that name, with their ids; else the
  /// closest names on the roster (``Closest``), with `others` (such as the sides' names) among them; `what` is
  /// what was looked for ("player", or "side or player").
  static func notOne(
    _ typed: String, matches: [API.Player], roster: [API.Player], others: [String] = [], what: String = "player"
  ) -> String {
    let word = Printable.text(typed)
    if matches.count > 1 {
      return "\(matches.count) players are named \"\(word)\"; give the id of the one you mean:\n" + table(matches)
    }
    guard !roster.isEmpty || !others.isEmpty else {
      return "No player is named \"\(word)\": the roster is empty (add one with: gatherctl players add NAME)."
    }
    let close = Closest.matches(to: typed, among: roster.map { Render.text($0.name) } + others) { $0 }
    guard !close.isEmpty else {
      return "No \(what) is named \"\(word)\", nor one like it; gatherctl players lists the roster."
    }
    return "No \(what) is named \"\(word)\"; did you mean \(Closest.alternatives(distinct(close, roster: roster)))?"
  }

  /// The names offered, each once; a name two players share with the id of each ("Ana (#1), Ana (#4)").
  private static func distinct(_ names: [String], roster: [API.Player]) -> [String] {
    var shown: [String] = []
    var seen = Set<String>()
    for name in names where seen.insert(name).inserted {
      let namesakes = roster.filter { Render.text($0.name) == name }
      shown += namesakes.count > 1 ? namesakes.map { "\(name) (#\($0.id))" } : [name]
    }
    return shown
  }

  /// Players as an indented table of id, name and position, for a message.
  static func table(_ players: [API.Player]) -> String {
    let rows = players.map { [Render.text($0.id), Render.text($0.name), Render.text($0.position)] }
    return Render.table(["ID", "NAME", "POSITION"], rows).split(separator: "\n").map { "  " + $0 }
      .joined(separator: "\n")
  }
}

extension JSONValue {
  /// Players' ids as a param: `[1, 2, 3]`.
  static func ids(_ ids: [Int64]) -> JSONValue { .array(ids.map { .int($0) }) }
}
