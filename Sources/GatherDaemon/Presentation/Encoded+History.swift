import GatherAPI
import GatherModel
import GatherRPC

/// What gathers.*, gather.report, stats.*, gather.suggest and gather.predict answer.
extension Encoded where Value == API.GatherRecord {
  /// An ended gather, with where its vote stands.
  init(_ ended: EndedGather) { self.init(ended.json) }
}

extension Encoded where Value == API.HistoryPage {
  /// `{gathers, next}`: one page of history.
  init(_ page: HistoryPage) { self.init(page.json) }
}

extension Encoded where Value == API.GatherReport {
  /// The result to share.
  init(_ report: GatherReport) { self.init(report.json) }
}

extension Encoded where Value == API.StatsTable {
  /// `{order, players}`: every player's stats, in `order`.
  init(_ stats: [PlayerStats], order: PlayerStats.Order) {
    self.init(.object(["order": .string(order.rawValue), "players": .array(stats.map(\.json))]))
  }
}

extension Encoded where Value == API.PlayerReport {
  /// One player's stats, last results and best teammates.
  init(_ report: PlayerReport) { self.init(report.json) }
}

extension Encoded where Value == API.Suggestion {
  /// Two fair sides, and the alternatives.
  init(_ teams: SuggestedTeams) { self.init(teams.json) }
}

extension Encoded where Value == API.SplitPrediction {
  /// How a split chosen by hand is predicted to go, from the ratings in `state`.
  init(prediction state: FootballGather, teamA: [Player.ID], teamB: [Player.ID]) throws(GatherError) {
    self.init(try state.predictionJSON(teamA: teamA, teamB: teamB))
  }
}
