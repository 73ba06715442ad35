import GatherModel
import GatherRPC

/// `gather.report`'s answer: the ready message and what it is made of.
extension GatherReport {
  /// `{"gather", "text", "endedAt", "names", "score", "winner", "scoreLine", "scorers", "manOfTheMatch", "vote",
  /// "next"}`: `scorers` lists each side's scorers with the minutes of their goals, `manOfTheMatch` the winners once
  /// the gather's vote closed (null while it is open, or without one), `vote` the open vote (null otherwise), and
  /// `next` the soonest open plan (null without one); the links (sign-up, vote) only when the page is served and
  /// the caller is a controller.
  var json: JSONValue {
    let best: JSONValue = manOfTheMatch.map { members in .array(members.map(Self.memberJSON)) } ?? .null
    return .object([
      "gather": .int(record.id), "text": .string(text), "endedAt": .string(ISO8601.string(record.endedAt)),
      "names": record.names.json, "score": record.score.json, "winner": .string(record.winner.rawValue),
      "scoreLine": .string(scoreLine),
      "scorers": .object(["teamA": scorersJSON(.teamA), "teamB": scorersJSON(.teamB)]),
      "manOfTheMatch": best, "vote": vote.map(Self.voteJSON) ?? .null, "next": next.map(Self.nextJSON) ?? .null,
    ])
  }

  /// One side's scorers: `[{"id", "name", "minutes": ["12'", "30'"]}]`.
  private func scorersJSON(_ team: Team) -> JSONValue {
    .array(
      scorers.filter { $0.team == team }.map { scorer in
        let id: JSONValue = scorer.playerID.map { .int($0) } ?? .null
        let name: JSONValue = scorer.name.map { .string($0) } ?? .null
        return .object(["id": id, "name": name, "minutes": .array(scorer.minutes.map { .string($0.description) })])
      })
  }

  /// `{"id", "name"}` of a player of the gather (id null once deleted).
  private static func memberJSON(_ member: GatherRecord.Member) -> JSONValue {
    .object(["id": member.playerID.map { .int($0) } ?? .null, "name": .string(member.name)])
  }

  /// `{"closesAt", "closesAtLocal", "link"}`: when the open vote closes, in UTC and on the server's clock, and its
  /// link for a controller.
  private static func voteJSON(_ vote: VoteInvitation) -> JSONValue {
    .object([
      "closesAt": .string(ISO8601.string(vote.closesAt)),
      "closesAtLocal": .string(ISO8601.zonedString(vote.closesAt, utcOffset: vote.utcOffset)),
      "link": vote.link.map { .string($0) } ?? .null,
    ])
  }

  /// `{"plan", "startsAt", "startsAtLocal", "place", "placesLeft", "link"}`.
  private static func nextJSON(_ next: NextPlan) -> JSONValue {
    let details = next.plan.details
    let place: JSONValue = details.place.map { .string($0) } ?? .null
    let link: JSONValue = next.link.map { .string($0) } ?? .null
    return .object([
      "plan": .int(next.plan.id), "startsAt": .string(ISO8601.string(details.startsAt)),
      "startsAtLocal": .string(ISO8601.zonedString(details.startsAt, utcOffset: details.utcOffset)),
      "place": place, "placesLeft": .int(Int64(next.plan.placesLeft)), "link": link,
    ])
  }
}
