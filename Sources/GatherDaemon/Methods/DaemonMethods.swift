import FoundationEssentials
import GatherAPI
import GatherRPC

/// rpc.discover and daemon.*: what the daemon is and how it is doing.
enum DaemonMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [rpcDiscover, daemonPing, daemonStatus, daemonTime]

  /// rpc.discover: Returns this OpenRPC document.
  static let rpcDiscover = MethodDefinition.view(
    .rpcDiscover, NoParams.self,
    doc: MethodDoc(
      summary: "Returns this OpenRPC document.",
      result: ResultDoc(
        "document",
        schema: .json(
          .object([
            "type": .string("object"),
            "required": .array([.string("openrpc"), .string("info"), .string("methods")]),
            "description": .string("An OpenRPC 1.3 document."),
          ]))),
      errors: []
    )
  ) { _, _, _ in
    Encoded(OpenRPCDocument.json)
  }

  /// daemon.ping: Checks that the daemon answers.
  static let daemonPing = MethodDefinition.view(
    .daemonPing, NoParams.self,
    doc: MethodDoc(
      summary: "Checks that the daemon answers.",
      result: ResultDoc("pong", schema: APISchemas.pong),
      errors: []
    )
  ) { _, _, _ in
    .pong
  }

  /// daemon.status: Reports the daemon's state and whether the caller is a controller.
  static let daemonStatus = MethodDefinition.view(
    .daemonStatus, NoParams.self,
    doc: MethodDoc(
      summary: "Reports the daemon's state and whether the caller is a controller.",
      result: ResultDoc("status", schema: APISchemas.daemonStatus),
      errors: []
    )
  ) { _, view, call in
    Encoded(view, stats: call.services.stats, hub: call.services.hub, controller: call.disclosure.controls)
  }

  /// daemon.time: The server's time and time zone; with at, a wall-clock time here with its offset.
  static let daemonTime = MethodDefinition.view(
    .daemonTime, DaemonTimeParams.self,
    doc: MethodDoc(
      summary: """
        The server's time and time zone; with at, a wall-clock time here with its offset.
        """,
      description: """
        What the page's plan form needs to write a start in the pitch's time zone, whatever zone the phone is \
        set to: now in UTC and in the server's own zone (its C library's: TZ, else /etc/localtime), the zone's \
        name when it has one, and with at, that wall-clock time in the server's zone with the offset in force \
        then (summer or winter time), ready for plan.create's startsAt. Anyone may call it.
        """,
      result: ResultDoc("time", schema: APISchemas.serverTime),
      errors: [.invalidParams]
    )
  ) { params, view, _ in
    Encoded(now: view.settings.wallClock(), at: params.at, zone: view.settings.zone, zoneName: LocalTimeZone.name())
  }

  /// daemon.time's params.
  struct DaemonTimeParams: MethodParams {
    static let fields = [
      ParamDoc(
        "at",
        """
        A wall-clock time without a zone, as a date and time picker gives it: 2026-12-03T19:00, seconds optional \
        (no fraction); a real date and time from 2000 to 2999. Anything else is -32602 naming at.
        """, required: false, schema: .string())
    ]
    /// The wall-clock time to place in the server's zone, read as if it were UTC; nil when not asked.
    let at: Date?

    init(_ params: inout Params) throws {
      let text = try params.optionalString("at")
      try params.finish()
      // Read as if in UTC, so that the calendar checks it; the reply places it in the server's zone.
      do throws(ISO8601.Problem) {
        at = try text.map { text throws(ISO8601.Problem) in
          guard let written = ISO8601.Written(text + "Z"), written.millisecond == 0 else { throw .form }
          return try written.instant()
        }
      } catch {
        throw error.invalidParams("at", expecting: "a date and time without a time zone, such as 2026-12-03T19:00")
      }
    }
  }
}
