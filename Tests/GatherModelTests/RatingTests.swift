import Testing

@testable import GatherModel

/// Priors, the replay, predictions of a gather, and ratings that stay finite whatever the history holds.
@Suite struct RatingTests {
  @Test func thePriorComesFromTheDeclaredSkill() {
    #expect(Rating.prior(for: .beginner) == Rating(mu: 20, sigma: 25.0 / 3))
    #expect(Rating.prior(for: .amateur) == Rating(mu: 25, sigma: 25.0 / 3))
    #expect(Rating.prior(for: .professional) == Rating(mu: 30, sigma: 25.0 / 3))
    #expect(Rating.prior(for: nil) == Rating(mu: 25, sigma: 25.0 / 3))
    #expect(Rating(mu: 25, sigma: 2).ordinal == 19)
  }

  @Test func theInverseNormalIsPythonsAS241() {
    // Python 3.11: statistics.NormalDist().inv_cdf(p), to the last bit.
    #expect(NormalDistribution.inverseCDF(0.975) == 1.9599639845400536)
    #expect(NormalDistribution.inverseCDF(0.75) == 0.6744897501960817)
    #expect(NormalDistribution.inverseCDF(0.01) == -2.3263478740408408)
    #expect(NormalDistribution.inverseCDF(1e-10) == -6.361340902404056)
    #expect(NormalDistribution.inverseCDF(0.5) == 0)
    #expect(NormalDistribution.cdf(1.959963984540054) == 0.975)
  }

  @Test func aReplayIsTheUpdatesOneByOne() {
    let players = (1...6).map { RatingBook.Participant.player(Int64($0)) }
    let priors = Dictionary(
      uniqueKeysWithValues: players.enumerated().map { ($1, Rating.prior(for: Skill.allCases[$0 % 3])) })
    var generator = SeededGenerator(seed: 5)
    let matches = (0..<50).map { _ -> RatingBook.Match in
      let shuffled = generator.shuffled(players)
      let size = 1 + generator.below(3)
      return .init(
        teamA: Array(shuffled.prefix(size)), teamB: Array(shuffled.dropFirst(size).prefix(size)),
        winner: Winner.allCases[generator.below(3)])
    }
    var book = RatingBook(priors: priors)
    for match in matches {
      let before = (match.teamA.map(book.rating(of:)), match.teamB.map(book.rating(of:)))
      let after = book.record(match)
      let expected = PlackettLuce.standard.rate(teamA: before.0, teamB: before.1, winner: match.winner)
      #expect(after.teamA == expected.teamA && after.teamB == expected.teamB)
    }
    let replayed = RatingBook.replay(matches, priors: priors)
    #expect(players.map(replayed.book.rating(of:)) == players.map(book.rating(of:)))
    #expect(replayed.after.count == matches.count)
    // Someone who never played keeps their prior; someone unknown has the default prior.
    #expect(RatingBook(priors: priors).rating(of: players[2]) == .prior(for: .professional))
    #expect(book.rating(of: .guest(99)) == .prior(for: nil))
  }

  @Test func fiveHundredStraightWinsStayFinite() {
    var book = RatingBook(priors: [:])
    let champion = RatingBook.Participant.player(1)
    for round in 0..<500 {
      book.record(.init(teamA: [champion], teamB: [.guest(Int64(round))], winner: .teamA))
      #expect(book.rating(of: champion).isUsable)
    }
    let rating = book.rating(of: champion)
    #expect(rating.mu > 25 && rating.sigma < Rating.priorSigma)
    // Against the same opponent too, who only loses.
    var rivals = RatingBook(priors: [:])
    for _ in 0..<500 { rivals.record(.init(teamA: [.player(1)], teamB: [.player(2)], winner: .teamA)) }
    #expect(rivals.rating(of: .player(1)).isUsable && rivals.rating(of: .player(2)).isUsable)
    #expect(rivals.rating(of: .player(1)).mu > rivals.rating(of: .player(2)).mu)
  }

