import GatherRPC
import Logging

/// Every method gatherd serves.
enum MethodTable {
  /// The dispatcher for a session. With `testFaults`, it also serves `test.wedgeSession`, which exists only
  /// so that tests can watch the watchdog catch a wedged daemon. The web listener's dispatcher passes its
  /// `refusals`: a web client's refused calls are then logged at most once a minute, with a count.
  static func dispatcher<C>(
    _ session: GatherSession<C>, stats: DaemonStats, testFaults: Bool, web: WebAccess?, logger: Logger,
    refusals: RefusalReporter? = nil
  ) -> RPCDispatcher<Caller> {
    var methods =
      DaemonController.methods(session, stats: stats) + PlayersController.methods(session)
      + GatherController.methods(session) + TimerController.methods(session) + ScoreController.methods(session)
      + EventsController.methods(session) + StatsController.methods(session) + SuggestController.methods(session)
      + PeriodsController.methods(session) + TeamNamesController.methods(session) + WebController.methods(web, session)
      + PlanController.methods(session, web: web) + ReportController.methods(session, web: web)
      + VoteController.methods(session, web: web) + FeesController.methods(session)
    if testFaults {
      methods.append(
        .mutate("test.wedgeSession") { params, _ in
          try params.finish()
          session.wedgeForTesting()
          return .null
        })
    }
    // Made once per dispatcher; the handles are swift-metrics' no-ops unless something serves the metrics.
    let metrics = RequestMetrics(methods: methods.map(\.name))
    return RPCDispatcher(
      methods: methods, mapError: { ErrorMapping.rpcError($0, logger: logger) },
      observer: { method, caller, error in
        metrics.answered(method.ordinal, error: error)
        // Most calls log nothing at the configured level: they must cost nothing then.
        guard logger.logLevel <= (error != nil ? .notice : method.mutates ? .info : .debug) else { return }
        var logger = logger
        switch caller.peer {
        case .local(let credentials):
          logger[metadataKey: "peer_uid"] = "\(credentials.uid)"
          logger[metadataKey: "peer_pid"] = "\(credentials.pid)"
        case .web(let client):
          logger[metadataKey: "peer_address"] = "\(client)"
        case .mqtt(let topic):
          logger[metadataKey: "mqtt_topic"] = "\(topic)"
        }
        logger[metadataKey: "rpc_method"] = "\(method.name)"
        if let error {
          var more = ""
          if case .web(let client) = caller.peer, let refusals {
            guard let suffix = refusals.admit(client) else { return }
            more = suffix
          }
          logger.notice(
            "\(method.name) from \(caller.who) refused: \(error.message)\(more)",
            metadata: ["reason": "\(error.reason)"])
        } else {
          logger.log(level: method.mutates ? .info : .debug, "\(method.name) from \(caller.who)")
        }
      },
      refusalObserver: { metrics.refused($0) })
  }
}
