import Clocks
import Foundation
import GatherModel
import Testing

@testable import GatherDaemon
@testable import GatherStore

/// The devices part of the session: what pairing, revoking and a sighting commit, that a restart reads it all back,
/// that only hashes are kept, and that a write the disk refuses changes nothing.
@Suite(.timeLimit(.minutes(1))) struct DevicesPartTests {
  let clock = TestClock()
  let store: GatherStore
  let session: GatherSession

  init() async throws {
    store = try GatherStore.inMemory()
    session = try await PlansPartAgendaTests.session(
      store: store, clock: clock, from: Date(timeIntervalSince1970: 1_800_000_000))
  }

  /// The session a restart makes of the same store.
  func restarted() async throws -> GatherSession {
    try await PlansPartAgendaTests.session(
      store: store, clock: clock, from: Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test func aPairedDeviceAndItsUsedLinkAreCommittedAndReadBack() async throws {
    let (code, pairing) = try await session.perform { try $0.makePairing(name: "Ana's phone") }
    #expect(pairing.codeHash == DeviceSecret.hash(code.utf8) && !pairing.codeHash.contains(code))
    await clock.advance(by: .seconds(30))
    let (credential, device) = try await session.perform { try $0.pairDevice(code: code, offeredName: "Pixel") }
    #expect(device.name == "Ana's phone" && device.credentialHash == DeviceSecret.hash(credential.utf8))
    #expect(session.view.state.devices.device(matching: device.credentialHash)?.id == device.id)

    let again = try await restarted()
    let devices = again.view.state.devices
    #expect(devices.ordered == [device])
    #expect(devices.pairing(matching: pairing.codeHash)?.device == device.id, "the link is used for good")
    await #expect(throws: GatherError.pairingUsed(by: "")) {
      try await again.perform { try $0.pairDevice(code: code, offeredName: nil) }
    }
  }

  @Test func aRevokedDeviceStaysRevokedAfterARestart() async throws {
    let (code, _) = try await session.perform { try $0.makePairing(name: nil) }
    let (_, device) = try await session.perform { try $0.pairDevice(code: code, offeredName: nil) }
    #expect(try await session.perform { try $0.revokeDevice(device.id) } == device)
    #expect(session.view.state.devices.devices.isEmpty)
    await #expect(throws: GatherError.deviceNotFound(device.id)) {
      try await session.perform { try $0.revokeDevice(device.id) }
    }
    #expect(try await restarted().view.state.devices.devices.isEmpty)
  }

  @Test func aSightingIsWrittenOnceAMinuteAtMost() async throws {
    let (code, _) = try await session.perform { try $0.makePairing(name: nil) }
    let (_, device) = try await session.perform { try $0.pairDevice(code: code, offeredName: nil) }
    await clock.advance(by: .seconds(45))
    try await session.perform { $0.noteSighting(of: device.id) }
    #expect(try await restarted().view.state.devices.ordered.first?.lastSeen == device.pairedAt)
    await clock.advance(by: .seconds(15))
    try await session.perform { $0.noteSighting(of: device.id) }
    let seen = device.pairedAt.addingTimeInterval(60)
    #expect(session.view.state.devices.ordered.first?.lastSeen == seen)
    #expect(try await restarted().view.state.devices.ordered.first?.lastSeen == seen)
  }

  @Test func aWriteTheDiskRefusesChangesNothing() async throws {
    let (code, _) = try await session.perform { try $0.makePairing(name: nil) }
    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA query_only = true") }
    await #expect(throws: StorageUnavailable.self) { try await session.perform { try $0.makePairing(name: nil) } }
    await #expect(throws: StorageUnavailable.self) {
      try await session.perform { try $0.pairDevice(code: code, offeredName: nil) }
    }
    #expect(session.view.state.devices.pairings.count == 1 && session.view.state.devices.devices.isEmpty)
    try store.database.writeWithoutTransaction { db in try db.execute("PRAGMA query_only = false") }
    let (_, device) = try await session.perform { try $0.pairDevice(code: code, offeredName: nil) }
    #expect(session.view.state.devices.ordered == [device], "the link still works once the disk is back")
  }
}
