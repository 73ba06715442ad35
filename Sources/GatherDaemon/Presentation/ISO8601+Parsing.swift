import FoundationEssentials

/// Reading the times clients send in UTC (`stats.players`' `since` and `until`).
extension ISO8601 {
  /// A UTC date ("2026-11-01", midnight) or date and time ("2026-11-01T18:30:00Z", seconds and a fraction
  /// optional, milliseconds kept), a real one from 2000 to 2999. Throws ``Problem/form`` for anything else
  /// written, ``Problem/impossible(_:)`` for a time that does not exist.
  static func date(_ text: String) throws(Problem) -> Date {
    guard let written = Written(text), written.zone == nil || written.zone == .utc else { throw .form }
    return try written.instant()
  }
}
