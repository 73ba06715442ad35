import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// The timer's folder of dated copies: named by time, the newest kept, nothing else touched.
@Suite struct BackupFolderTests {
  @Test func copiesAreNamedByTheirUTCTimeSoThatNamesSortInTimeOrder() {
    let date = Date(timeIntervalSince1970: 1_795_576_500.1234)
    #expect(BackupFolder.name(at: date) == "gather-2026-11-25T031500.123Z.sqlite")
    #expect(BackupFolder.name(at: Date(timeIntervalSince1970: 0)) == "gather-1970-01-01T000000.000Z.sqlite")
    #expect(BackupFolder.isCopy("gather-2026-11-25T031500.123Z.sqlite"))
    for other in ["gather.sqlite", "gather-2026-11-25.sqlite", "gather-2026-11-25T031500.123Z.sqlite.tmp-a1b2c3", "x"] {
      #expect(!BackupFolder.isCopy(other), "\(other)")
    }
    let dates = (0..<30).map { Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 86_399.5) }
    #expect(dates.map(BackupFolder.name(at:)).sorted() == dates.map(BackupFolder.name(at:)))
  }

  @Test func theNewestCopiesAreKeptAndNothingElseInTheFolderIsTouched() throws {
    let fixture = try StoreFixture()
    let folder = BackupFolder(path: fixture.directory.path("backups"))
    #expect(try folder.copies() == [])
    var made: [String] = []
    for day in 0..<5 {
      _ = try fixture.createPlayers(["Player \(day)"])
      let date = StoreFixture.kickOff.addingTimeInterval(Double(day) * 86_400)
      let (copy, removed) = try folder.add(databaseAt: fixture.path, at: date, keep: 3)
      made.append(copy)
      #expect(removed == (day >= 3 ? [made[day - 3]] : []))
      if day == 0 {
        // Someone's own files beside the copies.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.path + "/notes.txt"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.path + "/gather-mine.sqlite"))
      }
    }
    #expect(try folder.copies() == made.suffix(3).map { String($0.split(separator: "/").last!) })
    #expect(try DatabaseCheck.check(made[4]).players == 5)
    #expect(try DatabaseCheck.check(made[2]).players == 3)
    let all = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(all.contains("notes.txt") && all.contains("gather-mine.sqlite"))
    let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }

  @Test func theNewCopyIsKeptEvenWhenOtherCopiesAreNamedLater() throws {
    let fixture = try StoreFixture()
    let folder = BackupFolder(path: fixture.directory.path("backups"))
    _ = try fixture.createPlayers(["Ana"])
    // Copies a clock that was once ahead named in the future.
    let future = (1...3).map { StoreFixture.kickOff.addingTimeInterval(Double($0) * 365 * 86_400) }
    for date in future { _ = try folder.add(databaseAt: fixture.path, at: date, keep: 3) }
    let (copy, removed) = try folder.add(databaseAt: fixture.path, at: StoreFixture.kickOff, keep: 3)
    #expect(FileManager.default.fileExists(atPath: copy), "the copy just taken is kept")
    #expect(removed == [folder.path + "/" + BackupFolder.name(at: future[0])], "the oldest other copy goes")
    #expect(try folder.copies().count == 3)
  }
}
