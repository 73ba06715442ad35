import GatherAPI
import GatherRPC

/// What the OpenRPC document says of a method besides its params: a summary, a description, its result, the errors
/// it may answer, and any extension fields (`x-requires-one-of`).
struct MethodDoc: Sendable {
  /// One line.
  let summary: String
  /// The rules, in words.
  let description: String?
  /// The result's name and schema.
  let result: ResultDoc
  /// The errors it may answer.
  let errors: [ErrorDoc]
  /// Extension fields, `x-…`.
  let extensions: JSONObject

  init(
    summary: String, description: String? = nil, result: ResultDoc, errors: [ErrorDoc] = [],
    extensions: JSONObject = [:]
  ) {
    self.summary = summary
    self.description = description
    self.result = result
    self.errors = errors
    self.extensions = extensions
  }
}

/// A method's result as the OpenRPC document describes it.
struct ResultDoc: Sendable {
  /// The result's name.
  let name: String
  /// What it holds.
  let schema: Schema

  init(_ name: String, schema: Schema) {
    self.name = name
    self.schema = schema
  }

  /// The OpenRPC Content Descriptor.
  var json: JSONValue { .object(["name": .string(name), "schema": schema.json]) }
}

/// An error a method may answer: one of the document's components, or one of its own.
enum ErrorDoc: Sendable {
  /// The component of this name (`#/components/errors/NAME`).
  case component(String)
  /// An error written out: code, message and reason.
  case own(code: Int64, message: String, reason: String)

  /// Whether this is the InvalidParams component.
  var isInvalidParams: Bool {
    if case .component("InvalidParams") = self { true } else { false }
  }

  /// The OpenRPC Error Object, or a reference to one.
  var json: JSONValue {
    switch self {
    case .component(let name): .object(["$ref": .string("#/components/errors/\(name)")])
    case .own(let code, let message, let reason):
      .object(["code": .int(code), "message": .string(message), "data": .object(["reason": .string(reason)])])
    }
  }

  static let invalidParams = component("InvalidParams")
  static let playerNotFound = component("PlayerNotFound")
  static let gatherNotFound = component("GatherNotFound")
  static let subscriptionNotFound = component("SubscriptionNotFound")
  static let noActiveGather = component("NoActiveGather")
  static let gatherAlreadyActive = component("GatherAlreadyActive")
  static let invalidTransition = component("InvalidTransition")
  static let playerInActiveGather = component("PlayerInActiveGather")
  static let forbidden = component("Forbidden")
  static let storageUnavailable = component("StorageUnavailable")
  static let planNotFound = component("PlanNotFound")
  static let planCancelled = component("PlanCancelled")
  static let planStarted = component("PlanStarted")
  static let scheduleNotFound = component("ScheduleNotFound")
  static let planExpired = component("PlanExpired")
  static let planNotDue = component("PlanNotDue")
  static let sameTime = component("SameTime")
  static let regularsOnly = component("RegularsOnly")
  static let heldBack = component("HeldBack")
  static let tooLateToUndo = component("TooLateToUndo")
  /// The connection has as many subscriptions as it may (-32002, `too_many_subscriptions`).
  static let tooManySubscriptions = own(
    code: -32002, message: "This connection has as many subscriptions as it may; close one first.",
    reason: "too_many_subscriptions")
  /// Many new names came from a link holder's address lately (-32002, `too_many_new_players`).
  static let tooManyNewPlayers = own(
    code: -32002,
    message: "Many new names came from this address in the last hour (the message says how long to wait).",
    reason: "too_many_new_players")
  /// A method whose reply holds the control token, asked over MQTT (-32003, `not_over_mqtt`).
  static let notOverMQTT = own(
    code: -32003, message: "The reply holds the control token, which is never sent over MQTT.",
    reason: "not_over_mqtt")
  /// A change repeated with its idempotencyKey whose first reply was too large to keep (-32002, `already_done`).
  static let alreadyDone = own(
    code: -32002, message: "The change was already made with this idempotencyKey; read the state again.",
    reason: "already_done")
  /// gatherd serves no web page (-32002, `web_disabled`).
  static let webDisabled = own(code: -32002, message: "gatherd serves no web page.", reason: "web_disabled")
  /// gatherd cannot make or read its push key, or sends no pushes (-32002, `push_unavailable`).
  static let pushUnavailable = own(
    code: -32002, message: "gatherd cannot send pushes now.", reason: "push_unavailable")
}
