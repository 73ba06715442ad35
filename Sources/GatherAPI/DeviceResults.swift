import GatherRPC

// What the paired devices' methods answer, and the schemas of their results.
extension API {
  /// A phone paired as a controller.
  public struct Device: Decodable, Sendable, Equatable {
    /// The device's id.
    public let id: API.Id
    /// What the organiser calls it.
    public let name: String
    /// When it was paired.
    public let pairedAt: API.Timestamp
    /// When it last presented its credential, to the minute.
    public let lastSeen: API.Timestamp
  }

  /// What web.pair answers.
  public struct PairingLink: Decodable, Sendable, Equatable {
    /// The pairing link on the first address.
    public let url: String
    /// The pairing link on every address, the first first.
    public let links: [String]
    /// When the link stops working: 10 minutes after it was made.
    public let expiresAt: API.Timestamp
    /// The name the device will have, when given.
    public let name: String?
    /// Present when phones may not reach these links: why, and what to pass.
    public let note: String?
    /// With the param qr: the QR code of url, as SVG.
    public let qr: String?
  }

  /// What web.pairDevice answers.
  public struct DevicePaired: Decodable, Sendable, Equatable {
    /// The device now paired.
    public let device: API.Device
    /// The device's credential, shown this once: present it with auth.token on every connection.
    public let credential: String
  }

  /// What web.devices answers.
  public struct DeviceList: Decodable, Sendable, Equatable {
    /// The devices, first paired first.
    public let devices: [API.Device]
  }

  /// What web.revoke answers.
  public struct DeviceRevoked: Decodable, Sendable, Equatable {
    /// The device as it was.
    public let revoked: API.Device
    /// How many of its open connections lost control and were closed.
    public let connections: Int
  }
}

extension APISchemas {
  /// The schema of ``API/Device``.
  public static let device: Schema = .object(
    "A phone paired as a controller.",
    [
      "id": .required(.ref("Id")),
      "name": .required(.string("What the organiser calls it.", minLength: 1, maxLength: 40)),
      "pairedAt": .required(.ref("Timestamp").described("When it was paired.")),
      "lastSeen": .required(.ref("Timestamp").described("When it last presented its credential, to the minute.")),
    ])

  /// The schema of ``API/PairingLink``.
  public static let pairingLink: Schema = .object(
    [
      "url": .required(.string("The pairing link on the first address.", format: "uri")),
      "links": .required(
        .array(of: .string(format: "uri"), "The pairing link on every address, the first first.", minItems: 1)),
      "expiresAt": .required(
        .ref("Timestamp").described("When the link stops working: 10 minutes after it was made.")),
      "name": .optional(.string("The name the device will have, when given.")),
      "note": .optional(.string("Present when phones may not reach these links: why, and what to pass.")),
      "qr": .optional(.nullable(.string()).described("With the param qr: the QR code of url, as SVG.")),
    ])

  /// The schema of ``API/DevicePaired``.
  public static let devicePaired: Schema = .object(
    [
      "device": .required(.ref("Device")),
      "credential": .required(
        .string(
          "The device's credential, shown this once: present it with auth.token on every connection.",
          minLength: 16)),
    ])

  /// The schema of ``API/DeviceList``.
  public static let deviceList: Schema = .object(
    [
      "devices": .required(.array(of: .ref("Device"), "The devices, first paired first."))
    ])

  /// The schema of ``API/DeviceRevoked``.
  public static let deviceRevoked: Schema = .object(
    [
      "revoked": .required(.ref("Device").described("The device as it was.")),
      "connections": .required(
        .integer("How many of its open connections lost control and were closed.", minimum: 0)),
    ])
}
