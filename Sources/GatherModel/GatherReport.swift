import struct FoundationEssentials.Date

/// A finished gather as a message to share with the group: the score with the sides' names, who scored and in
/// which minutes, the man of the match when known (or the vote while it is open), and the next open plan to sign up
/// for (``text`` words it).
public struct GatherReport: Sendable, Hashable {
  /// One scorer of one side, with the minutes of their goals in the order they were scored.
  public struct Scorer: Sendable, Hashable {
    /// The scorer's id, when the goal names one who is still on the roster.
    public var playerID: Player.ID?
    /// The scorer's name when they scored; nil for goals noted without a scorer.
    public var name: String?
    /// The side they scored for.
    public var team: Team
    /// The minute of each goal, "28'" or "45+2'".
    public var minutes: [MatchMinute]

    /// Creates a scorer.
    public init(playerID: Player.ID?, name: String?, team: Team, minutes: [MatchMinute]) {
      self.playerID = playerID
      self.name = name
      self.team = team
      self.minutes = minutes
    }
  }

  /// The next open plan, as the report invites to it.
  public struct NextPlan: Sendable, Hashable {
    /// The plan.
    public var plan: Plan
    /// Its sign-up link, when the page is served and the one asking may hand it out; nil otherwise.
    public var link: String?

    /// Creates an invitation to `plan`.
    public init(plan: Plan, link: String?) {
      self.plan = plan
      self.link = link
    }
  }

  /// The gather's man-of-the-match vote while it is open, as the report invites to it.
  public struct VoteInvitation: Sendable, Hashable {
    /// When the vote closes.
    public var closesAt: Date
    /// The server's offset from UTC then, in seconds, which the message tells the time in.
    public var utcOffset: Int
    /// The vote link, when the page is served and the one asking may hand it out; nil otherwise.
    public var link: String?

    /// Creates an invitation to vote until `closesAt`.
    public init(closesAt: Date, utcOffset: Int, link: String?) {
      self.closesAt = closesAt
      self.utcOffset = utcOffset
      self.link = link
    }
  }

  /// The gather as history keeps it.
  public var record: GatherRecord
  /// The man of the match (several on a shared vote) once the gather's vote closed, none when nobody voted; nil
  /// while it is open or for a gather without one.
  public var manOfTheMatch: [GatherRecord.Member]?
  /// The vote while it is open.
  public var vote: VoteInvitation?
  /// The next open plan, if any.
  public var next: NextPlan?

  /// The report of `record`, with its man of the match when known (or its vote while open) and the next plan if
  /// any.
  public init(
    record: GatherRecord, manOfTheMatch: [GatherRecord.Member]? = nil, vote: VoteInvitation? = nil,
    next: NextPlan? = nil
  ) {
    self.record = record
    self.manOfTheMatch = manOfTheMatch
    self.vote = vote
    self.next = next
  }

  /// Who scored for each side, each scorer once with all their minutes, in the order of their first goal;
  /// corrections of the score name no scorer and are left out.
  public var scorers: [Scorer] {
    var scorers: [Scorer] = []
    for goal in record.log where goal.kind == .goal {
      guard let team = goal.team else { continue }
      let same = { (scorer: Scorer) in
        scorer.team == team
          && (goal.scorerID.map { $0 == scorer.playerID } ?? (scorer.playerID == nil && scorer.name == goal.scorerName))
      }
      if let index = scorers.firstIndex(where: same) {
        scorers[index].minutes.append(goal.minute)
      } else {
        scorers.append(Scorer(playerID: goal.scorerID, name: goal.scorerName, team: team, minutes: [goal.minute]))
      }
    }
    return scorers
  }
}
