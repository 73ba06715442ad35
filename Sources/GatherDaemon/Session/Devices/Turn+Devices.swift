import FoundationEssentials
import GatherModel

/// Phones paired as controllers: a pairing link made, exchanged once for a device's credential, a device revoked,
/// and when each was last seen. Nothing here is published as an event: only controllers ask about devices.
extension Turn {
  /// A new pairing link's code, for a device to be called `name` (nil: the phone names itself). Only the code's
  /// hash is kept; the code is handed out once, in the link.
  mutating func makePairing(name: String?) throws -> (code: String, pairing: Pairing) {
    let now = wallClock()
    try state.devices.checkNewPairing(at: now)
    let code = DeviceSecret.make()
    let pairing = try commit { try store.createPairing(codeHash: DeviceSecret.hash(code.utf8), name: name, at: now) }
    state.devices.keep(pairing, at: now)
    logger.info("Made pairing link \(pairing.id)\(name.map { " for \"\($0)\"" } ?? ""), open for 10 minutes.")
    return (code, pairing)
  }

  /// Pairs the device that presented `code`, a pairing link's, naming it `offeredName` unless the organiser named
  /// it: returns its credential, handed out this once, and the device. Refuses a code of no pairing, a used one and
  /// an expired one.
  mutating func pairDevice(code: String, offeredName: String?) throws -> (credential: String, device: PairedDevice) {
    let now = wallClock()
    guard let pairing = state.devices.pairing(matching: DeviceSecret.hash(code.utf8)) else {
      throw GatherError.validation("code", "That is not the code of a pairing link.")
    }
    try state.devices.checkRedeemable(pairing, at: now)
    let name = ControllerDevices.deviceName(for: pairing, offered: offeredName)
    let credential = DeviceSecret.make()
    let device = try commit {
      try store.pairDevice(
        through: pairing.id, name: name, credentialHash: DeviceSecret.hash(credential.utf8), at: now)
    }
    state.devices.keepPaired(device, through: pairing.id)
    logger.notice("Paired device \(device.id) (\"\(name)\") as a controller, through pairing link \(pairing.id).")
    return (credential, device)
  }

  /// Revokes a paired device: its credential opens nothing from now on. Returns the device as it was.
  mutating func revokeDevice(_ id: PairedDevice.ID) throws -> PairedDevice {
    let device = try state.devices.device(id)
    try commit { try store.revokeDevice(id) }
    state.devices.remove(id)
    logger.notice("Revoked paired device \(id) (\"\(device.name)\"): its credential opens nothing any more.")
    return device
  }

  /// Writes that a device presented its credential now, unless it was written less than a minute ago or the device
  /// is gone; a write the disk refuses is left for the next sighting.
  mutating func noteSighting(of id: PairedDevice.ID) {
    let now = wallClock()
    guard let device = state.devices.devices[id], device.isSightingDue(at: now) else { return }
    do {
      try commit { try store.saveSighting(of: id, at: now) }
      state.devices.seen(id, at: now)
    } catch {
      logger.debug("Could not write when device \(id) was last seen: \(error)")
    }
  }
}
