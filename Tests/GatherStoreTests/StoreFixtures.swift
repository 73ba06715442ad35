import Foundation
import GatherModel
import GatherStore

/// Shared set-up for store tests: a real database file, a roster, and a gather in play.
struct StoreFixture {
  static let kickOff = Date(timeIntervalSince1970: 1_800_000_000)

  let directory: TemporaryDirectory
  let store: GatherStore
  var path: String { directory.path("gather.sqlite") }

  init() throws {
    directory = try TemporaryDirectory()
    store = try GatherStore.open(path: directory.path("gather.sqlite"))
  }

  /// Creates players named `names` and returns them in order.
  func createPlayers(_ names: [String]) throws -> [Player] {
    try names.map { try store.createPlayer(PlayerDetails(name: $0)) }
  }

  /// Starts a gather the way the daemon does: the model checks, the store saves, the model keeps.
  func startGather(
    _ state: inout FootballGather, teamA: [Player.ID], teamB: [Player.ID], bench: [Player.ID] = [],
    at wallNow: Date = kickOff, names: TeamNames = .standard
  ) throws {
    let lineup = try state.lineupForNewGather(teamA: teamA, teamB: teamB, bench: bench)
    let clock = try MatchClock()
    let id = try store.startGather(
      lineup: lineup, clock: clock.snapshot(at: .zero, wallNow: wallNow), startedAt: wallNow, names: names
    ) { [state] in state.name(of: $0) }
    try state.begin(ActiveGather(id: id, startedAt: wallNow, lineup: lineup, clock: clock, names: names))
  }

  /// Plays and ends a gather between `teamA` and `teamB` with the given goals, and returns its id.
  func playGather(
    teamA: [Player.ID], teamB: [Player.ID], goals: [Team], endedAt: Date
  ) throws -> Int64 {
    var state = try store.load(at: .zero, wallNow: endedAt)
    try startGather(&state, teamA: teamA, teamB: teamB, at: endedAt.addingTimeInterval(-600))
    for team in goals {
      try state.changeActive { gather in
        let goal = try gather.scoreGoal(for: team, at: .zero, wallNow: endedAt)
        try store.recordScoreEvent(goal, gatherID: gather.id)
      }
    }
    let active = try state.requireActive()
    try store.endGather(active.result(endedAt: endedAt) { [state] in state.name(of: $0) })
    return active.id
  }
}
