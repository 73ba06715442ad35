/// A method: its name, whether it changes state, and the thin handler that decodes params and calls the model.
public struct RPCMethod<Caller: RPCCaller>: Sendable {
  /// The handler: read params (then `finish()` them), do the work, return the result.
  public typealias Handler = @Sendable (inout Params, Caller) async throws -> JSONValue

  /// The public name, e.g. `timer.start`.
  public let name: String
  /// Whether the method changes state and so needs a controller.
  public let mutates: Bool
  let handler: Handler

  /// A method that only reads.
  public static func read(_ name: String, _ handler: @escaping Handler) -> RPCMethod {
    RPCMethod(name: name, mutates: false, handler: handler)
  }

  /// A method that changes state.
  public static func mutate(_ name: String, _ handler: @escaping Handler) -> RPCMethod {
    RPCMethod(name: name, mutates: true, handler: handler)
  }
}
