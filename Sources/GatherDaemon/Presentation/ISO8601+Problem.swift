import GatherRPC

extension ISO8601 {
  /// Why a text is not a time gatherd takes.
  enum Problem: Error, Equatable {
    /// It is not written as the param asks (not ISO 8601, or without the zone it needs).
    case form
    /// It is written well but names no real time, or one outside gatherd's years: why, as a sentence in the
    /// user's terms ("There is no 31 April.").
    case impossible(String)

    /// The -32602 error for the param `field`: what it must be (`expecting`, "a UTC date such as 2026-11-01")
    /// when it is not written so, else what is wrong with the time it names.
    func invalidParams(_ field: String, expecting: String) -> RPCError {
      switch self {
      case .form: .invalidParams(field: field, "Parameter \"\(field)\" must be \(expecting).")
      case .impossible(let why): .invalidParams(field: field, "Parameter \"\(field)\": \(why)")
      }
    }
  }
}
