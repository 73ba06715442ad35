import GatherRPC

/// A JSON Schema (draft 7, as OpenRPC 1.3 takes it), for the OpenRPC document: what a param, a result or an
/// event carries. Written beside the type or the method it describes, with builders for the shapes the wire uses:
///
/// ```swift
/// static let schema: Schema = .object(
///   "An amount in whole minor units of its currency.",
///   [
///     "amount": .required(.integer("Minor units: 1250 for 12.50.")),
///     "currency": .required(.string("The ISO 4217 code: EUR.", pattern: "^[A-Z]{3}$")),
///   ])
/// ```
public struct Schema: Sendable {
  /// The schema as JSON.
  public let json: JSONValue

  /// A schema written out as JSON, for what the builders do not cover.
  public static func json(_ json: JSONValue) -> Schema { Schema(json: json) }

  /// A reference to the component schema named `name` (`#/components/schemas/NAME`).
  public static func ref(_ name: String) -> Schema {
    Schema(json: .object(["$ref": .string("#/components/schemas/\(name)")]))
  }

  /// `schema`, or null.
  public static func nullable(_ schema: Schema) -> Schema {
    Schema(json: .object(["oneOf": .array([schema.json, .object(["type": "null"])])]))
  }

  /// One of several schemas.
  public static func oneOf(_ choices: [Schema], _ description: String? = nil) -> Schema {
    Schema(json: .object(["oneOf": .array(choices.map(\.json))])).described(description)
  }

  /// The null value.
  public static var null: Schema { Schema(json: .object(["type": "null"])) }

  /// Any JSON value.
  public static func any(_ description: String? = nil) -> Schema {
    Schema(json: .object([:])).described(description)
  }

  /// The same schema with a description (none when nil).
  public func described(_ description: String?) -> Schema {
    guard let description else { return self }
    return with("description", .string(description))
  }

  /// The same schema with one more keyword.
  public func with(_ keyword: String, _ value: JSONValue) -> Schema {
    guard case .object(var object) = json else { return self }
    object[keyword] = value
    return Schema(json: .object(object))
  }

  /// A schema of `type` with these keywords, leaving out those that are nil.
  static func typed(_ type: String, _ description: String?, _ keywords: [(String, JSONValue?)]) -> Schema {
    var object: JSONObject = ["type": .string(type)]
    for (keyword, value) in keywords { if let value { object[keyword] = value } }
    return Schema(json: .object(object)).described(description)
  }
}
