import struct FoundationEssentials.Date

/// A phone (or any browser) paired as a controller through a one-time pairing link: it presents a credential of its
/// own, which only its SHA-256 is kept of, and is a controller whenever it does, until it is revoked.
public struct PairedDevice: Sendable, Hashable, Identifiable {
  /// The device's id, as the store numbers devices.
  public typealias ID = Int64

  /// The device's id.
  public let id: ID
  /// What the organiser calls it ("Ana's phone").
  public let name: String
  /// When it was paired.
  public let pairedAt: Date
  /// When it last presented its credential, as last written: at most once a minute (``isSightingDue(at:)``).
  public internal(set) var lastSeen: Date
  /// The SHA-256 of its credential, in lower-case hexadecimal: the credential itself is never kept.
  public let credentialHash: String

  /// How long a sighting stands before the next is written: a minute.
  public static let sightingInterval: Double = 60

  /// A device as the store keeps it.
  public init(id: ID, name: String, pairedAt: Date, lastSeen: Date, credentialHash: String) {
    self.id = id
    self.name = name
    self.pairedAt = pairedAt
    self.lastSeen = lastSeen
    self.credentialHash = credentialHash
  }

  /// Whether a sighting at `now` is worth writing: a minute or more after the last one written (or a clock set
  /// back before it), so that a device that keeps calling costs at most one write a minute.
  public func isSightingDue(at now: Date) -> Bool {
    let since = now.timeIntervalSince(lastSeen)
    return since >= Self.sightingInterval || since < 0
  }

  /// The rule for a device's name: what people type, 40 characters.
  public static let nameRule = TypedText(subject: "A device's name", maxCharacters: 40)
}
