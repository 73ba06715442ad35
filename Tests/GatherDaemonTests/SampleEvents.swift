import Foundation
import GatherModel

@testable import GatherDaemon

/// Events of each topic, for tests of the parts that carry events without reading them.
enum SampleEvents {
  /// A published event numbered `seq` on `topic`.
  static func published(_ seq: Int64, _ topic: Topic) -> PublishedEvent {
    PublishedEvent(seq: seq, event: event(topic, n: seq))
  }

  /// A published goal numbered `seq`, scored by `scorerName`.
  static func goal(_ seq: Int64, scorerName: String) -> PublishedEvent {
    let goal = ScoreEvent(
      kind: .goal, team: .teamA, scorerID: 9, scorerName: scorerName, matchTimeMs: 0,
      score: try! Score(teamA: 1, teamB: 0), recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
    let moment = GatherMoment(id: 1, names: TeamNames(stored: "Team A", "Team B"), score: goal.score)
    return PublishedEvent(
      seq: seq, event: .score(ScoreChange(kind: .goal, score: goal.score, entry: goal, gather: moment)))
  }

  /// An event on `topic`; `n` tells it from its neighbours.
  static func event(_ topic: Topic, n: Int64 = 1) -> SessionEvent {
    let status = TimerStatus(try! MatchClock(), at: .zero, endsAt: nil)
    let moment = GatherMoment(
      id: n, names: TeamNames(stored: "Team A", "Team B"), score: try! Score(teamA: Int(n % 100), teamB: 0))
    switch topic {
    case .tick:
      return .tick(
        ClockTick(
          phase: .play, seconds: Int(n), remaining: .seconds(n), clockState: .running, endsAt: nil, period: 1,
          addedSeconds: 0))
    case .timer: return .timer(TimerChange(kind: .paused, status: status, gather: moment))
    case .score:
      let goal = ScoreEvent(
        kind: .correction, team: nil, scorerID: nil, scorerName: nil, matchTimeMs: 0,
        score: try! Score(teamA: Int(n), teamB: 0), recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
      return .score(ScoreChange(kind: .correction, score: goal.score, entry: goal, gather: moment))
    case .gather: return .gather(.cancelled(id: n))
    case .players: return .roster(.deleted(n))
    case .plan: return .roster(.deleted(n))
    case .vote:
      let summary = GatherSummary(
        id: n, startedAt: Date(timeIntervalSince1970: 1_800_000_000),
        endedAt: Date(timeIntervalSince1970: 1_800_000_600),
        score: .zero)
      let candidates = [
        ManOfTheMatchVote.Candidate(player: 1, name: "Ana", team: .teamA),
        ManOfTheMatchVote.Candidate(player: 2, name: "Bea", team: .teamB),
      ]
      let vote = ManOfTheMatchVote(
        gather: summary, candidates: candidates, closesAt: Date(timeIntervalSince1970: 1_800_086_400), code: "code")
      return .vote(VoteChange(.opened, VoteStatus(vote: vote, outcome: nil)))
    }
  }
}