  @Test func aPlayerInTenThousandGathersStaysFinite() {
    var book = RatingBook(priors: [.player(1): .prior(for: .beginner)])
    var generator = SeededGenerator(seed: 10_000)
    for round in 0..<10_000 {
      let others = (0..<9).map { RatingBook.Participant.guest(Int64(round * 10 + $0)) }
      let winner: Winner = round % 7 == 0 ? .none : Winner.allCases[generator.below(2)]
      book.record(.init(teamA: [.player(1)] + others.prefix(4), teamB: Array(others.suffix(5)), winner: winner))
    }
    #expect(book.rating(of: .player(1)).isUsable)
    // τ keeps σ from vanishing: it settles, it does not reach 0.
    #expect(book.rating(of: .player(1)).sigma > 0.5)
  }

  @Test func ratingsNoHistoryProducesStillGiveUsableResults() {
    let extremes = [Rating(mu: 1e6, sigma: 1e-6), Rating(mu: -1e6, sigma: 1e3), Rating(mu: 0, sigma: 1e-300)]
    for winner in Winner.allCases {
      let rated = PlackettLuce.standard.rate(teamA: [extremes[0], extremes[2]], teamB: [extremes[1]], winner: winner)
      #expect((rated.teamA + rated.teamB).allSatisfy { $0.isUsable }, "\(winner): \(rated)")
      let prediction = Prediction(teamA: [extremes[0]], teamB: [extremes[1]], draws: DrawHistory())
      #expect(prediction.winProbability.isFinite && prediction.drawProbability.isFinite)
    }
  }

  @Test func theActiveGatherPredictsFromTheRatingsAtKickOff() throws {
    let strong = Rating(mu: 35, sigma: 3)
    let weak = Rating(mu: 15, sigma: 3)
    var gather = ActiveGather(
      id: 1, startedAt: Fixtures.kickOff, lineup: try Lineup(teamA: [1], teamB: [2]), clock: try MatchClock(),
      kickOffRatings: [1: strong, 2: weak], kickOffDraws: DrawHistory(gathers: 6, draws: 2))
    let draws = DrawHistory(gathers: 6, draws: 2)
    #expect(gather.prediction == Prediction(teamA: [strong], teamB: [weak], draws: draws))
    #expect(gather.prediction.drawProbability == 0.25, "(2 + 2) / (6 + 10): the history at kick-off")
    #expect(gather.prediction.winProbability > 0.9)
    // A player added later joins with the rating they have then; the others keep theirs from kick-off.
    let carla = Player(id: 3, details: try PlayerDetails(name: "Carla", skill: .professional))
    try gather.assign(carla, to: .teamB, rating: Rating(mu: 40, sigma: 2))
    #expect(gather.prediction == Prediction(teamA: [strong], teamB: [weak, Rating(mu: 40, sigma: 2)], draws: draws))
    try gather.assign(carla, to: .teamA, rating: Rating(mu: 10, sigma: 2))
    #expect(gather.kickOffRatings[3] == Rating(mu: 40, sigma: 2))
    let three = gather.prediction.threeWay
    #expect(abs(three.teamA + three.draw + three.teamB - 1) < 1e-12)
  }

  @Test func aHandPickedSplitIsCheckedBeforeItIsPredicted() throws {
    let draws = DrawHistory(gathers: 30, draws: 9)
    let gather = FootballGather(
      roster: try Fixtures.roster(), ratings: [1: Rating(mu: 30, sigma: 4), 2: Rating(mu: 20, sigma: 4)], draws: draws)
    #expect(throws: GatherError.validation("teamA", "")) { try gather.prediction(teamA: [], teamB: [1]) }
    #expect(throws: GatherError.validation("teamB", "")) { try gather.prediction(teamA: [1], teamB: []) }
    #expect(throws: GatherError.validation("teamB", "")) { try gather.prediction(teamA: [1, 2], teamB: [2]) }
    #expect(throws: GatherError.validation("teamA", "")) { try gather.prediction(teamA: [1, 1], teamB: [2]) }
    #expect(throws: GatherError.playerNotFound) { try gather.prediction(teamA: [1], teamB: [99]) }
    let prediction = try gather.prediction(teamA: [1], teamB: [2, 3])
    #expect(
      prediction
        == Prediction(
          teamA: [Rating(mu: 30, sigma: 4)], teamB: [Rating(mu: 20, sigma: 4), gather.rating(of: 3)], draws: draws))
    #expect(prediction.drawProbability == draws.probability, "the draw comes from the group's history")
    // A player without a learned rating has the prior of their declared skill.
    #expect(gather.rating(of: 3) == .prior(for: try gather.player(3).details.skill))
  }
}
