/// Any JSON read through `Decodable`, for the parts of a reply whose shape varies (an OpenRPC document, a value
/// of several shapes), so that a typed reply can still hold them.
extension JSONValue: Decodable {
  /// Reads whatever JSON value the decoder holds.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var object = JSONObject()
      for key in container.allKeys { object[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
      self = .object(object)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
      self = .array(items)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? single.decode(Int64.self) {
      self = .int(number)
    } else if let number = try? single.decode(Double.self) {
      self = .double(number)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  /// Any member name.
  private struct AnyKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }
}
