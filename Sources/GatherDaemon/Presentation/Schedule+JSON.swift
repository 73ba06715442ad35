import GatherModel
import GatherRPC

/// The JSON shape of a weekly schedule, as the protocol documents it.
extension ScheduleSnapshot {
  /// `{id, weekday, time, utcOffset, zone, capacity, place, note, opensBefore, regularsFirst, reminders, fee,
  /// attendance, next, lastStart, createdAt, changedAt}`: durations in seconds; `utcOffset` null for the server's zone (then `zone`
  /// names it, when it has a name); `next` is the week it opens next, `{startsAt, startsAtLocal, opensAt,
  /// opensToAllAt}`.
  var json: JSONValue {
    let details = schedule.details
    let regulars: JSONValue =
      details.regulars.map { rule in
        .object([
          "headStart": .int(rule.headStart.inMilliseconds / 1000),
          "played": rule.played.map { .int(Int64($0)) } ?? .null,
          "ofLast": rule.ofLast.map { .int(Int64($0)) } ?? .null, "rule": .string(rule.text),
        ])
      } ?? .null
    return .object([
      "id": .int(schedule.id),
      "weekday": .string(details.weekday.name),
      "time": .string(details.time.description),
      "utcOffset": details.utcOffset.map { .string(ISO8601.offsetString($0)) } ?? .null,
      "zone": zoneName.map { .string($0) } ?? .null,
      "capacity": .int(Int64(details.capacity)),
      "place": details.place.map { .string($0) } ?? .null,
      "note": details.note.map { .string($0) } ?? .null,
      "opensBefore": .int(details.opensBefore.inMilliseconds / 1000),
      "regularsFirst": regulars,
      "reminders": details.reminders.map { .array($0.map { .int($0.inMilliseconds / 1000) }) } ?? .null,
      "fee": details.fee?.json(roster: roster) ?? .null,
      "attendance": .object([
        "offerPeriod": details.offerPeriod.map { .int($0.inMilliseconds / 1000) } ?? .null,
        "cutOff": .int((details.cutOff ?? OfferWindow.standardCutOff).inMilliseconds / 1000),
      ]),
      "next": .object([
        "startsAt": .string(ISO8601.string(next.date)),
        "startsAtLocal": .string(ISO8601.zonedString(next.date, utcOffset: next.utcOffset)),
        "opensAt": .string(ISO8601.string(nextOpensAt)),
        "opensToAllAt": nextOpensToAllAt.map { .string(ISO8601.string($0)) } ?? .null,
      ]),
      "lastStart": schedule.lastStart.map { .string(ISO8601.string($0)) } ?? .null,
      "createdAt": .string(ISO8601.string(schedule.createdAt)),
      "changedAt": .string(ISO8601.string(schedule.changedAt)),
    ])
  }
}

extension [ScheduleSnapshot] {
  /// `plan.schedules`' answer: `{schedules}`, by id.
  var json: JSONValue { .object(["schedules": .array(map(\.json))]) }
}
