import GatherAPI
import GatherRPC
import Testing

@testable import gatherctl

/// Replies read as their method's type: what fits, and the clear error for what does not (a gatherd of another
/// version), which names the method and the member.
@Suite struct ReplyTests {
  /// The error `reply.value()` throws, or nil when it reads.
  func problem<Result>(_ reply: Reply<Result>) -> CtlError? {
    do {
      _ = try reply.value()
      return nil
    } catch {
      return error
    }
  }

  func json(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  static let timer = """
    {"state":"running","duration":600,"remaining":452,"remainingMs":451200,"display":"07:32",
     "endsAt":"2026-11-28T10:15:03.120Z","period":1,"periods":2,"periodName":"1st half","breakLength":300,
     "addedSeconds":0,"added":null,"breakName":null}
    """

  @Test func aReplyReadsAsItsMethodsType() throws {
    let timer = try Reply(method: .timerStatus, json: try json(Self.timer)).value()
    #expect(timer.state == .running)
    #expect(timer.display == "07:32")
    #expect(timer.periodName == "1st half")
    #expect(Render.timer(timer) == "07:32 left, running, 1st half")
  }

  @Test func noGatherIsNilNotAnError() throws {
    #expect(try Reply(method: .gatherCurrent, json: .null).value() == nil)
  }

  @Test func aMissingMemberIsNamedWithTheMethod() throws {
    let error = try #require(problem(Reply(method: .playersDelete, json: try json(#"{"removed": 3}"#))))
    #expect(error.exitStatus == 1)
    #expect(error.description.hasPrefix("gatherd answered players.delete in a form this gatherctl ("))
    #expect(error.description.contains(#""deleted" is missing"#))
    #expect(error.description.hasSuffix("Is gatherd another version? --json prints its answer as it is."))
  }

  @Test func aMemberOfAnotherTypeIsNamedByItsPath() throws {
    let players =
      #"{"players": [{"id": 1, "name": "Ana", "age": null, "position": null, "#
      + #""positionAcronym": null, "skill": null, "favouriteTeam": null, "regular": "no"}]}"#
    let error = try #require(problem(Reply(method: .playersList, json: try json(players))))
    #expect(error.description.contains(#""players[0].regular" is not true or false"#))
  }

  @Test func aWordThisGatherctlDoesNotKnowIsAnErrorNotAGuess() throws {
    let halftime = Self.timer.replacing(#""running""#, with: #""halftime""#)
    let error = try #require(problem(Reply(method: .timerStatus, json: try json(halftime))))
    #expect(error.description.contains("timer.status"))
    #expect(error.description.contains(#""state""#))
  }

  @Test func aSuggestedPlayersStrengthIsARatingOrSkillPoints() throws {
    let rating = #"{"mu": 25.0, "sigma": 8.333, "ordinal": 0.001, "display": 50, "settling": true, "gathers": 0}"#
    let byRating = try decoded(API.SuggestedPlayer.Strength.self, rating)
    #expect(byRating == .rating(try decoded(API.Rating.self, rating)))
    #expect(try decoded(API.SuggestedPlayer.Strength.self, "230") == .points(230))
  }

  @Test func anOpenVoteAndAClosedOneReadAsTheirStanding() throws {
    let open = #"{"status": "open", "closesAt": "2026-11-29T12:00:00.000Z", "voted": 1, "eligible": 6}"#
    #expect(
      try decoded(API.VoteStanding.self, open)
        == .open(closesAt: "2026-11-29T12:00:00.000Z", voted: 1, eligible: 6))
    let closed =
      #"{"status": "closed", "players": [{"id": 2, "name": "Bruno", "team": "teamB"}], "votes": 3, "#
      + #""voters": 5, "eligible": 6, "closedAt": "2026-11-29T12:00:00.000Z"}"#
    let standing = try decoded(API.VoteStanding.self, closed)
    #expect(standing.state == .closed)
    guard case .closed(let outcome) = standing else { return }
    #expect(outcome.players.map(\.team) == [.teamB])
  }
}
