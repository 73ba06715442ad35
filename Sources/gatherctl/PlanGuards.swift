import GatherAPI
import GatherRPC

/// What gatherd refuses to do to plans unless told it is meant, and gatherctl's `--force` that tells it: a second
/// plan at the very time of an open one, or a second weekly game on another's day at its time (`same_time`), and a gather started from a plan more than 12 hours before
/// the plan's start (`plan_not_due`). gatherctl sends `force` with `--force`; without it, the daemon's refusal
/// (exit 1, nothing changed) ends with the flag that overrides it.
enum PlanGuards {
  /// Calls `method` with `params`, and `force: true` when `force`; a refusal `--force` overrides says so.
  static func reply<Result>(
    _ method: API.Method<Result>, _ params: JSONObject, force: Bool, on connection: Connection
  ) throws(CtlError) -> Reply<Result> {
    var params = params
    if force { params["force"] = .bool(true) }
    do {
      return try connection.reply(method, params)
    } catch {
      throw forceHint(error)
    }
  }

  /// The refusal with what `--force` would do appended, when the daemon refused for a reason it overrides.
  static func forceHint(_ error: CtlError) -> CtlError {
    guard case .refused(var reply) = error else { return error }
    switch reply.reason {
    case "plan_not_due": reply.message += " To start it now anyway, add --force."
    case "same_time" where reply.message.hasPrefix("Schedule"):
      reply.message += " To have two weekly games at the same time, add --force."
    case "same_time": reply.message += " To have two plans at the same time, add --force."
    default: return error
    }
    return .refused(reply)
  }
}
