import struct FoundationEssentials.Date

/// A one-time pairing link, as kept: only the SHA-256 of its code, the name the organiser gave the device to be,
/// and when it was made. It works for ``lifetime`` after that, once; a used or expired one is kept a day longer
/// (``keptFor``), so that it is refused for what it is rather than counted as a wrong guess.
public struct Pairing: Sendable, Hashable, Identifiable {
  /// The pairing's id, as the store numbers them.
  public typealias ID = Int64

  /// The pairing's id.
  public let id: ID
  /// The SHA-256 of its code, in lower-case hexadecimal: the code itself is never kept.
  public let codeHash: String
  /// The name the device it pairs will have, when the organiser gave one.
  public let name: String?
  /// When it was made.
  public let createdAt: Date
  /// The device it paired, once used.
  public internal(set) var device: PairedDevice.ID?

  /// How long a pairing link works: 10 minutes.
  public static let lifetime: Double = 600
  /// How long a pairing is kept after it expired: a day.
  public static let keptFor: Double = 86_400

  /// A pairing as the store keeps it.
  public init(id: ID, codeHash: String, name: String?, createdAt: Date, device: PairedDevice.ID? = nil) {
    self.id = id
    self.codeHash = codeHash
    self.name = name
    self.createdAt = createdAt
    self.device = device
  }

  /// When the link stops working.
  public var expiresAt: Date { createdAt.addingTimeInterval(Self.lifetime) }

  /// When it is forgotten: a day after it expired.
  public var forgottenAt: Date { expiresAt.addingTimeInterval(Self.keptFor) }

  /// Whether the link still works at `now`: not used, and within its 10 minutes.
  public func isOpen(at now: Date) -> Bool { device == nil && now < expiresAt }
}
