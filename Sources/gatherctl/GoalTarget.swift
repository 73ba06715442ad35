import GatherAPI

/// The side a goal is for and who scored it, from `score goal`'s words and the active gather. A side is `a`,
/// `b` or its name in the gather ("bibs" for Bibs), ignoring case; any other word is the scorer (a name or an
/// id), whose side is the one they play for, as is `--player`'s when no side is given.
struct GoalTarget {
  /// The side the goal is for.
  var team: API.Side
  /// The scorer's id, if one was named.
  var scorer: Int64?

  /// Works out the side and the scorer from `word` (a side or a scorer) and `player` (`--player`), against
  /// `gather` (nil when none is active), looking players up with `players`.
  init(word: String?, player: String?, gather: API.Gather?, players: inout PlayerResolver) throws(CtlError) {
    let names = gather?.names
    let sides = ["a", "b", Render.side(.teamA, names), Render.side(.teamB, names)]
    let team = word.flatMap { Self.side(named: $0, names: names) }
    var scorerWord = player
    if let word, team == nil {
      guard player == nil else {
        let close = Closest.names(to: word, among: sides)
        let hint = close.isEmpty ? "." : "; did you mean \(Closest.alternatives(close))?"
        throw .declined(
          "\"\(Printable.text(word))\" is not a side\(hint) With --player, name the side as "
            + "\(Closest.alternatives(sides)), or leave it out to score for the scorer's side.")
      }
      scorerWord = word
    }
    // Without a gather there is no side to find; with a side named, gatherd says why it scores nothing.
    guard team != nil || gather != nil else { throw .declined("There is no active gather; start one first.") }
    guard let scorerWord else {
      guard let team else { throw .usage("Say who scored or for which side: score goal Ana, or score goal a.") }
      self.team = team
      return
    }
    let scorer = try players.id(
      scorerWord, others: player == nil ? sides : [], what: player == nil ? "side or player" : "player")
    self.scorer = scorer
    if let team {
      self.team = team
      return
    }
    guard let gather else { throw .declined("There is no active gather; start one first.") }
    self.team = try Self.side(of: scorer, in: gather, players: &players)
  }

  /// The side `text` names: a or b, or a side's name in the gather, ignoring case; nil for anything else.
  static func side(named text: String, names: API.TeamNames?) -> API.Side? {
    let word = PlayerResolver.trimmed(text)
    if let side = Render.sideArgument(word) { return side }
    let wanted = word.lowercased()
    return API.Side.allCases.first { Render.side($0, names).lowercased() == wanted }
  }

  /// The side `scorer` plays for in `gather`; refused for a player on the bench or not in the gather.
  private static func side(
    of scorer: Int64, in gather: API.Gather, players: inout PlayerResolver
  ) throws(CtlError) -> API.Side {
    let teams = gather.teams
    if teams.teamA.contains(where: { $0.id == scorer }) { return .teamA }
    if teams.teamB.contains(where: { $0.id == scorer }) { return .teamB }
    let roster = try players.rosterPlayers()
    let name = roster.first { $0.id == scorer }.map { Render.text($0.name) } ?? "Player \(scorer)"
    let word = name.contains(" ") ? "\"\(name)\"" : name
    let sides = "\(Render.side(.teamA, gather.names)) or \(Render.side(.teamB, gather.names))"
    if teams.bench.contains(where: { $0.id == scorer }) {
      throw .declined(
        "\(name) is on the bench; bring them on first with gatherctl gather move \(word) a (or b), or score for \(sides)."
      )
    }
    throw .declined("\(name) does not play in this gather; score for a side, \(sides), or name one of its players.")
  }
}
