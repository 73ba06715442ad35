import FoundationEssentials
import GatherModel

/// The phones paired as controllers and their pairing links: one named write per change, each one transaction.
/// Only the SHA-256 of a pairing's code and of a device's credential is ever written.
extension GatherStore {
  /// Registers the devices' migration after the earlier ones.
  static func registerDeviceMigrations(_ migrator: inout SQLiteMigrator) {
    // A pairing link (webPairing): its code's SHA-256 in hexadecimal, the name the organiser gave the device to be,
    // when it was made, and the device it paired once used (no foreign key: a revoked device's pairing still says
    // it was used). A paired device (webDevice): its name, its credential's SHA-256, when it was paired and when it
    // last presented the credential (written at most once a minute). A revoked device's row is deleted.
    migrator.registerMigration("webDevices") { db in
      try db.execute(
        """
        CREATE TABLE "webPairing" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "codeHash" TEXT NOT NULL UNIQUE, \
        "name" TEXT, "createdAt" INTEGER NOT NULL, "deviceId" INTEGER);
        CREATE TABLE "webDevice" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, \
        "credentialHash" TEXT NOT NULL UNIQUE, "pairedAt" INTEGER NOT NULL, "lastSeenAt" INTEGER NOT NULL);
        """)
    }
  }

  /// Saves a new pairing link, and forgets the pairings a day past their expiry at `at`; returns it with its id.
  public func createPairing(codeHash: String, name: String?, at: Date) throws -> Pairing {
    try transaction { db in
      try db.execute(
        "DELETE FROM webPairing WHERE createdAt <= ?", [ControllerDevices.oldestPairingKept(at: at).unixMilliseconds])
      try db.execute(
        "INSERT INTO webPairing (codeHash, name, createdAt) VALUES (?, ?, ?)", [codeHash, name, at.unixMilliseconds])
      return Pairing(id: db.lastInsertedRowID, codeHash: codeHash, name: name, createdAt: at)
    }
  }

  /// Pairs a device through an unused pairing, which is used from then on, in one transaction; returns the device
  /// with its id.
  public func pairDevice(
    through pairing: Pairing.ID, name: String, credentialHash: String, at: Date
  ) throws -> PairedDevice {
    try transaction { db in
      try db.execute(
        "INSERT INTO webDevice (name, credentialHash, pairedAt, lastSeenAt) VALUES (?, ?, ?, ?)",
        [name, credentialHash, at.unixMilliseconds, at.unixMilliseconds])
      let device = PairedDevice(
        id: db.lastInsertedRowID, name: name, pairedAt: at, lastSeen: at, credentialHash: credentialHash)
      try db.execute(
        "UPDATE webPairing SET deviceId = ? WHERE id = ? AND deviceId IS NULL", [device.id, pairing])
      guard db.changesCount == 1 else { throw StoreError("Pairing \(pairing) is not there to use, or is used.") }
      return device
    }
  }

  /// Revokes a paired device: its row, and so its credential's hash, is deleted.
  public func revokeDevice(_ id: PairedDevice.ID) throws {
    try transaction { db in
      try db.execute("DELETE FROM webDevice WHERE id = ?", [id])
      guard db.changesCount == 1 else { throw GatherError.deviceNotFound(id) }
    }
  }

  /// Records that a device presented its credential at `at`.
  public func saveSighting(of id: PairedDevice.ID, at: Date) throws {
    try transaction { db in
      try db.execute("UPDATE webDevice SET lastSeenAt = ? WHERE id = ?", [at.unixMilliseconds, id])
      guard db.changesCount == 1 else { throw GatherError.deviceNotFound(id) }
    }
  }

  /// The paired devices and the pairings kept.
  static func controllerDevices(_ db: SQLiteConnection) throws -> ControllerDevices {
    let devices = try db.fetchAll("SELECT * FROM webDevice ORDER BY id").map { row in
      PairedDevice(
        id: try row["id"], name: try row["name"], pairedAt: (try row["pairedAt"] as Int64).date,
        lastSeen: (try row["lastSeenAt"] as Int64).date, credentialHash: try row["credentialHash"])
    }
    let pairings = try db.fetchAll("SELECT * FROM webPairing ORDER BY id").map { row in
      Pairing(
        id: try row["id"], codeHash: try row["codeHash"], name: try row["name"],
        createdAt: (try row["createdAt"] as Int64).date, device: try row["deviceId"])
    }
    return ControllerDevices(devices: devices, pairings: pairings)
  }
}
