/// When two names would look the same to people: the same letters once case and invisible characters are set
/// aside, so that "ANA", "ana" and "Ana" with a zero-width space or a variation selector are one name.
extension TypedText {
  /// The form names are compared in: without default-ignorable code points (zero-width spaces and joiners,
  /// variation selectors, fillers, soft hyphens, …), then case-folded (upper case, then lower case, which folds
  /// "ß" to "ss" and "ς" to "σ" as Unicode's full case folding does). Strings compare by canonical equivalence,
  /// so the forms of two names equal in NFC are equal.
  public static func likeness(_ text: String) -> String {
    var visible = String.UnicodeScalarView()
    visible.append(contentsOf: text.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
    return String(visible).uppercased().lowercased()
  }

  /// Whether two names would look the same: equal once case-folded and rid of default-ignorable code points.
  public static func lookAlike(_ first: String, _ second: String) -> Bool {
    likeness(first) == likeness(second)
  }
}
