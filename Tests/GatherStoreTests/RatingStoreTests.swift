import Foundation
import Testing

@testable import GatherModel
@testable import GatherStore

/// Ratings in the store: learned in the transaction that ends a gather, kept across restarts, and always equal
/// to a replay of the whole history from the priors, whatever happened in between.
@Suite struct RatingStoreTests {
  let fixture: StoreFixture

  init() throws { fixture = try StoreFixture() }

  func create(_ name: String, _ skill: Skill?) throws -> Player {
    try fixture.store.createPlayer(PlayerDetails(name: name, skill: skill))
  }

  @Test func aGatherThatEndsRatesItsTwoSidesAndNotTheBench() throws {
    let ana = try create("Ana", .professional)
    let bruno = try create("Bruno", .beginner)
    let carla = try create("Carla", nil)
    let dani = try create("Dani", .amateur)
    #expect(try fixture.store.ratings()[bruno.id] == .prior(for: .beginner))
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [ana.id], teamB: [bruno.id, carla.id], bench: [dani.id])
    // The prediction's ratings are kept with the lineup, and come back after a restart.
    let restored = try GatherStore.open(path: fixture.path).load(at: .zero, wallNow: StoreFixture.kickOff)
    #expect(
      try restored.requireActive().kickOffRatings == [
        ana.id: .prior(for: .professional), bruno.id: .prior(for: .beginner), carla.id: .prior(for: nil),
        dani.id: .prior(for: .amateur),
      ])
    try state.changeActive { gather in
      try fixture.store.recordScoreEvent(
        gather.scoreGoal(for: .teamB, at: .zero, wallNow: StoreFixture.kickOff), gatherID: gather.id)
    }
    let active = try state.requireActive()
    let returned = try fixture.store.endGather(active.result(endedAt: StoreFixture.kickOff) { "P\($0)" })
    let expected = PlackettLuce.standard.rate(
      teamA: [.prior(for: .professional)], teamB: [.prior(for: .beginner), .prior(for: nil)], winner: .teamB)
    #expect(returned == [ana.id: expected.teamA[0], bruno.id: expected.teamB[0], carla.id: expected.teamB[1]])
    let ratings = try GatherStore.open(path: fixture.path).ratings()
    #expect(ratings[ana.id] == expected.teamA[0] && ratings[carla.id] == expected.teamB[1])
    #expect(ratings[dani.id] == .prior(for: .amateur), "the bench is not rated")
    // Stats show the rating and sort by its ordinal; the report has the rating after each gather.
    let stats = try fixture.store.playerStats(minGathers: 0, order: .rating)
    #expect(
      stats.map(\.playerID)
        == [bruno.id, carla.id, dani.id, ana.id].sorted { ratings[$0]!.ordinal > ratings[$1]!.ordinal })
    #expect(stats.first { $0.playerID == ana.id }?.rating == expected.teamA[0])
    let report = try fixture.store.playerReport(bruno.id)
    #expect(report.stats.rating == expected.teamB[0])
    #expect(report.ratings.map(\.rating) == [expected.teamB[0]] && report.ratings.map(\.gatherID) == [active.id])
    #expect(try fixture.store.playerReport(dani.id).ratings.isEmpty)
  }

  @Test func storedRatingsEqualAReplayFromScratchAfterRandomGathersSkillChangesAndDeletions() throws {
    var generator = SeededGenerator(seed: 2026)
    var roster = try (0..<10).map { try create("P\($0)", Skill.allCases.randomElement(using: &generator)) }
    // What the test itself remembers: every match by player id, and each deleted player's last declared skill.
    var matches: [RatingBook.Match] = []
    var deletedSkills: [Player.ID: Skill?] = [:]
    var day = 0
    for step in 0..<80 {
      let roll = generator.below(10)
      if roll < 7 || roster.count < 6 {
        if roster.count < 6 { roster.append(try create("New\(step)", Skill.allCases.randomElement(using: &generator))) }
        let players = roster.shuffled(using: &generator)
        let sizeA = 1 + generator.below(min(4, players.count / 2))
        let sizeB = max(1, min(players.count - sizeA, sizeA + generator.below(3) - 1))
        let teamA = Array(players.prefix(sizeA))
        let teamB = Array(players.dropFirst(sizeA).prefix(sizeB))
        let bench = Array(players.dropFirst(sizeA + sizeB).prefix(generator.below(3)))
        let goals = (0..<generator.below(5)).map { _ in generator.below(2) == 0 ? Team.teamA : .teamB }
        day += 1
        let id = try fixture.play(teamA, teamB, bench: bench, goals: goals.map { ($0, Player?.none) }, day: day)
        let record = try fixture.store.gather(id: id)
        matches.append(
          RatingBook.Match(
            teamA: teamA.map { .player($0.id) }, teamB: teamB.map { .player($0.id) }, winner: record.winner))
      } else if roll < 9 {
        let index = generator.below(roster.count)
        var player = roster[index]
        player.details.skill = [Skill?.none, .beginner, .amateur, .professional][generator.below(4)]
        try fixture.store.updatePlayer(player)
        roster[index] = player
      } else {
        let player = roster.remove(at: generator.below(roster.count))
        let before = try fixture.store.ratings()
        try fixture.store.deletePlayer(player.id)
        deletedSkills[player.id] = player.details.skill
        var after = try fixture.store.ratings()
        after[player.id] = before[player.id]
        #expect(after == before, "deleting a player moves nobody's rating")
      }
    }
    var priors: [RatingBook.Participant: Rating] = [:]
    for player in roster { priors[.player(player.id)] = .prior(for: player.details.skill) }
    for (id, skill) in deletedSkills { priors[.player(id)] = .prior(for: skill) }
    let replay = RatingBook.replay(matches, priors: priors)
    let stored = try fixture.store.ratings()
    #expect(Set(stored.keys) == Set(roster.map(\.id)))
    for player in roster {
      #expect(stored[player.id] == replay.book.rating(of: .player(player.id)), "\(player.name)")
      // And after every one of their gathers.
      let history = try fixture.store.playerReport(player.id).ratings.map(\.rating)
      let expected = zip(matches, replay.after).compactMap { match, after -> Rating? in
        if let index = match.teamA.firstIndex(of: .player(player.id)) { return after.teamA[index] }
        if let index = match.teamB.firstIndex(of: .player(player.id)) { return after.teamB[index] }
        return nil
      }
      #expect(history == expected, "\(player.name)")
    }
    #expect(try fixture.store.replayRatings() == stored, "a replay changes nothing")
    #expect(matches.count > 40 && !deletedSkills.isEmpty)
  }

  @Test func aNewSkillMovesTheRatingsAsAReplayWould() throws {
    let ana = try create("Ana", .amateur)
    let bruno = try create("Bruno", .beginner)
    try fixture.play([ana], [bruno], goals: [(.teamA, nil)], day: 1)
    // Bruno, who played, declares professional: everyone he played against moves too.
    var professional = bruno
    professional.details.skill = .professional
    let replayed = try #require(try fixture.store.updatePlayer(professional))
    let expected = PlackettLuce.standard.rate(
      teamA: [.prior(for: .amateur)], teamB: [.prior(for: .professional)], winner: .teamA)
    #expect(replayed == [ana.id: expected.teamA[0], bruno.id: expected.teamB[0]])
    // Carla, who has not played, only changes her own prior.
    var carla = try create("Carla", nil)
    carla.details.skill = .beginner
    let after = try #require(try fixture.store.updatePlayer(carla))
    #expect(after == [ana.id: expected.teamA[0], bruno.id: expected.teamB[0], carla.id: .prior(for: .beginner)])
    #expect(try fixture.store.replayRatings() == after)
    // Another change than the skill replays nothing.
    carla.details.position = .goalkeeper
    #expect(try fixture.store.updatePlayer(carla) == nil)
  }

  @Test func aRatingFromTenThousandGathersIsReplayedAndStaysFinite() throws {
    let regular = try create("Regular", .beginner)
    let others = try (0..<11).map { try create("O\($0)", Skill.allCases[$0 % 3]) }
    // Ten thousand ended gathers written straight into the tables, as if years of history; then one replay.
    try fixture.store.database.write { db in
      let gather = try db.prepare(
        """
        INSERT INTO gather (id, status, startedAt, endedAt, scoreA, scoreB, winner, clockState, clockDurationMs,
          clockRemainingMs) VALUES (?, 'ended', ?, ?, ?, ?, ?, 'finished', 600000, 0)
        """)
      let row = try db.prepare("INSERT INTO gatherPlayer (gatherId, playerId, playerName, team) VALUES (?, ?, 'x', ?)")
      for index in 0..<10_000 {
        let winner = ["teamA", "teamB", "none"][index % 3 == 2 && index % 5 != 0 ? 2 : index % 2]
        let id = Int64(index + 1)
        let start = 1_800_000_000_000 + id * 86_400_000
        try gather.run([
          .integer(id), .integer(start), .integer(start + 600_000), .integer(1), .integer(1), .text(winner),
        ])
        try row.run([.integer(id), .integer(regular.id), .text("teamA")])
        for (offset, other) in others.enumerated() where (offset + index) % 11 < 9 {
          try row.run([.integer(id), .integer(other.id), .text((offset + index) % 2 == 0 ? "teamA" : "teamB")])
        }
      }
      try db.execute("UPDATE gatherPlayer SET " + GatherStore.lineupResultSQL + " WHERE TRUE")
    }
    let started = ContinuousClock.now
    let ratings = try fixture.store.replayRatings()
    print("RatingStoreTests: replayed 10,000 gathers in \(ContinuousClock.now - started) (debug build)")
    #expect(ratings.values.allSatisfy { $0.isUsable })
    #expect(try fixture.store.playerReport(regular.id).ratings.count == 10_000)
    #expect(try fixture.store.playerReport(regular.id).ratings.allSatisfy { $0.rating.isUsable })
  }
}
