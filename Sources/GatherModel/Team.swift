/// Where a player of a gather stands: one of the two sides, or the bench.
public enum Team: String, Sendable, Hashable, Codable, CaseIterable {
  case teamA, teamB, bench

  /// The title people read: "Team A", "Team B" or "Bench".
  public var title: String {
    switch self {
    case .teamA: "Team A"
    case .teamB: "Team B"
    case .bench: "Bench"
    }
  }

  /// Whether the team plays and can score; the bench cannot.
  public var isPlaying: Bool { self != .bench }
}

/// Who won an ended gather.
public enum Winner: String, Sendable, Hashable, Codable, CaseIterable {
  case teamA, teamB, none
}
