import Dispatch
import GatherModel
import Synchronization
import Testing

@testable import GatherStore

/// The store's SQLite layer: WAL snapshot reads beside the writer, one transaction per write, and a connection
/// that goes on after a refused write.
@Suite struct SQLiteDatabaseTests {
  @Test func aReadGoesOnBesideAnOpenWriteAndSeesOnlyWhatIsCommitted() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers(["Ana"])
    let seenDuringWrite = try fixture.store.database.write { db in
      try db.execute("INSERT INTO player (name) VALUES ('Bruno')")
      // The writer's lock is held and its transaction open: a reader still answers, from the last commit.
      return try fixture.store.playerCount()
    }
    #expect(seenDuringWrite == 1)
    #expect(try fixture.store.playerCount() == 2)
  }

  @Test func aFailedWriteLeavesNothingAndTheWriterGoesOn() throws {
    let fixture = try StoreFixture()
    #expect(throws: SQLiteError.self) {
      try fixture.store.database.write { db in
        try db.execute("INSERT INTO player (name) VALUES ('Ana')")
        try db.execute("INSERT INTO player (id, name) VALUES (1, 'Twice')")
      }
    }
    #expect(try fixture.store.playerCount() == 0)
    #expect(try fixture.store.database.writeWithoutTransaction { $0.isInTransaction } == false)
    _ = try fixture.createPlayers(["Bruno"])
    #expect(try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff).players.map(\.name) == ["Bruno"])
  }

  @Test func manyThreadsReadWhileOneWrites() throws {
    let fixture = try StoreFixture()
    let store = fixture.store
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for round in 0..<25 {
        do {
          if worker == 0 {
            _ = try store.createPlayer(PlayerDetails(name: "Player \(round)"))
          } else {
            let count = try store.playerCount()
            let stats = try store.playerStats(minGathers: 0)
            // A later read never sees fewer players than an earlier one of the same thread.
            if stats.count < count { failures.withLock { $0.append("\(stats.count) < \(count)") } }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(try store.playerCount() == 25)
  }

  @Test func anInMemoryDatabaseUsesOneConnectionForReadsAndWrites() throws {
    let store = try GatherStore.inMemory()
    #expect(try store.journalMode() == "memory")
    #expect(try store.synchronousLevel() == 2)
    _ = try store.createPlayer(PlayerDetails(name: "Ana"))
    #expect(try store.playerCount() == 1)
  }
}
