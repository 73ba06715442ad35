import GatherAPI
import GatherRPC

/// The OpenRPC 1.3 document of gatherd's JSON-RPC API, made from the method definitions (``MethodCatalog``), the
/// API's component schemas (``APISchemas``) and the events (``EventDocs``): what `rpc.discover` answers, and what
/// `make openrpc` writes to docs/openrpc.json.
enum OpenRPCDocument {
  /// The document, made once.
  static let json: JSONValue = make()

  /// The document of `methods`.
  static func make(methods: [any MethodDefining] = MethodCatalog.all) -> JSONValue {
    .object([
      "openrpc": "1.3.2",
      "info": .object([
        "title": "gatherd", "version": .string(GatherVersion.current), "description": .string(summary),
      ]),
      "servers": servers,
      "methods": .array(methods.map(method)),
      "components": .object([
        "schemas": .object(JSONObject(APISchemas.components.map { (key: $0.name, value: $0.schema.json) })),
        "errors": errors,
      ]),
      "x-notifications": .array(EventDocs.all.map(\.json)),
    ])
  }

  /// One method's Method Object.
  static func method(_ definition: any MethodDefining) -> JSONValue {
    let doc = definition.doc
    var object: JSONObject = ["name": .string(definition.name), "summary": .string(doc.summary)]
    let description = [doc.description, definition.accessSentence].compactMap { $0 }.joined(separator: " ")
    if !description.isEmpty { object["description"] = .string(description) }
    object["paramStructure"] = "by-name"
    var params = definition.paramFields.map(\.json)
    if definition.runs == .turn { params.append(RepeatedRequests.paramDoc.json) }
    object["params"] = .array(params)
    object["result"] = doc.result.json
    var errors = doc.errors
    errors += definition.accessErrors
    if definition.runs == .turn {
      // Every change takes an idempotencyKey, which a bad one makes -32602.
      if !errors.contains(where: \.isInvalidParams) { errors.append(.invalidParams) }
      errors.append(.alreadyDone)
    }
    object["errors"] = .array(errors.map(\.json))
    if definition.runs == .turn { object["x-mutating"] = true }
    object["x-access"] = .string(definition.accessDoc)
    for (key, value) in doc.extensions.members { object[key] = value }
    return .object(object)
  }
}

/// One event as the document describes it: a notification whose method is its topic.
struct EventDoc: Sendable {
  let name: String
  let summary: String
  let description: String?
  let params: [ParamDoc]

  init(_ name: String, summary: String, description: String? = nil, params: [ParamDoc]) {
    self.name = name
    self.summary = summary
    self.description = description
    self.params = params
  }

  /// The notification's Method Object.
  var json: JSONValue {
    var object: JSONObject = ["name": .string(name), "summary": .string(summary)]
    if let description { object["description"] = .string(description) }
    object["params"] = .array(params.map(\.json))
    return .object(object)
  }
}

/// gatherd's JSON-RPC API described as an OpenRPC 1.3 document: what `rpc.discover` answers and `gatherd openrpc`
/// prints.
public enum APIDescription {
  /// The document, indented for people to read.
  public static var openRPC: String { JSONWriter.pretty(OpenRPCDocument.json) }
}
