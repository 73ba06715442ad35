import Dispatch
import Foundation
import GatherModel
import Synchronization
import Testing

@testable import GatherStore

/// `gatherd backup`: a consistent copy of a database that is being written, in a file that is whole or absent.
@Suite struct DatabaseBackupTests {
  /// The player names a database file holds, by id, read through a connection of its own.
  static func names(in path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path, readOnly: true)
    defer { connection.close() }
    return try connection.fetchAll("SELECT name FROM player ORDER BY id").map { try $0.first(as: String.self) }
  }

  /// The files in a folder, sorted.
  static func files(in directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
  }

  @Test func aCopyTakenWhileAnotherThreadWritesHoldsEveryCommitBeforeItAndNoHalfOfOne() throws {
    let fixture = try StoreFixture()
    let store = fixture.store
    let acknowledged = Atomic(0)
    let stop = Atomic(false)
    let writer = DispatchGroup()
    DispatchQueue.global().async(group: writer) {
      var count = 0
      // Each commit adds two players, so that a half of one would show as an odd count.
      while !stop.load(ordering: .acquiring), count < 20_000 {
        guard
          (try? store.createPlayers([PlayerDetails(name: "P\(count)"), PlayerDetails(name: "P\(count + 1)")])) != nil
        else { break }
        count += 2
        acknowledged.store(count, ordering: .releasing)
      }
    }
    var copies: [(before: Int, names: [String])] = []
    for round in 0..<5 {
      while acknowledged.load(ordering: .acquiring) < (round + 1) * 50 { usleep(1000) }
      let before = acknowledged.load(ordering: .acquiring)
      let copy = fixture.directory.path("copy-\(round).sqlite")
      try DatabaseBackup.copy(databaseAt: fixture.path, to: copy)
      copies.append((before, try Self.names(in: copy)))
      #expect(try DatabaseCheck.check(copy).players == copies.last?.names.count)
    }
    stop.store(true, ordering: .releasing)
    writer.wait()
    for (before, names) in copies {
      #expect(names.count >= before, "every player acknowledged before the copy began is in it")
      #expect(names.count % 2 == 0, "no commit is half in the copy")
      #expect(names == (0..<names.count).map { "P\($0)" }, "the copy is a prefix of the commits, in order")
    }
    #expect(copies.last!.names.count < acknowledged.load(ordering: .acquiring), "the writer went on meanwhile")
  }

  @Test func theCopyIsOnePlainFileThatSQLiteReadsAnywhere() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers(["Ana", "Bruno"])
    let copies = try TemporaryDirectory()
    let copy = copies.path("gather-copy.sqlite")
    let size = try DatabaseBackup.copy(databaseAt: fixture.path, to: copy)
    #expect(try Self.files(in: copies) == ["gather-copy.sqlite"])
    #expect(size == (try FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int64))
    let connection = try SQLiteConnection(path: copy, readOnly: true)
    defer { connection.close() }
    #expect(try connection.fetchValue("PRAGMA journal_mode", as: String.self) == "delete")
    #expect(try connection.fetchValue("PRAGMA integrity_check", as: String.self) == "ok")
    #expect(try Self.names(in: copy) == ["Ana", "Bruno"])
    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
    #expect(mode == 0o600, "a copy of people's names is its owner's alone")
  }

  @Test func anExistingFileIsKeptUnlessReplacingIsAsked() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers(["Ana"])
    let copy = fixture.directory.path("copy.sqlite")
    try Data("my notes".utf8).write(to: URL(fileURLWithPath: copy))
    let refusal = #expect(throws: DatabaseFileError.self) {
      try DatabaseBackup.copy(databaseAt: fixture.path, to: copy)
    }
    #expect(refusal?.problem == .exists)
    #expect(try String(contentsOfFile: copy, encoding: .utf8) == "my notes")
    try DatabaseBackup.copy(databaseAt: fixture.path, to: copy, replacing: true)
    #expect(try Self.names(in: copy) == ["Ana"])
    #expect(try Self.files(in: fixture.directory).filter { $0.contains(".tmp-") } == [])
  }

  @Test func theDatabaseIsNeverCopiedOverItself() throws {
    let fixture = try StoreFixture()
    _ = try fixture.createPlayers(["Ana"])
    let refusal = #expect(throws: DatabaseFileError.self) {
      try DatabaseBackup.copy(databaseAt: fixture.path, to: fixture.path, replacing: true)
    }
    #expect(refusal?.problem == .sameFile)
    #expect(try fixture.store.playerCount() == 1)
  }

  @Test func aCopyThatFailsLeavesNoFileBehind() throws {
    let directory = try TemporaryDirectory()
    let missing = #expect(throws: DatabaseFileError.self) {
      try DatabaseBackup.copy(databaseAt: directory.path("none.sqlite"), to: directory.path("copy.sqlite"))
    }
    #expect(missing?.problem == .missing)
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: directory.path("text.sqlite")))
    #expect(throws: (any Error).self) {
      try DatabaseBackup.copy(databaseAt: directory.path("text.sqlite"), to: directory.path("copy.sqlite"))
    }
    #expect(try Self.files(in: directory) == ["text.sqlite"])
  }
}
