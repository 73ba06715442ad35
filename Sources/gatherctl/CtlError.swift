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
  /// The daemon answered in a shape gatherctl does not read, as a gatherd of another version may (exit 1): the
  /// message names the method and what did not fit.
  case unreadable(String)

  var description: String {
    switch self {
    case .refused(let error): Printable.text(error.message)
    case .declined(let message): message
    case .usage(let message): message
    case .unreachable(let message): message
    case .unreadable(let message): message
    }
  }

  /// The exit status: 1 refused, declined or unreadable, 2 usage, 3 unreachable.
  var exitStatus: Int32 {
    switch self {
    case .refused, .declined, .unreadable: 1
    case .usage: 2
    case .unreachable: 3
    }
  }
}

/// An error object the daemon sent; what it leaves out reads as empty.
struct RPCErrorReply: Sendable, Decodable {
  var code: Int64
  var message: String
  var reason: String
  /// The param an invalid-params error names, e.g. `players[4].skill`; empty for other errors.
  var field: String

  private enum Keys: String, CodingKey {
    case code, message, data
  }

  /// The `data` of an error: why, in a word, and the param it is about.
  private struct Details: Decodable {
    var reason: String?
    var field: String?
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    code = (try? container.decodeIfPresent(Int64.self, forKey: .code)) ?? 0
    message = (try? container.decodeIfPresent(String.self, forKey: .message)) ?? "The daemon refused the request."
    let details = try? container.decodeIfPresent(Details.self, forKey: .data)
    reason = details?.reason ?? ""
    field = details?.field ?? ""
  }
}
