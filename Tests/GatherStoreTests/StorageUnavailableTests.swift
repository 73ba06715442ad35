import CSQLite
import FoundationEssentials
import GatherModel
import Testing

@testable import GatherStore

/// A full, failing, read-only or locked database: the store names it, keeps nothing of the refused write, and
/// writes again on the same connection once storage is back.
@Suite struct StorageUnavailableTests {
  @Test func sqliteCannotWriteErrorsAreStorageFailuresAndOthersAreNot() {
    let cause = { (code: Int32) in StorageUnavailable.classify(SQLiteError(code: code), path: "/db")?.cause }
    #expect(cause(SQLITE_FULL) == "disk_full")
    #expect(cause(SQLITE_IOERR) == "io_error")
    #expect(cause(CSQLITE_IOERR_WRITE) == "io_error")
    #expect(cause(CSQLITE_IOERR_FSYNC) == "io_error")
    #expect(cause(SQLITE_READONLY) == "read_only")
    #expect(cause(CSQLITE_READONLY_DBMOVED) == "read_only")
    #expect(cause(SQLITE_CANTOPEN) == "cannot_open")
    #expect(cause(SQLITE_BUSY) == "busy")
    #expect(cause(SQLITE_LOCKED) == "busy")
    for other in [SQLITE_NOMEM, CSQLITE_IOERR_NOMEM, SQLITE_CONSTRAINT, SQLITE_CORRUPT] {
      #expect(cause(other) == nil, "\(other)")
    }
    let full = StorageUnavailable.diskFull(path: "/var/lib/gatherd/gather.sqlite")
    #expect(full.description.contains("/var/lib/gatherd/gather.sqlite"))
    #expect(full.description.contains("the disk is full"))
  }

  /// SQLite's page limit stands in for a full disk: the write fails with SQLITE_FULL, as on ENOSPC.
  @Test func aFullDatabaseRefusesTheWholeWriteAndTakesTheNextOnceThereIsRoom() throws {
    let fixture = try StoreFixture()
    #expect(try fixture.store.journalMode() == "wal")
    let pages = try fixture.store.database.read { db in try db.fetchValue("PRAGMA page_count", as: Int.self) ?? 0 }
    try setPragma(fixture.store, "max_page_count = \(pages)")
    var acknowledged = 0
    var refusal: StorageUnavailable?
    while refusal == nil, acknowledged < 10_000 {
      do {
        _ = try fixture.store.createPlayer(PlayerDetails(name: "Player \(acknowledged) with a longish name"))
        acknowledged += 1
      } catch let error as StorageUnavailable {
        refusal = error
      }
    }
    let error = try #require(refusal)
    #expect(error.cause == "disk_full")
    #expect(error.path == fixture.path)
    // The refused insert was rolled back: reads go on and see only what was acknowledged.
    #expect(try fixture.store.playerCount() == acknowledged)
    #expect(throws: StorageUnavailable.self) {
      try fixture.store.createPlayer(PlayerDetails(name: "Player \(acknowledged) with a longish name"))
    }

    try setPragma(fixture.store, "max_page_count = 1073741823")
    let after = try fixture.store.createPlayer(PlayerDetails(name: "Room again"))
    let reopened = try GatherStore.open(path: fixture.path)
    let players = try reopened.load(at: .zero, wallNow: StoreFixture.kickOff).players
    #expect(players.count == acknowledged + 1)
    #expect(players.last == after)
  }

  @Test func aReadOnlyDatabaseRefusesAGoalAndKeepsTheScore() throws {
    let fixture = try StoreFixture()
    let players = try fixture.createPlayers(["Ana", "Bruno"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    try fixture.startGather(&state, teamA: [players[0].id], teamB: [players[1].id])
    try setPragma(fixture.store, "query_only = 1")
    let store = fixture.store
    let refusal = #expect(throws: StorageUnavailable.self) {
      try state.changeActive { gather in
        let goal = try gather.scoreGoal(for: .teamA, at: .zero, wallNow: StoreFixture.kickOff)
        try store.recordScoreEvent(goal, gatherID: gather.id)
      }
    }
    #expect(refusal?.cause == "read_only")
    #expect(state.active?.score == .zero)
    try setPragma(fixture.store, "query_only = 0")
    try state.changeActive { gather in
      let goal = try gather.scoreGoal(for: .teamB, at: .zero, wallNow: StoreFixture.kickOff)
      try store.recordScoreEvent(goal, gatherID: gather.id)
    }
    let reloaded = try GatherStore.open(path: fixture.path).load(at: .zero, wallNow: StoreFixture.kickOff)
    #expect(reloaded.active?.score == (try Score(teamA: 0, teamB: 1)))
    #expect(reloaded.active?.log.count == 1)
  }

  /// Another program holding the write lock (a backup, the sqlite3 shell) past the busy timeout: the write is
  /// refused as `busy` with nothing kept, and the next one, once the lock is gone, is taken.
  @Test func aDatabaseLockedByAnotherProgramRefusesTheWriteUntilTheLockIsGone() throws {
    let fixture = try StoreFixture()
    try setPragma(fixture.store, "busy_timeout = 20")
    let other = try SQLiteConnection(path: fixture.path)
    try other.execute("BEGIN IMMEDIATE")
    let refusal = #expect(throws: StorageUnavailable.self) {
      try fixture.store.createPlayer(PlayerDetails(name: "Locked out"))
    }
    #expect(refusal?.cause == "busy")
    #expect(refusal?.description.contains("another program") == true)
    try other.execute("ROLLBACK")
    _ = try fixture.store.createPlayer(PlayerDetails(name: "Let in"))
    #expect(try fixture.store.playerCount() == 1)
  }

  /// Sets a pragma on the writer's connection, which every write of the store goes through.
  private func setPragma(_ store: GatherStore, _ pragma: String) throws {
    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA \(pragma)") }
  }
}
