/// Everyone's rating as a pure function of their priors and the history: each ended gather, in the order the
/// gathers ended, updates the ratings of the players on Team A and Team B (the bench is not rated).
///
/// The store keeps the book's numbers; replaying the whole history from the priors (``replay(_:priors:)``) gives
/// the same numbers again, which is how a changed declared skill (a new prior) reaches every later rating.
public struct RatingBook: Sendable {
  /// Someone who played in an ended gather.
  public enum Participant: Sendable, Hashable {
    /// A player, on the roster or deleted since (history keeps a deleted player's id and declared skill).
    case player(Player.ID)
    /// A history row that keeps no id of its deleted player, so it cannot be told who else they were: the
    /// row's own id, rated from the default prior, as a guest who played once.
    case guest(Int64)
  }

  /// One ended gather as the ratings see it.
  public struct Match: Sendable, Hashable {
    /// Team A's players.
    public var teamA: [Participant]
    /// Team B's players.
    public var teamB: [Participant]
    /// Who won, or `.none` for a draw.
    public var winner: Winner

    /// A match between these sides.
    public init(teamA: [Participant], teamB: [Participant], winner: Winner) {
      self.teamA = teamA
      self.teamB = teamB
      self.winner = winner
    }
  }

  /// Each participant's prior; those not listed start from ``Rating/prior(for:)`` of an unknown skill.
  public let priors: [Participant: Rating]
  /// The ratings learned so far, of those who have played.
  public private(set) var learned: [Participant: Rating] = [:]
  /// The model that learns.
  public let model: PlackettLuce

  /// A book in which nobody has played yet.
  public init(priors: [Participant: Rating], model: PlackettLuce = .standard) {
    self.priors = priors
    self.model = model
  }

  /// The participant's rating now: learned, or their prior.
  public func rating(of participant: Participant) -> Rating {
    learned[participant] ?? priors[participant] ?? .prior(for: nil)
  }

  /// Rates a match and returns both sides' new ratings, in the order of the match's lists.
  @discardableResult
  public mutating func record(_ match: Match) -> (teamA: [Rating], teamB: [Rating]) {
    let updated = model.rate(
      teamA: match.teamA.map(rating(of:)), teamB: match.teamB.map(rating(of:)), winner: match.winner)
    for (participant, rating) in zip(match.teamA, updated.teamA) { learned[participant] = rating }
    for (participant, rating) in zip(match.teamB, updated.teamB) { learned[participant] = rating }
    return updated
  }

  /// The book after `matches` in order, and both sides' ratings after each match.
  public static func replay(_ matches: [Match], priors: [Participant: Rating], model: PlackettLuce = .standard)
    -> (book: RatingBook, after: [(teamA: [Rating], teamB: [Rating])])
  {
    var book = RatingBook(priors: priors, model: model)
    var after: [(teamA: [Rating], teamB: [Rating])] = []
    after.reserveCapacity(matches.count)
    for match in matches { after.append(book.record(match)) }
    return (book, after)
  }
}
