import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// What `gatherd restore` accepts: a sound gatherd database of this schema or an older one, nothing else.
@Suite struct DatabaseCheckTests {
  static func problem(_ path: String) -> DatabaseFileError.Problem? {
    do {
      _ = try DatabaseCheck.check(path)
      return nil
    } catch let error as DatabaseFileError {
      return error.problem
    } catch {
      Issue.record("not a DatabaseFileError: \(error)")
      return nil
    }
  }

  @Test func aGatherdDatabaseIsTakenWithWhatItHolds() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla"])
    _ = try fixture.playGather(
      teamA: [players[0].id], teamB: [players[1].id], goals: [.teamA], endedAt: StoreFixture.kickOff)
    let check = try DatabaseCheck.check(fixture.path)
    #expect((check.players, check.gathers, check.plans) == (3, 1, 0))
    #expect(check.pendingMigrations == [])
  }

  @Test func anOlderGatherdsDatabaseIsTakenAndItsSchemaIsBroughtUpToDateLater() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("old.sqlite")
    try MigrationTests.makeFirstReleaseDatabase(at: path)
    let check = try DatabaseCheck.check(path)
    #expect(check.players == 3)
    #expect(check.pendingMigrations == Array(GatherStore.migrator.migrations.dropFirst().map(\.identifier)))
  }

  @Test func aNewerGatherdsDatabaseIsRefusedNamingWhatIsUnknown() throws {
    let fixture = try StoreFixture()
    try fixture.store.database.write { db in
      try db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('from-a-later-release')")
    }
    #expect(Self.problem(fixture.path) == .newer)
    let error = #expect(throws: DatabaseFileError.self) { try DatabaseCheck.check(fixture.path) }
    #expect(error?.description.contains("from-a-later-release") == true)
  }

  @Test func aDamagedDatabaseIsRefused() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers((0..<400).map { "Player \($0) to fill pages" })
    try fixture.store.close()
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.path))
    try handle.seek(toOffset: 4096 * 3)
    try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096 * 2))
    try handle.close()
    #expect(Self.problem(fixture.path) == .damaged)
  }

  @Test func otherFilesAreRefusedForWhatTheyAre() throws {
    let directory = try TemporaryDirectory()
    #expect(Self.problem(directory.path("none.sqlite")) == .missing)
    #expect(Self.problem(directory.url.path) == .notSQLite)
    let text = directory.path("notes.sqlite")
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: text))
    #expect(Self.problem(text) == .notSQLite)
    let foreign = directory.path("foreign.sqlite")
    let connection = try SQLiteConnection(path: foreign)
    try connection.execute(
      "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO player VALUES (1, 'x')")
    connection.close()
    #expect(Self.problem(foreign) == .notGatherd)
    let empty = directory.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect(Self.problem(empty) == .notGatherd)
  }
}
