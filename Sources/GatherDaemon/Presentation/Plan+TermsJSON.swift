import GatherModel
import GatherRPC

/// A plan's terms as the protocol shows them: regulars first, and its reminders.
extension Plan {
  /// `{opensToAllAt, opensToAllAtLocal, rule, played, ofLast}` while regulars have (or had) the plan first: when it
  /// opens to everyone, in UTC and on the start's wall clock, and who counts as a regular, in words and figures;
  /// null when anyone may join from the start.
  var regularsFirstJSON: JSONValue {
    guard let rule = terms.regulars, let opensToAllAt = terms.opensToAllAt else { return .null }
    return .object([
      "opensToAllAt": .string(ISO8601.string(opensToAllAt)),
      "opensToAllAtLocal": .string(ISO8601.zonedString(opensToAllAt, utcOffset: details.utcOffset)),
      "rule": .string(rule.text),
      "played": rule.played.map { .int(Int64($0)) } ?? .null,
      "ofLast": rule.ofLast.map { .int(Int64($0)) } ?? .null,
    ])
  }

  /// `{before, at}`: the last reminder that went out, in seconds before the start and when; null before the first.
  /// `before` is the reminder's own (of `reminders`, those that apply), which counts on the wall clock: across a
  /// clock change it is an hour more or less in real time.
  func lastReminderJSON(_ reminders: [Duration]?) -> JSONValue {
    guard let moment = terms.remindedUntil, moment < details.startsAt else { return .null }
    var before = Int64(details.startsAt.timeIntervalSince(moment).rounded())
    let nominal = (reminders ?? terms.reminders ?? []).map { $0.components.seconds }
    if let own = nominal.min(by: { abs($0 - before) < abs($1 - before) }), abs(own - before) <= 3600 { before = own }
    return .object(["before": .int(before), "at": .string(ISO8601.string(moment))])
  }

  /// The reminders that apply to the plan (`applying`, else its own), in seconds before the start, earliest
  /// first; null only when neither is known.
  func reminderSecondsJSON(_ applying: [Duration]?) -> JSONValue {
    (applying ?? terms.reminders).map { .array($0.map { .int($0.inMilliseconds / 1000) }) } ?? .null
  }
}
