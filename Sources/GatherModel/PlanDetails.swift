import struct FoundationEssentials.Date

/// When and where a coming gather is, and how many can play: valid by construction.
public struct PlanDetails: Sendable, Hashable {
  /// How many players a plan may take.
  public static let capacityRange = 2...40
  /// The time zone offsets a start may be written with, in seconds east of UTC (UTC−14:00 to UTC+14:00).
  public static let offsetRange = -14 * 3600...14 * 3600

  /// When the gather starts.
  public private(set) var startsAt: Date
  /// The time zone offset the start was written with, in seconds east of UTC, so that it reads back as given.
  public private(set) var utcOffset: Int
  /// How many players are going at most; past it, players wait.
  public private(set) var capacity: Int
  /// Where, if said: typed text (`TypedText.place`), at most 100 characters and 400 bytes.
  public private(set) var place: String?
  /// Anything else the group should know, if any: typed text (`TypedText.note`), at most 500 characters and
  /// 2,000 bytes.
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

  /// Details as the store keeps them: checked but for the start, which may have passed since, and the place and
  /// note, kept as they were saved (the rule for typed text may refuse a row written under other limits, which
  /// still loads; printers show any control character in it escaped).
  public init(
    restoring startsAt: Date, utcOffset: Int, capacity: Int, place: String?, note: String?
  ) throws(GatherError) {
    try self.init(startsAt: startsAt, utcOffset: utcOffset, capacity: capacity, now: startsAt.addingTimeInterval(-1))
    self.place = place
    self.note = note
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
    try Self.checkCapacity(newCapacity)
    capacity = newCapacity
  }

  /// Refuses a capacity out of 2 to 40, naming `capacity`.
  public static func checkCapacity(_ capacity: Int) throws(GatherError) {
    guard capacityRange.contains(capacity) else {
      throw .validation(
        "capacity",
        "A plan takes from \(capacityRange.lowerBound) to \(capacityRange.upperBound) players; "
          + "\(capacity) is out of range.")
    }
  }

  /// Changes the place, normalised and checked as typed text (`TypedText.place`); empty or nil means none.
  public mutating func setPlace(_ newPlace: String?) throws(GatherError) {
    place = try TypedText.place.optional(newPlace, field: "place")
  }

  /// Changes the note, normalised and checked as typed text (`TypedText.note`); empty or nil means none.
  public mutating func setNote(_ newNote: String?) throws(GatherError) {
    note = try TypedText.note.optional(newNote, field: "note")
  }
}
