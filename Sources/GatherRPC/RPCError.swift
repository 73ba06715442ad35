/// A JSON-RPC error object: a code, a sentence for people, and `data` whose `reason` is stable for programs.
public struct RPCError: Error, Sendable, Hashable {
  private enum Code: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case notFound = -32001
    case wrongState = -32002
    case forbidden = -32003
  }

  private let kind: Code
  /// A sentence that explains the error.
  public let message: String
  /// Extra facts; always holds `reason`, and `field` for invalid params.
  public let data: JSONObject

  private init(_ kind: Code, _ message: String, reason: String, extra: JSONObject = [:]) {
    self.kind = kind
    self.message = message
    var data: JSONObject = ["reason": .string(reason)]
    for member in extra.members { data[member.key] = member.value }
    self.data = data
  }

  /// The numeric JSON-RPC code.
  public var code: Int { kind.rawValue }
  /// The stable reason, e.g. `invalid_params` or `no_active_gather`.
  public var reason: String { data["reason"]?.stringValue ?? "" }

  /// The error object as JSON.
  public var json: JSONValue {
    .object(["code": .int(Int64(code)), "message": .string(message), "data": .object(data)])
  }

  /// The line is not JSON (-32700).
  public static func parseError(_ detail: String) -> RPCError {
    RPCError(.parseError, "The message is not valid JSON: \(detail).", reason: "parse_error")
  }
  /// The JSON is not a valid request (-32600).
  public static func invalidRequest(_ message: String) -> RPCError {
    RPCError(.invalidRequest, message, reason: "invalid_request")
  }
  /// A line exceeded the size limit (-32600); the connection closes after this reply.
  public static func lineTooLong(limit: Int) -> RPCError {
    RPCError(
      .invalidRequest, "The message is longer than the limit of \(limit) bytes, so the connection will close.",
      reason: "line_too_long", extra: ["limit": .int(Int64(limit))])
  }
  /// No method has this name (-32601).
  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      .methodNotFound, "There is no method named \"\(method)\"; rpc.discover lists them.", reason: "method_not_found",
      extra: ["method": .string(method)])
  }
  /// A parameter is missing, of the wrong type, unknown or out of range (-32602).
  public static func invalidParams(field: String, _ message: String) -> RPCError {
    RPCError(.invalidParams, message, reason: "invalid_params", extra: ["field": .string(field)])
  }
  /// Something failed inside the daemon (-32603).
  public static func internalError(_ message: String) -> RPCError {
    RPCError(.internalError, message, reason: "internal_error")
  }
  /// The database cannot be written (disk full, I/O error, read-only), so the change was not made (-32603);
  /// `cause` is `disk_full`, `io_error`, `read_only`, `cannot_open` or `busy`.
  public static func storageUnavailable(cause: String, _ message: String) -> RPCError {
    RPCError(.internalError, message, reason: "storage_unavailable", extra: ["cause": .string(cause)])
  }
  /// The request names something that does not exist (-32001).
  public static func notFound(reason: String, _ message: String) -> RPCError {
    RPCError(.notFound, message, reason: reason)
  }
  /// The request is impossible in the current state (-32002).
  public static func wrongState(reason: String, _ message: String) -> RPCError {
    RPCError(.wrongState, message, reason: reason)
  }
  /// The peer may not do this (-32003).
  public static func forbidden(_ message: String) -> RPCError {
    RPCError(.forbidden, message, reason: "forbidden")
  }
  /// The peer may not do this, for a reason of its own such as `invalid_token` (-32003).
  public static func forbidden(reason: String, _ message: String) -> RPCError {
    RPCError(.forbidden, message, reason: reason)
  }
  /// The peer may not do this with that param: a link's code used for another plan or gather than its own
  /// (-32003, with `field`).
  public static func forbidden(reason: String, field: String, _ message: String) -> RPCError {
    RPCError(.forbidden, message, reason: reason, extra: ["field": .string(field)])
  }
}
