/// Where a player prefers to play.
public enum Position: String, Sendable, Hashable, Codable, CaseIterable {
  case goalkeeper, defender, midfielder, winger, striker

  /// The short form used on team sheets: GK, DEF, MID, W or ST.
  public var acronym: String {
    switch self {
    case .goalkeeper: "GK"
    case .defender: "DEF"
    case .midfielder: "MID"
    case .winger: "W"
    case .striker: "ST"
    }
  }

  /// Reads a position from its name or acronym, in any letter case.
  public init?(parsing text: String) {
    let key = text.trimmingWhitespace().lowercased()
    guard let match = Self.allCases.first(where: { $0.rawValue == key || $0.acronym.lowercased() == key })
    else { return nil }
    self = match
  }
}

/// How well a player plays.
public enum Skill: String, Sendable, Hashable, Codable, CaseIterable {
  case beginner, amateur, professional

  /// Reads a skill from its name, in any letter case.
  public init?(parsing text: String) {
    self.init(rawValue: text.trimmingWhitespace().lowercased())
  }
}

extension String {
  /// The string without leading and trailing white space.
  func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
