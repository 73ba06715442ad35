import Testing

@testable import GatherModel

/// Fair teams: valid splits, proven fairest against brute force, seeded, and good beyond the exact limit.
@Suite struct TeamBalancerTests {
  /// A random roster of `count` players with random positions (some unknown), skills and records.
  static func roster(_ count: Int, _ generator: inout SeededGenerator) -> [Candidate] {
    (0..<count).map { index in
      let position = generator.below(7)
      let skill = generator.below(4)
      let played = generator.below(12)
      return Candidate(
        id: Int64(index + 1), position: position < 5 ? Position.allCases[position] : nil,
        skill: skill < 3 ? Skill.allCases[skill] : nil, played: played,
        wins: played == 0 ? 0 : generator.below(played + 1))
    }
  }

  /// The smallest difference of any valid split, by trying all 2^n ways to place the players.
  static func bruteForceBest(_ candidates: [Candidate]) -> Int {
    var best = Int.max
    for mask in 0..<(1 << candidates.count) {
      let inA = candidates.indices.map { mask & (1 << $0) != 0 }
      guard TeamBalancer.isValid(inA, candidates) else { continue }
      let strengthA = candidates.indices.filter { inA[$0] }.reduce(0) { $0 + candidates[$1].points }
      let strengthB = candidates.indices.filter { !inA[$0] }.reduce(0) { $0 + candidates[$1].points }
      best = min(best, abs(strengthA - strengthB))
    }
    return best
  }

  static func split(_ suggestion: TeamSuggestion, _ candidates: [Candidate]) -> [Bool] {
    candidates.map { suggestion.teamA.players.contains($0.id) }
  }

  @Test(arguments: 2...12) func theSuggestionIsTheFairestValidSplit(count: Int) throws {
    var generator = SeededGenerator(seed: UInt64(count) * 7919)
    for round in 0..<8 {
      let candidates = Self.roster(count, &generator)
      let suggestion = try TeamBalancer.suggest(candidates, seed: UInt64(round), by: .skill)
      #expect(suggestion.exact)
      #expect(TeamBalancer.isValid(Self.split(suggestion, candidates), candidates))
      #expect(Set(suggestion.teamA.players + suggestion.teamB.players) == Set(candidates.map(\.id)))
      #expect(suggestion.difference == Double(Self.bruteForceBest(candidates)), "roster \(candidates)")
    }
  }

  @Test func twoGoalkeepersGoOneToEachSideAndPositionsSpread() throws {
    let candidates = [
      Candidate(id: 1, position: .goalkeeper, skill: .professional),
      Candidate(id: 2, position: .goalkeeper, skill: .professional),
      Candidate(id: 3, position: .striker, skill: .beginner), Candidate(id: 4, position: .striker, skill: .beginner),
      Candidate(id: 5, position: .defender, skill: .professional), Candidate(id: 6, position: .defender),
    ]
    let suggestion = try TeamBalancer.suggest(candidates, by: .skill)
    #expect(suggestion.teamA.goalkeepers == 1 && suggestion.teamB.goalkeepers == 1)
    #expect(suggestion.teamA.positions == ["goalkeeper": 1, "striker": 1, "defender": 1])
    #expect(suggestion.teamA.strength + suggestion.teamB.strength == 1300)
    #expect(suggestion.difference == 100)
  }

  @Test func theSameSeedGivesTheSameTeamsAndOtherSeedsOtherSplitsJustAsFair() throws {
    let candidates = (1...10).map { Candidate(id: Int64($0), skill: $0 % 2 == 0 ? .amateur : .beginner) }
    let first = try TeamBalancer.suggest(candidates, seed: 42, by: .skill)
    #expect(try TeamBalancer.suggest(candidates, seed: 42, by: .skill) == first)
    let others = try (0..<10).map { try TeamBalancer.suggest(candidates, seed: UInt64($0), by: .skill) }
    #expect(Set(others.map { Set($0.teamA.players) }).count > 1)
    #expect(others.allSatisfy { $0.difference == first.difference })
  }

  @Test func formCountsOnlyAfterEnoughGathers() {
    #expect(Candidate(id: 1, skill: .amateur, played: 4, wins: 4).points == 200)
    #expect(Candidate(id: 1, skill: .amateur, played: 5, wins: 5).points == 250)
    #expect(Candidate(id: 1, skill: .professional, played: 10, wins: 0).points == 250)
    #expect(Candidate(id: 1, skill: .beginner, played: 8, wins: 6).points == 125)
    #expect(Candidate(id: 1).points == 200)
  }

  @Test(arguments: [17, 24, 31, 40]) func beyondTheExactLimitTheSearchFindsAPerfectSplitWhenOneExists(count: Int) throws
  {
    // Pairs of identical players (and one spare goalkeeper when odd): a perfect split exists.
    var generator = SeededGenerator(seed: UInt64(count))
    let pairs = Self.roster(count / 2, &generator)
    var candidates = pairs.flatMap { [$0, Candidate(id: $0.id + 100, position: $0.position, skill: $0.skill)] }
      .map { Candidate(id: $0.id, position: $0.position, skill: $0.skill) }
    if count % 2 == 1 { candidates.append(Candidate(id: 999, position: .goalkeeper, skill: .beginner)) }
    let suggestion = try TeamBalancer.suggest(candidates, seed: 3, by: .skill)
    #expect(!suggestion.exact)
    #expect(TeamBalancer.isValid(Self.split(suggestion, candidates), candidates))
    #expect(suggestion.difference <= (count % 2 == 1 ? 100 : 0))
    #expect(try TeamBalancer.suggest(candidates, seed: 3, by: .skill) == suggestion)
  }

  @Test func badRostersAreRefusedNamingTheField() {
    #expect(throws: GatherError.validation("players", "")) { try TeamBalancer.suggest([Candidate(id: 1)]) }
    #expect(throws: GatherError.validation("players", "")) {
      try TeamBalancer.suggest([Candidate(id: 1), Candidate(id: 1)])
    }
    #expect(throws: GatherError.validation("bench", "")) {
      try TeamBalancer.suggest([Candidate(id: 1), Candidate(id: 2)], bench: [2])
    }
    #expect(throws: GatherError.validation("players", "")) {
      try TeamBalancer.suggest((1...41).map { Candidate(id: Int64($0)) })
    }
  }
}
