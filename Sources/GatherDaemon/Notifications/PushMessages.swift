import FoundationEssentials
import GatherModel

/// Which of the session's events are pushed to whom: you moved up, or a place is offered to you; a plan's reminder;
/// the teams of a gather started from a plan; the man-of-the-match vote opening, and its outcome; what you owe for a
/// game. Each is mapped from the typed event, as MQTT's messages are; the rest push nothing.
enum PushMessages {
  /// The pushes `event` makes; `web` gives the links a tap opens.
  static func messages(for event: SessionEvent, web: WebAccess?) -> [PushMessage] {
    switch event {
    case .plan(let event): plan(event, web: web)
    case .gather(.started(let started)): teams(started, web: web)
    case .gather(.ended(let ended)): owed(ended)
    case .vote(let change): vote(change, web: web)
    case .tick, .timer, .score, .gather, .roster: []
    }
  }

  private static func plan(_ event: PlanEvent, web: WebAccess?) -> [PushMessage] {
    let plan = event.plan.plan
    let link = web?.firstSignUpLink(of: plan)
    let untilStart = max(60, Int(plan.details.startsAt.timeIntervalSinceNow))
    switch event.kind {
    case .promoted:
      guard let player = event.player else { return [] }
      return [
        PushMessage(player: player, tag: "plan\(plan.id)-place", url: link, ttl: untilStart, urgent: true) {
          texts, language in
          let game = PushTime.game(plan, texts: texts, language: language)
          return (
            texts.text("push.promoted.title", in: language),
            texts.text("push.promoted.body", in: language, ["game": game])
          )
        }
      ]
    case .offered:
      guard let player = event.player, let expiresAt = plan.offer(to: player)?.expiresAt else { return [] }
      let ttl = max(60, Int(expiresAt.timeIntervalSinceNow))
      return [
        PushMessage(player: player, tag: "plan\(plan.id)-place", url: link, ttl: ttl, urgent: true) { texts, language in
          let game = PushTime.game(plan, texts: texts, language: language)
          let until = PushTime.text(expiresAt, utcOffset: plan.details.utcOffset, texts: texts, language: language)
          return (
            texts.text("push.offered.title", in: language),
            texts.text("push.offered.body", in: language, ["game": game, "until": until])
          )
        }
      ]
    case .reminder:
      let (going, left) = (plan.going.count, plan.placesLeft)
      return plan.queue.map { signUp in
        PushMessage(player: signUp.player, tag: "plan\(plan.id)-reminder", url: link, ttl: untilStart, urgent: false) {
          texts, language in
          let places =
            left == 0
            ? texts.text("push.reminder.full", in: language)
            : texts.text("push.reminder.left", in: language, count: left)
          return (
            texts.text(
              "push.reminder.title", in: language, ["game": PushTime.game(plan, texts: texts, language: language)]),
            texts.text(
              "push.reminder.body", in: language,
              ["going": texts.text("push.reminder.going", in: language, count: going), "left": places])
          )
        }
      }
    default: return []
    }
  }

  /// The teams of a gather started from a plan, to each who plays.
  private static func teams(_ started: GatherSnapshot, web: WebAccess?) -> [PushMessage] {
    let gather = started.gather
    guard gather.planID != nil else { return [] }
    return gather.lineup.assignments.compactMap { assignment in
      let (side, name): (Team, String)
      switch assignment.team {
      case .teamA: (side, name) = (.teamA, gather.names.teamA)
      case .teamB: (side, name) = (.teamB, gather.names.teamB)
      default: return nil
      }
      return PushMessage(
        player: assignment.player, tag: "gather\(gather.id)-teams", url: nil, ttl: 3 * 3600, urgent: false
      ) { texts, language in
        // A side nobody named is called "Team A" in the phone's language, as the page calls it.
        let team = name == side.title ? texts.text(side == .teamA ? "push.team.a" : "push.team.b", in: language) : name
        return (
          texts.text("push.teams.title", in: language), texts.text("push.teams.body", in: language, ["team": team])
        )
      }
    }
  }

  /// The vote opening, to those who may vote; its outcome, to those who played.
  private static func vote(_ change: VoteChange, web: WebAccess?) -> [PushMessage] {
    let vote = change.status.vote
    let link = web?.firstVoteLink(code: vote.code)
    let offset = change.status.utcOffset
    switch change.kind {
    case .opened:
      let ttl = max(60, Int(vote.closesAt.timeIntervalSinceNow))
      return vote.candidates.map { candidate in
        PushMessage(
          player: candidate.player, tag: "gather\(vote.gather.id)-vote", url: link, ttl: ttl, urgent: false
        ) { texts, language in
          let until = PushTime.text(vote.closesAt, utcOffset: offset, texts: texts, language: language)
          return (
            texts.text("push.vote.title", in: language), texts.text("push.vote.body", in: language, ["until": until])
          )
        }
      }
    case .closed:
      guard let outcome = change.status.outcome, !outcome.winners.isEmpty else { return [] }
      let names = outcome.winners.map(\.name)
      let body = outcome.winners.count > 1 ? "push.motm.tie" : "push.motm.body"
      return vote.candidates.map { candidate in
        PushMessage(
          player: candidate.player, tag: "gather\(vote.gather.id)-vote", url: link, ttl: 86400, urgent: false
        ) { texts, language in
          (
            texts.text("push.motm.title", in: language),
            texts.text(body, in: language, count: outcome.votes, ["names": texts.list(names, in: language)])
          )
        }
      }
    case .cast: return []
    }
  }

  /// What each payer owes for a game that ended with a cost.
  private static func owed(_ ended: EndedGather) -> [PushMessage] {
    ended.charged.filter { $0.kind == .charge && $0.amount.minorUnits > 0 }.map { line in
      PushMessage(
        player: line.player, tag: "gather\(ended.record.id)-owed-\(line.player)", url: nil, ttl: 7 * 86400,
        urgent: false
      ) { texts, language in
        (
          texts.text("push.owe.title", in: language),
          texts.text("push.owe.body", in: language, ["amount": line.amount.text])
        )
      }
    }
  }
}
