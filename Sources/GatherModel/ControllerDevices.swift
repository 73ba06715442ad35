import struct FoundationEssentials.Date

/// The phones paired as controllers, and the pairing links kept: the rules of pairing a phone for good.
///
/// A controller makes a pairing link (``checkNewPairing(at:)``, then ``keep(_:at:)`` once the store saved it); the
/// phone that opens it exchanges its code, once and within 10 minutes (``checkRedeemable(_:at:)``), for a credential
/// of its own (``keepPaired(_:through:)``); the device is a controller whenever it presents that credential
/// (``device(matching:)``), until it is revoked (``remove(_:)``). Codes and credentials are known here only by their
/// SHA-256, compared in constant time with every one kept.
public struct ControllerDevices: Sendable {
  /// The paired devices, by id.
  public private(set) var devices: [PairedDevice.ID: PairedDevice]
  /// The pairing links, open or used or expired within a day, by id.
  public private(set) var pairings: [Pairing.ID: Pairing]

  /// The most devices paired at once.
  public static let maxDevices = 50
  /// The most pairing links open at once.
  public static let maxOpenPairings = 20

  /// The devices and pairings as the store keeps them.
  public init(devices: [PairedDevice] = [], pairings: [Pairing] = []) {
    self.devices = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
    self.pairings = Dictionary(pairings.map { ($0.id, $0) }, uniquingKeysWith: { _, new in new })
  }

  /// The devices, first paired first.
  public var ordered: [PairedDevice] { devices.values.sorted { ($0.pairedAt, $0.id) < ($1.pairedAt, $1.id) } }

  /// Refuses a new pairing link at `now` while ``maxOpenPairings`` are open.
  public func checkNewPairing(at now: Date) throws(GatherError) {
    let open = pairings.values.filter { $0.isOpen(at: now) }.count
    guard open < Self.maxOpenPairings else {
      throw .tooManyDevices(
        "\(open) pairing links are open, as many as gatherd keeps: use one, or wait until one expires (10 minutes).")
    }
  }

  /// Keeps a pairing the store has just saved, and forgets those a day past their expiry at `now`, as the store
  /// deleted them.
  public mutating func keep(_ pairing: Pairing, at now: Date) {
    pairings = pairings.filter { $0.value.forgottenAt > now }
    pairings[pairing.id] = pairing
  }

  /// The earliest a pairing kept at `now` was made: those made at or before it are forgotten, a day past their
  /// expiry.
  public static func oldestPairingKept(at now: Date) -> Date {
    now.addingTimeInterval(-(Pairing.lifetime + Pairing.keptFor))
  }

  /// The pairing whose code hashes to `codeHash`, compared in constant time with every one kept; nil for none.
  public func pairing(matching codeHash: String) -> Pairing? {
    Self.match(codeHash, in: pairings.values, \.codeHash)
  }

  /// Refuses to pair a device through `pairing` at `now`: used already, expired, or ``maxDevices`` paired.
  public func checkRedeemable(_ pairing: Pairing, at now: Date) throws(GatherError) {
    if let used = pairing.device { throw .pairingUsed(by: devices[used]?.name ?? "a device since revoked") }
    guard now < pairing.expiresAt else { throw .pairingExpired }
    guard devices.count < Self.maxDevices else {
      throw .tooManyDevices(
        "\(devices.count) devices are paired, as many as gatherd keeps: the organiser must revoke one first.")
    }
  }

  /// The name of a device paired through `pairing`: the organiser's, else the one the phone offered, else "Phone".
  public static func deviceName(for pairing: Pairing, offered: String?) -> String {
    pairing.name ?? offered ?? "Phone"
  }

  /// Keeps a device the store has just paired through the pairing `id`, which is used now.
  public mutating func keepPaired(_ device: PairedDevice, through id: Pairing.ID) {
    devices[device.id] = device
    pairings[id]?.device = device.id
  }

  /// The device whose credential hashes to `credentialHash`, compared in constant time with every one; nil for
  /// none.
  public func device(matching credentialHash: String) -> PairedDevice? {
    Self.match(credentialHash, in: devices.values, \.credentialHash)
  }

  /// The device with this id.
  public func device(_ id: PairedDevice.ID) throws(GatherError) -> PairedDevice {
    guard let device = devices[id] else { throw .deviceNotFound(id) }
    return device
  }

  /// Forgets a device the store has just revoked.
  public mutating func remove(_ id: PairedDevice.ID) { devices[id] = nil }

  /// Records a sighting of a device the store has just written.
  public mutating func seen(_ id: PairedDevice.ID, at now: Date) { devices[id]?.lastSeen = now }

  /// The element whose `hash` equals `candidate`, comparing with every element whatever it finds, in time that does
  /// not depend on where a wrong one differs.
  private static func match<Element>(
    _ candidate: String, in elements: some Sequence<Element>, _ hash: KeyPath<Element, String>
  ) -> Element? {
    var found: Element?
    for element in elements where ConstantTime.equal(Array(element[keyPath: hash].utf8), candidate.utf8) {
      found = element
    }
    return found
  }
}
