import GatherRPC

/// How gatherctl shows the daemon's results to people: aligned tables, mm:ss, "Team A 2-1 Team B". Every string
/// from the daemon is shown through `Printable`, so a name's control characters print as escapes.
enum Render {
  /// Rows as columns padded to their widest cell, under a header.
  static func table(_ header: [String], _ rows: [[String]]) -> String {
    columns([header] + rows).joined(separator: "\n")
  }

  /// Rows of the same number of cells as lines, each column padded to its widest cell.
  static func columns(_ all: [[String]]) -> [String] {
    let widths = (all.first ?? []).indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ")
    }
  }

  /// A JSON value as a cell: a string as it prints safely, a number, "yes" or "no"; "-" for null or nothing.
  static func text(_ value: JSONValue?) -> String {
    switch value {
    case .string(let text)?: Printable.text(text)
    case .int(let number)?: String(number)
    case .double(let number)?: String(number)
    case .bool(let flag)?: flag ? "yes" : "no"
    default: "-"
    }
  }

  /// A JSON string as it prints safely (`Printable`); nil when the value is not a string.
  static func string(_ value: JSONValue?) -> String? {
    value?.stringValue.map(Printable.text)
  }

  /// A JSON number with `places` decimals, "27.6", "-3.0"; "-" when it is not a number.
  static func decimal(_ value: JSONValue?, places: Int = 1) -> String {
    guard let number = number(value) else { return "-" }
    return decimal(number, places: places)
  }

  /// A JSON number as a Double, or nil.
  static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .double(let fraction)?: fraction
    case .int(let whole)?: Double(whole)
    default: nil
    }
  }

  /// `number` with `places` decimals.
  static func decimal(_ number: Double, places: Int) -> String {
    guard number.isFinite else { return "-" }
    guard abs(number) < 1e12 else { return String(number) }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(number) * scale).rounded()
    let whole = Int64(scaled / scale)
    let fraction = String(Int64(scaled) - whole * Int64(scale))
    let sign = number < 0 && scaled > 0 ? "-" : ""
    guard places > 0 else { return sign + String(whole) }
    return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
  }

  /// A team argument as the daemon names it: a or b (or bench, when allowed).
  static func team(_ text: String, allowBench: Bool) -> String? {
    let teams = ["a": "teamA", "teama": "teamA", "b": "teamB", "teamb": "teamB"]
    let key = text.lowercased()
    return allowBench && key == "bench" ? "bench" : teams[key]
  }

  /// "1 player", "3 players".
  static func count(_ value: JSONValue?, _ noun: String) -> String {
    let number = value?.intValue ?? 0
    return "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// The clock as a status bar shows it, in the words the board and MQTT use: "07:32"; in added time
  /// "00:00 +1:30"; in the break its name (`breakName`) and time left, "HT 00:53" at half time and "Break 00:53"
  /// between other periods, and the name alone on the tick that ends the period; "FT" at full time.
  static func clock(_ timer: JSONValue?) -> String {
    switch timer?["state"]?.stringValue {
    case "finished": "FT"
    case "break":
      timer?["remaining"] == .int(0)
        ? text(timer?["breakName"]) : "\(text(timer?["breakName"])) \(text(timer?["display"]))"
    default: text(timer?["display"]) + (string(timer?["added"]).map { " " + $0 } ?? "")
    }
  }

  /// "07:32 left, running"; with periods and added time, "00:00 +1:30 left, running, 2nd half"; in the break,
  /// "HT 00:53 left, break after the 1st half" ("Break 00:53 left, break after the 1st quarter"); at full time,
  /// "FT, full time".
  static func timer(_ timer: JSONValue?) -> String {
    let periodName = string(timer?["periodName"])
    switch timer?["state"]?.stringValue {
    case "finished": return "FT, full time"
    case "break":
      // On the tick that ends the period the clock reads the break's name alone, with no time left to show.
      let clock = clock(timer)
      let left = clock == text(timer?["breakName"]) ? clock : clock + " left"
      return left + ", break" + (periodName.map { " after the " + $0 } ?? "")
    default: return "\(clock(timer)) left, \(text(timer?["state"]))" + (periodName.map { ", " + $0 } ?? "")
    }
  }

  /// The score and the clock of a match under way, "Bibs 2-1 Colours, 07:32 left, running"; at full time the
  /// result first, "FT · Bibs 3-3 Colours", as the board shows it.
  static func match(score: JSONValue?, names: JSONValue?, timer: JSONValue?) -> String {
    let line = Render.score(score, names: names)
    guard let timer, timer != .null else { return line }
    return timer["state"] == "finished" ? "FT · \(line)" : "\(line), \(Render.timer(timer))"
  }

  /// Whole seconds as "mm:ss", as the daemon writes `display`.
  static func minutesAndSeconds(_ seconds: Int64) -> String {
    (seconds / 60 < 10 ? "0" : "") + "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
  }

  static func uptime(_ seconds: JSONValue?) -> String {
    var total = 0
    switch seconds {
    case .int(let whole)?: total = Int(whole)
    case .double(let fraction)?: total = Int(fraction)
    default: break
    }
    return total < 3600 ? "\(total / 60)m \(total % 60)s" : "\(total / 3600)h \(total % 3600 / 60)m"
  }

  /// The columns of a players table; REGULAR says who is marked regular (regulars may join plans first).
  static let playerHeader = ["ID", "NAME", "AGE", "POSITION", "SKILL", "FAVOURITE TEAM", "REGULAR"]

  /// A player as a row under ``playerHeader``.
  static func playerRow(_ player: JSONValue) -> [String] {
    [
      text(player["id"]), text(player["name"]), text(player["age"]),
      player["position"].flatMap { $0 == .null ? nil : "\(text($0)) (\(text(player["positionAcronym"])))" } ?? "-",
      text(player["skill"]), text(player["favouriteTeam"]), text(player["regular"]),
    ]
  }
}
