import GatherRPC

/// What gatherctl checks before it does to plans what people seldom mean: a second plan at the very time of an
/// open one, and a gather started from a plan long before the plan's start. Each is refused (exit 1, nothing
/// changed) with what it found, unless `--force` says it is meant.
enum PlanGuards {
  /// How long before its start a plan may become a gather without `--force`.
  static let earlyStart = 12 * 3600

  /// Refuses a start that another open plan has, unless `force`; `except` is the plan being moved.
  static func checkNoTwin(
    startsAt: String, except: Int64? = nil, force: Bool, changing: String, on connection: Connection
  ) throws(CtlError) {
    guard !force, let start = seconds(startsAt) else { return }
    let plans = try connection.call("plans.list")["plans"]?.arrayValue ?? []
    let twin = plans.first { plan in
      plan["id"]?.intValue != except && seconds(plan["startsAt"]?.stringValue ?? "") == start
    }
    guard let twin else { return }
    let place = Render.string(twin["place"]).map { ", \($0)" } ?? ""
    throw .declined(
      "Plan \(Render.text(twin["id"])) starts then too (\(PlanRender.start(twin["startsAtLocal"]))\(place)); "
        + "nothing was \(changing). To have two plans at the same time, add --force.")
  }

  /// Refuses to start `plan` as a gather more than `earlyStart` before its start by the server's clock, unless
  /// `force`.
  static func checkStartingSoon(plan: JSONValue, force: Bool, on connection: Connection) throws(CtlError) {
    guard !force, let start = seconds(plan["startsAt"]?.stringValue ?? "") else { return }
    guard let now = seconds(try connection.call("daemon.time")["now"]?.stringValue ?? "") else { return }
    let ahead = start - now
    guard ahead > earlyStart else { return }
    let hours = (ahead + 1799) / 3600
    let wait =
      hours < 48
      ? "\(hours) hours"
      : "\(hours / 24) days" + (hours % 24 == 0 ? "" : " and \(Render.count(.int(Int64(hours % 24)), "hour"))")
    throw .declined(
      "Plan \(Render.text(plan["id"])) starts \(PlanRender.start(plan["startsAtLocal"])), in about \(wait); "
        + "a gather from it now would close its sign-ups early, and nothing was started. "
        + "To start it now anyway, add --force.")
  }

  /// The seconds since 1970 of an ISO 8601 time with its zone, as gatherd writes them ("2026-12-03T18:00:00.000Z",
  /// "2026-12-03T19:00:00+01:00"); nil for anything else.
  static func seconds(_ iso: String) -> Int? {
    guard iso.count >= 17, let date = CivilDate(iso: iso.prefix(10)), iso.dropFirst(10).first == "T" else {
      return nil
    }
    // HH:MM, then :SS and a fraction if any, then the zone.
    let time = iso.dropFirst(11)
    let clockText = time.prefix { $0.isNumber || $0 == ":" || $0 == "." }
    let clock = clockText.split(separator: ":").map { Int($0.prefix { $0.isNumber }) }
    guard (2...3).contains(clock.count), let hour = clock[0], let minute = clock[1] else { return nil }
    let second = clock.count == 3 ? clock[2] ?? 0 : 0
    let zone = time.dropFirst(clockText.count)
    var offset = 0
    if zone.first == "+" || zone.first == "-" {
      let digits = zone.dropFirst().filter(\.isNumber)
      guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)) else {
        return nil
      }
      offset = (hours * 3600 + minutes * 60) * (zone.first == "-" ? -1 : 1)
    } else if zone.uppercased() != "Z" {
      return nil
    }
    return date.days * 86400 + hour * 3600 + minute * 60 + second - offset
  }
}
