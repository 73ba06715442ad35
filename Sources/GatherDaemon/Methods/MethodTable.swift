import GatherAPI
import GatherRPC
import Logging

/// The dispatcher every transport answers through, made from the method catalog.
enum MethodTable {
  /// The dispatcher for a session: every definition of ``MethodCatalog``, served on `session` with `services`. A
  /// web client's refused calls are logged through `refusals`: at most once a minute per address, with a count.
  static func dispatcher(
    _ session: GatherSession, services: MethodServices, logger: Logger, refusals: RefusalReporter
  ) -> RPCDispatcher<Caller> {
    let methods: [RPCMethod<Caller>] = MethodCatalog.all.map { $0.rpcMethod(session: session, services: services) }
    // Made once per dispatcher, and only while something collects the metrics: without them a request
    // bumps no counter at all, not even a no-op one.
    let metrics = RequestMetrics.whenCollected(methods: methods.map(\.name))
    // The logger is a value: its level is the one it has now, so each call compares with a copy of it instead of
    // asking the log handler behind the logger's existential.
    let level = logger.logLevel
    return RPCDispatcher(
      methods: methods, mapError: { ErrorMapping.rpcError($0, logger: logger) },
      observer: { method, caller, error in
        metrics?.answered(method.ordinal, error: error)
        // Most calls log nothing at the configured level: they must cost nothing then.
        guard level <= (error != nil ? .notice : method.mutates ? .info : .debug) else { return }
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
