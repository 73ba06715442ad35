import Foundation
import GatherModel
import Testing

@testable import GatherStore

/// Man-of-the-match votes in a real database file: opened with the gather's end, each vote counted once, the
/// outcome filed when the vote closes, and nothing on disk that links a voter to their choice.
@Suite struct VoteStoreTests {
  static let ended = StoreFixture.kickOff.addingTimeInterval(600)
  static let closes = ended.addingTimeInterval(3600)

  /// Ana (1) and Bruno (2) against Carla (3) and Dani (4), Eli (5) on the bench: ended, with its vote open.
  static func endedWithVote(_ fixture: StoreFixture) throws -> ManOfTheMatchVote {
    let players = try fixture.createPlayers(["Ana", "Bruno", "Carla", "Dani", "Eli"])
    var state = try fixture.store.load(at: .zero, wallNow: StoreFixture.kickOff)
    let ids = players.map(\.id)
    try fixture.startGather(&state, teamA: [ids[0], ids[1]], teamB: [ids[2], ids[3]], bench: [ids[4]])
    let record = try state.requireActive().result(endedAt: ended) { [state] in state.name(of: $0) }
    let vote = try #require(ManOfTheMatchVote.opening(record, closesAt: closes, code: "vote-code"))
    try fixture.store.endGather(record, vote: vote)
    return vote
  }

  /// Votes in `order` (voter, choice) in a fresh database; returns each table's pages as they are in the file.
  static func pagesAfterVoting(_ order: [(Int64, Int64)]) throws -> [String: [UInt8]] {
    let fixture = try StoreFixture()
    let vote = try endedWithVote(fixture)
    for (voter, choice) in order { try fixture.store.castVote(gather: vote.gather.id, voter: voter, choice: choice) }
    // Every page in the file itself, whether a vote was cast or not.
    try fixture.store.database.writeWithoutTransaction { db in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    let pages = try fixture.store.database.read { db in
      try db.fetchAll("SELECT name, pageno FROM dbstat WHERE name IN ('motmVoter', 'motmTally')").map {
        (try $0["name"] as String, try $0["pageno"] as Int64)
      }
    }
    let file = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
    var byTable: [String: [UInt8]] = [:]
    for (name, page) in pages { byTable[name, default: []] += file[Int(page - 1) * 4096..<Int(page) * 4096] }
    return byTable
  }

  @Test func aVoteOpensWithItsGathersEndAndComesBackAfterARestart() throws {
    let fixture = try StoreFixture()
    let vote = try Self.endedWithVote(fixture)
    #expect(vote.candidates.map(\.name) == ["Ana", "Bruno", "Carla", "Dani"])
    try fixture.store.castVote(gather: vote.gather.id, voter: 1, choice: 3)
    let reopened = try GatherStore.open(path: try CrashRecoveryTests.crashImage(of: fixture))
    let state = try reopened.load(at: .zero, wallNow: Self.ended)
    let open = try #require(state.openVote(vote.gather.id))
    #expect(open.voted == [1] && open.closesAt == Self.closes && open.code == "vote-code")
    #expect(open.candidates == vote.candidates && open.gather == vote.gather)
    #expect(try reopened.voteStanding(of: vote.gather.id) == .open(closesAt: Self.closes, voted: 1, eligible: 4))
  }

  @Test func theStoreCountsEachVoteOnceAndRefusesTheRest() throws {
    let fixture = try StoreFixture()
    let gather = try Self.endedWithVote(fixture).gather.id
    try fixture.store.castVote(gather: gather, voter: 1, choice: 3)
    let refusals: [(Int64, Int64, String)] = [(1, 4, "voter"), (2, 2, "player"), (2, 5, "player"), (5, 1, "voter")]
    for (voter, choice, field) in refusals {
      #expect(throws: GatherError.validation(field, "")) {
        try fixture.store.castVote(gather: gather, voter: voter, choice: choice)
      }
    }
    #expect(try fixture.store.voteStanding(of: gather) == .open(closesAt: Self.closes, voted: 1, eligible: 4))
    let total: Int64? = try fixture.store.database.read { db in
      try db.fetchValue("SELECT SUM(votes) FROM motmTally WHERE gatherId = ?", [gather])
    }
    #expect(total == 1, "a refused vote counted nothing")
  }

