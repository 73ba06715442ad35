import FoundationEssentials
import GatherModel
import GatherRPC
import Testing

@testable import GatherDaemon

/// The pushes a plan's events make, as a phone in each language shows them: the reminder counts who is going and
/// the places left in the right plural, and says so when none is left; the teams name a side nobody named in the
/// phone's language.
@Suite(.timeLimit(.minutes(1))) struct PushMessagesTests {
  let fixture: SessionFixture
  let texts = PushTexts()

  init() async throws { fixture = try await SessionFixture() }

  /// An open plan on Friday 22 January 2027 at 19:00 at "Astro 2", with Ana and Bruno going, as it is now.
  func planWithBoth(capacity: Int) async throws -> PlanSnapshot {
    let start = try ISO8601.zonedDate(PlansPartTests.nextWeek)
    let plan = try await fixture.perform {
      try $0.createPlan(
        startsAt: start.date, utcOffset: start.utcOffset, capacity: capacity, place: "Astro 2", note: nil)
    }.plan.id
    for player: Int64 in [1, 2] { _ = try await fixture.perform { try $0.joinPlan(plan, player: player) } }
    return try fixture.session.reader.plan(plan)
  }

  /// The title and body of the reminder the first player gets, in `language`.
  func reminder(_ plan: PlanSnapshot, in language: String) throws -> (title: String, body: String) {
    let event = SessionEvent.plan(PlanEvent(.reminder, plan, before: .seconds(3600)))
    let pushes = PushMessages.messages(for: event, web: nil)
    #expect(pushes.map(\.player) == [1, 2], "a reminder to each who signed up")
    return try #require(pushes.first).words(texts, language)
  }

  @Test func theReminderCountsThePlayersAndThePlacesInEachLanguagesPlural() async throws {
    let oneLeft = try await planWithBoth(capacity: 3)
    #expect(try reminder(oneLeft, in: "en") == ("Football: Friday 19:00, Astro 2", "2 going, 1 place left."))
    #expect(try reminder(oneLeft, in: "fr") == ("Foot : vendredi 19:00, Astro 2", "2 inscrits, 1 place libre."))
    #expect(try reminder(oneLeft, in: "de").body == "2 kommen, noch 1 Platz frei.")
    #expect(try reminder(oneLeft, in: "pt-BR").body == "2 confirmados, resta 1 vaga.")
    _ = try await fixture.perform { try $0.leavePlan(oneLeft.plan.id, player: 2) }
    let alone = try fixture.session.reader.plan(oneLeft.plan.id)
    let event = SessionEvent.plan(PlanEvent(.reminder, alone, before: .seconds(3600)))
    let push = try #require(PushMessages.messages(for: event, web: nil).first)
    #expect(push.words(texts, "en").body == "1 going, 2 places left.")
    #expect(push.words(texts, "fr").body == "1 inscrit, 2 places libres.")
    #expect(push.words(texts, "it").body == "1 iscritto, 2 posti liberi.")
  }

  @Test func aFullPlansReminderSaysNoPlaceIsLeft() async throws {
    let full = try await planWithBoth(capacity: 2)
    #expect(try reminder(full, in: "en").body == "2 going, no places left.")
    #expect(try reminder(full, in: "es").body == "2 apuntados, no quedan plazas.")
    #expect(try reminder(full, in: "nl").body == "2 komen, geen plek meer vrij.")
  }

  @Test func theTeamsNameASideNobodyNamedInThePhonesLanguageAndANamedOneAsItIs() async throws {
    let plan = try await planWithBoth(capacity: 4).plan.id
    let started = try await fixture.perform {
      try $0.startGather(
        plan: plan, seconds: 300, periods: nil, breakSeconds: nil, names: (teamA: nil, teamB: "Bibs"), force: true)
    }
    let pushes = PushMessages.messages(for: .gather(.started(started)), web: nil)
    #expect(pushes.count == 2, "one to each who plays")
    let bodies = { (language: String) in Set(pushes.map { $0.words(self.texts, language).body }) }
    #expect(bodies("en") == ["You're playing for Team A.", "You're playing for Bibs."])
    #expect(bodies("pt-BR") == ["Você joga no Time A.", "Você joga no Bibs."])
    #expect(bodies("fr") == ["Ton équipe : Équipe A.", "Ton équipe : Bibs."])
  }

  @Test func aTiedManOfTheMatchNamesThePlayersAsTheirLanguageListsThem() throws {
    let names = ["Ana", "Bo", "Cy"]
    let candidates = names.enumerated().map { index, name in
      ManOfTheMatchVote.Candidate(player: Int64(index + 1), name: name, team: index == 0 ? .teamA : .teamB)
    }
    let ended = Date(timeIntervalSince1970: 1_800_000_600)
    let vote = ManOfTheMatchVote(
      gather: GatherSummary(id: 4, startedAt: ended.addingTimeInterval(-600), endedAt: ended, score: .zero),
      candidates: candidates, closesAt: ended.addingTimeInterval(86400), code: "code")
    let closed = { (winners: Int) in
      let outcome = ManOfTheMatch(
        gatherID: 4, winners: Array(candidates.prefix(winners)), votes: 2, voters: 2 * winners, eligible: 3,
        closedAt: ended.addingTimeInterval(86400))
      let change = VoteChange(.closed, VoteStatus(vote: vote, outcome: outcome))
      let pushes = PushMessages.messages(for: .vote(change), web: nil)
      #expect(pushes.map(\.player) == [1, 2, 3], "to each who played")
      return { (language: String) in pushes.first?.words(self.texts, language).body ?? "" }
    }
    #expect(closed(3)("en") == "A tie: Ana, Bo and Cy, with 2 votes each.")
    #expect(closed(2)("en") == "A tie: Ana and Bo, with 2 votes each.")
    #expect(closed(3)("de") == "Gleichstand: Ana, Bo und Cy, mit je 2 Stimmen.")
    #expect(closed(2)("fr") == "Ex æquo : Ana et Bo, avec 2 voix chacun.")
    #expect(closed(1)("en") == "Ana, with 2 votes.")
  }
}
