/// MQTT could not be set up: the library is missing, or a setting is unusable. The description is a sentence
/// fragment for a startup error, such as "cannot load libmosquitto.so.1 (…)".
public struct MQTTError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What went wrong.
  public let description: String
  /// An error that says `description`.
  public init(_ description: String) { self.description = description }
}
