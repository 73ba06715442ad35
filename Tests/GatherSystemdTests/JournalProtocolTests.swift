import Glibc
import Testing

@testable import GatherSystemd

/// Records in journald's native protocol: the bytes of an entry, and how they reach the socket, a large entry
/// in a sealed memory file.
@Suite struct JournalProtocolTests {
  @Test func fieldsAreAssignmentsInTheOrderGiven() {
    let entry = JournalEntry([("MESSAGE", "Goal for Team A"), ("PRIORITY", "6"), ("RPC_METHOD", "")])
    #expect(String(decoding: entry.datagram, as: UTF8.self) == "MESSAGE=Goal for Team A\nPRIORITY=6\nRPC_METHOD=\n")
  }

  @Test func aValueWithANewlineIsWrittenWithItsLength() {
    let entry = JournalEntry([("MESSAGE", "two\nlines"), ("PRIORITY", "3")])
    let expected = Array("MESSAGE\n".utf8) + [9, 0, 0, 0, 0, 0, 0, 0] + Array("two\nlines\nPRIORITY=3\n".utf8)
    #expect(entry.datagram == expected)
  }

  @Test func anEntryArrivesAsOneDatagram() throws {
    let journald = try DatagramReceiver(address: temporarySocketPath("journal"))
    defer { unlink(journald.address) }
    let entry = JournalEntry([("MESSAGE", "Kick-off"), ("PEER_UID", "1000")])
    #expect(JournalSocket(path: journald.address).send(entry.datagram))
    let received = try journald.receive()
    #expect(received.bytes == entry.datagram && received.fds.isEmpty)
  }

  @Test func anEntryTooLargeForADatagramArrivesAsASealedMemoryFile() throws {
    let journald = try DatagramReceiver(address: temporarySocketPath("journal-large"))
    defer { unlink(journald.address) }
    // Larger than a Unix datagram socket's send buffer (net.core.wmem_default), so the datagram itself is refused.
    let sendBuffer =
      Int(
        String(decoding: contents(ofFile: "/proc/sys/net/core/wmem_default"), as: UTF8.self)
          .filter(\.isNumber)) ?? 212_992
    let entry = JournalEntry([("MESSAGE", String(repeating: "a", count: 2 * sendBuffer)), ("PRIORITY", "6")])
    #expect(JournalSocket(path: journald.address).send(entry.datagram))
    let received = try journald.receive()
    #expect(received.bytes.isEmpty)
    try #require(received.fds.count == 1)
    defer { close(received.fds[0]) }
    #expect(contents(of: received.fds[0]) == entry.datagram)
    // Sealed against every change, as journald requires: F_GET_SEALS (1034) gives F_SEAL_SEAL, SHRINK, GROW and
    // WRITE (1, 2, 4, 8); so writing and truncating fail.
    #expect(fcntl(received.fds[0], 1034) == 0xF)
    #expect(write(received.fds[0], "x", 1) == -1 && errno == EPERM)
    #expect(ftruncate(received.fds[0], 0) == -1 && errno == EPERM)
  }

  @Test func noJournalListeningLosesOnlyTheRecord() {
    #expect(!JournalSocket(path: temporarySocketPath("no-journal")).send(JournalEntry([("MESSAGE", "x")]).datagram))
  }
}

/// Field names as journald takes them.
@Suite struct JournalFieldNameTests {
  @Test func metadataKeysBecomeFieldNamesJournaldKeeps() {
    #expect(JournalLogHandler.fieldName("peer_uid") == "PEER_UID")
    #expect(JournalLogHandler.fieldName("rpc.method") == "RPC_METHOD")
    #expect(JournalLogHandler.fieldName("_9trusted") == "TRUSTED", "no leading underscore or digit")
    #expect(JournalLogHandler.fieldName(String(repeating: "k", count: 80)).count == 64)
    #expect(JournalLogHandler.fieldName("__") == "GATHERD_FIELD")
  }
}
