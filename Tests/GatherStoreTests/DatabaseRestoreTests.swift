import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// `gatherd restore`: only while nothing has the database open; the new one whole, the old one kept whole.
@Suite struct DatabaseRestoreTests {
  static let date = Date(timeIntervalSince1970: 1_795_576_500.5)

  /// A backup holding players named `names`, taken from a database of its own.
  static func backup(_ names: [String], in directory: TemporaryDirectory) throws -> String {
    let source = directory.path("source-\(names.count).sqlite")
    let store = try GatherStore.open(path: source)
    for name in names { _ = try store.createPlayer(PlayerDetails(name: name)) }
    try store.close()
    let copy = directory.path("backup-\(names.count).sqlite")
    try DatabaseBackup.copy(databaseAt: source, to: copy)
    return copy
  }

  @Test func theBackupTakesTheDatabasesPlaceAndTheReplacedOneIsKept() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers(["Old"])
    try fixture.store.close()
    let backups = try TemporaryDirectory()
    let file = try Self.backup(["Ana", "Bruno"], in: backups)
    #expect(try DatabaseRestore.isInUse(fixture.path) == false)
    let outcome = try DatabaseRestore.replace(databaseAt: fixture.path, with: file, at: Self.date)
    #expect(outcome.check.players == 2)
    let kept = try #require(outcome.keptAs)
    #expect(kept == fixture.path + ".replaced-2026-11-25T031500.500Z.sqlite")
    #expect(try DatabaseBackupTests.names(in: kept) == ["Old"])
    #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    let store = try GatherStore.open(path: fixture.path)
    #expect(try store.load(at: .zero, wallNow: StoreFixture.kickOff).players.map(\.name) == ["Ana", "Bruno"])
    #expect(try store.journalMode() == "wal")
    try store.close()
    #expect(try DatabaseBackupTests.names(in: file) == ["Ana", "Bruno"], "the backup itself is left as it was")
  }

  @Test func aDatabaseThatIsOpenElsewhereIsNotReplaced() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers(["Live"])
    let backups = try TemporaryDirectory()
    let file = try Self.backup(["Ana"], in: backups)
    #expect(try DatabaseRestore.isInUse(fixture.path))
    let refusal = #expect(throws: DatabaseFileError.self) {
      try DatabaseRestore.replace(databaseAt: fixture.path, with: file, at: Self.date)
    }
    #expect(refusal?.problem == .inUse)
    #expect(try fixture.store.playerCount() == 1)
    _ = try fixture.createPlayers(["Still writing"])
    let files = try DatabaseBackupTests.files(in: fixture.directory)
    #expect(!files.contains { $0.contains("replaced") || $0.contains(".tmp-") }, "\(files)")
  }

  @Test func whatACrashedGatherdLeftInItsWALIsInTheKeptDatabase() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers((0..<20).map { "Player \($0)" })
    // The files as kill -9 leaves them: the latest commits are in the WAL only.
    let crashed = try TemporaryDirectory()
    let path = crashed.path("gather.sqlite")
    for suffix in ["", "-wal"] {
      try FileManager.default.copyItem(atPath: fixture.path + suffix, toPath: path + suffix)
    }
    #expect(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0 > 0)
    let backups = try TemporaryDirectory()
    let outcome = try DatabaseRestore.replace(
      databaseAt: path, with: try Self.backup(["Ana"], in: backups), at: Self.date)
    let kept = try #require(outcome.keptAs)
    #expect(try DatabaseCheck.check(kept).players == 20)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "no WAL of the old database beside the new one")
    #expect(try DatabaseBackupTests.names(in: path) == ["Ana"])
  }

  @Test func aBadFileIsRefusedBeforeAnythingChanges() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers(["Kept"])
    try fixture.store.close()
    let text = fixture.directory.path("notes.txt")
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: text))
    let refusal = #expect(throws: DatabaseFileError.self) {
      try DatabaseRestore.replace(databaseAt: fixture.path, with: text, at: Self.date)
    }
    #expect(refusal?.problem == .notSQLite)
    #expect(try DatabaseBackupTests.names(in: fixture.path) == ["Kept"])
    #expect(try DatabaseBackupTests.files(in: fixture.directory).allSatisfy { !$0.contains("replaced") })
  }

  @Test func withNoDatabaseYetTheBackupBecomesIt() throws {
    let directory = try TemporaryDirectory()
    let backups = try TemporaryDirectory()
    let outcome = try DatabaseRestore.replace(
      databaseAt: directory.path("gather.sqlite"), with: try Self.backup(["Ana"], in: backups), at: Self.date)
    #expect(outcome.keptAs == nil)
    #expect(try DatabaseBackupTests.names(in: directory.path("gather.sqlite")) == ["Ana"])
  }
}
