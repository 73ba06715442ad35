import GatherAPI
import GatherRPC

/// The events a subscription receives, as the OpenRPC document describes them (`x-notifications`): each a
/// JSON-RPC notification whose method is its topic.
enum EventDocs {
  /// Every event, in order.
  static let all: [EventDoc] = [
    EventDoc(
      "tick",
      summary: "The running clock crossed a whole second.",
      description: """
        Once per whole second crossed while a period or a break counts down, down to 0. remaining counts added \
        time too; display is the period's regular time (the break's time in a break) and added what is left of \
        the added time. The tick at 0 carries the state the clock goes to: break or stopped between periods, \
        finished after the last. Pending ticks of a slow subscriber coalesce: the newest wins.
        """,
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("seq", "The daemon-wide event number.", required: true, schema: .integer(minimum: 1)),
        ParamDoc("state", nil, required: true, schema: .ref("TimerState")),
        ParamDoc("remaining", nil, required: true, schema: .integer(minimum: 0)),
        ParamDoc("remainingMs", nil, required: true, schema: .integer(minimum: 0)),
        ParamDoc("display", nil, required: true, schema: .ref("Display")),
        ParamDoc("endsAt", nil, required: true, schema: .nullable(.ref("Timestamp"))),
        ParamDoc("period", nil, required: true, schema: .integer(minimum: 1, maximum: 4)),
        ParamDoc("added", nil, required: true, schema: .nullable(.string(pattern: "^\\+[0-9]+:[0-5][0-9]$"))),
        ParamDoc(
          "breakName",
          """
          What the break is called, as Timer's breakName: on the ticks of the break and on the tick that ends a \
          period into it; null on the other ticks of play.
          """, required: true, schema: .nullable(.choice(["HT", "Break"]))),
      ]),
    EventDoc(
      "timer",
      summary: "The clock changed state.",
      description: """
        Also sent when a period that is not the last reaches 0 (change periodEnded, with period), when the break \
        ends (breakEnded, with the period to start next), and once when the last period reaches 0 (finished). \
        timer.endPeriod sends the same periodEnded or finished, after a tick at 0, as if the period's time had \
        run out. When the daemon's wall clock is set (NTP stepping it, `date -s`) while the clock counts down, \
        wallClockSet carries the same clock with the endsAt the new wall clock gives it.
        """,
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("seq", "The daemon-wide event number.", required: true, schema: .integer(minimum: 1)),
        ParamDoc(
          "change", nil, required: true,
          schema: .choice([
            "set", "started", "paused", "resumed", "reset", "finished", "format", "addedTime", "periodEnded",
            "breakEnded", "wallClockSet",
          ])),
        ParamDoc("timer", nil, required: true, schema: .ref("Timer")),
        ParamDoc(
          "period", "With periodEnded: the period that ended; with breakEnded: the next period.", required: false,
          schema: .integer(minimum: 1, maximum: 4)),
      ]),
    EventDoc(
      "score",
      summary: "A goal was scored or undone, or the score was corrected.",
      description: "goal is the goal scored or undone, or the correction.",
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("seq", "The daemon-wide event number.", required: true, schema: .integer(minimum: 1)),
        ParamDoc("change", nil, required: true, schema: .choice(["goal", "undo", "correction"])),
        ParamDoc("score", nil, required: true, schema: .ref("Score")),
        ParamDoc("goal", nil, required: true, schema: .ref("Goal")),
      ]),
    EventDoc(
      "gather",
      summary: "A gather started, changed lineup, was renamed, ended, was cancelled, reopened or deleted.",
      description: """
        gather is the Gather (started, assigned, renamed, reopened: the last gather to end, active again at full \
        time), the GatherRecord (ended) or null (cancelled, deleted: taken out of history).
        """,
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("seq", "The daemon-wide event number.", required: true, schema: .integer(minimum: 1)),
        ParamDoc(
          "change", nil, required: true,
          schema: .choice(["started", "assigned", "renamed", "ended", "cancelled", "reopened", "deleted"])),
        ParamDoc(
          "gather", nil, required: true,
          schema: .oneOf(
            [
              .ref("Gather"),
              .ref("GatherRecord"),
              .null,
            ])),
        ParamDoc("id", "The gather's id.", required: true, schema: .ref("Id")),
      ]),
    EventDoc(
      "players",
      summary: "The roster changed.",
      description: "player is null for deleted.",
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("seq", "The daemon-wide event number.", required: true, schema: .integer(minimum: 1)),
        ParamDoc("change", nil, required: true, schema: .choice(["created", "updated", "deleted"])),
        ParamDoc("player", nil, required: true, schema: .nullable(.ref("Player"))),
        ParamDoc("id", "The player's id.", required: true, schema: .ref("Id")),
      ]),
    EventDoc(
      "events.overflow",
      summary: "The subscriber fell too far behind and is being disconnected.",
      description: """
        Sent when more than 1024 state events queue up for one subscription; the connection closes right after. \
        Carries no seq.
        """,
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("reason", nil, required: true, schema: .string().with("const", .string("queue_overflow"))),
        ParamDoc("message", "A sentence for people.", required: true, schema: .string()),
      ]),
    EventDoc(
      "events.resumed",
      summary: "gatherd restarted and kept this connection; the subscription goes on.",
      description: """
        Sent once per subscription of a connection that a new gatherd took back from systemd's file descriptor \
        store (after a restart or a crash), before any further event of it. The snapshot is the state at seq; \
        events that follow have higher seqs. Events that were not written before the old process stopped, and \
        ticks while no gatherd ran, are missed, and their effects are in the snapshot.
        """,
      params: [
        ParamDoc(
          "subscription", "The subscription this notice is for; it keeps its id.", required: true, schema: .ref("Id")),
        ParamDoc(
          "seq", "The seq the snapshot is at; later events have a higher one.", required: true,
          schema: .integer(minimum: 0)),
        ParamDoc(
          "topics", "The subscription's topics, the same as before the restart.", required: true,
          schema: .array(of: .choice(["gather", "players", "score", "tick", "timer"]))),
        ParamDoc(
          "snapshot", "The gather, score and timer at seq, as events.subscribe returns them.", required: true,
          schema: .ref("Snapshot")),
        ParamDoc("message", "A sentence for people.", required: true, schema: .string()),
      ]),
    EventDoc(
      "plan",
      summary: "A plan changed, or someone answered.",
      description: """
        created (by plan.create, or a weekly schedule opening its week), updated (also when a cancelled gather \
        gives its plan back), cancelled, started, expired (its start passed by more than --plan-expiry), \
        checkedIn (plan.checkIn: who turned up), reminder (--plan-reminders or the schedule's, with before: \
        the places left and who is going are in the plan) and restored (plan.restore: a cancelled plan open \
        again) carry the plan; joined (answer going or waiting), left \
        and promoted (moved up from the waiting list) also name the player. One turn may publish several: left \
        then promoted.
        """,
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("seq", "The daemon-wide event number.", required: true, schema: .integer(minimum: 1)),
        ParamDoc(
          "change", nil, required: true,
          schema: .choice([
            "created", "updated", "cancelled", "started", "joined", "left", "promoted", "checkedIn", "expired",
            "reminder", "restored",
          ])),
        ParamDoc("id", "The plan's id.", required: true, schema: .ref("Id")),
        ParamDoc("plan", nil, required: true, schema: .ref("Plan")),
        ParamDoc("player", "With joined, left and promoted.", required: false, schema: .ref("PlanMember")),
        ParamDoc(
          "answer", "With joined and left: where the player now stands.", required: false,
          schema: .choice(["going", "waiting", "notGoing"])),
        ParamDoc(
          "before", "With reminder: how long before the start it went out, in seconds.", required: false,
          schema: .integer(minimum: 60)),
      ]),
    EventDoc(
      "vote",
      summary: "A man-of-the-match vote opened, took a vote or closed.",
      description: """
        opened when a gather ends (with at least two players), cast for each vote (never whose, nor for whom: \
        vote shows who has voted and the count), closed at its time with the outcome in vote.manOfTheMatch (all \
        of a tie; none when nobody voted). A vote still open when gatherd stops closes at its time after the \
        restart, or at once if that time has passed.
        """,
      params: [
        ParamDoc("subscription", "The subscription this event is for.", required: true, schema: .ref("Id")),
        ParamDoc("seq", "The daemon-wide event number.", required: true, schema: .integer(minimum: 1)),
        ParamDoc("change", nil, required: true, schema: .choice(["opened", "cast", "closed"])),
        ParamDoc("gather", "The gather's id.", required: true, schema: .ref("Id")),
        ParamDoc("vote", nil, required: true, schema: .ref("VoteStatus")),
      ]),
  ]
}
