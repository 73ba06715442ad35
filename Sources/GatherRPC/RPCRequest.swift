/// One JSON-RPC 2.0 request or notification, checked against the envelope rules.
public struct RPCRequest: Sendable {
  /// The id to echo, with its type; nil for a notification, which is never answered.
  public let id: JSONValue?
  /// The method name.
  public let method: String
  /// The params: an object, an array, or nil when absent.
  public let params: JSONValue?

  /// Whether the sender expects no reply.
  public var isNotification: Bool { id == nil }

  /// Checks the envelope of one message. On failure, returns the error and the id to answer it with.
  public static func validate(_ message: JSONValue) -> Result<RPCRequest, Refusal> {
    guard let object = message.objectValue else {
      return .failure(Refusal(id: .null, error: .invalidRequest("A request must be a JSON object.")))
    }
    // One pass over the members; where a name repeats, its first member counts.
    var id: JSONValue?
    var version: JSONValue?
    var methodName: JSONValue?
    var params: JSONValue?
    for member in object.storage {
      switch member.key {
      case "jsonrpc": if version == nil { version = member.value }
      case "id": if id == nil { id = member.value }
      case "method": if methodName == nil { methodName = member.value }
      case "params": if params == nil { params = member.value }
      default: break
      }
    }
    let echo: JSONValue
    switch id {
    case nil, .null?, .int?, .double?, .string?: echo = id ?? .null
    default:
      return .failure(
        Refusal(id: .null, error: .invalidRequest("A request id must be a string, a number or null.")))
    }
    guard version == .string("2.0") else {
      return .failure(Refusal(id: echo, error: .invalidRequest("A request must have \"jsonrpc\": \"2.0\".")))
    }
    guard let method = methodName?.stringValue else {
      return .failure(Refusal(id: echo, error: .invalidRequest("A request must name its method as a string.")))
    }
    switch params {
    case nil, .object?, .array?: break
    default:
      return .failure(
        Refusal(id: echo, error: .invalidRequest("A request's params must be an object or an array.")))
    }
    return .success(RPCRequest(id: id, method: method, params: params))
  }

  /// A message that is not a valid request, with the id to answer it with.
  public struct Refusal: Error, Sendable {
    /// The id of the error reply.
    public let id: JSONValue
    /// The error.
    public let error: RPCError
  }
}

/// The lines of a JSON-RPC response.
public enum RPCResponse {
  /// A success reply.
  public static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
    .object(
      JSONObject(storage: [
        .init(key: "jsonrpc", value: "2.0"), .init(key: "id", value: id), .init(key: "result", value: result),
      ]))
  }

  /// An error reply.
  public static func error(id: JSONValue, _ error: RPCError) -> JSONValue {
    .object(
      JSONObject(storage: [
        .init(key: "jsonrpc", value: "2.0"), .init(key: "id", value: id), .init(key: "error", value: error.json),
      ]))
  }

  /// A notification, as the daemon pushes events.
  public static func notification(method: String, params: JSONObject) -> JSONValue {
    .object(["jsonrpc": "2.0", "method": .string(method), "params": .object(params)])
  }
}
