import GatherRPC

// The words of the match on the wire, and their schemas: the sides, the bench, who won, and the clock's states.
extension API {
  /// One of the two playing sides.
  public enum Side: String, Decodable, Sendable, Equatable, CaseIterable {
    /// Team A.
    case teamA
    /// Team B.
    case teamB
  }

  /// A side or the bench.
  public enum Team: String, Decodable, Sendable, Equatable, CaseIterable {
    /// Team A.
    case teamA
    /// Team B.
    case teamB
    /// The bench.
    case bench
  }

  /// Who won an ended gather: a side, or `draw` (`none` on the wire) when the score was level.
  public enum Winner: String, Decodable, Sendable, Equatable {
    /// Team A won.
    case teamA
    /// Team B won.
    case teamB
    /// Nobody: a draw.
    case draw = "none"
  }

  /// stopped (before a period: the first, or the next once a period and its break are over), running, paused, break
  /// (the break between periods counts down), or finished (the last period reached 0).
  public enum TimerState: String, Decodable, Sendable, Equatable {
    /// Before a period: the first, or the next once a period and its break are over.
    case stopped
    /// Counting down.
    case running
    /// Paused by the referee.
    case paused
    /// The last period reached 0.
    case finished
    /// The break between periods counts down.
    case `break`
  }
}

extension APISchemas {
  /// The schema of ``API/Side``.
  public static let side: Schema = .choice(["teamA", "teamB"], "One of the two playing sides.")

  /// The schema of ``API/Team``.
  public static let team: Schema = .choice(["teamA", "teamB", "bench"], "A side or the bench.")

  /// The schema of ``API/Winner``.
  public static let winner: Schema = .choice(["teamA", "teamB", "none"])

  /// The schema of ``API/TimerState``.
  public static let timerState: Schema = .choice(
    ["stopped", "running", "paused", "finished", "break"],
    """
    stopped (before a period: the first, or the next once a period and its break are over), running, paused, \
    break (the break between periods counts down), or finished (the last period reached 0).
    """)
}
