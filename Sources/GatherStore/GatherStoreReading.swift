import FoundationEssentials
import GatherModel

/// What a reader may ask the database: the queries of ``GatherStore``, and none of its writes. The session hands a
/// query this face of the store (its `Reader`), so that a query cannot change anything.
public protocol GatherStoreReading: Sendable {
  /// The ended gathers, newest first.
  func gathers(limit: Int, before: Int64?) throws -> [GatherSummary]
  /// One ended gather with its lineup and goals.
  func gather(id: Int64) throws -> GatherRecord
  /// One page of history, optionally one player's.
  func page(limit: Int, before: Int64?, player: Player.ID?) throws -> HistoryPage
  /// Every roster player's stats over `period`.
  func playerStats(period: GatherStore.StatsPeriod, minGathers: Int, order: PlayerStats.Order) throws
    -> [PlayerStats]
  /// These players' stats over all ended gathers, by id.
  func playerStats(of ids: [Player.ID]) throws -> [Player.ID: PlayerStats]
  /// One player's stats, last results and best teammates.
  func playerReport(_ id: Player.ID) throws -> PlayerReport
  /// Any plan, open or not.
  func plan(_ id: Plan.ID) throws -> Plan?
  /// Why a plan is not open: not found, cancelled, started or expired.
  func planError(_ id: Plan.ID) throws -> GatherError
  /// The plans a calendar feed shows: the open ones, and those closed that start from `since` on.
  func calendarPlans(since: Date) throws -> [Plan]
  /// Where a gather's man-of-the-match vote stands, if it has one.
  func voteStanding(of id: Int64) throws -> ManOfTheMatchStanding?
  /// A gather's vote and its outcome once closed, if it has one.
  func vote(of id: Int64) throws -> (vote: ManOfTheMatchVote, outcome: ManOfTheMatch?)?
  /// The fee ledger's lines, oldest first: a player's, a gather's, or all.
  func feeEntries(player: Player.ID?, gather: Int64?) throws -> [FeeEntry]
  /// How many strikes each player had after `since` and up to `until`.
  func strikeCounts(since: Date, until: Date) throws -> [Player.ID: Int]
  /// How players are to pay, in the organiser's words; nil when unsaid.
  func howToPay() throws -> String?
}

extension GatherStore: GatherStoreReading {}
