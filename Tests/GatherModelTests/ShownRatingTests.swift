import Testing

@testable import GatherModel

/// The one rating every screen shows: 0 to 100 from μ − 3σ, and settling until five gathers.
@Suite struct ShownRatingTests {
  @Test func newcomersStartAtFortyFiftyOrSixtyByDeclaredSkill() {
    #expect(Rating.prior(for: .beginner).shown == 40)
    #expect(Rating.prior(for: .amateur).shown == 50)
    #expect(Rating.prior(for: nil).shown == 50)
    #expect(Rating.prior(for: .professional).shown == 60)
  }

  @Test func twoPointsAreOneUnitOfTheOrdinalRoundedHalfAwayFromZero() {
    // Settled players (σ 5) read 20 + 2μ.
    #expect(Rating(mu: 25, sigma: 5).shown == 70)
    #expect(Rating(mu: 15, sigma: 5).shown == 50)
    #expect(Rating(mu: 35, sigma: 5).shown == 90)
    // 50 + 2 × 3.25 = 56.5 shows 57; 50 + 2 × 3.2 = 56.4 shows 56.
    #expect(Rating(mu: 18.25, sigma: 5).shown == 57)
    #expect(Rating(mu: 18.2, sigma: 5).shown == 56)
  }

  @Test func theEndsHoldRatingsBeyondAnyHistory() {
    #expect(Rating(mu: 60, sigma: 3).shown == 100)
    #expect(Rating(mu: -20, sigma: 8).shown == 0)
    #expect(Rating(mu: .nan, sigma: 8).shown == 0, "a rating that is not usable shows the bottom, never a crash")
    #expect(Rating(mu: 25, sigma: .infinity).shown == 0)
  }

  @Test func theNumberNeverGoesDownWhenTheOrdinalGoesUp() {
    var generator = SeededGenerator(seed: 30)
    let ratings = (0..<2_000).map { _ in
      Rating(mu: Double(generator.below(60_000)) / 1000 - 5, sigma: 0.5 + Double(generator.below(9_000)) / 1000)
    }
    let sorted = ratings.sorted { $0.ordinal < $1.ordinal }
    for (lower, higher) in zip(sorted, sorted.dropFirst()) { #expect(lower.shown <= higher.shown) }
    #expect(Set(ratings.map(\.shown)).count > 50, "a scale that tells players apart")
  }

  @Test func aRatingIsSettlingUntilFiveGathers() {
    let rating = Rating(mu: 27, sigma: 8)
    #expect(ShownRating(rating, gathers: 0).isSettling)
    #expect(ShownRating(rating, gathers: 4).isSettling)
    #expect(!ShownRating(rating, gathers: 5).isSettling)
    #expect(!ShownRating(rating, gathers: 60).isSettling)
    #expect(ShownRating(rating, gathers: -3).gathers == 0)
    #expect(ShownRating(rating, gathers: 7).value == rating.shown)
  }

  @Test func theRosterCountsTheGathersEachRatingLearnedFrom() throws {
    var gather = FootballGather(roster: try Fixtures.roster(), ratedGathers: [1: 4])
    #expect(gather.shownRating(of: 1).isSettling && gather.shownRating(of: 2).gathers == 0)
    gather.keepResult(.teamA, ratings: [1: Rating(mu: 28, sigma: 7.9), 2: Rating(mu: 22, sigma: 7.9)])
    #expect(gather.shownRating(of: 1) == ShownRating(Rating(mu: 28, sigma: 7.9), gathers: 5))
    #expect(!gather.shownRating(of: 1).isSettling && gather.ratedGathers[2] == 1)
    // A replay changes ratings, not the gathers they learned from.
    gather.keepRatings([1: Rating(mu: 20, sigma: 7)])
    #expect(gather.ratedGathers[1] == 5)
    gather.remove(1)
    #expect(gather.ratedGathers[1] == nil)
  }
}
