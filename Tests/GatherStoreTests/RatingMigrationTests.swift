import FoundationEssentials
import GatherModel
import Testing

@testable import GatherStore

/// A database from the first release gets its ratings by replaying its history in the migration.
@Suite struct RatingMigrationTests {
  @Test func theFirstReleasesHistoryIsReplayedIntoRatings() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("gather.sqlite")
    try MigrationTests.makeFirstReleaseDatabase(at: path)
    // A player that release deleted: the row kept the name and lost the id, so who they were is unknown.
    let database = try SQLiteDatabase(path: path)
    try database.write { db in
      try db.execute(
        "INSERT INTO gatherPlayer (gatherId, playerId, playerName, team) VALUES (1, NULL, 'Gone', 'teamB')")
    }
    database.close()

    let store = try GatherStore.open(path: path)
    // Gather 1: Ana (amateur) beat Bruno (no skill) and the deleted player (the default prior); Carla benched.
    let expected = PlackettLuce.standard.rate(
      teamA: [.prior(for: .amateur)], teamB: [.prior(for: nil), .prior(for: nil)], winner: .teamA)
    let ratings = try store.ratings()
    #expect(ratings == [1: expected.teamA[0], 2: expected.teamB[0], 3: .prior(for: .professional)])
    #expect(try store.playerReport(1).ratings.map(\.rating) == [expected.teamA[0]])
    // The active gather predicts from the ratings its players have now, as if it had kicked off after the upgrade.
    let active = try store.load(at: .zero, wallNow: Date(timeIntervalSince1970: 1_800_100_000)).requireActive()
    #expect(active.kickOffRatings == [1: expected.teamA[0], 3: .prior(for: .professional)])
    // The draw comes from the one ended gather, which was won.
    #expect(
      active.prediction
        == Prediction(
          teamA: [expected.teamA[0]], teamB: [.prior(for: .professional)], draws: DrawHistory(gathers: 1, draws: 0)))
    // A replay now changes nothing: the migration stored exactly what the history gives.
    #expect(try store.replayRatings() == ratings)
  }

  @Test func aMigratedDatabaseRatesItsNextGatherFromTheReplayedRatings() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("gather.sqlite")
    try MigrationTests.makeFirstReleaseDatabase(at: path)
    let store = try GatherStore.open(path: path)
    let wallNow = Date(timeIntervalSince1970: 1_800_100_000)
    let before = try store.ratings()
    let active = try store.load(at: .zero, wallNow: wallNow).requireActive()
    // Gather 2 ends 0-1: Carla (Team B) beats Ana.
    let after = try store.endGather(active.result(endedAt: wallNow) { "P\($0)" })
    let expected = PlackettLuce.standard.rate(teamA: [before[1]!], teamB: [before[3]!], winner: .teamB)
    #expect(after == [1: expected.teamA[0], 3: expected.teamB[0]])
    #expect(try GatherStore.open(path: path).ratings()[3] == expected.teamB[0])
  }
}
