import Foundation
import GatherModel

/// A roster of six friends, ids 1 to 6, and helpers to start gathers with them.
enum Fixtures {
  static let names = ["Ana", "Bruno", "Carla", "Dani", "Eli", "Fede"]
  static let kickOff = Date(timeIntervalSince1970: 1_800_000_000)

  static func roster() throws -> [Player] {
    try names.enumerated().map { index, name in
      Player(id: Int64(index + 1), details: try PlayerDetails(name: name))
    }
  }

  /// Ana and Bruno in Team A, Carla and Dani in Team B, Eli on the bench; Fede stays out.
  static func gatherInPlay() throws -> FootballGather {
    var gather = FootballGather(roster: try roster())
    let lineup = try gather.lineupForNewGather(teamA: [1, 2], teamB: [3, 4], bench: [5])
    try gather.begin(ActiveGather(id: 1, startedAt: kickOff, lineup: lineup, clock: try MatchClock()))
    return gather
  }
}
