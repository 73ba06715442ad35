/// A partial change of a weekly schedule: nil leaves a field as it is; `.some(nil)` clears the ones that may be
/// absent (the offset: the server's zone; the place and note; the regulars' head start; the reminders: the
/// daemon's own).
public struct ScheduleChanges: Sendable {
  /// A new day of the week.
  public var weekday: Weekday?
  /// A new time of day.
  public var time: TimeOfDay?
  /// A new fixed offset, or `.some(nil)` for the server's zone.
  public var utcOffset: Int??
  /// A new capacity.
  public var capacity: Int?
  /// A new place, or `.some(nil)` to clear it.
  public var place: String??
  /// A new note, or `.some(nil)` to clear it.
  public var note: String??
  /// How long before the start plans open.
  public var opensBefore: Duration?
  /// New rules for regulars, or `.some(nil)` for none.
  public var regulars: RegularsRule??
  /// New reminders, or `.some(nil)` for the daemon's own.
  public var reminders: [Duration]??
  /// A new cost of each week's game, or `.some(nil)` for none.
  public var fee: Fee??
  /// A new offer period, or `.some(nil)` for none (OfferWindow's ranges).
  public var offerPeriod: Duration?? = nil
  /// A new cut-off, or `.some(nil)` for the standard 24 hours.
  public var cutOff: Duration?? = nil

  /// Creates a set of changes; every field defaults to "leave as it is".
  public init(
    weekday: Weekday? = nil, time: TimeOfDay? = nil, utcOffset: Int?? = nil, capacity: Int? = nil,
    place: String?? = nil, note: String?? = nil, opensBefore: Duration? = nil, regulars: RegularsRule?? = nil,
    reminders: [Duration]?? = nil
  ) {
    self.weekday = weekday
    self.time = time
    self.utcOffset = utcOffset
    self.capacity = capacity
    self.place = place
    self.note = note
    self.opensBefore = opensBefore
    self.regulars = regulars
    self.reminders = reminders
  }

  /// Whether nothing would change.
  public var isEmpty: Bool {
    weekday == nil && time == nil && utcOffset == nil && capacity == nil && place == nil && note == nil
      && opensBefore == nil && regulars == nil && reminders == nil && fee == nil && offerPeriod == nil && cutOff == nil
  }

  /// The details with these changes made and validated together (a head start still shorter than the new
  /// opening, say); the original is untouched on error.
  public func applied(to details: ScheduleDetails) throws(GatherError) -> ScheduleDetails {
    var result = details
    if weekday != nil || time != nil { result.setDay(weekday ?? details.weekday, at: time ?? details.time) }
    if let utcOffset { try result.setOffset(utcOffset) }
    if let capacity { try result.setCapacity(capacity) }
    if let place { try result.setPlace(place) }
    if let note { try result.setNote(note) }
    if opensBefore != nil || regulars != nil {
      try result.setOpening(opensBefore ?? details.opensBefore, regulars: regulars ?? details.regulars)
    }
    if let reminders { try result.setReminders(reminders) }
    if let fee { result.fee = fee }
    if let offerPeriod { result.offerPeriod = try OfferWindow.checkPeriod(offerPeriod, field: "offerPeriod") }
    if let cutOff { result.cutOff = try OfferWindow.checkCutOff(cutOff, field: "cutOff") }
    return result
  }
}
