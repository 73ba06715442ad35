import GatherModel

/// The gather a score or clock event is about, as it stood when the event happened: its id, the sides' names
/// and the score. Later turns (a rename, the gather ended) do not change it.
public struct GatherMoment: Sendable, Equatable {
  /// The gather's id.
  public var id: Int64
  /// The sides' names.
  public var names: TeamNames
  /// The score.
  public var score: Score

  /// Gather `id`, its sides named `names`, at `score`.
  public init(id: Int64, names: TeamNames, score: Score) {
    self.id = id
    self.names = names
    self.score = score
  }

  /// The moment of `gather` as it now is.
  public init(_ gather: ActiveGather) {
    self.init(id: gather.id, names: gather.names, score: gather.score)
  }
}
