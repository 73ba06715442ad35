import Foundation
import GatherModel
import Testing

/// The man-of-the-match vote: those who played vote once each for someone else who played, until it closes; the
/// most-voted win, all of them on a tie.
@Suite struct ManOfTheMatchVoteTests {
  static let ended = Fixtures.kickOff.addingTimeInterval(600)
  static let closes = ended.addingTimeInterval(3600)

  /// Ana and Bruno in Team A, Carla and Dani in Team B, Eli on the bench; Fede stays out.
  static func vote() throws -> ManOfTheMatchVote {
    var state = try Fixtures.gatherInPlay()
    let record = try state.requireActive().result(endedAt: ended) { [state] in state.name(of: $0) }
    state.closeActive()
    return try #require(ManOfTheMatchVote.opening(record, closesAt: closes, code: "vote-code"))
  }

  @Test func thoseWhoPlayedVoteAndMayBeVotedForTheBenchDoesNot() throws {
    let vote = try Self.vote()
    #expect(vote.candidates.map(\.name) == ["Ana", "Bruno", "Carla", "Dani"])
    #expect(vote.candidates.map(\.team) == [.teamA, .teamA, .teamB, .teamB])
    #expect(vote.waiting.count == 4 && vote.voted.isEmpty)
  }

  @Test func eachVotesOnceForSomeoneElseWhoPlayedBeforeTheClose() throws {
    var vote = try Self.vote()
    try vote.cast(by: 1, for: 3, at: Self.ended)
    #expect(vote.voted == [1])
    #expect(vote.waiting.map(\.name) == ["Bruno", "Carla", "Dani"])
    #expect(throws: GatherError.validation("voter", "")) { try vote.cast(by: 1, for: 4, at: Self.ended) }
    #expect(throws: GatherError.validation("player", "")) { try vote.cast(by: 2, for: 2, at: Self.ended) }
    #expect(throws: GatherError.validation("player", "")) { try vote.cast(by: 2, for: 5, at: Self.ended) }
    #expect(throws: GatherError.validation("player", "")) { try vote.cast(by: 2, for: 6, at: Self.ended) }
    #expect(throws: GatherError.validation("voter", "")) { try vote.cast(by: 5, for: 1, at: Self.ended) }
    #expect(throws: GatherError.validation("gather", "")) { try vote.cast(by: 2, for: 1, at: Self.closes) }
    #expect(vote.voted == [1], "nothing refused was recorded")
  }

  @Test func theMostVotedWinAndATieIsShared() throws {
    let vote = try Self.vote()
    let closedAt = Self.closes
    let alone = ManOfTheMatch.counting([3: 2, 1: 1], voters: 3, of: vote, closedAt: closedAt)
    #expect(alone.winners.map(\.name) == ["Carla"] && alone.votes == 2 && alone.voters == 3 && alone.eligible == 4)
    let shared = ManOfTheMatch.counting([4: 2, 1: 2], voters: 4, of: vote, closedAt: closedAt)
    #expect(shared.winners.map(\.name) == ["Ana", "Dani"] && shared.votes == 2)
    let nobody = ManOfTheMatch.counting([:], voters: 0, of: vote, closedAt: closedAt)
    #expect(nobody.winners.isEmpty && nobody.votes == 0)
  }

  @Test func aGatherOfOnePlayerASideStillHasAVoteButNotOfOne() throws {
    let record = GatherRecord(
      id: 2, startedAt: Self.ended, endedAt: Self.ended, score: .zero,
      members: [.init(playerID: 1, name: "Ana", team: .teamA), .init(playerID: nil, name: "Gone", team: .teamB)],
      log: [])
    #expect(ManOfTheMatchVote.opening(record, closesAt: Self.closes, code: "c") == nil)
  }
}
