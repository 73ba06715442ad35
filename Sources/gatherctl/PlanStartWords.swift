/// The words of a plan's start, read (``PlanStart``): a day (a date, `today`, `tomorrow`, a weekday, `next` and
/// a weekday, or none), a time of day (`19:00`, `7:30pm`, `19h30`, with seconds if need be) and the zone written
/// after it, if any (`Z`, `+01:00`). `at`, `on` and `this` may go between them; case does not matter.
struct PlanStartWords {
  /// Which day: one named outright, or one counted from the server's today.
  enum Day: Equatable {
    case date(CivilDate)
    case today
    case tomorrow
    /// A weekday (0 Sunday): the soonest whose time is still to come, or with `next` the first after today.
    case weekday(Int, next: Bool)
    /// No day: today if the time is still to come, else tomorrow.
    case soonest

    /// The day this names when today is `today` and the time of day is (`laterToday`) or is not still to come.
    func resolved(today: CivilDate, laterToday: Bool) -> CivilDate {
      switch self {
      case .date(let date): return date
      case .today: return today
      case .tomorrow: return today.adding(days: 1)
      case .soonest: return today.adding(days: laterToday ? 0 : 1)
      case .weekday(let weekday, let next):
        let ahead = (weekday - today.weekday + 7) % 7
        return today.adding(days: ahead == 0 && (next || !laterToday) ? 7 : ahead)
      }
    }
  }

  /// A time of day.
  struct TimeOfDay: Equatable {
    /// The seconds since midnight.
    var seconds: Int
    /// As ISO 8601 writes it: "19:00", or with the seconds typed, "19:00:30".
    var text: String
  }

  /// Why the words are not a start: what they do ("has no time of day"), or what is wrong with one of them
  /// (`word`: "\"thursdy\" is neither a day nor a time of day; did you mean thursday?").
  struct Problem: Error {
    var message: String
    var word = false
  }

  var day: Day
  var time: TimeOfDay
  /// The zone typed after the time ("Z", "+01:00"), if any: the start is then sent as written.
  var zone: String?

  /// Reads `text`; a `Problem` says what is wrong.
  init(_ text: String) throws(Problem) {
    var day: Day?
    var time: (TimeOfDay, String?)?
    var next = false
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)[...]
    while let word = words.popFirst() {
      let lower = word.lowercased()
      if ["at", "on", "this"].contains(lower) { continue }
      if lower == "next" {
        next = true
        continue
      }
      var timeWord: Substring? = Substring(word)
      var dayWord: Day?
      if let weekday = CivilDate.weekday(named: lower) {
        (dayWord, timeWord, next) = (.weekday(weekday, next: next), nil, false)
      } else if ["today", "tonight"].contains(lower) {
        (dayWord, timeWord) = (.today, nil)
      } else if lower == "tomorrow" {
        (dayWord, timeWord) = (.tomorrow, nil)
      } else if let date = CivilDate(iso: word.prefix(10)) {
        // 2026-12-03, or 2026-12-03T19:00 with its time (and zone).
        let rest = word.dropFirst(10)
        guard rest.isEmpty || rest.first == "T" || rest.first == "t" else { throw Self.unknown(word) }
        (dayWord, timeWord) = (.date(date), rest.isEmpty ? nil : rest.dropFirst())
      }
      if let dayWord {
        guard day == nil else { throw Problem(message: "names two days") }
        day = dayWord
      }
      guard var timeWord else { continue }
      if let meridiem = words.first?.lowercased(), ["am", "pm"].contains(meridiem) {
        timeWord += words.removeFirst()
      }
      guard let read = Self.time(timeWord) else { throw Self.unknown(word) }
      guard time == nil else { throw Problem(message: "names two times of day") }
      time = read
    }
    guard !next else { throw Problem(message: "has \"next\" with no weekday after it") }
    guard let time else { throw Problem(message: "has no time of day") }
    self.day = day ?? .soonest
    (self.time, zone) = time
  }

  /// "19:00", "7:30", "19:00:30", "7pm", "7:30pm", "19h", "19h30", each with a zone after it or not.
  private static func time(_ word: Substring) -> (TimeOfDay, String?)? {
    var core = word.lowercased()[...]
    var zone: String?
    if core.hasSuffix("z") {
      zone = "Z"
      core = core.dropLast()
    } else if let sign = core.firstIndex(where: { $0 == "+" || $0 == "-" }) {
      zone = String(core[sign...])
      core = core[..<sign]
    }
    var shift: Int?
    for (suffix, hours) in [("am", 0), ("pm", 12)] where core.hasSuffix(suffix) {
      shift = hours
      core = core.dropLast(2)
    }
    let usesH = core.contains("h")
    let parts = core.split(separator: usesH ? "h" : ":", omittingEmptySubsequences: false)
    guard let hourText = parts.first, (1...2).contains(hourText.count), let hour = Int(hourText), parts.count <= 3
    else { return nil }
    var minute = 0
    var secondsText: Substring?
    if parts.count > 1, !(usesH && parts[1].isEmpty) {
      guard parts[1].count == 2, let read = Int(parts[1]), (0...59).contains(read) else { return nil }
      minute = read
    }
    if parts.count == 3 {
      guard !usesH, parts[2].prefix(while: \.isNumber).count == 2 else { return nil }
      secondsText = parts[2]
    }
    // A bare number is a time only with am or pm ("7pm"); "7" alone could be anything.
    guard parts.count > 1 || shift != nil else { return nil }
    let second = secondsText.flatMap { Int($0.prefix(2)) } ?? 0
    var hours = hour
    if let shift {
      guard (1...12).contains(hour) else { return nil }
      hours = hour % 12 + shift
    }
    guard (0...23).contains(hours), (0...59).contains(second) else { return nil }
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
    let text = "\(two(hours)):\(two(minute))" + (secondsText.map { ":" + $0 } ?? "")
    return (TimeOfDay(seconds: hours * 3600 + minute * 60 + second, text: text), zone)
  }

  /// A word that is neither a day nor a time, with the day words it is closest to.
  private static func unknown(_ word: String) -> Problem {
    let days = CivilDate.weekdays.map { $0[0] } + ["today", "tomorrow", "next"]
    let close = Closest.names(to: word, among: days)
    let hint = close.isEmpty ? "." : "; did you mean \(Closest.alternatives(close))?"
    return Problem(message: "\"\(Printable.text(word))\" is neither a day nor a time of day\(hint)", word: true)
  }
}
