/// A day of the week, numbered as ISO 8601 numbers them: Monday is 1, Sunday 7.
public enum Weekday: Int, Sendable, Hashable, CaseIterable {
  case monday = 1
  case tuesday, wednesday, thursday, friday, saturday, sunday

  /// Its English name in lower case, as the protocol writes it: "thursday".
  public var name: String { String(describing: self) }

  /// A day from its English name or its first three letters, in any case: "Thursday", "thu". Refused with a
  /// validation error naming `field` otherwise.
  public init(parsing text: String, field: String = "weekday") throws(GatherError) {
    let lowered = text.lowercased()
    guard lowered.count >= 3,
      let day = Self.allCases.first(where: { $0.name == lowered || $0.name.prefix(3) == lowered })
    else {
      throw .validation(field, "\"\(text)\" is not a day of the week; give monday to sunday, or mon to sun.")
    }
    self = day
  }

  /// The day of the week of a day counted from 1970-01-01 (a Thursday), negative before it.
  public init(dayNumber: Int64) {
    let weekday = ((dayNumber + 3) % 7 + 7) % 7 + 1
    self = Self(rawValue: Int(weekday))!
  }
}
