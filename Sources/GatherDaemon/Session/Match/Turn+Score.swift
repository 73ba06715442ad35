import FoundationEssentials
import GatherModel
import Glibc

/// The live score and its goal log.
extension Turn {
  /// Scores a goal for `team`, optionally naming the scorer.
  mutating func goal(for team: Team, by scorerID: Player.ID?) throws -> ScoreChange {
    let scorer = try scorerID.map { id throws(GatherError) in try state.player(id) }
    return try recordScoreChange(.goal) { gather, at, wallNow in
      try gather.scoreGoal(for: team, by: scorer, at: at, wallNow: wallNow)
    }
  }

  /// Sets the score outright; the log keeps it as a correction.
  mutating func correctScore(to score: Score) throws -> ScoreChange {
    try recordScoreChange(.correction) { gather, at, wallNow in
      gather.correctScore(to: score, at: at, wallNow: wallNow)
    }
  }

  /// Takes back the last goal or correction.
  mutating func undoGoal() throws -> ScoreChange {
    let (store, environment) = (store, environment)
    let change = try state.changeActive { gather in
      let undone = try gather.undoLastGoal()
      try environment.commit { try store.undoLastScoreEvent(gatherID: gather.id, score: gather.score) }
      return ScoreChange(kind: .undo, score: gather.score, entry: undone, gather: GatherMoment(gather))
    }
    hub.publish(.score(change))
    return change
  }

  private mutating func recordScoreChange(
    _ kind: ScoreChange.Kind, _ body: (inout ActiveGather, Duration, Date) throws -> ScoreEvent
  ) throws -> ScoreChange {
    _ = try state.requireActive()
    fireDueTicks()
    let at = now
    let wallNow = wallClock()
    let (store, environment) = (store, environment)
    let (id, change) = try state.changeActive { gather in
      let entry = try body(&gather, at, wallNow)
      try environment.commit { try store.recordScoreEvent(entry, gatherID: gather.id) }
      return (gather.id, ScoreChange(kind: kind, score: gather.score, entry: entry, gather: GatherMoment(gather)))
    }
    logger.info("Gather \(id): \(kind), now \(change.score.text).", metadata: ["gather_id": "\(id)"])
    hub.publish(.score(change))
    return change
  }
}
