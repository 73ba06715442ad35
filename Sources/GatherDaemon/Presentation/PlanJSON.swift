import GatherModel
import GatherRPC

/// The JSON shapes of plans and answers (issue 24), as the protocol documents them. A plan's sign-up code is
/// never in them: only `plan.link` gives it, inside the link.
extension Plan {
  /// `{id, status, startsAt, startsAtLocal, capacity, place, note, going, waiting, notGoing, placesLeft, gather,
  /// createdAt}`; `roster` gives the current names of the players still on it.
  func json(roster: [Player.ID: Player]) -> JSONValue {
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
      "createdAt": .string(ISO8601.string(createdAt)),
    ])
  }
}

extension SignUp {
  /// `{id, name, at, guest}`: who answered and when (joined, or said no).
  func json(roster: [Player.ID: Player]) -> JSONValue {
    .object([
      "id": .int(player), "name": .string(roster[player]?.name ?? name), "at": .string(ISO8601.string(at)),
      "guest": .bool(guest),
    ])
  }
}

/// `{id, name}` of a roster player.
func memberJSON(_ id: Player.ID, roster: [Player.ID: Player]) -> JSONValue {
  .object(["id": .int(id), "name": .string(roster[id]?.name ?? "player \(id)")])
}

extension PlanChange {
  /// The reply to `plan.join` and `plan.leave`: `{plan, player, answer, changed, promoted}`.
  func json(plan: Plan, roster: [Player.ID: Player]) -> JSONValue {
    .object([
      "plan": plan.json(roster: roster),
      "player": memberJSON(player, roster: roster),
      "answer": .string(answer.rawValue),
      "changed": .bool(changed),
      "promoted": .array(promoted.map { memberJSON($0, roster: roster) }),
    ])
  }
}
