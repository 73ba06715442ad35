import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// Paired devices and their pairing links in a real database file: each write committed in one transaction and read
/// back after a crash, a pairing used once, and only the hashes it is given written.
@Suite struct DeviceStoreTests {
  static let made = StoreFixture.kickOff

  @Test func aPairingAndTheDeviceItPairedComeBackAfterACrash() throws {
    let fixture = try StoreFixture()
    let pairing = try fixture.store.createPairing(codeHash: "code-hash", name: "Ana's phone", at: Self.made)
    let paired = Self.made.addingTimeInterval(30)
    let device = try fixture.store.pairDevice(
      through: pairing.id, name: "Ana's phone", credentialHash: "credential-hash", at: paired)
    try fixture.store.saveSighting(of: device.id, at: paired.addingTimeInterval(120))

    let reopened = try GatherStore.open(path: try CrashRecoveryTests.crashImage(of: fixture))
    let devices = try reopened.load(at: .zero, wallNow: paired).devices
    let kept = try #require(devices.device(matching: "credential-hash"))
    #expect(kept.id == device.id && kept.name == "Ana's phone" && kept.pairedAt == paired)
    #expect(kept.lastSeen == paired.addingTimeInterval(120))
    let used = try #require(devices.pairing(matching: "code-hash"))
    #expect(used.device == device.id && used.name == "Ana's phone" && used.createdAt == Self.made)
  }

  @Test func aPairingPairsOneDeviceOnly() throws {
    let fixture = try StoreFixture()
    let pairing = try fixture.store.createPairing(codeHash: "code-hash", name: nil, at: Self.made)
    _ = try fixture.store.pairDevice(through: pairing.id, name: "Phone", credentialHash: "first", at: Self.made)
    #expect(throws: StoreError.self) {
      try fixture.store.pairDevice(through: pairing.id, name: "Phone", credentialHash: "second", at: Self.made)
    }
    let devices = try fixture.store.load(at: .zero, wallNow: Self.made).devices
    #expect(devices.devices.count == 1, "the refused pairing left no device behind")
    #expect(devices.device(matching: "second") == nil)
  }

  @Test func aRevokedDeviceIsGoneForGood() throws {
    let fixture = try StoreFixture()
    let pairing = try fixture.store.createPairing(codeHash: "code-hash", name: nil, at: Self.made)
    let device = try fixture.store.pairDevice(
      through: pairing.id, name: "Phone", credentialHash: "credential-hash", at: Self.made)
    try fixture.store.revokeDevice(device.id)
    #expect(throws: GatherError.deviceNotFound(device.id)) { try fixture.store.revokeDevice(device.id) }
    #expect(throws: GatherError.deviceNotFound(device.id)) {
      try fixture.store.saveSighting(of: device.id, at: Self.made)
    }
    let reopened = try GatherStore.open(path: try CrashRecoveryTests.crashImage(of: fixture))
    let devices = try reopened.load(at: .zero, wallNow: Self.made).devices
    #expect(devices.devices.isEmpty && devices.device(matching: "credential-hash") == nil)
    let rows: Int64? = try reopened.database.read { db in try db.fetchValue("SELECT COUNT(*) FROM webDevice") }
    #expect(rows == 0, "nothing of the credential is left")
  }

  @Test func aNewPairingForgetsThoseADayPastTheirExpiry() throws {
    let fixture = try StoreFixture()
    _ = try fixture.store.createPairing(codeHash: "old", name: nil, at: Self.made)
    let dayLater = Self.made.addingTimeInterval(Pairing.lifetime + Pairing.keptFor)
    _ = try fixture.store.createPairing(codeHash: "kept", name: nil, at: dayLater.addingTimeInterval(-1))
    _ = try fixture.store.createPairing(codeHash: "new", name: nil, at: dayLater)
    let pairings = try fixture.store.load(at: .zero, wallNow: dayLater).devices.pairings.values
    #expect(Set(pairings.map(\.codeHash)) == ["kept", "new"])
  }
}
