import GatherAPI
import GatherRPC

/// How a definition is served: the caller checked before anything is read, the params read, the access decided for
/// what they name, then the handler run where the method runs.
extension MethodDefinition {
  func rpcMethod(session: GatherSession, services: MethodServices) -> RPCMethod<Caller> {
    let (name, access, changes) = (name, access, runs == .turn)
    let admits: @Sendable (Caller) -> RPCError?
    if case .anyone = access {
      // Most reads: nothing to look up, on the path every status bar polls.
      admits = { _ in nil }
    } else {
      admits = { caller in
        AccessPolicy.refusal(access, method: name, changes: changes, caller: caller.capabilities, peer: caller.peer)
      }
    }
    switch body {
    case .view(let run):
      return RPCMethod(name: name, mutates: false, placement: .inline, admits: admits) { params, caller in
        let (params, call, admission) = try Self.read(&params, caller, access, services)
        let view = session.view
        try AccessPolicy.confirm(admission, in: view.state)
        return try run(params, view, call).json
      }
    case .query(let run):
      return RPCMethod(name: name, mutates: false, placement: .concurrent, admits: admits) { params, caller in
        let (params, call, admission) = try Self.read(&params, caller, access, services)
        let reader = session.reader
        try AccessPolicy.confirm(admission, in: reader.state)
        return try run(params, reader, call).json
      }
    case .turn(let run):
      return RPCMethod(name: name, mutates: true, placement: .serial, admits: admits) { raw, caller in
        let request = try RepeatedRequests.Request(method: name, params: &raw)
        let (params, call, admission) = try Self.read(&raw, caller, access, services)
        let scope = RepeatedRequests.Scope(caller)
        return try session.take { turn in
          do {
            if let request, let reply = try services.repeats.reply(to: request, from: scope, now: turn.now) {
              AccessPolicy.giveBack(admission, caller: caller)
              return reply
            }
            try AccessPolicy.confirm(admission, in: turn.state)
            let reply = try run(params, &turn, call).json
            if let request { services.repeats.remember(reply, to: request, from: scope, now: turn.now) }
            return reply
          } catch {
            // Nothing was made: what admitting it counted is the caller's again.
            AccessPolicy.giveBack(admission, caller: caller)
            throw error
          }
        }
      }
    }
  }

  /// Reads the params, refuses any field the method did not read, and admits the caller for what they name.
  private static func read(
    _ raw: inout Params, _ caller: Caller, _ access: Access<P>, _ services: MethodServices
  ) throws -> (P, Call, AccessPolicy.Admission) {
    let params = try P(&raw)
    try raw.finish()
    let call = Call(caller, services: services)
    if case .anyone = access { return (params, call, .open) }
    let admission = try AccessPolicy.admit(access, params, caller: caller)
    // A paired device calling as a controller is seen: written at most once a minute.
    if case .device(let device) = admission { services.devices.seen(device) }
    return (params, call, admission)
  }
}
