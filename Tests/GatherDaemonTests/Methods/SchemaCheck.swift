import GatherRPC

/// Checks a JSON value against a JSON Schema of the OpenRPC document, as a client validating replies would: the
/// keywords the document uses (type, properties, required, additionalProperties, items, oneOf, enum, const, the
/// bounds, pattern, `$ref` to the document's components). Returns what does not match, with where; empty when the
/// value matches.
struct SchemaCheck {
  /// The document's components, which `$ref`s point into.
  let components: JSONValue

  /// Where `value` breaks `schema`, each as "path: why".
  func problems(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
    guard case .object(let keywords) = schema else { return [] }
    if let ref = keywords["$ref"]?.stringValue {
      guard let target = resolve(ref) else { return ["\(path): $ref \(ref) resolves to nothing"] }
      return problems(value, target, at: path)
    }
    var found: [String] = []
    if let choices = keywords["oneOf"]?.arrayValue {
      let matching = choices.filter { problems(value, $0, at: path).isEmpty }.count
      if matching != 1 { found.append("\(path): matches \(matching) of oneOf's \(choices.count) schemas") }
    }
    if let types = keywords["type"], !matchesType(value, types) {
      return found + ["\(path): \(value.typeName) where the schema says \(JSONWriter.string(types))"]
    }
    if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
      found.append("\(path): \(JSONWriter.string(value)) is not one of \(JSONWriter.string(.array(allowed)))")
    }
    if let constant = keywords["const"], constant != value {
      found.append("\(path): not \(JSONWriter.string(constant))")
    }
    found += bounds(value, keywords, path)
    switch value {
    case .object(let object): found += members(object, keywords, path)
    case .array(let items):
      if let itemSchema = keywords["items"] {
        for (index, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(index)]") }
      }
      if keywords["uniqueItems"] == .bool(true), Set(items).count != items.count { found.append("\(path): repeats") }
    default: break
    }
    return found
  }

  private func members(_ object: JSONObject, _ keywords: JSONObject, _ path: String) -> [String] {
    var found: [String] = []
    let properties = keywords["properties"]?.objectValue ?? [:]
    for name in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
      found.append("\(path): lacks \(name)")
    }
    for member in object.members {
      if let schema = properties[member.key] {
        found += problems(member.value, schema, at: "\(path).\(member.key)")
      } else if keywords["additionalProperties"] == .bool(false) {
        found.append("\(path): has \(member.key), which the schema does not list")
      } else if let schema = keywords["additionalProperties"], schema.objectValue != nil {
        found += problems(member.value, schema, at: "\(path).\(member.key)")
      }
    }
    return found
  }

  private func bounds(_ value: JSONValue, _ keywords: JSONObject, _ path: String) -> [String] {
    var found: [String] = []
    if let number = Self.number(value) {
      if let minimum = keywords["minimum"].flatMap(Self.number), number < minimum { found.append("\(path): below") }
      if let maximum = keywords["maximum"].flatMap(Self.number), number > maximum { found.append("\(path): above") }
      if let minimum = keywords["exclusiveMinimum"].flatMap(Self.number), number <= minimum {
        found.append("\(path): not above its exclusive minimum")
      }
    }
    if case .string(let text) = value {
      let length = text.unicodeScalars.count
      if let minimum = keywords["minLength"]?.intValue, length < minimum { found.append("\(path): too short") }
      if let maximum = keywords["maxLength"]?.intValue, length > maximum { found.append("\(path): too long") }
      if let pattern = keywords["pattern"]?.stringValue, let regex = try? Regex(pattern),
        (try? regex.firstMatch(in: text)) == nil
      {
        found.append("\(path): \"\(text)\" does not match \(pattern)")
      }
    }
    if case .array(let items) = value {
      if let minimum = keywords["minItems"]?.intValue, items.count < minimum { found.append("\(path): too few") }
      if let maximum = keywords["maxItems"]?.intValue, items.count > maximum { found.append("\(path): too many") }
    }
    return found
  }

  private func matchesType(_ value: JSONValue, _ types: JSONValue) -> Bool {
    let names = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue ?? ""]
    return names.contains { name in
      switch (name, value) {
      case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
      case ("integer", _): value.intValue != nil
      case ("number", .int), ("number", .double): true
      default: false
      }
    }
  }

  private func resolve(_ ref: String) -> JSONValue? {
    guard ref.hasPrefix("#/components/schemas/") else { return nil }
    return components["schemas"]?[String(ref.dropFirst("#/components/schemas/".count))]
  }

  private static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .int(let number): Double(number)
    case .double(let number): number
    default: nil
    }
  }
}
