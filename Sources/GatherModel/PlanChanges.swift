import struct FoundationEssentials.Date

/// A partial update of a plan: nil leaves a field as it is, `.some(nil)` clears the place or the note.
public struct PlanChanges: Sendable {
  /// A new start and the offset it was written with.
  public var start: (startsAt: Date, utcOffset: Int)?
  /// A new capacity.
  public var capacity: Int?
  /// A new place, or `.some(nil)` to clear it.
  public var place: String??
  /// A new note, or `.some(nil)` to clear it.
  public var note: String??

  /// Creates a set of changes; every field defaults to "leave as it is".
  public init(
    start: (startsAt: Date, utcOffset: Int)? = nil, capacity: Int? = nil, place: String?? = nil, note: String?? = nil
  ) {
    self.start = start
    self.capacity = capacity
    self.place = place
    self.note = note
  }

  /// Whether nothing would change.
  public var isEmpty: Bool { start == nil && capacity == nil && place == nil && note == nil }

  /// The details with these changes made and validated (a new start must come after `now`).
  public func applied(to details: PlanDetails, now: Date) throws(GatherError) -> PlanDetails {
    var result = details
    if let start { try result.setStart(start.startsAt, utcOffset: start.utcOffset, now: now) }
    if let capacity { try result.setCapacity(capacity) }
    if let place { try result.setPlace(place) }
    if let note { try result.setNote(note) }
    return result
  }
}
