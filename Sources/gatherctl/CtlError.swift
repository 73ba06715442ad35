import GatherRPC

/// Why gatherctl stops: each maps to its documented exit status.
enum CtlError: Error, CustomStringConvertible {
  /// The daemon answered with an error (exit 1).
  case refused(RPCErrorReply)
  /// gatherctl itself would not go on (exit 1): a name that matches no player or several, or a name that is
  /// already on the roster.
  case declined(String)
  /// The command line asks for something gatherctl will not do as given (exit 2): a plan cancelled without
  /// naming it or confirming, where nobody can be asked.
  case usage(String)
  /// The daemon cannot be reached, or went away (exit 3).
  case unreachable(String)

  var description: String {
    switch self {
    case .refused(let error): Printable.text(error.message)
    case .declined(let message): message
    case .usage(let message): message
    case .unreachable(let message): message
    }
  }

  /// The exit status: 1 refused or declined, 2 usage, 3 unreachable.
  var exitStatus: Int32 {
    switch self {
    case .refused, .declined: 1
    case .usage: 2
    case .unreachable: 3
    }
  }
}

/// An error object the daemon sent.
struct RPCErrorReply: Sendable {
  var code: Int64
  var message: String
  var reason: String
  /// The param an invalid-params error names, e.g. `players[4].skill`; empty for other errors.
  var field: String

  init(_ json: JSONValue) {
    code = json["code"]?.intValue ?? 0
    message = json["message"]?.stringValue ?? "The daemon refused the request."
    reason = json["data"]?["reason"]?.stringValue ?? ""
    field = json["data"]?["field"]?.stringValue ?? ""
  }
}
