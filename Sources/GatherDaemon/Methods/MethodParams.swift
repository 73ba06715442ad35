import GatherAPI
import GatherRPC

/// A method's params: read from a request by name, each field typed and named in any refusal, and described, field
/// by field, for the OpenRPC document.
///
/// ```swift
/// struct Params: MethodParams {
///   static let fields = [ParamDoc("player", "Who paid.", required: true, schema: .ref("Id"))]
///   let player: Int64
///   init(_ params: inout Params) throws(RPCError) { player = try params.int("player") }
/// }
/// ```
///
/// The dispatcher refuses any field a method did not read (``Params/finish()``) once `init` returns; a rule between
/// fields that must be told after an unknown field calls `finish()` itself first.
protocol MethodParams: Sendable {
  /// The params as the OpenRPC document lists them, in order.
  static var fields: [ParamDoc] { get }
  /// Reads the params, refusing a missing or mistyped one with -32602 naming it.
  init(_ params: inout Params) throws
}

/// The params of a method that takes none: `{}`, `[]` or none at all.
struct NoParams: MethodParams {
  static let fields: [ParamDoc] = []
  init(_ params: inout Params) throws {}
}

/// One param as the OpenRPC document describes it.
struct ParamDoc: Sendable {
  /// The param's name.
  let name: String
  /// What it is, for people.
  let description: String?
  /// Whether every call must give it.
  let required: Bool
  /// What it may hold.
  let schema: Schema

  init(_ name: String, _ description: String?, required: Bool, schema: Schema) {
    self.name = name
    self.description = description
    self.required = required
    self.schema = schema
  }

  /// The OpenRPC Content Descriptor.
  var json: JSONValue {
    var object: JSONObject = ["name": .string(name)]
    if let description { object["description"] = .string(description) }
    object["required"] = .bool(required)
    object["schema"] = schema.json
    return .object(object)
  }
}
