import GatherAPI

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

  /// Text from the daemon as a cell, as it prints safely; "-" for none.
  static func text(_ text: String?) -> String { text.map(Printable.text) ?? "-" }

  /// A number as a cell; "-" for none.
  static func text(_ number: Int64?) -> String { number.map { String($0) } ?? "-" }

  /// A flag as a cell: "yes" or "no".
  static func text(_ flag: Bool) -> String { flag ? "yes" : "no" }

  /// Text from the daemon as it prints safely (`Printable`); nil for none.
  static func string(_ text: String?) -> String? { text.map(Printable.text) }

  /// `number` with `places` decimals, "27.6", "-3.0".
  static func decimal(_ number: Double, places: Int = 1) -> String {
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

  /// A side as the command line names it: a or b (Team A's or Team B's), ignoring case.
  static func sideArgument(_ text: String) -> API.Side? {
    switch text.lowercased() {
    case "a", "teama": .teamA
    case "b", "teamb": .teamB
    default: nil
    }
  }

  /// A team as the command line names it: a side (``sideArgument(_:)``) or bench.
  static func teamArgument(_ text: String) -> API.Team? {
    if text.lowercased() == "bench" { return .bench }
    return sideArgument(text).map { $0 == .teamA ? .teamA : .teamB }
  }

  /// "1 player", "3 players".
  static func count(_ number: Int64, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

  /// "1 player", "3 players".
  static func count(_ number: Int, _ noun: String) -> String { count(Int64(number), noun) }

  /// Whole seconds as "mm:ss", as the daemon writes `display`.
  static func minutesAndSeconds(_ seconds: Int64) -> String {
    (seconds / 60 < 10 ? "0" : "") + "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
  }

  /// How long gatherd has been up: "12m 5s", "3h 20m".
  static func uptime(_ seconds: Double) -> String {
    let total = seconds.isFinite ? Int(seconds) : 0
    return total < 3600 ? "\(total / 60)m \(total % 60)s" : "\(total / 3600)h \(total % 3600 / 60)m"
  }

  /// The columns of a players table; REGULAR says who is marked regular (regulars may join plans first).
  static let playerHeader = ["ID", "NAME", "AGE", "POSITION", "SKILL", "FAVOURITE TEAM", "REGULAR"]

  /// A player as a row under ``playerHeader``.
  static func playerRow(_ player: API.Player) -> [String] {
    [
      text(player.id), text(player.name), text(player.age),
      player.position.map { "\(text($0)) (\(text(player.positionAcronym)))" } ?? "-",
      text(player.skill), text(player.favouriteTeam), text(player.regular),
    ]
  }
}
