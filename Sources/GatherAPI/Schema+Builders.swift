import GatherRPC

/// The builders for the shapes the wire uses: numbers with bounds, strings with limits and patterns, choices,
/// lists, objects whose properties say whether they are required, and maps.
extension Schema {
  /// A whole number, within bounds when given.
  public static func integer(
    _ description: String? = nil, minimum: Int64? = nil, maximum: Int64? = nil
  ) -> Schema {
    typed("integer", description, [("minimum", minimum.map(JSONValue.int)), ("maximum", maximum.map(JSONValue.int))])
  }

  /// A number, within bounds when given (`exclusiveMinimum` leaves the minimum out).
  public static func number(
    _ description: String? = nil, minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Double? = nil
  ) -> Schema {
    typed(
      "number", description,
      [
        ("minimum", minimum.map(number)), ("maximum", maximum.map(number)),
        ("exclusiveMinimum", exclusiveMinimum.map(number)),
      ])
  }

  /// Text, with limits on its length, a pattern or a format when given.
  public static func string(
    _ description: String? = nil, minLength: Int64? = nil, maxLength: Int64? = nil, pattern: String? = nil,
    format: String? = nil
  ) -> Schema {
    typed(
      "string", description,
      [
        ("minLength", minLength.map(JSONValue.int)), ("maxLength", maxLength.map(JSONValue.int)),
        ("pattern", pattern.map(JSONValue.string)), ("format", format.map(JSONValue.string)),
      ])
  }

  /// One of these words.
  public static func choice(_ values: [String], _ description: String? = nil) -> Schema {
    typed("string", description, [("enum", .array(values.map(JSONValue.string)))])
  }

  /// True or false.
  public static func boolean(_ description: String? = nil) -> Schema { typed("boolean", description, []) }

  /// A list of `items`, of a length within bounds when given; `unique` when no item may appear twice.
  public static func array(
    of items: Schema, _ description: String? = nil, minItems: Int64? = nil, maxItems: Int64? = nil,
    unique: Bool = false
  ) -> Schema {
    typed(
      "array", description,
      [
        ("items", items.json), ("minItems", minItems.map(JSONValue.int)), ("maxItems", maxItems.map(JSONValue.int)),
        ("uniqueItems", unique ? .bool(true) : nil),
      ])
  }

  /// An object with these properties and no others.
  public static func object(_ properties: KeyValuePairs<String, Property>) -> Schema {
    object(nil, properties)
  }

  /// An object with these properties and no others, described.
  public static func object(_ description: String?, _ properties: KeyValuePairs<String, Property>) -> Schema {
    let required = properties.filter(\.value.isRequired).map { JSONValue.string($0.key) }
    return typed(
      "object", description,
      [
        ("properties", .object(JSONObject(properties.map { (key: $0.key, value: $0.value.schema.json) }))),
        ("required", required.isEmpty ? nil : .array(required)), ("additionalProperties", .bool(false)),
      ])
  }

  /// An object whose members are named freely, each value of `values`.
  public static func map(of values: Schema, _ description: String? = nil) -> Schema {
    typed("object", description, [("additionalProperties", values.json)])
  }

  /// A property of an object schema: its schema, and whether every object has it.
  public struct Property: Sendable {
    /// The property's schema.
    public let schema: Schema
    /// Whether every object has the property.
    public let isRequired: Bool

    /// A property every object has.
    public static func required(_ schema: Schema) -> Property { Property(schema: schema, isRequired: true) }
    /// A property an object may leave out.
    public static func optional(_ schema: Schema) -> Property { Property(schema: schema, isRequired: false) }
  }

  /// A bound as JSON: a whole number as an integer, as JSON Schema documents write it.
  private static func number(_ value: Double) -> JSONValue {
    value.rounded() == value && abs(value) < 1e15 ? .int(Int64(value)) : .double(value)
  }
}
