// The sign-up link after its plan (docs/scoreboard.md "The sign-up link"): the link lives on in the group chat,
// so once its plan is cancelled, started or passed the view says what happened — the game was called off, is
// being played (its live score), is over (its result with the team names and, once its vote closed, the man of
// the match), or its time passed — and what comes next: the next open plan's day, time, place and places left.
// The code grants nothing any more; all of this is what any view-only page reads (plan.get, the subscription's
// gather, gathers.get, plans.list).

import { state } from "./board.js";
import { call } from "./connection.js";
import { countsText, whenText } from "./plans.js";
import { motmLine } from "./motm.js";
import { goalMinute, resultWords, sideName } from "./teams.js";
import { voteShown } from "./vote.js";

const $ = (id) => document.getElementById(id);
const view = {
  section: $("signup-outcome"), score: $("outcome-score"), nameA: $("outcome-name-a"), numbers: $("outcome-numbers"),
  nameB: $("outcome-name-b"), detail: $("outcome-detail"), next: $("outcome-next"), nextWhen: $("outcome-next-when"),
  nextCounts: $("outcome-next-counts"), motm: $("outcome-motm"),
};

let plan = null;     // the closed plan, as plan.get gave it
let record = null;   // its gather's record once ended (gathers.get)
let loads = 0;       // the latest load wins

/** Loads what became of the link's plan: the plan itself, and its gather's result once it ended. */
export async function loadOutcome(onLoaded) {
  const mine = ++loads;
  const closed = state.signUp;
  if (!closed || closed.plan === null) return;
  const found = await call("plan.get", { plan: closed.plan });
  let ended = null;
  const gather = found && found.gather;
  const live = state.gather && state.gather.id === gather;
  if (gather && !live) {
    ended = state.lastRecord && state.lastRecord.id === gather ? state.lastRecord
      : await call("gathers.get", { id: gather }).catch(() => null);
  }
  if (mine !== loads) return;
  plan = found;
  record = ended;
  onLoaded();
}

/** The heading for a closed link: what happened to its game. */
export function outcomeTitle() {
  const closed = state.signUp;
  if (!closed || closed.plan === null) return "This sign-up link does not work";
  if (closed.status === "cancelled") return "This game was cancelled";
  if (closed.status === "expired") return "This game has passed";
  return endedRecord() ? "This game is over" : "This game has started";
}

/** The record of the link's gather once it ended: from gathers.get, or from the `gather` event that ended it. */
function endedRecord() {
  const gather = state.signUp && state.signUp.gather;
  if (!gather) return null;
  if (state.lastRecord && state.lastRecord.id === gather) return state.lastRecord;
  return record && record.id === gather ? record : null;
}

/** The plan's day, time and place, for under the heading. */
export function outcomePlace() {
  if (!plan) return "";
  return whenText(plan) + (plan.place ? " \u00b7 " + plan.place : "");
}

function showScore(names, score) {
  view.score.hidden = !score;
  if (!score) return;
  view.nameA.textContent = sideName(names, "teamA");
  view.numbers.textContent = score.teamA + "\u2013" + score.teamB;
  view.nameB.textContent = sideName(names, "teamB");
}

/** The man of the match once the gather's vote closed; while it is open, the vote view below says where it stands. */
function showMotm(standing) {
  const closed = standing && standing.status === "closed" && !voteShown() ? standing : null;
  view.motm.textContent = closed ? motmLine(closed) : "";
  view.motm.hidden = !closed;
  view.motm.dataset.kind = closed && closed.players && closed.players.length ? "winner" : "";
}

/** What the live gather's clock says, in words: "2nd half, 12:31 left", "Half time", "Full time". */
function liveDetail() {
  const t = state.timer;
  if (!t) return "Playing now";
  if (t.state === "finished") return "Full time";
  if (t.state === "break") return t.breakName === "HT" ? "Half time" : "Break";
  const left = t.display ? t.display + " left" : "";
  return "Playing now: " + [t.periodName, left].filter(Boolean).join(", ");
}

/** Draws the outcome: the score (live or final) or why there is none, and the next open plan still to start. */
export function renderOutcome() {
  const closed = state.signUp;
  view.section.hidden = false;
  const gather = closed && closed.gather;
  const ended = endedRecord();
  if (ended) {
    showScore(ended.names, ended.score);
    const scorers = (ended.goals || []).filter((g) => g.kind === "goal" && g.player)
      .map((g) => g.player.name + " " + goalMinute(g));
    view.detail.textContent = "Full time: " + resultWords(ended.names, ended.score) +
      (scorers.length ? ". Goals: " + scorers.join(", ") + "." : ".");
    showMotm(ended.manOfTheMatch);
  } else if (gather && state.gather && state.gather.id === gather) {
    showScore(state.gather.names, state.score || state.gather.score);
    view.detail.textContent = liveDetail();
    showMotm(null);
  } else {
    showMotm(null);
    showScore(null, null);
    view.detail.textContent = !closed || closed.plan === null
      ? "Its game may have been called off long ago. Ask the organiser for the current link."
      : closed.status === "cancelled" ? "The organiser called it off."
      : closed.status === "expired" ? "Its sign-up closed by itself once the game's time had passed." : "";
  }
  const now = Date.now();
  const next = [...state.plans.values()]
    .filter((p) => (!closed || p.id !== closed.plan) && Date.parse(p.startsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  view.next.hidden = !next;
  if (next) {
    view.nextWhen.textContent = whenText(next) + (next.place ? " \u00b7 " + next.place : "");
    view.nextCounts.textContent = countsText(next);
  }
}

/** Hides the outcome, while the link's plan is open. */
export function hideOutcome() {
  view.section.hidden = true;
  plan = null;
  record = null;
}
