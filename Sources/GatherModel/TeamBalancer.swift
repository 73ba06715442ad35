/// Splits players into two fair sides.
///
/// A split is valid when the sides differ in size by at most one and every position (goalkeepers included,
/// and players without a position as one more group) is split as evenly as it can be: the sides differ by at
/// most one player of each. Among valid splits the fairest has the smallest difference in strength (the sum
/// of ``Candidate/rating``). Up to ``exactLimit`` players every valid split is tried and the seed picks one of
/// the fairest; beyond that a seeded local search (swaps that keep the split valid, from many random starts)
/// finds a good one.
public enum TeamBalancer {
  /// Up to this many players, the suggestion is the proven fairest split.
  public static let exactLimit = 16
  /// How many players a suggestion takes.
  public static let playerRange = 2...40
  /// How many random starts the search makes beyond ``exactLimit``.
  static let searchStarts = 48

  /// The fairest split of `candidates` that `seed` picks; `bench` is passed through. Throws a validation
  /// error for too few or too many players or for a player given twice.
  public static func suggest(
    _ candidates: [Candidate], bench: [Player.ID] = [], seed: UInt64 = 0
  ) throws(GatherError) -> TeamSuggestion {
    try check(candidates.map(\.id), bench: bench)
    let problem = BalancingProblem(candidates)
    var generator = SeededGenerator(seed: seed)
    let exact = candidates.count <= exactLimit
    var inA = exact ? problem.fairestSplit(&generator) : problem.searchedSplit(&generator)
    if generator.next() & 1 == 1 { inA = inA.map { !$0 } }
    let sideA = candidates.indices.filter { inA[$0] }.map { candidates[$0] }
    let sideB = candidates.indices.filter { !inA[$0] }.map { candidates[$0] }
    return TeamSuggestion(teamA: .init(sideA), teamB: .init(sideB), bench: bench, seed: seed, exact: exact)
  }

  /// Whether a split (`inA[i]` puts candidate i in Team A) keeps the sizes and every position even.
  public static func isValid(_ inA: [Bool], _ candidates: [Candidate]) -> Bool {
    let sizeA = inA.count { $0 }
    guard abs(2 * sizeA - inA.count) <= 1 else { return false }
    var balance: [String: Int] = [:]
    for (index, candidate) in candidates.enumerated() { balance[candidate.group, default: 0] += inA[index] ? 1 : -1 }
    return balance.values.allSatisfy { abs($0) <= 1 }
  }

  /// Refuses too few or too many players, and a player given twice (to play, or to play and on the bench).
  public static func check(_ players: [Player.ID], bench: [Player.ID]) throws(GatherError) {
    guard playerRange.contains(players.count) else {
      throw .validation(
        "players",
        "A suggestion splits from \(playerRange.lowerBound) to \(playerRange.upperBound) players; "
          + "\(players.count) \(players.count == 1 ? "was" : "were") given.")
    }
    var seen = Set<Player.ID>()
    for id in players where !seen.insert(id).inserted {
      throw .validation("players", "Player \(id) is given more than once.")
    }
    for id in bench where !seen.insert(id).inserted {
      throw .validation("bench", "Player \(id) is given more than once, or both to play and on the bench.")
    }
  }
}
