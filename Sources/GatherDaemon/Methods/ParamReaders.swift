import FoundationEssentials
import GatherModel
import GatherRPC

/// Params that several methods read alike: a clock's duration and format, the sides' names, a side, a start with a
/// time zone, a date. Each names its field in a refusal; the model checks what the values mean.
enum ParamReaders {
  /// What `team` may say.
  static let teams = Team.allCases.map(\.rawValue)

  /// A duration given as `{seconds}` or `{minutes, seconds}`; nil when neither is given and it is not `required`.
  /// The model decides whether it is a valid match length (1 s to 99:59); the bounds here only keep the arithmetic
  /// from overflowing.
  static func duration(_ params: inout Params, required: Bool) throws(RPCError) -> Int? {
    let minutes = try params.optionalInt("minutes", in: 0...99)
    let seconds = try params.optionalInt("seconds", in: 0...5999)
    if minutes == nil, seconds == nil {
      if required {
        throw .invalidParams(
          field: "seconds", "Give the duration as {\"seconds\": 600} or {\"minutes\": 10, \"seconds\": 0}.")
      }
      return nil
    }
    if minutes != nil, let seconds, seconds > 59 {
      throw .invalidParams(field: "seconds", "With minutes, seconds must be from 0 to 59.")
    }
    return Int((minutes ?? 0) * 60 + (seconds ?? 0))
  }

  /// A match's format: `periods`, `periodLength` and `breakLength` (seconds), each optional.
  struct Format: Sendable {
    let periods: Int?
    let seconds: Int?
    let breakSeconds: Int?

    /// Whether no part was given.
    var isEmpty: Bool { periods == nil && seconds == nil && breakSeconds == nil }
  }

  /// Reads `periods`, `periodLength` and `breakLength`; the model checks the ranges. The bounds here only keep the
  /// arithmetic from overflowing.
  static func format(_ params: inout Params) throws(RPCError) -> Format {
    let periods = try params.optionalInt("periods", in: -1_000_000...1_000_000)
    let range = MatchClock.durationRange
    let seconds = try params.optionalInt("periodLength", in: Int64(range.lowerBound)...Int64(range.upperBound))
    let breakSeconds = try params.optionalInt("breakLength", in: -1_000_000...1_000_000)
    return Format(
      periods: periods.map(clampedInt), seconds: seconds.map(clampedInt), breakSeconds: breakSeconds.map(clampedInt))
  }

  /// The optional `names` param: an object with `teamA` and `teamB`, each an optional string. The model checks the
  /// names themselves (1 to 24 characters, different).
  static func names(_ params: inout Params) throws(RPCError) -> (teamA: String?, teamB: String?)? {
    guard let value = params.value("names"), value != .null else { return nil }
    guard let object = value.objectValue else {
      throw .invalidParams(
        field: "names",
        "Parameter \"names\" must be an object such as {\"teamA\": \"Bibs\", \"teamB\": \"Colours\"}, not \(value.typeName)."
      )
    }
    if let unknown = object.keys.first(where: { $0 != "teamA" && $0 != "teamB" }) {
      throw .invalidParams(field: "names", "Parameter \"names\" takes teamA and teamB, not \"\(unknown)\".")
    }
    func side(_ key: String) throws(RPCError) -> String? {
      guard let name = object[key], name != .null else { return nil }
      guard let text = name.stringValue else {
        throw .invalidParams(field: "names", "The name of \(key) in \"names\" must be a string, not \(name.typeName).")
      }
      return text
    }
    return (try side("teamA"), try side("teamB"))
  }

  /// A required list of ids for one side (the model refuses an empty one, naming the side).
  static func side(_ params: inout Params, _ field: String) throws(RPCError) -> [Player.ID] {
    guard let ids = try params.optionalIntArray(field) else {
      throw .invalidParams(field: field, "Parameter \"\(field)\" is required: the ids of one side.")
    }
    return ids
  }

  /// `startsAt` as sent: ISO 8601 with a time zone, a real date and time from 2000 to 2999.
  static func startsAt(_ text: String) throws(RPCError) -> (date: Date, utcOffset: Int) {
    do throws(ISO8601.Problem) {
      return try ISO8601.zonedDate(text)
    } catch {
      throw error.invalidParams(
        "startsAt", expecting: "a date and time with a time zone, such as 2026-12-03T19:00+01:00 or 2026-12-03T18:00Z")
    }
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

extension ParamReaders {
  /// The page's access, or `web_disabled` when gatherd serves no page.
  static func web(_ web: WebAccess?) throws(RPCError) -> WebAccess {
    guard let web else {
      throw .wrongState(reason: "web_disabled", "gatherd serves no web page: start it with --http ADDRESS.")
    }
    return web
  }

  /// The page's links, or `web_disabled` saying why there are none.
  static func pageLinks(_ web: WebAccess) throws(RPCError) -> PageLinks {
    switch web.pageLinks() {
    case .success(let links): return links
    case .failure(let error): throw .wrongState(reason: "web_disabled", error.description)
    }
  }
}
