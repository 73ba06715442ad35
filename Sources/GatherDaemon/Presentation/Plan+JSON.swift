import GatherModel
import GatherRPC

/// The JSON shapes of plans and answers, as the protocol documents them. A plan's sign-up code is never in
/// them: only `plan.link` gives it, inside the link.
extension Plan {
  /// `{id, status, startsAt, startsAtLocal, capacity, place, note, going, waiting, notGoing, placesLeft, gather,
  /// checkIn, createdAt, fee, schedule, regularsFirst, reminders, lastReminder, attendance}` (the last five:
  /// Plan+TermsJSON.swift, Plan+AttendanceJSON.swift); `roster` gives the current names of the players still on it, and `reminders` the
  /// reminders that apply to it (its own, else the daemon's; nil: only its own, or null).
  func json(roster: [Player.ID: Player], reminders: [Duration]? = nil) -> JSONValue {
    .object([
      "id": .int(id),
      "status": .string(status.rawValue),
      "startsAt": .string(ISO8601.string(details.startsAt)),
      "startsAtLocal": .string(ISO8601.zonedString(details.startsAt, utcOffset: details.utcOffset)),
      "capacity": .int(Int64(details.capacity)),
      "place": details.place.map { .string($0) } ?? .null,
      "note": details.note.map { .string($0) } ?? .null,
      "going": .array(going.map { $0.json(roster: roster) }),
      "waiting": .array(waiting.map { $0.json(roster: roster) }),
      "notGoing": .array(declined.map { $0.json(roster: roster) }),
      "placesLeft": .int(Int64(placesLeft)),
      "gather": gatherID.map { .int($0) } ?? .null,
      "checkIn": checkIn.map { $0.json(roster: roster) } ?? .null,
      "createdAt": .string(ISO8601.string(createdAt)),
      "fee": fee?.json(roster: roster) ?? .null,
      "schedule": terms.schedule.map { .int($0) } ?? .null,
      "regularsFirst": regularsFirstJSON,
      "reminders": reminderSecondsJSON(reminders),
      "lastReminder": lastReminderJSON(reminders),
      "attendance": attendanceJSON(roster: roster),
    ])
  }
}

extension CheckIn {
  /// `{at, present, noShows}`: who was there (`{id, name, guest, from}`, `from` being `going`, `waiting` or
  /// `walkIn`), in the order a gather started from the plan takes them, and the going players who were not
  /// (`{id, name, guest}`).
  func json(roster: [Player.ID: Player]) -> JSONValue {
    func entry(_ entry: Entry) -> JSONObject {
      [
        "id": .int(entry.player), "name": .string(roster[entry.player]?.name ?? entry.name),
        "guest": .bool(entry.guest),
      ]
    }
    return .object([
      "at": .string(ISO8601.string(at)),
      "present": .array(
        present.map { present in
          var object = entry(present)
          object["from"] = .string(present.presence.rawValue)
          return .object(object)
        }),
      "noShows": .array(noShows.map { .object(entry($0)) }),
    ])
  }
}

extension SignUp {
  /// `{id, name, at, guest, broughtBy}`: who answered and when (joined, or said no), and who brought a guest
  /// (`{id, name}`, or null when not known).
  func json(roster: [Player.ID: Player]) -> JSONValue {
    .object([
      "id": .int(player), "name": .string(roster[player]?.name ?? name), "at": .string(ISO8601.string(at)),
      "guest": .bool(guest), "broughtBy": broughtBy.map { memberJSON($0, roster: roster) } ?? .null,
    ])
  }
}

/// `{id, name}` of a roster player.
func memberJSON(_ id: Player.ID, roster: [Player.ID: Player]) -> JSONValue {
  .object(["id": .int(id), "name": .string(roster[id]?.name ?? "player \(id)")])
}

extension PlanSnapshot {
  /// The plan, its players named by the roster.
  var json: JSONValue { plan.json(roster: roster, reminders: reminders) }
}

extension PlanAnswer {
  /// The reply to `plan.join`, `plan.leave`, `plan.accept` and `plan.decline`: `{plan, player, answer, changed,
  /// promoted, offered, lateDropOut, fine}`.
  var json: JSONValue {
    .object([
      "plan": plan.json,
      "player": memberJSON(change.player, roster: plan.roster),
      "answer": .string(change.answer.rawValue),
      "changed": .bool(change.changed),
      "promoted": .array(change.promoted.map { memberJSON($0, roster: plan.roster) }),
      "offered": .array(change.offered.map { memberJSON($0, roster: plan.roster) }),
      "lateDropOut": .bool(lateDropOut), "fine": fine?.json ?? .null,
    ])
  }
}

extension [PlanSnapshot] {
  /// `plans.list`'s answer: `{plans}`, soonest first.
  var json: JSONValue { .object(["plans": .array(map(\.json))]) }
}
