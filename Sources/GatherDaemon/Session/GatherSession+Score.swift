import FoundationEssentials
import GatherModel
import GatherRPC
import Glibc

/// The live score and its goal log.
extension GatherSession {
  /// Scores a goal for `team`, optionally naming the scorer.
  func goal(for team: Team, by scorerID: Player.ID?) throws -> JSONValue {
    let scorer = try scorerID.map { id throws(GatherError) in try state.player(id) }
    return try recordScoreChange("goal") { gather, at, wallNow in
      try gather.scoreGoal(for: team, by: scorer, at: at, wallNow: wallNow)
    }
  }

  /// Sets the score outright; the log keeps it as a correction.
  func correctScore(to score: Score) throws -> JSONValue {
    try recordScoreChange("correction") { gather, at, wallNow in
      gather.correctScore(to: score, at: at, wallNow: wallNow)
    }
  }

  /// Takes back the last goal.
  func undoGoal() throws -> JSONValue {
    let store = store
    let (gather, undone) = try state.changeActive { gather in
      let undone = try gather.undoLastGoal()
      try commit { try store.undoLastScoreEvent(gatherID: gather.id, score: gather.score) }
      return (gather, undone)
    }
    hub.publish(.score, ["change": "undo", "score": gather.score.json, "goal": undone.json])
    return .object(["score": gather.score.json, "undone": undone.json])
  }

  private func recordScoreChange(
    _ change: String, _ body: (inout ActiveGather, Duration, Date) throws -> ScoreEvent
  ) throws -> JSONValue {
    _ = try state.requireActive()
    fireDueTicks()
    let at = now
    let wallNow = wallClock()
    let store = store
    let (gather, event) = try state.changeActive { gather in
      let event = try body(&gather, at, wallNow)
      try commit { try store.recordScoreEvent(event, gatherID: gather.id) }
      return (gather, event)
    }
    logger.info("Gather \(gather.id): \(change), now \(gather.score.text).", metadata: ["gather_id": "\(gather.id)"])
    hub.publish(.score, ["change": .string(change), "score": gather.score.json, "goal": event.json])
    return .object(["score": gather.score.json, "goal": event.json])
  }
}
