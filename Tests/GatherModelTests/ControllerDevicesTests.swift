import Foundation
import GatherModel
import Testing

/// The rules of pairing a phone as a controller: a pairing link works once and for 10 minutes, only so many are open
/// and so many devices paired, codes and credentials are found by their hash alone, and a device's sighting is
/// written at most once a minute.
@Suite struct ControllerDevicesTests {
  static let made = Date(timeIntervalSince1970: 1_800_000_000)

  static func pairing(_ id: Int64, at: Date = made, name: String? = nil) -> Pairing {
    Pairing(id: id, codeHash: "code-hash-\(id)", name: name, createdAt: at)
  }

  static func device(_ id: Int64, seen: Date = made) -> PairedDevice {
    PairedDevice(id: id, name: "Phone \(id)", pairedAt: made, lastSeen: seen, credentialHash: "credential-hash-\(id)")
  }

  @Test func aPairingWorksForTenMinutesAndOnce() throws {
    var devices = ControllerDevices()
    devices.keep(Self.pairing(1), at: Self.made)
    let pairing = try #require(devices.pairing(matching: "code-hash-1"))
    try devices.checkRedeemable(pairing, at: Self.made.addingTimeInterval(599))
    #expect(throws: GatherError.pairingExpired) {
      try devices.checkRedeemable(pairing, at: Self.made.addingTimeInterval(600))
    }
    devices.keepPaired(Self.device(7), through: 1)
    let used = try #require(devices.pairing(matching: "code-hash-1"))
    #expect(used.device == 7 && !used.isOpen(at: Self.made))
    #expect(throws: GatherError.pairingUsed(by: "")) { try devices.checkRedeemable(used, at: Self.made) }
  }

  @Test func aUsedPairingSaysWhichDeviceItPaired() throws {
    var devices = ControllerDevices()
    devices.keep(Self.pairing(1), at: Self.made)
    devices.keepPaired(Self.device(7), through: 1)
    let used = try #require(devices.pairing(matching: "code-hash-1"))
    do {
      try devices.checkRedeemable(used, at: Self.made)
      Issue.record("a used pairing was redeemable")
    } catch {
      #expect(error.message.contains("Phone 7"), "\(error.message)")
    }
    devices.remove(7)
    #expect(throws: GatherError.pairingUsed(by: "")) { try devices.checkRedeemable(used, at: Self.made) }
  }

  @Test func codesAndCredentialsAreFoundByTheirHashAlone() {
    let devices = ControllerDevices(devices: [Self.device(1), Self.device(2)], pairings: [Self.pairing(3)])
    #expect(devices.device(matching: "credential-hash-2")?.id == 2)
    #expect(devices.device(matching: "credential-hash-") == nil, "a prefix is no match")
    #expect(devices.device(matching: "credential-hash-21") == nil)
    #expect(devices.device(matching: "code-hash-3") == nil, "a pairing's code is no credential")
    #expect(devices.pairing(matching: "code-hash-3")?.id == 3)
    #expect(devices.pairing(matching: "credential-hash-1") == nil, "a credential is no pairing's code")
  }

  @Test func onlyTwentyPairingLinksAreOpenAtOnce() throws {
    var devices = ControllerDevices()
    for id in 1...Int64(ControllerDevices.maxOpenPairings) {
      try devices.checkNewPairing(at: Self.made)
      devices.keep(Self.pairing(id), at: Self.made)
    }
    #expect(throws: GatherError.tooManyDevices("")) { try devices.checkNewPairing(at: Self.made) }
    // One used, or all expired, makes room.
    devices.keepPaired(Self.device(1), through: 1)
    try devices.checkNewPairing(at: Self.made)
    try ControllerDevices(pairings: (1...40).map { Self.pairing($0) })
      .checkNewPairing(at: Self.made.addingTimeInterval(Pairing.lifetime))
  }

  @Test func pairingsAreForgottenADayAfterTheyExpired() {
    var devices = ControllerDevices()
    devices.keep(Self.pairing(1), at: Self.made)
    let forgotten = Self.made.addingTimeInterval(Pairing.lifetime + Pairing.keptFor)
    #expect(ControllerDevices.oldestPairingKept(at: forgotten) == Self.made)
    devices.keep(Self.pairing(2, at: forgotten.addingTimeInterval(-1)), at: forgotten.addingTimeInterval(-1))
    #expect(devices.pairings.keys.sorted() == [1, 2], "kept until a day after it expired")
    devices.keep(Self.pairing(3, at: forgotten), at: forgotten)
    #expect(devices.pairings.keys.sorted() == [2, 3])
  }

  @Test func aDeviceNeedsRevokingBeforeOneMoreThanFiftyIsPaired() throws {
    let full = ControllerDevices(
      devices: (1...Int64(ControllerDevices.maxDevices)).map { Self.device($0) }, pairings: [Self.pairing(99)])
    let pairing = try #require(full.pairing(matching: "code-hash-99"))
    #expect(throws: GatherError.tooManyDevices("")) { try full.checkRedeemable(pairing, at: Self.made) }
    var fewer = full
    fewer.remove(1)
    try fewer.checkRedeemable(pairing, at: Self.made)
    #expect(throws: GatherError.deviceNotFound(1)) { try fewer.device(1) }
  }

  @Test func theOrganisersNameForTheDeviceComesFirst() {
    #expect(
      ControllerDevices.deviceName(for: Self.pairing(1, name: "Ana's phone"), offered: "Pixel 8") == "Ana's phone")
    #expect(ControllerDevices.deviceName(for: Self.pairing(1), offered: "Pixel 8") == "Pixel 8")
    #expect(ControllerDevices.deviceName(for: Self.pairing(1), offered: nil) == "Phone")
  }

  @Test func aSightingIsWrittenAtMostOnceAMinute() {
    var devices = ControllerDevices(devices: [Self.device(1)])
    let device = { devices.devices[1]! }
    #expect(!device().isSightingDue(at: Self.made.addingTimeInterval(59.999)))
    #expect(device().isSightingDue(at: Self.made.addingTimeInterval(60)))
    #expect(device().isSightingDue(at: Self.made.addingTimeInterval(-1)), "a clock set back writes the truth")
    devices.seen(1, at: Self.made.addingTimeInterval(90))
    #expect(device().lastSeen == Self.made.addingTimeInterval(90))
    #expect(!device().isSightingDue(at: Self.made.addingTimeInterval(120)))
  }

  @Test func devicesAreListedFirstPairedFirst() {
    let late = PairedDevice(
      id: 1, name: "Late", pairedAt: Self.made.addingTimeInterval(10), lastSeen: Self.made, credentialHash: "a")
    let devices = ControllerDevices(devices: [late, Self.device(2), Self.device(3)])
    #expect(devices.ordered.map(\.id) == [2, 3, 1])
  }

  @Test func aDevicesNameIsTypedText() throws {
    #expect(try PairedDevice.nameRule.optional("  Ana's phone ", field: "name") == "Ana's phone")
    #expect(try PairedDevice.nameRule.optional("   ", field: "name") == nil)
    #expect(throws: GatherError.validation("name", "")) {
      try PairedDevice.nameRule.optional(String(repeating: "x", count: 41), field: "name")
    }
    #expect(throws: GatherError.validation("name", "")) {
      try PairedDevice.nameRule.optional("Ana\u{202E}enohp", field: "name")
    }
  }
}
