// The match as the page knows it, and how the daemon's snapshot and events change it (pure functions): the
// gather, its score and goals, its clock, what to announce to screen readers, and the cue a whistle or horn
// follows. Only live events give a cue; a snapshot never does, so a page that connects late plays nothing.

/** The match before the first snapshot. */
export function initialMatch() {
  return { gather: null, score: null, goals: [], timer: null, announce: null, cue: null, seq: 0 };
}

/** The match of a snapshot ({gather, score, timer}) or of a gather that started. */
function fromGather(match, gather, score, timer) {
  return Object.assign({}, match, {
    gather: gather || null,
    score: score || (gather ? gather.score : null),
    goals: gather && gather.goals ? gather.goals.slice() : [],
    timer: timer || (gather ? gather.timer : null),
  });
}

/** A new announcement or cue: `n` tells two equal ones apart. */
const next = (match, what) => Object.assign({}, what, { n: match.seq + 1 });

function onTick(match, p) {
  if (!match.timer) return match;
  const timer = Object.assign({}, match.timer, {
    state: p.state, remaining: p.remaining, remainingMs: p.remainingMs, display: p.display, endsAt: p.endsAt,
    period: p.period, added: p.added, breakName: p.breakName,
  });
  const beep = p.state === "running" && p.remaining >= 1 && p.remaining <= 5;
  return Object.assign({}, match, { timer: timer, cue: beep ? next(match, { kind: "beep" }) : match.cue,
    seq: match.seq + (beep ? 1 : 0) });
}

function onTimer(match, p) {
  const whistle = p.change === "periodEnded" || p.change === "finished";
  return Object.assign({}, match, { timer: p.timer, seq: match.seq + (whistle ? 1 : 0),
    cue: whistle ? next(match, { kind: p.change }) : match.cue });
}

function onScore(match, p) {
  let goals = match.goals;
  if (p.change === "undo" && p.goal) {
    goals = goals.slice();
    for (let i = goals.length - 1; i >= 0; i--) {
      const g = goals[i];
      if (g.at === p.goal.at && g.kind === p.goal.kind && g.team === p.goal.team) { goals.splice(i, 1); break; }
    }
  } else if (p.goal) {
    goals = goals.concat([p.goal]);
  }
  const gather = match.gather ? Object.assign({}, match.gather, { score: p.score }) : null;
  const kind = p.change === "goal" ? "goal" : p.change === "undo" ? "undo" : "score";
  const announce = next(match, { kind: kind, goal: p.goal || null, score: p.score });
  return Object.assign({}, match, { score: p.score, goals: goals, gather: gather, announce: announce,
    cue: kind === "goal" ? announce : match.cue, seq: match.seq + 1 });
}

function onGather(match, p) {
  // An ended gather taken out of history: the match on the pitch, if any, is another.
  if (p.change === "deleted") return match;
  if (p.change === "ended" && p.gather) {
    const ended = fromGather(match, null, null, null);
    return Object.assign(ended, { announce: next(match, { kind: "ended", record: p.gather }), seq: match.seq + 1 });
  }
  if (p.change === "cancelled" || !p.gather) {
    const cancelled = fromGather(match, null, null, null);
    return Object.assign(cancelled, { announce: next(match, { kind: "cancelled" }), seq: match.seq + 1 });
  }
  if (p.change === "started" || p.change === "reopened") {
    const started = fromGather(match, p.gather, p.gather.score, p.gather.timer);
    return Object.assign(started, { announce: next(match, { kind: p.change }), seq: match.seq + 1 });
  }
  return Object.assign({}, match, { gather: p.gather });
}

/** The match after `action`: a subscription's snapshot, or one of the daemon's events. */
export function reduceMatch(match, action) {
  if (action.type === "snapshot") return fromGather(match, action.snapshot.gather, action.snapshot.score, action.snapshot.timer);
  if (action.type !== "event") return match;
  const p = action.params;
  switch (action.method) {
    case "tick": return onTick(match, p);
    case "timer": return onTimer(match, p);
    case "score": return onScore(match, p);
    case "gather": return onGather(match, p);
    case "events.resumed": return p.snapshot ? fromGather(match, p.snapshot.gather, p.snapshot.score, p.snapshot.timer) : match;
    default: return match;
  }
}
