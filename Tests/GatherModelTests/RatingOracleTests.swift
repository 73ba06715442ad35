import Testing

@testable import GatherModel

/// The ratings equal openskill 6.2.0's, the oracle, over many random matches from 1v1 to 8v9, draws included.
///
/// "Equal" is to within 1e-12, relative (absolute for values below 1). The model does openskill's operations in
/// openskill's order on the same IEEE doubles with the same libm (`exp`, `erf`, `log`, and `pow` where openskill
/// writes `x ** 2`), so the numbers come out the same to the last bit: all 40,400 of them here (the test prints the
/// count). The tolerance only leaves room for a libm that rounds a last bit differently, which moves a result by a
/// few units in the last place (about 1e-15), while a mistake in a formula or a constant moves it by far more.
@Suite struct RatingOracleTests {
  static let tolerance = 1e-12

  static func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
  }

  /// Random matches: sizes from 1v1 to 8v9 (either way round), ratings from a new player's to a veteran's, and
  /// about one draw in six.
  static func randomCases(_ count: Int, seed: UInt64) -> [OpenSkillOracle.Case] {
    var generator = SeededGenerator(seed: seed)
    func uniform(_ range: ClosedRange<Double>) -> Double {
      range.lowerBound + (range.upperBound - range.lowerBound) * Double(generator.next() >> 11) / Double(1 << 53)
    }
    func team(_ size: Int) -> [Rating] {
      (0..<size).map { _ in Rating(mu: uniform(5...45), sigma: uniform(0.5...(25.0 / 3))) }
    }
    return (0..<count).map { index in
      let sizeA = 1 + generator.below(8)
      let sizeB = max(1, min(9, sizeA + generator.below(3) - 1))
      let roll = generator.below(6)
      let winner: Winner = roll == 0 ? .none : roll <= 3 ? .teamA : .teamB
      // A few matches at the defaults, where many ratings are equal and the order of sums matters most.
      let defaults = index % 10 == 0
      let a = defaults ? Array(repeating: Rating.prior(for: nil), count: sizeA) : team(sizeA)
      let b = defaults ? Array(repeating: Rating.prior(for: nil), count: sizeB) : team(sizeB)
      return index % 2 == 0 ? .init(teamA: a, teamB: b, winner: winner) : .init(teamA: b, teamB: a, winner: winner)
    }
  }

  @Test func ratesAndPredictsAsOpenSkill() throws {
    let cases = Self.randomCases(2_000, seed: 22)
    #expect(cases.contains { $0.teamA.count == 1 && $0.teamB.count == 1 })
    #expect(cases.contains { $0.teamA.count == 8 && $0.teamB.count == 9 })
    #expect(cases.contains { $0.winner == .none })
    let answers = try OpenSkillOracle.answers(cases)
    var identical = 0
    var numbers = 0
    for (match, answer) in zip(cases, answers) {
      let rated = PlackettLuce.standard.rate(teamA: match.teamA, teamB: match.teamB, winner: match.winner)
      let model = PlackettLuce.standard
      let ours =
        [
          model.winProbability(teamA: match.teamA, teamB: match.teamB),
          model.drawProbability(teamA: match.teamA, teamB: match.teamB),
        ]
        + (rated.teamA + rated.teamB).flatMap {
          [$0.mu, $0.sigma]
        }
      let theirs =
        [answer.winProbability, answer.drawProbability]
        + (answer.teamA + answer.teamB).flatMap {
          [$0.mu, $0.sigma]
        }
      #expect(ours.count == theirs.count)
      for (mine, oracle) in zip(ours, theirs) {
        #expect(Self.close(mine, oracle), "\(match): \(ours) against openskill's \(theirs)")
        numbers += 1
        if mine == oracle { identical += 1 }
      }
    }
    print("RatingOracleTests: \(identical) of \(numbers) numbers identical to openskill's to the last bit")
    #expect(numbers > 20_000)
  }

  @Test func theNotedReferenceValues() {
    // /work/shared/notes/real-parts.md: openskill 6.2.0 from the defaults.
    let prior = Rating.prior(for: nil)
    let win = PlackettLuce.standard.rate(teamA: [prior], teamB: [prior], winner: .teamA)
    #expect(win.teamA == [Rating(mu: 27.635389493140497, sigma: 8.06590141354368)])
    #expect(win.teamB == [Rating(mu: 22.364610506859503, sigma: 8.06590141354368)])
    let draw = PlackettLuce.standard.rate(teamA: [prior], teamB: [prior], winner: .none)
    #expect(draw.teamA == [Rating(mu: 25.0, sigma: 8.06590141354368)] && draw.teamB == draw.teamA)
    #expect(Prediction(teamA: [prior], teamB: [prior], draws: DrawHistory()).winProbability == 0.5)
    #expect(PlackettLuce.standard.drawProbability(teamA: [prior], teamB: [prior]) == 0.23707424013270856)
  }

  @Test func aDrawBetweenUnequalSidesMovesEachPlayerByTheirOwnUncertainty() {
    // openskill 6.2.0: rate([[30, 5]], [[20, 7], [22, 3]]) with ranks [1, 1].
    let rated = PlackettLuce.standard.rate(
      teamA: [Rating(mu: 30, sigma: 5)], teamB: [Rating(mu: 20, sigma: 7), Rating(mu: 22, sigma: 3)], winner: .none)
    #expect(rated.teamA == [Rating(mu: 30.57928744883025, sigma: 4.954763694992526)])
    #expect(
      rated.teamB == [
        Rating(mu: 18.864751034047462, sigma: 6.8067707437642655),
        Rating(mu: 21.791353562584604, sigma: 2.986066524621484),
      ])
  }
}
