import GatherAPI
import Testing

@testable import gatherctl

/// What `gatherctl watch` shows as events arrive, from a gather at kick-off of a 2 x 10:00 match.
@Suite struct WatchStateTests {
  static let timer = """
    {"state":"running","duration":600,"remaining":1,"remainingMs":400,"display":"00:01","endsAt":null,
     "period":1,"periods":2,"periodName":"1st half","breakLength":300,"addedSeconds":0,"added":null,
     "breakName":null}
    """

  static let gather = """
    {"id":4,"startedAt":"2026-11-28T10:00:00.000Z","teams":{"teamA":[{"id":1,"name":"Ana","position":null}],
     "teamB":[{"id":2,"name":"Bruno","position":null}],"bench":[]},"score":{"teamA":1,"teamB":0,"text":"1-0"},
     "goals":[],"timer":\(timer),"prediction":{"winProbability":0.5,"drawProbability":0.2,
     "threeWay":{"teamA":0.4,"draw":0.2,"teamB":0.4},"percent":{"teamA":40,"draw":20,"teamB":40}},
     "names":{"teamA":"Bibs","teamB":"Colours"},"plan":null,"fee":null}
    """

  func event(_ text: String) throws -> API.Event { try decoded(API.Event.self, text) }

  func watching(followsTimer: Bool) throws -> WatchState {
    var state = WatchState()
    state.followsTimer = followsTimer
    state.load(snapshot: try decoded(API.Snapshot.self, #"{"gather":\#(Self.gather),"score":null,"timer":null}"#))
    return state
  }

  @Test func theSnapshotShowsTheClockAndTheScoreByTheSidesNames() throws {
    let state = try watching(followsTimer: true)
    #expect(state.line(.plain) == "00:01 · Bibs 1-0 Colours")
    #expect(state.stateClass == "running")
  }

  @Test func withoutTimerEventsTheLastTickOfAPeriodLeadsIntoTheBreak() throws {
    var state = try watching(followsTimer: false)
    state.apply(
      try event(
        #"{"jsonrpc":"2.0","method":"tick","params":{"subscription":1,"seq":9,"state":"break","remaining":0,"#
          + #""remainingMs":300000,"display":"00:00","endsAt":null,"period":1,"added":null,"breakName":"HT"}}"#))
    #expect(state.line(.plain) == "HT 05:00 · Bibs 1-0 Colours")
    #expect(state.stateClass == "break")
  }

  @Test func aGoalAndItsUndoComeAndGoFromTheTooltip() throws {
    var state = try watching(followsTimer: true)
    let goal = """
      {"kind":"goal","team":"teamA","player":{"id":1,"name":"Ana"},"matchTimeMs":420000,"matchTime":"07:00",
       "score":{"teamA":2,"teamB":0,"text":"2-0"},"at":"2026-11-28T10:07:00.000Z","period":1,
       "periodName":"1st half","when":"1st half, 07:00","minute":"8'"}
      """
    state.apply(
      try event(
        #"{"jsonrpc":"2.0","method":"score","params":{"subscription":1,"seq":10,"change":"goal","#
          + #""score":{"teamA":2,"teamB":0,"text":"2-0"},"goal":\#(goal)}}"#))
    #expect(state.tooltip.hasSuffix("8'  Bibs  Ana  (2-0)"))
    state.apply(
      try event(
        #"{"jsonrpc":"2.0","method":"score","params":{"subscription":1,"seq":11,"change":"undo","#
          + #""score":{"teamA":1,"teamB":0,"text":"1-0"},"goal":\#(goal)}}"#))
    #expect(state.line(.plain) == "00:01 · Bibs 1-0 Colours")
    #expect(!state.tooltip.contains("Ana"))
  }

  @Test func aCancelledGatherLeavesNoGather() throws {
    var state = try watching(followsTimer: true)
    state.apply(
      try event(
        #"{"jsonrpc":"2.0","method":"gather","params":{"subscription":1,"seq":12,"change":"cancelled","id":4,"#
          + #""gather":null}}"#))
    #expect(state.line(.plain) == "no gather")
    #expect(state.line(.json).contains(#""state":"idle""#))
  }
}
