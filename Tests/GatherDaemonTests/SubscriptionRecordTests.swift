import Foundation
import Testing

@testable import GatherDaemon

/// The record a new gatherd reads to serve kept connections as before, and the names it sorts the store by.
@Suite struct SubscriptionRecordTests {
  @Test func aRecordReadsBackAsItWasWritten() {
    var record = SubscriptionRecord()
    record.seqCeiling = 2_000_017
    record.set([3: [.tick, .score], 9: [.timer]], of: "conn-rw-4")
    record.set([12: [.players]], of: "conn-ro-7")
    let text = String(decoding: record.encoded, as: UTF8.self)
    #expect(
      text == """
        gatherd-subscriptions 1
        seq 2000017
        conn-ro-7 12 players
        conn-rw-4 3 score,tick
        conn-rw-4 9 timer

        """)
    #expect(SubscriptionRecord(decoding: record.encoded) == record)
    #expect(record.largestSubscriptionID == 12)
  }

  @Test func aConnectionWithoutSubscriptionsLeavesTheRecord() {
    var record = SubscriptionRecord()
    record.set([1: [.tick]], of: "conn-rw-1")
    record.set([:], of: "conn-rw-1")
    #expect(record.connections.isEmpty)
    #expect(record.largestSubscriptionID == 0)
  }

  @Test(arguments: [
    "", "gatherd-subscriptions 2\nseq 0\n", "gatherd-subscriptions 1\n", "gatherd-subscriptions 1\nseq x\n",
    "gatherd-subscriptions 1\nseq 5\nconn-rw-1 1 goals\n", "gatherd-subscriptions 1\nseq 5\nconn-rw-1 0 tick\n",
    "gatherd-subscriptions 1\nseq 5\nconn-rw-1 tick\n",
  ])
  func anythingElseIsNotARecord(_ text: String) {
    #expect(SubscriptionRecord(decoding: Array(text.utf8)) == nil)
  }

  @Test func inheritedDescriptorsAreSortedByName() throws {
    let older = try file(containing: recordText(ceiling: 1_000_000, "conn-rw-2 5 tick"))
    let newer = try file(containing: recordText(ceiling: 2_000_000, "conn-rw-2 5 tick,score"))
    let broken = try file(containing: "not a record")
    let inodes = [older, newer, broken].map(Self.inode)
    let (listeners, stored) = StoredDescriptors.sort([
      (3, "gatherd.socket"), (4, "status"), (5, "conn-rw-2"), (6, "conn-ro-11"), (older, "state-6"),
      (newer, "state-7"), (broken, "state-8"), (9, "conn-xx-1"),
    ])
    #expect(listeners.map(\.name) == ["gatherd.socket", "status", "conn-xx-1"])
    #expect(
      stored.connections == [
        .init(fd: 5, name: "conn-rw-2", readOnly: false), .init(fd: 6, name: "conn-ro-11", readOnly: true),
      ])
    #expect(stored.largestConnectionNumber == 11)
    // The newest record that reads wins; the generation goes on from the newest of all.
    #expect(stored.record.seqCeiling == 2_000_000)
    #expect(stored.record.connections["conn-rw-2"] == [5: [.tick, .score]])
    #expect(stored.recordGeneration == 8)
    #expect(Set(stored.staleRecordNames) == ["state-6", "state-7", "state-8"])
    // Record files are read and closed: each number is free, or another test's file has it now.
    for (fd, inode) in zip([older, newer, broken], inodes) { #expect(Self.inode(fd) != inode) }
  }

  /// The inode `fd` is open on; nil when it is closed.
  static func inode(_ fd: Int32) -> UInt? {
    var status = stat()
    return fstat(fd, &status) == 0 ? UInt(status.st_ino) : nil
  }

  func recordText(ceiling: Int64, _ lines: String...) -> String {
    (["gatherd-subscriptions 1", "seq \(ceiling)"] + lines).joined(separator: "\n") + "\n"
  }

  /// An open descriptor of an unlinked file with this content, as the store would pass a memory file.
  func file(containing text: String) throws -> Int32 {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID())").path
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
    try #require(fd >= 0)
    unlink(path)
    let bytes = Array(text.utf8)
    try #require(write(fd, bytes, bytes.count) == bytes.count)
    return fd
  }
}
