import FoundationEssentials
import GatherAPI
import GatherRPC

/// What gatherd answered a method: the result's JSON as it came, which `--json` prints as it is, and the result
/// read as the type the method answers (`value()`).
struct Reply<Result: Decodable & Sendable> {
  /// The method answered.
  let method: API.Method<Result>
  /// The result as gatherd sent it.
  let json: JSONValue

  /// The result as its type; a gatherd that answers in another shape (another version) is a clear error that
  /// names the method and what did not fit, never a crash.
  func value() throws(CtlError) -> Result {
    do {
      return try JSONDecoder().decode(Result.self, from: Data(JSONWriter.bytes(json)))
    } catch {
      throw .unreadable(
        "gatherd answered \(method.name) in a form this gatherctl (\(GatherVersion.current)) does not read: "
          + ReplyProblem.describe(error) + ". Is gatherd another version? --json prints its answer as it is.")
    }
  }
}

extension Connection {
  /// Calls `method` and returns its result, read as the type the method answers.
  func call<Result>(_ method: API.Method<Result>, _ params: JSONObject = [:]) throws(CtlError) -> Result {
    try reply(method, params).value()
  }

  /// Calls `method` and returns its answer, to print as it came or to read as its type.
  func reply<Result>(_ method: API.Method<Result>, _ params: JSONObject = [:]) throws(CtlError) -> Reply<Result> {
    Reply(method: method, json: try call(named: method.name, params))
  }
}

/// What did not fit when gatherd's JSON was read as a type, in a few words: `"timer.state" is "halftime", which
/// this gatherctl does not know`, `"players[2].name" is missing`.
enum ReplyProblem {
  /// The decoding error as words, naming the member by its path.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])) is missing"
    case .valueNotFound(_, let context): return "\(path(context.codingPath)) is null"
    case .typeMismatch(let type, let context): return "\(path(context.codingPath)) is not \(noun(type))"
    case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }

  /// `"players[2].name"`, or "the answer" for the whole of it.
  static func path(_ keys: [any CodingKey]) -> String {
    guard !keys.isEmpty else { return "the answer" }
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return "\"\(text)\""
  }

  /// What a value of `type` is, in words.
  private static func noun(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "text"
    case is Int64.Type, is Int.Type: "a whole number"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default: "what this gatherctl reads there"
    }
  }
}
