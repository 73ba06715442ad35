import FoundationEssentials
import GatherModel
import GatherRPC
import GatherStore
import Glibc

/// stats.*: player stats over ended gathers.
enum StatsController {
  static let orders = PlayerStats.Order.allCases.map(\.rawValue)

  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .query("stats.players") { params, _ in
        let since = try date(&params, "since")
        let until = try date(&params, "until")
        if let since, let until, until <= since {
          throw RPCError.invalidParams(
            field: "until", "Parameter \"until\" must come after \"since\": the range holds no gather.")
        }
        let minGathers = try params.optionalInt("minGathers", in: 0...1_000_000) ?? 1
        let order = try params.optionalChoice("order", orders, PlayerStats.Order.init(rawValue:)) ?? .rating
        try params.finish()
        let stats = try session.playerStats(
          period: .init(since: since, until: until), minGathers: Int(minGathers), order: order)
        return .object(["order": .string(order.rawValue), "players": .array(stats.map(\.json))])
      },
      .query("stats.player") { params, _ in
        let id = try params.int("id")
        try params.finish()
        return try session.playerReport(id).json
      },
    ]
  }

  /// An optional time, as "2026-11-01" or "2026-11-01T18:30:00Z".
  static func date(_ params: inout Params, _ field: String) throws(RPCError) -> Date? {
    guard let text = try params.optionalString(field) else { return nil }
    do throws(ISO8601.Problem) {
      return try ISO8601.date(text)
    } catch {
      throw error.invalidParams(field, expecting: "a UTC date such as 2026-11-01 or 2026-11-01T18:30:00Z")
    }
  }
}
