import ArgumentParser
import GatherAPI
import GatherRPC

/// When a plan starts, as gatherctl takes it: a date or a day and a time of day, in the server's own time zone
/// (`2026-12-03 19:00`, `2026-12-03T19:00`, `thu 19:00`, `next thursday 19:00`, `tomorrow 7pm`, or a time alone,
/// the next time the clock reads it), or ISO 8601 with its zone (`2026-12-03T19:00+01:00`), sent as it is.
/// Days count from the server's today (`daemon.time`); `thu` is the soonest Thursday whose time is still to come,
/// `next thu` the first Thursday after today. The offset is the server's on that day (`daemon.time {at}`), so
/// summer time is right. Messages name the command line's argument, not the protocol's `startsAt`.
struct PlanStart {
  /// The words as typed, joined by spaces.
  let typed: String
  /// How the command line calls it in messages: `<when>` or `--starts-at`.
  let argument: String

  /// Takes the words of `argument`.
  init(_ words: [String], argument: String) {
    typed = words.joined(separator: " ")
    self.argument = argument
  }

  /// Checks the words before anything is sent: a usage error that names the argument.
  func validate() throws { _ = try reading() }

  /// The `startsAt` to send, worked out on `connection`, and how it reads ("Thu 2026-12-03 19:00 +00:00").
  func startsAt(on connection: Connection) throws -> String {
    let reading = try reading()
    let day: CivilDate
    if case .date(let date) = reading.day {
      day = date
    } else {
      let now = try connection.call(.daemonTime).local
      guard let today = CivilDate(iso: now.prefix(10)) else {
        throw CtlError.declined("gatherd sent no time of its own (daemon.time); write the date, 2026-12-03 19:00.")
      }
      let clock = now.dropFirst(11).prefix(8).split(separator: ":").compactMap { Int($0) }
      let nowSeconds = clock.count == 3 ? clock[0] * 3600 + clock[1] * 60 + clock[2] : 0
      day = reading.day.resolved(today: today, laterToday: reading.time.seconds > nowSeconds)
    }
    let wall = "\(day.iso)T\(reading.time.text)"
    if let zone = reading.zone { return wall + zone }
    do {
      guard let at = try connection.call(.daemonTime, ["at": .string(wall)]).at else {
        throw CtlError.declined("gatherd did not place \(wall) in its time zone (daemon.time).")
      }
      return at
    } catch let error as CtlError {
      throw explained(error, resolved: nil)
    }
  }

  /// A refusal of the start (`startsAt`, or `daemon.time`'s `at`) in the command line's words: the argument as
  /// typed, what it came to when that differs, and gatherd's reason without the protocol's name for it.
  func explained(_ error: CtlError, resolved: String?) -> CtlError {
    guard case .refused(var reply) = error, reply.field == "startsAt" || reply.field == "at" else { return error }
    var why = reply.message
    let prefix = "Parameter \"\(reply.field)\""
    if why.hasPrefix(prefix + ": ") {
      why.removeFirst(prefix.count + 2)
    } else if why.hasPrefix(prefix) {
      why = "it is not a time; " + Self.forms + "."
    }
    let shown = resolved.map(PlanRender.start)
    let came = shown.map { $0 == typed ? "" : " (\($0))" } ?? ""
    reply.message = "\(argument) \"\(Printable.text(typed))\"\(came): \(why)"
    return .refused(reply)
  }

  /// The ways to write a start, for messages.
  static let forms =
    "write it as 2026-12-03 19:00, thu 19:00, next thursday 19:00 or tomorrow 19:00 (the server's local time), "
    + "or with its time zone, 2026-12-03T19:00+01:00"

  /// The words read: a day, a time of day, and the zone written with it, if any.
  private func reading() throws -> PlanStartWords {
    do {
      return try PlanStartWords(typed)
    } catch {
      let what = error.word ? ": \(error.message)" : " \(error.message)."
      throw ValidationError("\(argument) \"\(Printable.text(typed))\"\(what) \(Self.forms.capitalisedFirst).")
    }
  }
}

extension String {
  /// The text with its first letter in capitals.
  fileprivate var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
