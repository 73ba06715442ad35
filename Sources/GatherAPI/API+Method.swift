extension API {
  /// A method of the API: its name, and the type of what it answers. The daemon defines each method from one of
  /// these (API+Methods.swift lists them all), and a client calls it by it, so the name and the type of the reply
  /// cannot drift apart.
  ///
  /// ```swift
  /// let status = try connection.call(.daemonStatus)   // an API.DaemonStatus
  /// ```
  public struct Method<Result: Decodable & Sendable>: Sendable {
    /// The method's name on the wire, such as `fees.pay`.
    public let name: String

    /// The method named `name`, answering a `Result`.
    public init(_ name: String) { self.name = name }
  }
}