  @Test func closingFilesTheWinnersOnceAndStatsCountThem() throws {
    let fixture = try StoreFixture()
    let vote = try Self.endedWithVote(fixture)
    for (voter, choice): (Int64, Int64) in [(1, 3), (2, 4), (3, 4), (4, 3)] {
      try fixture.store.castVote(gather: vote.gather.id, voter: voter, choice: choice)
    }
    let outcome = try fixture.store.closeVote(vote, at: Self.closes)
    #expect(outcome.winners.map(\.name) == ["Carla", "Dani"] && outcome.votes == 2 && outcome.voters == 4)
    #expect(try fixture.store.voteStanding(of: vote.gather.id) == .closed(outcome))
    #expect(throws: GatherError.validation("gather", "")) {
      try fixture.store.castVote(gather: vote.gather.id, voter: 1, choice: 4)
    }
    #expect(throws: StoreError.self) { try fixture.store.closeVote(vote, at: Self.closes) }
    let stats = Dictionary(uniqueKeysWithValues: try fixture.store.playerStats().map { ($0.name, $0.manOfTheMatch) })
    #expect(stats == ["Ana": 0, "Bruno": 0, "Carla": 1, "Dani": 1])
    let state = try fixture.store.load(at: .zero, wallNow: Self.closes)
    #expect(state.votes.isEmpty && state.closedVoteCodes == [vote.gather.id: "vote-code"])
    #expect(state.lastManOfTheMatch == outcome, "the last outcome, for what the state shows after a restart")
  }

  @Test func nothingOnDiskLinksAVoterToTheirChoice() throws {
    // Who voted and the counts are kept in tables without a rowid, a time or an order of their own.
    let fixture = try StoreFixture()
    _ = try Self.endedWithVote(fixture)
    let columns = try fixture.store.database.read { db in
      try ["motmVoter", "motmTally"].map { table in
        try db.fetchAll("SELECT name FROM pragma_table_info(?)", [table]).map { try $0.first(as: String.self) }
      }
    }
    #expect(
      columns == [
        ["gatherId", "playerId", "voted"], ["gatherId", "playerId", "playerName", "team", "votes", "winner"],
      ])
    let schema: [String] = try fixture.store.database.read { db in
      try db.fetchAll("SELECT sql FROM sqlite_master WHERE name IN ('motmVoter', 'motmTally')").map { try $0.first() }
    }
    #expect(schema.allSatisfy { $0.hasSuffix("WITHOUT ROWID") })
    // The same votes cast in another order leave the very same bytes in the file: the pages hold no trace of the
    // order, so no voter can be matched with the count their vote moved.
    let one = try Self.pagesAfterVoting([(1, 3), (2, 3), (4, 1), (3, 2)])
    let other = try Self.pagesAfterVoting([(3, 2), (4, 1), (2, 3), (1, 3)])
    let none = try Self.pagesAfterVoting([])
    #expect(one["motmVoter"] != none["motmVoter"] && one["motmTally"] != none["motmTally"], "the votes are in the file")
    #expect(one["motmVoter"] == other["motmVoter"])
    #expect(one["motmTally"] == other["motmTally"])
  }

  @Test func aVoteAcknowledgedSurvivesAKillAndIsNeverCountedTwice() throws {
    let fixture = try StoreFixture()
    let gather = try Self.endedWithVote(fixture).gather.id
    try fixture.store.castVote(gather: gather, voter: 2, choice: 3)
    let image = try CrashRecoveryTests.crashImage(of: fixture)
    let restarted = try GatherStore.open(path: image)
    #expect(try restarted.load(at: .zero, wallNow: Self.ended).openVote(gather)?.voted == [2])
    // The voter, not knowing it was kept, votes again: refused, and the count stays one.
    #expect(throws: GatherError.validation("voter", "")) { try restarted.castVote(gather: gather, voter: 2, choice: 3) }
    let counts = try restarted.database.read { db in
      try db.fetchOne(
        "SELECT (SELECT SUM(votes) FROM motmTally WHERE gatherId = ?1) AS votes, (SELECT SUM(voted) FROM motmVoter WHERE gatherId = ?1) AS voters",
        [gather])
    }
    #expect(try counts?["votes"] as Int64? == 1 && counts?["voters"] as Int64? == 1)
  }
}
