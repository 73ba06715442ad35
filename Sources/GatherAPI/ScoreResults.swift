import GatherRPC

// What the score methods answer, and the schemas of their results.
extension API {
  /// What score.goal answers.
  public struct ScoreChange: Decodable, Sendable, Equatable {
    /// The score.
    public let score: API.Score
    /// The goal.
    public let goal: API.Goal
  }

  /// What score.undo answers.
  public struct ScoreUndone: Decodable, Sendable, Equatable {
    /// The score.
    public let score: API.Score
    /// The undone.
    public let undone: API.Goal
  }

  /// What score.get answers.
  public struct ScoreSheet: Decodable, Sendable, Equatable {
    /// The score.
    public let score: API.Score
    /// The goals.
    public let goals: [API.Goal]
  }

}

extension APISchemas {
  /// The schema of ``API/ScoreChange``.
  public static let scoreChange: Schema = .object(
    [
      "score": .required(.ref("Score")),
      "goal": .required(.ref("Goal")),
    ])

  /// The schema of ``API/ScoreUndone``.
  public static let scoreUndone: Schema = .object(
    [
      "score": .required(.ref("Score")),
      "undone": .required(.ref("Goal")),
    ])

  /// The schema of ``API/ScoreSheet``.
  public static let scoreSheet: Schema = .object(
    [
      "score": .required(.ref("Score")),
      "goals": .required(.array(of: .ref("Goal"))),
    ])

}
