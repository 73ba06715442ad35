import FoundationEssentials

/// `text` read as a `Value`, as gatherctl reads gatherd's JSON.
func decoded<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
  try JSONDecoder().decode(type, from: Data(text.utf8))
}
