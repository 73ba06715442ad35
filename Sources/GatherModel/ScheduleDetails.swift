/// A weekly game as its schedule describes it, valid by construction: the day and time, in a fixed offset or the
/// server's zone, how many play, where, a note, how long before the start each week's plan opens, whether regulars
/// have it first, and when reminders go out.
public struct ScheduleDetails: Sendable, Hashable {
  /// How long before the start a plan may open: from 1 minute to 28 days.
  public static let opensBeforeRange: ClosedRange<Duration> = .seconds(60) ... .seconds(28 * 86400)

  /// The day of the game.
  public private(set) var weekday: Weekday
  /// The time of the game, on the wall clock of ``utcOffset`` or of the server's zone.
  public private(set) var time: TimeOfDay
  /// A fixed offset, in seconds east of UTC; nil for the server's own zone, with its clock changes.
  public private(set) var utcOffset: Int?
  /// How many players each week's plan takes (2 to 40).
  public private(set) var capacity: Int
  /// Where, if said (`TypedText.place`).
  public private(set) var place: String?
  /// Anything else the group should know (`TypedText.note`).
  public private(set) var note: String?
  /// How long before the start each week's plan opens.
  public private(set) var opensBefore: Duration
  /// Whether regulars have each plan first, and who they are.
  public private(set) var regulars: RegularsRule?
  /// How long before the start reminders go out, earliest first; nil for the daemon's own.
  public private(set) var reminders: [Duration]?
  /// How long before the start a freed place is offered rather than given, in each week's plan; nil for never.
  public internal(set) var offerPeriod: Duration? = nil
  /// How long before the start leaving is a late drop-out, in each week's plan; nil for 24 hours.
  public internal(set) var cutOff: Duration? = nil
  /// What each week's game costs, and who pays guests' shares and paid the pitch: each plan it opens takes it.
  public var fee: Fee?

  /// Validates a schedule; each refusal names its param.
  public init(
    weekday: Weekday, time: TimeOfDay, utcOffset: Int? = nil, capacity: Int, place: String? = nil,
    note: String? = nil, opensBefore: Duration, regulars: RegularsRule? = nil, reminders: [Duration]? = nil
  ) throws(GatherError) {
    self.weekday = weekday
    self.time = time
    self.capacity = capacity
    self.opensBefore = opensBefore
    try setOffset(utcOffset)
    try setCapacity(capacity)
    try setPlace(place)
    try setNote(note)
    try setOpening(opensBefore, regulars: regulars)
    try setReminders(reminders)
  }

  /// Moves the game to another day or time.
  public mutating func setDay(_ weekday: Weekday, at time: TimeOfDay) {
    self.weekday = weekday
    self.time = time
  }

  /// A fixed offset (a real zone's, −14:00 to +14:00), or nil for the server's zone.
  public mutating func setOffset(_ offset: Int?) throws(GatherError) {
    if let offset, !PlanDetails.offsetRange.contains(offset) {
      throw .validation("utcOffset", "A time zone offset must be from -14:00 to +14:00.")
    }
    utcOffset = offset
  }

  /// The capacity of each week's plan, as a plan's (2 to 40).
  public mutating func setCapacity(_ newCapacity: Int) throws(GatherError) {
    try PlanDetails.checkCapacity(newCapacity)
    capacity = newCapacity
  }

  /// The place, as a plan's (`TypedText.place`); empty or nil means none.
  public mutating func setPlace(_ newPlace: String?) throws(GatherError) {
    place = try TypedText.place.optional(newPlace, field: "place")
  }

  /// The note, as a plan's (`TypedText.note`); empty or nil means none.
  public mutating func setNote(_ newNote: String?) throws(GatherError) {
    note = try TypedText.note.optional(newNote, field: "note")
  }

  /// When each plan opens, and whether regulars have it first: the plan must open to everyone before it starts.
  public mutating func setOpening(_ newOpensBefore: Duration, regulars newRegulars: RegularsRule?) throws(GatherError) {
    guard Self.opensBeforeRange.contains(newOpensBefore) else {
      throw .validation(
        "opensBefore", "A plan opens from 1 minute to 28 days before its start (in seconds: 60 to 2419200).")
    }
    if let newRegulars, newRegulars.headStart >= newOpensBefore {
      throw .validation(
        "regularsFirst",
        "Regulars' head start must end before the game starts: it is \(newRegulars.headStart.components.seconds) s, and the "
          + "plan opens \(newOpensBefore.components.seconds) s before the start.")
    }
    opensBefore = newOpensBefore
    regulars = newRegulars
  }

  /// When reminders go out (``PlanTimes/checkReminders(_:field:)``), or nil for the daemon's own.
  public mutating func setReminders(_ newReminders: [Duration]?) throws(GatherError) {
    reminders = try newReminders.map { reminders throws(GatherError) in
      try PlanTimes.checkReminders(reminders, field: "reminders")
    }
  }
}
