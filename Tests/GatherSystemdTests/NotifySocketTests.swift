import Glibc
import Testing

@testable import GatherSystemd

/// Notifications reach a service manager's socket as sd_notify(3) describes them, descriptors included.
@Suite struct NotifySocketTests {
  @Test func aNotificationIsOneDatagramOfAssignments() throws {
    let manager = try DatagramReceiver(address: temporarySocketPath("notify"))
    defer { unlink(manager.address) }
    #expect(NotifySocket(address: manager.address).send("READY=1\nSTATUS=Waiting for players"))
    let received = try manager.receive()
    #expect(String(decoding: received.bytes, as: UTF8.self) == "READY=1\nSTATUS=Waiting for players")
    #expect(received.fds.isEmpty)
  }

  @Test func anAbstractAddressIsReachedByItsName() throws {
    let manager = try DatagramReceiver(address: "@gatherd-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    #expect(NotifySocket(address: manager.address).send("WATCHDOG=1"))
    #expect(String(decoding: try manager.receive().bytes, as: UTF8.self) == "WATCHDOG=1")
  }

  @Test func aStoredDescriptorTravelsWithItsName() throws {
    let manager = try DatagramReceiver(address: temporarySocketPath("fdstore"))
    defer { unlink(manager.address) }
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    #expect(NotifySocket(address: manager.address).send("FDSTORE=1\nFDNAME=conn-7", fds: [ends[0]]))
    let received = try manager.receive()
    #expect(String(decoding: received.bytes, as: UTF8.self) == "FDSTORE=1\nFDNAME=conn-7")
    // The copy the manager got is the same pipe: what is written at one end is read through it.
    try #require(received.fds.count == 1)
    defer { close(received.fds[0]) }
    #expect(write(ends[1], "hi", 2) == 2)
    close(ends[1])
    var bytes = [UInt8](repeating: 0, count: 2)
    #expect(read(received.fds[0], &bytes, 2) == 2 && bytes == Array("hi".utf8))
  }

  @Test func noManagerListeningIsNotAFailureOfGatherd() {
    #expect(!NotifySocket(address: temporarySocketPath("nobody")).send("READY=1"))
    #expect(!NotifySocket(address: "/" + String(repeating: "x", count: 200)).send("READY=1"), "too long an address")
  }
}
