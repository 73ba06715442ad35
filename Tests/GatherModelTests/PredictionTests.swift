import Testing

@testable import GatherModel

/// Predictions that add up as they are shown, and that follow the strength each kind of split shows.
@Suite struct PredictionTests {
  func shown(_ percentages: Percentages) -> [Int] { [percentages.teamA, percentages.draw, percentages.teamB] }

  @Test func threeShownPercentagesAlwaysAddUpToAHundred() {
    var generator = SeededGenerator(seed: 2_026)
    for _ in 0..<20_000 {
      let prediction = Prediction(
        winProbability: Double(generator.below(1_000_001)) / 1_000_000,
        drawProbability: Double(generator.below(1_000_001)) / 1_000_000)
      let forecast = prediction.threeWay
      let percent = prediction.percentages
      #expect(shown(percent).reduce(0, +) == 100, "\(prediction)")
      // Each is its probability rounded one way or the other.
      for (whole, raw) in zip(shown(percent), [forecast.teamA, forecast.draw, forecast.teamB]) {
        #expect(abs(Double(whole) - raw * 100) < 1, "\(prediction): \(shown(percent))")
      }
    }
  }

  @Test func anEvenMatchShowsBothSidesAlike() {
    // 50% to win if not drawn, a draw 23%: 38.5 / 23 / 38.5, shown 38 / 24 / 38 rather than 39 / 23 / 38.
    #expect(shown(Prediction(winProbability: 0.5, drawProbability: 0.23).percentages) == [38, 24, 38])
    #expect(shown(Prediction(winProbability: 0.5, drawProbability: 0.2).percentages) == [40, 20, 40])
    #expect(shown(Percentages((1.0 / 3, 1.0 / 3, 1.0 / 3))) == [33, 34, 33])
  }

  @Test func anEvenMatchWithAShortHistoryReads40_20_40() {
    // An even match, with the draw rate of a short history (1 draw in 5 gathers): the three shares add up to 100.
    let prediction = Prediction(winProbability: 0.5, drawProbability: DrawHistory(gathers: 5, draws: 1).probability)
    #expect(shown(prediction.percentages) == [40, 20, 40])
  }

  @Test func bySkillEqualPointsPredictAnEvenMatch() {
    let even = Prediction(pointsA: 960, pointsB: 960, players: 10, draws: DrawHistory())
    #expect(even.winProbability == 0.5)
    let ahead = Prediction(pointsA: 1_000, pointsB: 960, players: 10, draws: DrawHistory())
    #expect(ahead.winProbability > 0.5)
    // 40 points are 2 μ: the same as a rated match two μ apart with everyone at the prior's σ.
    let prior = Rating.prior(for: nil)
    let rated = Prediction(
      teamA: [Rating(mu: 27, sigma: prior.sigma)] + Array(repeating: prior, count: 4),
      teamB: Array(repeating: prior, count: 5), draws: DrawHistory())
    #expect(abs(ahead.winProbability - rated.winProbability) < 1e-12)
  }

  @Test func aSuggestionBySkillPredictsFromTheStrengthItShows() throws {
    let candidates = (1...10).map { id in
      Candidate(
        id: Int64(id), skill: Skill.allCases[id % 3], played: 6, wins: id % 4,
        rating: Rating(mu: 15 + Double(id) * 2, sigma: 3))
    }
    let suggestion = try TeamBalancer.suggest(candidates, by: .skill, draws: DrawHistory(gathers: 20, draws: 5))
    let strength = (suggestion.teamA.strength, suggestion.teamB.strength)
    #expect(
      suggestion.prediction
        == Prediction(
          pointsA: Int(strength.0), pointsB: Int(strength.1), players: 10, draws: DrawHistory(gathers: 20, draws: 5)))
    if strength.0 == strength.1 { #expect(suggestion.prediction.winProbability == 0.5) }
    #expect((suggestion.prediction.winProbability > 0.5) == (strength.0 > strength.1))
    #expect(suggestion.prediction.drawProbability == 7.0 / 30)
  }
}
