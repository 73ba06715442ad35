import Foundation
import GatherRPC

/// An error reply as scripts read it: its code, `data.reason` and, for invalid params (and a link's code used for
/// another plan or gather), `data.field`.
struct Refusal: Equatable, CustomStringConvertible {
  /// The JSON-RPC error code.
  let code: Int64?
  /// `data.reason`, stable for programs.
  let reason: String?
  /// `data.field`, the param an invalid-params error (or a refused link's code) names; nil for other errors.
  let field: String?

  /// The refusal an error object reports.
  init(_ error: JSONValue) {
    code = error["code"]?.intValue
    reason = error["data"]?["reason"]?.stringValue
    field = error["data"]?["field"]?.stringValue
  }

  private init(code: Int64, reason: String, field: String? = nil) {
    (self.code, self.reason, self.field) = (code, reason, field)
  }

  /// -32602, naming the param.
  static func invalidParams(_ field: String) -> Refusal {
    Refusal(code: -32602, reason: "invalid_params", field: field)
  }
  /// -32001 with this reason.
  static func notFound(_ reason: String) -> Refusal { Refusal(code: -32001, reason: reason) }
  /// -32002 with this reason.
  static func wrongState(_ reason: String) -> Refusal { Refusal(code: -32002, reason: reason) }
  /// -32003 `forbidden`: the caller may not make this change.
  static let forbidden = Refusal(code: -32003, reason: "forbidden")
  /// -32003 with another reason (`invalid_token`, `too_many_attempts`).
  static func forbidden(_ reason: String) -> Refusal { Refusal(code: -32003, reason: reason) }
  /// -32003 `forbidden` naming the param: a link's code used for another plan or gather than its own.
  static func forbidden(field: String) -> Refusal { Refusal(code: -32003, reason: "forbidden", field: field) }

  /// Whether an error's message reads as a sentence, as every message gatherd writes must: several words and a
  /// full stop, a question or an exclamation mark at the end.
  static func isSentence(_ message: String) -> Bool {
    let words = message.trimmingCharacters(in: .whitespacesAndNewlines)
    return words.contains(" ") && [".", "!", "?"].contains(words.last)
  }

  /// "-32602 invalid_params age", for failing expectations.
  var description: String { "\(code.map(String.init) ?? "no code") \(reason ?? "no reason") \(field ?? "")" }
}

extension JSONValue {
  /// The number, integer or not.
  var number: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}
