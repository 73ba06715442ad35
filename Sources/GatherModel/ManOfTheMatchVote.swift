import struct FoundationEssentials.Date

/// The man-of-the-match vote of an ended gather, while it is open: those who played (Team A and Team B, not the
/// bench) each vote once for someone else who played, until the vote closes.
///
/// It keeps who has voted, to refuse a second vote, and never what anyone chose: the choices are only counted, by
/// the store, apart from the voters, and read once, when the vote closes (``ManOfTheMatch``).
public struct ManOfTheMatchVote: Sendable, Hashable {
  /// One player who played: a voter, and someone to vote for.
  public struct Candidate: Sendable, Hashable {
    /// The player.
    public var player: Player.ID
    /// Their name when the gather ended.
    public var name: String
    /// The side they played on.
    public var team: Team

    /// A candidate.
    public init(player: Player.ID, name: String, team: Team) {
      self.player = player
      self.name = name
      self.team = team
    }
  }

  /// The gather voted on: its id, names and score.
  public let gather: GatherSummary
  /// Everyone who played, by name (ignoring case), then id.
  public let candidates: [Candidate]
  /// When the vote closes.
  public let closesAt: Date
  /// The code of the gather's vote link, which lets anyone holding it vote (as any of the players, once each).
  public let code: String
  /// Who has voted.
  public internal(set) var voted: Set<Player.ID>

  /// A vote as opened or as restored from the store.
  public init(
    gather: GatherSummary, candidates: [Candidate], closesAt: Date, code: String, voted: Set<Player.ID> = []
  ) {
    self.gather = gather
    self.candidates = candidates.sorted { ($0.name.lowercased(), $0.player) < ($1.name.lowercased(), $1.player) }
    self.closesAt = closesAt
    self.code = code
    self.voted = voted
  }

  /// The vote of a gather that has just ended, closing at `closesAt`, with its link's `code`: its candidates are the
  /// players on Team A and Team B who are still on the roster. Nil with fewer than two, who could vote for nobody.
  public static func opening(_ record: GatherRecord, closesAt: Date, code: String) -> ManOfTheMatchVote? {
    let candidates = record.members.compactMap { member -> Candidate? in
      guard member.team != .bench, let id = member.playerID else { return nil }
      return Candidate(player: id, name: member.name, team: member.team)
    }
    guard candidates.count >= 2 else { return nil }
    return ManOfTheMatchVote(gather: record.summary, candidates: candidates, closesAt: closesAt, code: code)
  }

  /// The candidate with this id, if they played.
  public func candidate(_ id: Player.ID) -> Candidate? { candidates.first { $0.player == id } }

  /// Those who may still vote.
  public var waiting: [Candidate] { candidates.filter { !voted.contains($0.player) } }

  /// Whether votes are still taken at `now`.
  public func isOpen(at now: Date) -> Bool { now < closesAt }

  /// `voter` votes for `choice` at `now`: checks the vote and records that `voter` has voted (the choice is the
  /// store's to count). Refused, naming the param: after the vote closed (`gather`), by someone who did not play or
  /// has voted already (`voter`), for themselves or for someone who did not play (`player`).
  public mutating func cast(by voter: Player.ID, for choice: Player.ID, at now: Date) throws(GatherError) {
    guard isOpen(at: now) else {
      throw .validation("gather", "The vote for the man of the match of gather \(gather.id) has closed.")
    }
    guard let who = candidate(voter) else {
      throw .validation("voter", "Player \(voter) did not play in gather \(gather.id), so they have no vote.")
    }
    guard !voted.contains(voter) else {
      throw .validation("voter", "\(who.name) has already voted for the man of the match of gather \(gather.id).")
    }
    guard choice != voter else {
      throw .validation("player", "\(who.name) cannot vote for themselves: pick someone else who played.")
    }
    guard candidate(choice) != nil else {
      throw .validation("player", "Player \(choice) did not play in gather \(gather.id): pick someone who did.")
    }
    voted.insert(voter)
  }
}
