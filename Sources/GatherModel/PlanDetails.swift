import struct FoundationEssentials.Date

/// When and where a coming gather is, and how many can play: valid by construction.
public struct PlanDetails: Sendable, Hashable {
  /// How many players a plan may take.
  public static let capacityRange = 2...40
  /// The longest place, in characters.
  public static let maxPlaceLength = 100
  /// The longest note, in characters.
  public static let maxNoteLength = 500
  /// The time zone offsets a start may be written with, in seconds east of UTC (UTC−14:00 to UTC+14:00).
  public static let offsetRange = -14 * 3600...14 * 3600

  /// When the gather starts.
  public private(set) var startsAt: Date
  /// The time zone offset the start was written with, in seconds east of UTC, so that it reads back as given.
  public private(set) var utcOffset: Int
  /// How many players are going at most; past it, players wait.
  public private(set) var capacity: Int
  /// Where, trimmed, at most 100 characters, if said.
  public private(set) var place: String?
  /// Anything else the group should know, trimmed, at most 500 characters, if any.
  public private(set) var note: String?

  /// Validates a plan's details; `startsAt` must come after `now`. Throws a validation error naming the field.
  public init(
    startsAt: Date, utcOffset: Int = 0, capacity: Int, place: String? = nil, note: String? = nil, now: Date
  ) throws(GatherError) {
    self.startsAt = startsAt
    self.utcOffset = 0
    self.capacity = Self.capacityRange.lowerBound
    try setStart(startsAt, utcOffset: utcOffset, now: now)
    try setCapacity(capacity)
    try setPlace(place)
    try setNote(note)
  }

  /// Details as the store keeps them, checked but for the start, which may have passed since.
  public init(
    restoring startsAt: Date, utcOffset: Int, capacity: Int, place: String?, note: String?
  ) throws(GatherError) {
    try self.init(
      startsAt: startsAt, utcOffset: utcOffset, capacity: capacity, place: place, note: note,
      now: startsAt.addingTimeInterval(-1))
  }

  /// Moves the start, which must come after `now`; the offset must be a real time zone's.
  public mutating func setStart(_ newStart: Date, utcOffset newOffset: Int, now: Date) throws(GatherError) {
    guard newStart > now else {
      throw .validation("startsAt", "A plan must start in the future; that time has already passed.")
    }
    guard Self.offsetRange.contains(newOffset) else {
      throw .validation("startsAt", "A time zone offset must be from -14:00 to +14:00.")
    }
    startsAt = newStart
    utcOffset = newOffset
  }

  /// Changes the capacity, which must be from 2 to 40.
  public mutating func setCapacity(_ newCapacity: Int) throws(GatherError) {
    guard Self.capacityRange.contains(newCapacity) else {
      throw .validation(
        "capacity",
        "A plan takes from \(Self.capacityRange.lowerBound) to \(Self.capacityRange.upperBound) players; "
          + "\(newCapacity) is out of range.")
    }
    capacity = newCapacity
  }

  /// Changes the place, trimmed, at most 100 characters; empty or nil means none.
  public mutating func setPlace(_ newPlace: String?) throws(GatherError) {
    place = try Self.text(newPlace, field: "place", limit: Self.maxPlaceLength)
  }

  /// Changes the note, trimmed, at most 500 characters; empty or nil means none.
  public mutating func setNote(_ newNote: String?) throws(GatherError) {
    note = try Self.text(newNote, field: "note", limit: Self.maxNoteLength)
  }

  private static func text(_ text: String?, field: String, limit: Int) throws(GatherError) -> String? {
    let trimmed = text?.trimmingWhitespace()
    if let trimmed, trimmed.count > limit {
      throw .validation(field, "A plan's \(field) can be at most \(limit) characters long.")
    }
    return trimmed?.isEmpty == false ? trimmed : nil
  }
}
