/// A method as the dispatcher serves it: its name, whether it changes state, where it runs, who may call it, and
/// the handler that decodes its params and answers.
public struct RPCMethod<Caller: Sendable>: Sendable {
  /// The handler: read params (then `finish()` them), do the work, return the result.
  public typealias Handler = @Sendable (inout Params, Caller) throws -> JSONValue

  /// Where a method's handler runs.
  public enum Placement: Sendable {
    /// Right where the request was read, at once: for answers from state already in memory.
    case inline
    /// Handed to the dispatcher's runner to run in order with every change (the daemon's session), which
    /// calls back when it is done.
    case serial
    /// Handed to the dispatcher's runner to run beside the changes (a database read), which calls back.
    case concurrent
  }

  /// The public name, e.g. `timer.start`.
  public let name: String
  /// Whether the method changes state.
  public let mutates: Bool
  /// Where the handler runs.
  public let placement: Placement
  /// The method's position in the list its dispatcher was made from, so that an observer can keep a
  /// table per method (a metric's handle) and reach it without a lookup by name.
  public internal(set) var ordinal = 0
  /// Refuses a caller before anything else is read or run, where the caller alone decides (nil admits it); the
  /// handler decides the rest, once it has read the params.
  let admits: @Sendable (Caller) -> RPCError?
  let handler: Handler

  /// A method with every part given: whether it `mutates`, where it runs, the caller check made before anything
  /// else, and the handler.
  public init(
    name: String, mutates: Bool, placement: Placement, admits: @escaping @Sendable (Caller) -> RPCError? = { _ in nil },
    handler: @escaping Handler
  ) {
    self.name = name
    self.mutates = mutates
    self.placement = placement
    self.admits = admits
    self.handler = handler
  }

  /// A method that only reads state already in memory, answered where the request was read.
  public static func read(_ name: String, _ handler: @escaping Handler) -> RPCMethod {
    RPCMethod(name: name, mutates: false, placement: .inline, handler: handler)
  }

  /// A method that only reads, but takes a while (a database query): it runs beside the changes, and sees
  /// every change acknowledged before it was received.
  public static func query(_ name: String, _ handler: @escaping Handler) -> RPCMethod {
    RPCMethod(name: name, mutates: false, placement: .concurrent, handler: handler)
  }

  /// A method that changes state; it runs in order with every other change.
  public static func mutate(_ name: String, _ handler: @escaping Handler) -> RPCMethod {
    RPCMethod(name: name, mutates: true, placement: .serial, handler: handler)
  }
}
