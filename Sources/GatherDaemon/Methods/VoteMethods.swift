import GatherAPI
import GatherModel
import GatherRPC

/// vote.cast and vote.status: the man-of-the-match vote of an ended gather, cast by its players through its vote
/// link or their plan's sign-up link.
enum VoteMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [voteCast, voteStatus]

  /// vote.cast: one of those who played votes for the man of the match: someone else who played.
  static let voteCast = MethodDefinition.turn(
    .voteCast, CastParams.self, access: .voteLink { $0.gather },
    doc: MethodDoc(
      summary: "One of those who played votes for the man of the match: someone else who played.",
      description: """
        The gather's vote is open from its end until --vote-closes says (the next day at 12:00 in the server's \
        time zone by default). Each player who played (Team A or Team B) votes once, for another who played. \
        Refused naming the param, with nothing changed: voting again or by someone who did not play (voter), for \
        oneself or for someone who did not play (player), after the vote closed (gather). Votes are anonymous to \
        everyone, the organiser included: gatherd keeps who voted apart from the counts, with nothing that links \
        them, and tells only who has voted and, once closed, the outcome. A vote event (cast) follows. A \
        controller may record a vote told to them; a web client holding the gather's vote code or its plan's \
        sign-up code (auth.token, or Authorization: Bearer on POST /rpc) votes in that gather's vote only \
        (another gather's: -32003 naming gather).
        """,
      result: ResultDoc("vote", schema: .ref("VoteStatus")),
      errors: [.forbidden, .gatherNotFound, .storageUnavailable, .invalidParams]
    )
  ) { params, turn, call in
    try Encoded(turn.castVote(gather: params.gather, voter: params.voter, choice: params.player))
  }

  /// vote.cast's params.
  struct CastParams: MethodParams {
    static let fields = [
      ParamDoc("gather", "The ended gather whose vote this is.", required: true, schema: .ref("Id")),
      ParamDoc(
        "voter",
        """
        Who votes: one of those who played (a shared link cannot tell, so the voter says).
        """, required: true, schema: .ref("Id")),
      ParamDoc("player", "Whom they vote for: someone else who played.", required: true, schema: .ref("Id")),
    ]
    let gather: Int64
    /// Who votes: a link is shared, so whoever holds it says who they are, as on the sign-up view.
    let voter: Player.ID
    /// Whom they vote for.
    let player: Player.ID

    init(_ params: inout Params) throws {
      gather = try params.int("gather")
      voter = try params.int("voter")
      player = try params.int("player")
    }
  }

  /// vote.status: a gather's man-of-the-match vote: open or closed, when it closes, who may still vote, and the outcome
  /// once closed.
  static let voteStatus = MethodDefinition.query(
    .voteStatus, StatusParams.self,
    doc: MethodDoc(
      summary: """
        A gather's man-of-the-match vote: open or closed, when it closes, who may still vote, and the outcome \
        once closed.
        """,
      description: """
        Never whom anyone chose: each player who played with whether they voted, the counts, and once closed the \
        winners (all of a tie) with their votes. A gather without a vote (it ended before gatherd kept them, or \
        is still played) is -32602 naming gather.
        """,
      result: ResultDoc("vote", schema: .ref("VoteStatus")),
      errors: [.gatherNotFound, .invalidParams]
    )
  ) { params, reader, call in
    try Encoded(reader.voteStatus(of: params.gather))
  }

  /// vote.status's params.
  struct StatusParams: MethodParams {
    static let fields = [
      ParamDoc("gather", "The gather's id.", required: true, schema: .ref("Id"))
    ]
    let gather: Int64

    init(_ params: inout Params) throws { gather = try params.int("gather") }
  }

}
