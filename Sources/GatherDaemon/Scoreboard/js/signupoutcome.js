// The sign-up link after its plan (docs/scoreboard.md "The sign-up link"): the link lives on in the group chat, so
// once its plan is cancelled, started or passed the view says what happened — called off, being played (the live
// score), over (the result and, once its vote closed, the man of the match), or passed — and what comes next: the
// next open plan. The code grants nothing any more; all of it is what any view-only page reads.

import { $, setText, show } from "./dom.js";
import { countsText, planTitle } from "./plans.js";
import { motmLine } from "./ratings.js";
import { goalMinute, resultWords, sideName, timerPeriod } from "./teams.js";

/** Loads what became of the link's plan (plan.get) and its gather's result once it ended (gathers.get), each time
 * the link is found closed. */
export function watchOutcome(app) {
  const { store, rpc } = app;
  store.watch((s) => [s.lists.stale.outcome, s.connection.session], () => {
    const s = store.getState(), link = s.lists.link && s.lists.link.signUp;
    if (!link || !link.closed || !s.connection.session) return;
    store.load("outcome", async () => {
      const plan = await rpc.call("plan.get", { plan: link.plan });
      const gather = plan && plan.gather;
      const live = store.getState().match.gather && store.getState().match.gather.id === gather;
      const record = gather && !live ? await rpc.call("gathers.get", { id: gather }).catch(() => null) : null;
      return { plan, record };
    }, (r) => ({ type: "outcome/loaded", plan: r.plan, record: r.record })).catch(() => { /* loaded again on reconnect */ });
  });
}

/** The record of the link's gather once it ended: from the event that ended it, or from gathers.get. */
function endedRecord(s, link) {
  if (!link.gather) return null;
  if (s.lists.lastRecord && s.lists.lastRecord.id === link.gather) return s.lists.lastRecord;
  const record = s.lists.outcome && s.lists.outcome.record;
  return record && record.id === link.gather ? record : null;
}

/** What the live gather's clock says, in words: "Playing now: 2nd half, 12:31 left", "Half time", "Full time". */
function liveDetail(timer, t) {
  if (!timer) return t("outcome.playing");
  if (timer.state === "finished") return t("clock.fullTime");
  if (timer.state === "break") return t(timer.breakName === "HT" ? "clock.halfTime" : "clock.break");
  const parts = [timerPeriod(timer, t), timer.display ? t("outcome.left", { time: timer.display }) : ""].filter(Boolean);
  return parts.length ? t("outcome.playingWhen", { when: parts.join(", ") }) : t("outcome.playing");
}

function showScore(names, score, t) {
  show($("outcome-score"), !!score);
  if (!score) return;
  setText($("outcome-name-a"), sideName(names, "teamA", t));
  setText($("outcome-numbers"), score.teamA + "\u2013" + score.teamB);
  setText($("outcome-name-b"), sideName(names, "teamB", t));
}

/** Draws the link's heading while it has no open plan: loading, not working, or what became of its game, with the
 * score (live or final) and the next open plan still to start. */
export function renderOutcome(s) {
  const t = s.lang.t, f = s.lang.f, known = s.lists.link, link = known ? known.signUp : null;
  const refused = !!known && !link;
  const closed = !!link && link.closed;
  const ended = closed ? endedRecord(s, link) : null;
  const live = closed && link.gather && s.match.gather && s.match.gather.id === link.gather;
  const outcome = s.lists.outcome && s.lists.outcome.plan && link && s.lists.outcome.plan.id === link.plan ? s.lists.outcome.plan : null;
  setText($("signup-when"), refused ? t("outcome.notWorking") : !closed ? t("signup.loading")
    : link.status === "cancelled" ? t("outcome.cancelled") : link.status === "expired" ? t("outcome.passed")
    : ended ? t("outcome.over") : t("outcome.started"));
  setText($("signup-place"), outcome ? planTitle(outcome, f) : "");
  show($("signup-outcome"), refused || closed);
  let detail = "", motm = "";
  if (ended) {
    showScore(ended.names, ended.score, t);
    const scorers = (ended.goals || []).filter((g) => g.kind === "goal" && g.player).map((g) => g.player.name + " " + goalMinute(g));
    detail = t("outcome.fullTime", { result: resultWords(ended.names, ended.score, t) }) +
      (scorers.length ? " " + t("outcome.goals", { goals: scorers.join(", ") }) : "");
    const best = ended.manOfTheMatch;
    // While the vote is open, the vote view below says where it stands.
    if (best && best.status === "closed" && !(s.lists.link && s.lists.link.vote)) motm = motmLine(best, t, f);
  } else if (live) {
    showScore(s.match.gather.names, s.match.score || s.match.gather.score, t);
    detail = liveDetail(s.match.timer, t);
  } else {
    showScore(null, null, t);
    detail = refused ? t("outcome.notWorkingDetail") : !closed ? "" : link.status === "cancelled" ? t("outcome.calledOff")
      : link.status === "expired" ? t("outcome.passedDetail") : "";
  }
  setText($("outcome-detail"), detail);
  setText($("outcome-motm"), motm);
  show($("outcome-motm"), !!motm);
  const now = Date.now();
  const next = Object.values(s.lists.plans).filter((p) => (!link || p.id !== link.plan) && Date.parse(p.startsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  show($("outcome-next"), !!next && (refused || closed));
  if (next) {
    setText($("outcome-next-when"), planTitle(next, f));
    setText($("outcome-next-counts"), countsText(next, t));
  }
}
