/// The model fuzz target's checks: what must hold after every command the driver runs (FuzzModel.swift).

import struct FoundationEssentials.Date

extension ModelDriver {
  /// Ticks count down and the match finishes at most once per announcement.
  func checkEvents(_ events: [MatchClock.Event]) {
    var last = Int.max
    var finished = 0
    for event in events {
      switch event {
      case .tick(let seconds):
        if seconds < 0 || seconds >= last { modelFailure("ticks out of order: \(events)") }
        last = seconds
      case .breakTick(let seconds): if seconds < 0 { modelFailure("a negative break tick") }
      case .finished: finished += 1
      case .periodEnded, .breakEnded: last = Int.max
      }
    }
    if finished > 1 { modelFailure("the clock finished twice at once") }
  }

  /// The invariants.
  func check() {
    // Text the rule keeps is text it takes back unchanged: NFC, trimmed, within its limits.
    let follows = { (rule: TypedText, text: String) in
      (try? rule.required(text, field: ""))?.utf8.elementsEqual(text.utf8) == true
    }
    for player in gather.roster.values where !follows(.playerName, player.name) {
      modelFailure("a roster name breaks the rule for typed text: \(player.name.debugDescription)")
    }
    guard let active = gather.active else { return }
    let lineup = active.lineup
    if Set(lineup.players).count != lineup.players.count { modelFailure("a player twice in the lineup") }
    if lineup.players(in: .teamA).isEmpty || lineup.players(in: .teamB).isEmpty { modelFailure("an empty side") }
    for id in lineup.players where gather.roster[id] == nil { modelFailure("a lineup player not on the roster") }

    let scores = [active.score] + active.log.map(\.score)
    for score in scores where !(0...99).contains(score.teamA) || !(0...99).contains(score.teamB) {
      modelFailure("a score out of 0-99: \(score.text)")
    }
    if active.score != (active.log.last?.score ?? .zero) { modelFailure("the score is not the log's last") }
    var previous = Score.zero
    for event in active.log {
      if event.kind == .goal {
        guard let team = event.team, team.isPlaying, event.score[team] == previous[team] + 1,
          event.score[team == .teamA ? .teamB : .teamA] == previous[team == .teamA ? .teamB : .teamA]
        else { modelFailure("a goal in the log does not add one to its side") }
      }
      if event.matchTimeMs < 0 { modelFailure("a log entry at a negative match time") }
      if event.minute.minute < 1 || (event.minute.addedMinute ?? 1) < 1 { modelFailure("a minute below 1'") }
      if !(1...event.periods).contains(event.period) { modelFailure("a log entry in period \(event.period)") }
      previous = event.score
    }

    let names = active.names
    for name in [names.teamA, names.teamB] where !follows(.teamName, name) {
      modelFailure("a team name breaks the rule for typed text: \(name.debugDescription)")
    }
    if TypedText.lookAlike(names.teamA, names.teamB) { modelFailure("both teams are called \(names.teamA)") }

    let clock = active.clock
    if clock.remaining(at: now) < .zero || clock.elapsed(at: now) < .zero { modelFailure("a negative clock") }
    if clock.displaySeconds(at: now) < 0 || (clock.addedRemainingSeconds(at: now) ?? 0) < 0 {
      modelFailure("a negative display")
    }
    if !MatchClock.periodRange.contains(clock.periods) || !(1...clock.periods).contains(clock.period) {
      modelFailure("period \(clock.period) of \(clock.periods)")
    }
    if !(Duration.seconds(1)...Duration.seconds(5999)).contains(clock.duration) || clock.added < .zero
      || !(Duration.zero...Duration.seconds(1800)).contains(clock.breakLength) || clock.announcedSecond < 0
    {
      modelFailure("a clock setting out of range")
    }
    var probe = clock
    checkEvents(probe.advance(to: now))
    if !probe.advance(to: now).isEmpty { modelFailure("announcing the same moment twice announced more") }
    if probe.remaining(at: now) < .zero || probe.elapsed(at: now) < .zero { modelFailure("a negative clock") }

    let snapshot = probe.snapshot(at: now, wallNow: wallNow)
    let restored = MatchClock(restoring: snapshot, at: now, wallNow: wallNow)
    let remaining = probe.remaining(at: now)
    if remaining > .milliseconds(10) || !(probe.state == .running || probe.state == .halfTimeBreak) {
      if restored.state != probe.state || restored.period != probe.period {
        modelFailure("a saved clock came back \(restored.state) \(restored.period), not \(probe.state) \(probe.period)")
      }
    }
    if restored.remaining(at: now) < .zero || restored.elapsed(at: now) < .zero { modelFailure("a restored clock < 0") }
  }
}
