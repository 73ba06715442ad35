/// Splits players into two fair sides.
///
/// A split is valid when the sides differ in size by at most one and every position (goalkeepers included,
/// and players without a position as one more group) is split as evenly as it can be: the sides differ by at
/// most one player of each. Among valid splits the fairest has the smallest difference in strength, as the
/// ``Basis`` counts it: by rating, the sum of the players' μ, which makes the predicted result closest to even
/// (σA² + σB² is the same for every split of the same players, so Φ((μA − μB)/√(2β² + σA² + σB²)) is nearest ½
/// exactly where |μA − μB| is smallest); by skill, the sum of ``Candidate/points``. Up to ``exactLimit`` players
/// every valid split is tried and the seed picks one of the fairest; beyond that a seeded local search (swaps
/// that keep the split valid, from many random starts) finds a good one.
public enum TeamBalancer {
  /// Up to this many players, the suggestion is the proven fairest split.
  public static let exactLimit = 16
  /// How many players a suggestion takes.
  public static let playerRange = 2...40
  /// How many alternatives a suggestion may add.
  public static let alternativesRange = 0...5
  /// How many random starts the search makes beyond ``exactLimit``.
  static let searchStarts = 48

  /// The fairest split of `candidates` by `basis` that `seed` picks, with up to `alternatives` next fairest
  /// different splits; `bench` is passed through; each split's draw probability comes from `draws`. The first
  /// split does not depend on `alternatives`. Throws a validation error for too few or too many players, a player
  /// given twice, or alternatives out of 0–5.
  public static func suggest(
    _ candidates: [Candidate], bench: [Player.ID] = [], seed: UInt64 = 0, by basis: Basis = .rating,
    alternatives: Int = 0, draws: DrawHistory = DrawHistory()
  ) throws(GatherError) -> TeamSuggestion {
    try check(candidates.map(\.id), bench: bench)
    guard alternativesRange.contains(alternatives) else {
      throw .validation(
        "alternatives",
        "A suggestion adds at most \(alternativesRange.upperBound) alternatives; \(alternatives) were asked for.")
    }
    let problem = BalancingProblem(candidates, basis: basis)
    var generator = SeededGenerator(seed: seed)
    let exact = candidates.count <= exactLimit
    var others: [[Bool]] = []
    var inA: [Bool]
    if exact {
      let splits = problem.validSplits()
      let chosen = problem.fairest(of: splits, &generator)
      inA = problem.sides(of: chosen)
      if alternatives > 0 { others = problem.nextFairest(of: splits, after: chosen, count: alternatives, seed: seed) }
    } else {
      inA = problem.searchedSplit(&generator)
      if alternatives > 0 { others = problem.searchedAlternatives(to: inA, count: alternatives, seed: seed) }
    }
    if generator.next() & 1 == 1 { inA = inA.map { !$0 } }
    return TeamSuggestion(
      split: .init(candidates, inA: inA, basis: basis, draws: draws), bench: bench, seed: seed, exact: exact,
      basis: basis,
      alternatives: others.map { .init(candidates, inA: oriented($0, like: inA), basis: basis, draws: draws) })
  }

  /// `split` or its mirror image, whichever keeps more players on the side they have in `first`, so that an
  /// alternative reads as a few players moved.
  static func oriented(_ split: [Bool], like first: [Bool]) -> [Bool] {
    let kept = zip(split, first).count { $0 == $1 }
    return 2 * kept >= split.count ? split : split.map { !$0 }
  }

  /// Whether a split (`inA[i]` puts candidate i in Team A) keeps the sizes and every position even.
  public static func isValid(_ inA: [Bool], _ candidates: [Candidate]) -> Bool {
    let sizeA = inA.count { $0 }
    guard abs(2 * sizeA - inA.count) <= 1 else { return false }
    var balance: [String: Int] = [:]
    for (index, candidate) in candidates.enumerated() { balance[candidate.group, default: 0] += inA[index] ? 1 : -1 }
    return balance.values.allSatisfy { abs($0) <= 1 }
  }

  /// Refuses too few or too many players, and a player given twice (to play, or to play and on the bench), by
  /// the name `name` gives for a sentence ("Ana", or "Player 9" for an id the roster lacks).
  public static func check(
    _ players: [Player.ID], bench: [Player.ID], name: (Player.ID) -> String = { "Player \($0)" }
  ) throws(GatherError) {
    guard playerRange.contains(players.count) else {
      throw .validation(
        "players",
        "A suggestion splits from \(playerRange.lowerBound) to \(playerRange.upperBound) players; "
          + "\(players.count) \(players.count == 1 ? "was" : "were") given.")
    }
    var seen = Set<Player.ID>()
    for id in players where !seen.insert(id).inserted {
      throw .validation("players", "\(name(id)) is given more than once.")
    }
    for id in bench where !seen.insert(id).inserted {
      throw .validation("bench", "\(name(id)) is given more than once, or both to play and on the bench.")
    }
  }
}
