/// A rule of the Football Gather refused a change; `reason` is a stable code and `message` a sentence for people.
///
/// Two errors are equal when they share a reason and a field, whatever their message says.
public struct GatherError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Code: String, Sendable {
    case noActiveGather = "no_active_gather"
    case gatherAlreadyActive = "gather_already_active"
    case gatherNotFound = "gather_not_found"
    case playerNotFound = "player_not_found"
    case playerInActiveGather = "player_in_active_gather"
    case invalidTransition = "invalid_transition"
    case validation = "validation"
    // Plans.
    case planNotFound = "plan_not_found"
    case planCancelled = "plan_cancelled"
    case planStarted = "plan_started"
    case planExpired = "plan_expired"
    case regularsOnly = "regulars_only"
    case heldBack = "held_back"
    case scheduleNotFound = "schedule_not_found"
    case planNotDue = "plan_not_due"
    case sameTime = "same_time"
    // Taking back a mistake.
    case tooLateToUndo = "too_late_to_undo"
    // Phones paired as controllers.
    case deviceNotFound = "device_not_found"
    case pairingExpired = "pairing_expired"
    case pairingUsed = "pairing_used"
    case tooManyDevices = "too_many_devices"
  }

  private let code: Code
  /// A sentence that explains the refusal to a person.
  public let message: String
  /// The offending input field, for validation errors.
  public let field: String?

  private init(_ code: Code, _ message: String, field: String? = nil) {
    self.code = code
    self.message = message
    self.field = field
  }

  /// The stable, machine-readable reason, e.g. `no_active_gather`.
  public var reason: String { code.rawValue }
  /// Whether the input itself was malformed, as opposed to a refusal by the current state.
  public var isValidation: Bool { code == .validation }
  /// Whether the refusal names something that does not exist.
  public var isNotFound: Bool {
    code == .gatherNotFound || code == .playerNotFound || code == .planNotFound || code == .scheduleNotFound
      || code == .deviceNotFound
  }
  /// The message.
  public var description: String { message }

  /// Whether two errors share a reason and a field.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code && lhs.field == rhs.field }
  /// Hashes the reason and the field.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(field)
  }

  /// There is no active gather.
  public static let noActiveGather = GatherError(
    .noActiveGather, "There is no active gather; start one first.")
  /// A gather is already active.
  public static let gatherAlreadyActive = GatherError(
    .gatherAlreadyActive, "A gather is already active; end or cancel it first.")
  /// Matches any `gatherNotFound(_:)` error.
  public static let gatherNotFound = gatherNotFound(0)
  /// Matches any `playerNotFound(_:)` error.
  public static let playerNotFound = playerNotFound(0)
  /// Matches any `playerInActiveGather(_:)` error.
  public static let playerInActiveGather = playerInActiveGather("")
  /// Matches any `invalidTransition(_:)` error.
  public static let invalidTransition = invalidTransition("")

  /// No gather has this id.
  public static func gatherNotFound(_ id: Int64) -> GatherError {
    GatherError(.gatherNotFound, "There is no gather with id \(id).")
  }
  /// No gather has ended yet, where one was asked for without an id.
  public static let noEndedGather = GatherError(.gatherNotFound, "No gather has ended yet.")
  /// No roster player has this id.
  public static func playerNotFound(_ id: Int64) -> GatherError {
    GatherError(.playerNotFound, "There is no player with id \(id).")
  }
  /// The player takes part in the active gather, so it cannot be deleted.
  public static func playerInActiveGather(_ name: String) -> GatherError {
    GatherError(
      .playerInActiveGather,
      "\(name) plays in the active gather; end the gather or cancel it before deleting the player.")
  }
  /// The change is not possible in the current state.
  public static func invalidTransition(_ message: String) -> GatherError {
    GatherError(.invalidTransition, message)
  }
  /// Matches any `planNotFound(_:)` error.
  public static let planNotFound = planNotFound(0)
  /// Matches any `planCancelled(_:)` error.
  public static let planCancelled = planCancelled(0)
  /// Matches any `planStarted(_:)` error.
  public static let planStarted = planStarted(0)

  /// No plan has this id.
  public static func planNotFound(_ id: Int64) -> GatherError {
    GatherError(.planNotFound, "There is no plan with id \(id).")
  }
  /// The plan was cancelled: nobody may join or leave it, and it cannot change or start.
  public static func planCancelled(_ id: Int64) -> GatherError {
    GatherError(.planCancelled, "Plan \(id) was cancelled; it takes no more answers and no changes.")
  }
  /// The plan's gather has started: its list is closed.
  public static func planStarted(_ id: Int64) -> GatherError {
    GatherError(.planStarted, "Plan \(id) has started as a gather; its list is closed.")
  }
  /// Matches any `planExpired(_:)` error.
  public static let planExpired = planExpired(0)
  /// Matches any `regularsOnly(_:until:)` error.
  public static let regularsOnly = regularsOnly(0, until: "")
  /// Matches any `heldBack(_:until:strikes:days:)` error.
  public static let heldBack = heldBack(0, until: "", strikes: 0, days: 0)

  /// The plan's start passed long enough ago that it closed by itself.
  public static func planExpired(_ id: Int64) -> GatherError {
    GatherError(.planExpired, "Plan \(id) has passed and closed by itself; it takes no more answers and no changes.")
  }
  /// The plan is open to regulars only, for now; `until` says when it opens to everyone ("Tue 1 Dec 19:00").
  public static func regularsOnly(_ id: Int64, until: String) -> GatherError {
    GatherError(
      .regularsOnly,
      "Plan \(id) is open to regulars only until \(until); everyone may join from then on.")
  }
  /// A regular's late drop-outs and no-shows (`strikes` in the last `days`) make them wait for the plan's opening to
  /// everyone, `until`.
  public static func heldBack(_ id: Int64, until: String, strikes: Int, days: Int) -> GatherError {
    GatherError(
      .heldBack,
      """
      Plan \(id) opens to you at \(until), with everyone: \(strikes) late drop-out\(strikes == 1 ? "" : "s") or \
      no-show\(strikes == 1 ? "" : "s") in the last \(days) days \(strikes == 1 ? "means" : "mean") you wait for the opening, like a player who \
      is not a regular.
      """)
  }
  /// Matches any `scheduleNotFound(_:)` error.
  public static let scheduleNotFound = scheduleNotFound(0)
  /// No weekly schedule has this id.
  public static func scheduleNotFound(_ id: Int64) -> GatherError {
    GatherError(.scheduleNotFound, "There is no weekly schedule with id \(id).")
  }
  /// Matches any `planNotDue(_:starts:wait:)` error.
  public static let planNotDue = planNotDue(0, starts: "", wait: "")
  /// Matches any `sameTime(_:starts:place:moving:)` error.
  public static let sameTime = sameTime(0, starts: "", place: nil, moving: false)

  /// The plan starts more than 12 hours from now (at `starts` on its wall clock, in about `wait`): a gather from
  /// it would close its sign-ups early.
  public static func planNotDue(_ id: Int64, starts: String, wait: String) -> GatherError {
    GatherError(
      .planNotDue,
      "Plan \(id) starts \(starts), in about \(wait); a gather from it now would close its sign-ups early, and "
        + "nothing was started.")
  }
  /// Another open plan, `id`, starts at that very time (`starts` on its wall clock, at `place`); nothing was
  /// made, or with `moving` nothing was changed.
  public static func sameTime(_ id: Int64, starts: String, place: String?, moving: Bool) -> GatherError {
    GatherError(
      .sameTime,
      "Plan \(id) starts then too (\(starts)\(place.map { ", \($0)" } ?? "")); nothing was "
        + (moving ? "changed." : "made."))
  }
  /// Another schedule, `id`, has its games on the same day at the same time (`when`, as "Thursdays at 19:00",
  /// at `place`); nothing was made, or with `moving` nothing was changed.
  public static func sameScheduleTime(_ id: Int64, when: String, place: String?, moving: Bool) -> GatherError {
    GatherError(
      .sameTime,
      "Schedule \(id) plans a game then too (\(when)\(place.map { ", \($0)" } ?? "")); two would open two plans "
        + "every week, and nothing was " + (moving ? "changed." : "made."))
  }
  /// Matches any `tooLateToUndo(_:)` error.
  public static let tooLateToUndo = tooLateToUndo("")
  /// What was to be taken back has been built on, or its time has passed: `why` says which.
  public static func tooLateToUndo(_ why: String) -> GatherError { GatherError(.tooLateToUndo, why) }

  /// No paired device has this id.
  public static func deviceNotFound(_ id: Int64) -> GatherError {
    GatherError(.deviceNotFound, "There is no paired device with id \(id); web.devices lists them.")
  }
  /// A pairing link's ten minutes are over.
  public static let pairingExpired = GatherError(
    .pairingExpired,
    "This pairing link has expired: a pairing link works for 10 minutes after it is made. Ask the organiser for a "
      + "new one.")
  /// A pairing link works once, and made `device` a controller already.
  public static func pairingUsed(by device: String) -> GatherError {
    GatherError(
      .pairingUsed,
      "This pairing link was used already, by \(device): each works once. Ask the organiser for a new one.")
  }
  /// As many devices are paired, or pairing links out, as gatherd keeps: `what` says which, and what to do.
  public static func tooManyDevices(_ what: String) -> GatherError { GatherError(.tooManyDevices, what) }

  /// A field's value is not acceptable.
  public static func validation(_ field: String, _ message: String) -> GatherError {
    GatherError(.validation, message, field: field)
  }
}
