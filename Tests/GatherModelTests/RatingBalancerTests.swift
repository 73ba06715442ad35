import Testing

@testable import GatherModel

/// Fair teams by rating: the split whose predicted result is closest to even, and different alternatives.
@Suite struct RatingBalancerTests {
  /// A random roster with learned ratings.
  static func roster(_ count: Int, _ generator: inout SeededGenerator) -> [Candidate] {
    TeamBalancerTests.roster(count, &generator).map { candidate in
      var rated = candidate
      rated.rating = Rating(
        mu: 10 + Double(generator.below(30_000)) / 1000, sigma: 1 + Double(generator.below(7_000)) / 1000)
      return rated
    }
  }

  /// Every valid split's win probability, by trying all 2^n ways to place the players.
  static func validPredictions(_ candidates: [Candidate]) -> [(inA: [Bool], prediction: Prediction)] {
    (0..<(1 << candidates.count)).compactMap { mask in
      let inA = candidates.indices.map { mask & (1 << $0) != 0 }
      guard TeamBalancer.isValid(inA, candidates) else { return nil }
      let sideA = candidates.indices.filter { inA[$0] }.map { candidates[$0].rating }
      let sideB = candidates.indices.filter { !inA[$0] }.map { candidates[$0].rating }
      return (inA, Prediction(teamA: sideA, teamB: sideB, draws: DrawHistory()))
    }
  }

  static func key(_ split: TeamSuggestion.Split) -> Set<Player.ID> {
    let sides = [Set(split.teamA.players), Set(split.teamB.players)]
    return sides.min { $0.min() ?? 0 > $1.min() ?? 0 } ?? []
  }

  @Test(arguments: 2...12) func theSuggestionIsTheSplitClosestToAnEvenMatch(count: Int) throws {
    var generator = SeededGenerator(seed: UInt64(count) * 104_729)
    for round in 0..<6 {
      let candidates = Self.roster(count, &generator)
      let suggestion = try TeamBalancer.suggest(candidates, seed: UInt64(round))
      #expect(suggestion.basis == .rating && suggestion.exact)
      let best = Self.validPredictions(candidates).map(\.prediction.imbalance).min() ?? 1
      #expect(abs(suggestion.prediction.imbalance - best) < 1e-9, "roster \(candidates)")
      let sideA = candidates.filter { suggestion.teamA.players.contains($0.id) }.map(\.rating)
      let sideB = candidates.filter { suggestion.teamB.players.contains($0.id) }.map(\.rating)
      #expect(suggestion.prediction == Prediction(teamA: sideA, teamB: sideB, draws: DrawHistory()))
      #expect(abs(suggestion.teamA.strength - sideA.reduce(0) { $0 + $1.mu }) < 1e-9)
    }
  }

  @Test func alternativesAreTheNextFairestDifferentSplitsAndLeaveTheFirstAlone() throws {
    var generator = SeededGenerator(seed: 77)
    let candidates = Self.roster(10, &generator)
    let alone = try TeamBalancer.suggest(candidates, seed: 4)
    let with = try TeamBalancer.suggest(candidates, seed: 4, alternatives: 5)
    #expect(with.split == alone.split && alone.alternatives.isEmpty)
    #expect(with.alternatives.count == 5)
    // Different from the first and from each other, mirror images included.
    let keys = [Self.key(with.split)] + with.alternatives.map(Self.key)
    #expect(Set(keys).count == 6)
    // The next fairest: their imbalances are the 2nd to 6th smallest of all valid splits (each split once).
    var seen = Set<Set<Player.ID>>()
    let ranked = Self.validPredictions(candidates).filter { split in
      let sideA = Set(candidates.indices.filter { split.inA[$0] }.map { candidates[$0].id })
      let sideB = Set(candidates.map(\.id)).subtracting(sideA)
      return seen.insert(sideA.contains(candidates[0].id) ? sideA : sideB).inserted
    }.map(\.prediction.imbalance).sorted()
    let offered = ([with.split] + with.alternatives).map(\.prediction.imbalance)
    for (index, imbalance) in offered.enumerated() { #expect(abs(imbalance - ranked[index]) < 1e-9) }
    for alternative in with.alternatives {
      let inA = candidates.map { alternative.teamA.players.contains($0.id) }
      #expect(TeamBalancer.isValid(inA, candidates))
      // Oriented like the first split: most players keep their side.
      let kept = candidates.count { alternative.teamA.players.contains($0.id) == with.teamA.players.contains($0.id) }
      #expect(2 * kept >= candidates.count)
    }
  }

  @Test func equallyFairAlternativesChangeWithTheSeedAndNeverRepeatTheTeams() throws {
    // Everyone at the same prior: every valid split is as fair as the next.
    let candidates = (1...10).map { Candidate(id: Int64($0)) }
    var firsts = Set<Set<Player.ID>>()
    for seed in 0..<12 {
      let suggestion = try TeamBalancer.suggest(candidates, seed: UInt64(seed), alternatives: 3)
      let keys = [Self.key(suggestion.split)] + suggestion.alternatives.map(Self.key)
      #expect(Set(keys).count == 4, "seed \(seed)")
      #expect(suggestion.alternatives.allSatisfy { $0.prediction.winProbability == 0.5 })
      firsts.insert(keys[0])
    }
    #expect(firsts.count > 1)
  }

  @Test func fewPlayersHaveFewAlternatives() throws {
    // Two players have one split; three have three (each of them can be the one who plays alone).
    let two = try TeamBalancer.suggest([Candidate(id: 1), Candidate(id: 2)], alternatives: 5)
    #expect(two.alternatives.isEmpty)
    let three = try TeamBalancer.suggest([Candidate(id: 1), Candidate(id: 2), Candidate(id: 3)], alternatives: 5)
    #expect(three.alternatives.count == 2)
  }

  @Test(arguments: [17, 26, 40]) func beyondTheExactLimitAlternativesAreValidAndDifferent(count: Int) throws {
    var generator = SeededGenerator(seed: UInt64(count))
    let candidates = Self.roster(count, &generator)
    let alone = try TeamBalancer.suggest(candidates, seed: 9)
    let suggestion = try TeamBalancer.suggest(candidates, seed: 9, alternatives: 5)
    #expect(!suggestion.exact && suggestion.split == alone.split)
    #expect(suggestion.alternatives.count == 5)
    let keys = [Self.key(suggestion.split)] + suggestion.alternatives.map(Self.key)
    #expect(Set(keys).count == 6)
    for alternative in suggestion.alternatives {
      #expect(TeamBalancer.isValid(candidates.map { alternative.teamA.players.contains($0.id) }, candidates))
    }
    #expect(suggestion.alternatives.map(\.difference) == suggestion.alternatives.map(\.difference).sorted())
    #expect(try TeamBalancer.suggest(candidates, seed: 9, alternatives: 5) == suggestion)
  }

  @Test func alternativesAreRefusedBeyondFive() {
    #expect(throws: GatherError.validation("alternatives", "")) {
      try TeamBalancer.suggest([Candidate(id: 1), Candidate(id: 2)], alternatives: 6)
    }
  }
}
