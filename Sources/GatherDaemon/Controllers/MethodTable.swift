import GatherRPC
import Logging

/// Every method gatherd serves.
enum MethodTable {
  /// The dispatcher for a session. With `testFaults`, it also serves `test.wedgeSession`, which exists only
  /// so that tests can watch the watchdog catch a wedged daemon. A web client's refused calls are logged through
  /// `refusals`: at most once a minute per address, with a count.
  static func dispatcher<C>(
    _ session: GatherSession<C>, stats: DaemonStats, testFaults: Bool, web: WebAccess?, logger: Logger,
    refusals: RefusalReporter
  ) -> RPCDispatcher<Caller> {
    var methods =
      DaemonController.methods(session, stats: stats) + PlayersController.methods(session)
      + GatherController.methods(session) + TimerController.methods(session) + ScoreController.methods(session)
      + EventsController.methods(session) + StatsController.methods(session) + SuggestController.methods(session)
      + PeriodsController.methods(session) + TeamNamesController.methods(session) + WebController.methods(web, session)
      + PlanController.methods(session, web: web) + ReportController.methods(session, web: web)
      + VoteController.methods(session, web: web) + FeesController.methods(session)
      + ScheduleController.methods(session, web: web)
    if testFaults {
      methods.append(
        .mutate("test.wedgeSession") { params, _ in
          try params.finish()
          session.wedgeForTesting()
          return .null
        })
    }
    // Made once per dispatcher, and only while something collects the metrics: without them a request
    // bumps no counter at all, not even a no-op one.
    let metrics = RequestMetrics.whenCollected(methods: methods.map(\.name))
    return RPCDispatcher(
      methods: methods, mapError: { ErrorMapping.rpcError($0, logger: logger) },
      observer: { method, caller, error in
        metrics?.answered(method.ordinal, error: error)
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
          if case .web(let client) = caller.peer {
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
      refusalObserver: { metrics?.refused($0) })
  }
}
