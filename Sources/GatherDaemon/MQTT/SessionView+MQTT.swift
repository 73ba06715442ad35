import GatherModel
import GatherRPC

extension SessionView {
  /// The match as the retained `state` message shows it: the gather as `gather.current` returns it, and the
  /// fields Home Assistant's entities read, flat: `teams`, `names` (what the sides are called), `score`,
  /// `scorers` (each side's goals, "Ana 12'"), `clock` (the clock's state), `running`, `period`, `periods`,
  /// `periodName`, `remaining` (seconds), `display` (``MQTTClockDisplay``: `21:52`, `HT 04:12`, `FT`), `added`
  /// and `endsAt`, `lastGoal` (the last goal as people read it, "Ana 12'") and `undoable` (whether the last change
  /// is a goal, which `score.undo` takes back). Without a gather, each is null (`running` and `undoable` false).
  /// `nextPlan` is the soonest open plan's figures (``MQTTEventMessages/planSummary(_:)``) with `goingNames` and
  /// `waitingNames` (in the order they joined), or null. `manOfTheMatch` is the outcome of the vote that
  /// closed last (``MQTTMatchEvents/manOfTheMatch(_:)`` with its `gather` and `closedAt`), or null: retained, so a
  /// vote that closed while gatherd or the broker was away still reaches Home Assistant. `seq` is the last event
  /// the state includes.
  func mqttState() -> JSONValue {
    let current = currentGather
    let timer = current?.timer
    var state: JSONObject = [
      "gather": current?.json ?? .null,
      "teams": current.map { $0.gather.teamsJSON(roster: $0.roster) } ?? .null,
      "names": current.map(\.gather.names.json) ?? .null,
      "score": current.map(\.gather.score.json) ?? .null,
      "scorers": current.map { Self.scorers($0.gather.log) } ?? .null,
      "clock": timer.map { .string($0.state.rawValue) } ?? .null,
      "running": .bool(timer?.state == .running),
      "period": timer.map { .int(Int64($0.period)) } ?? .null,
      "periods": timer.map { .int(Int64($0.periods)) } ?? .null,
      "periodName": timer.flatMap { MatchClock.periodName($0.period, of: $0.periods) }.map { .string($0) } ?? .null,
      "remaining": timer.map { .int(Int64($0.remainingSeconds)) } ?? .null,
      "endsAt": timer?.endsAt.map { .string(ISO8601.string($0)) } ?? .null,
    ]
    state["display"] = current.map { .string(MQTTClockDisplay.display($0.timer)) } ?? .null
    state["added"] = current.flatMap { MQTTClockDisplay.added($0.timer) }.map { .string($0) } ?? .null
    let lastGoal = current?.gather.log.last { $0.kind == .goal }
    state["lastGoal"] = lastGoal.map { .string(Self.reading($0)) } ?? .null
    state["undoable"] = .bool(current?.gather.log.last?.kind == .goal)
    state["nextPlan"] =
      self.state.openPlans.first.map { plan in
        var summary = MQTTEventMessages.planSummary(plan)
        let name = { (answer: SignUp) in JSONValue.string(self.state.roster[answer.player]?.name ?? answer.name) }
        summary["goingNames"] = .array(plan.going.map(name))
        summary["waitingNames"] = .array(plan.waiting.map(name))
        return .object(summary)
      } ?? .null
    state["manOfTheMatch"] =
      self.state.lastManOfTheMatch.map { outcome in
        var fields = MQTTMatchEvents.manOfTheMatch(outcome)
        fields["gather"] = .int(outcome.gatherID)
        fields["closedAt"] = .string(ISO8601.string(outcome.closedAt))
        return .object(fields)
      } ?? .null
    state["seq"] = .int(seq)
    return .object(state)
  }

  /// The live clock, retained on `<prefix>/clock`: `remaining` (whole seconds of the period left, 0 in the break
  /// after it) and `display` (``MQTTClockDisplay``), null without a gather.
  func mqttClock() -> JSONValue {
    let timer = currentGather?.timer
    return .object([
      "remaining": timer.map { .int(Int64(MQTTClockDisplay.remaining($0))) } ?? .null,
      "display": timer.map { .string(MQTTClockDisplay.display($0)) } ?? .null,
    ])
  }

  /// The roster's ratings as the page and gatherctl show them, highest first (then by name):
  /// `{"players": [{"id", "name", "rating", "settling", "gathers"}]}`, `rating` the 0–100 number and `settling`
  /// whether it has learned from fewer than five gathers.
  func mqttRatings() -> JSONValue {
    let rows = state.players.map { player in (player, state.shownRating(of: player.id)) }
      .sorted { a, b in a.1.value != b.1.value ? a.1.value > b.1.value : a.0.name < b.0.name }
    return .object([
      "players": .array(
        rows.map { player, shown in
          .object([
            "id": .int(player.id), "name": .string(player.name), "rating": .int(Int64(shown.value)),
            "settling": .bool(shown.isSettling), "gathers": .int(Int64(shown.gathers)),
          ])
        })
    ])
  }

  /// Each side's goals as people read them, oldest first: `{"teamA": ["Ana 12'", "38'"], "teamB": []}` (a
  /// goal nobody was named for shows its minute alone). Corrections are no goals.
  static func scorers(_ log: [ScoreEvent]) -> JSONValue {
    var sides: JSONObject = ["teamA": [], "teamB": []]
    for team in [Team.teamA, .teamB] {
      sides[team.rawValue] = .array(
        log.filter { $0.kind == .goal && $0.team == team }.map { .string(reading($0)) })
    }
    return .object(sides)
  }

  /// A goal as people read it: the scorer and the minute ("Ana 12'"), or the minute alone when nobody was named.
  static func reading(_ goal: ScoreEvent) -> String {
    goal.scorerName.map { "\($0) \(goal.minute)" } ?? goal.minute.description
  }
}
