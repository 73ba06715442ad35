// The board: what the page knows of the match, and how it is drawn (docs/scoreboard.md, "What it shows").

import { clockWord, drawClock, scheduleFrame, timerChanged } from "./clock.js";
import { LONG_NAME, goalMinute, isStandard, nameChars, nextPeriodName, resultWords, scoreLine, sideName, winner }
  from "./teams.js";

const $ = (id) => document.getElementById(id);

/** The page's elements, by role. */
export const el = {
  status: $("status"), mode: $("mode"), notice: $("notice"), board: $("board"), noGather: $("no-gather"),
  lastResult: $("last-result"), nameA: $("team-a-name"), nameB: $("team-b-name"), scoreA: $("score-a"),
  scoreB: $("score-b"), rosterA: $("roster-a"), rosterB: $("roster-b"), goalsA: $("goals-a"),
  goalsB: $("goals-b"), goals: $("goals"), announce: $("announce"), clock: $("clock"), added: $("added"),
  breakLeft: $("break-left"),
  period: $("period"), timerState: $("timer-state"), progress: $("progress"), controls: $("controls"),
  toggle: $("btn-toggle"), goalA: $("btn-goal-a"), goalB: $("btn-goal-b"), undo: $("btn-undo"), end: $("btn-end"),
  scorerDialog: $("dialog-scorer"), scorerTitle: $("scorer-title"), scorerChoices: $("scorer-choices"),
  scorerCancel: $("scorer-cancel"), confirmDialog: $("dialog-confirm"), confirmTitle: $("confirm-title"),
  confirmText: $("confirm-text"), confirmOk: $("confirm-ok"), confirmCancel: $("confirm-cancel"),
};

/** What the page knows, as the daemon last said it. */
export const state = {
  online: false,
  control: false,
  gather: null,       // Gather, or null
  score: null,        // Score
  goals: [],          // [Goal] (and corrections)
  timer: null,        // Timer, kept up to date by tick and timer events
  players: new Map(), // id -> Player, for current names
  lastRecord: null,   // the last ended gather (GatherRecord), shown between matches (between.js)
  plans: new Map(),   // id -> Plan, the open plans (plans.js)
  plansLoaded: false, // whether plans.list answered on this page
  signUp: null,       // what this page's sign-up link opens, {plan, status, gather, closed} (signup.js)
  schedules: [],      // [Schedule], the weekly games (weekly.js)
};

/** Drawing steps of other modules (between matches, the referee's views): each runs at the end of renderAll. */
export const renderers = [];
/** Drawing steps that follow the clock's state: each runs whenever the timer is drawn (ticks, timer events). */
export const timerRenderers = [];

/** What the active gather's sides are called ({teamA, teamB}); the defaults without a gather. */
export function teamNames() {
  return state.gather && state.gather.names ? state.gather.names : null;
}

/** A player's current name (from the roster when it is known there). */
export function playerName(player) {
  if (!player) return null;
  const known = player.id != null ? state.players.get(player.id) : null;
  return known ? known.name : player.name;
}

function periodLabel(t) {
  if (!t) return "";
  if (t.state === "break") return nextPeriodName(t) ? nextPeriodName(t) + " next" : "Break";
  if (t.state === "finished") return resultWords(teamNames(), state.score);
  return t.periodName || "";
}

function stateLabel(t) {
  if (!t || t.state === "running" || t.state === "break" || t.state === "finished") return "";
  if (t.state === "paused") return "Paused";
  if (t.state === "stopped") return t.period > 1 ? "Ready for the " + (t.periodName || "next period") : "Kick-off soon";
  return t.state;
}

function setText(node, text) { if (node.textContent !== text) node.textContent = text; }

/** online / offline, and view only / control. */
export function renderStatus() {
  document.body.classList.toggle("offline", !state.online);
  el.status.dataset.state = state.online ? "online" : "offline";
  setText(el.status, state.online ? "online" : "offline");
  setText(el.mode, state.control ? "control" : state.signUp && !state.signUp.closed ? "sign-up" : "view only");
}

function renderTimer() {
  const t = state.timer;
  setText(el.period, periodLabel(t));
  setText(el.timerState, stateLabel(t));
  // Full time and half time: the word in the big digits; at full time the winner's score stands out.
  const word = clockWord(t);
  el.board.dataset.phase = !word ? "play" : t.state === "finished" ? "full-time" : "break";
  el.board.dataset.winner = t && t.state === "finished" ? winner(state.score) : "";
  el.clock.setAttribute("aria-label", { FT: "Full time", HT: "Half time", Break: "Break" }[word] || "Time left");
  if (state.control) {
    setText(el.toggle, (t && { running: "Pause", paused: "Resume", break: "Start next period" }[t.state]) || "Start");
    el.toggle.disabled = !t || t.state === "finished";
  }
  for (const render of timerRenderers) render();
  drawClock();
  scheduleFrame();
}

function goalItem(goal, withTeam) {
  const li = document.createElement("li");
  li.dataset.testid = "goal";
  li.dataset.team = goal.team || "";
  li.dataset.kind = goal.kind || "goal";
  if (goal.kind === "correction") {
    li.textContent = "Score corrected to " + (goal.score ? goal.score.text : "");
    return li;
  }
  const who = playerName(goal.player) || "Unknown scorer";
  const prefix = withTeam ? sideName(teamNames(), goal.team) + ": " : "";
  const ball = document.createElement("span");
  ball.className = "ball";
  ball.setAttribute("aria-hidden", "true");
  li.append(prefix, ball, who + " ");
  const when = document.createElement("span");
  when.className = "when";
  // The minute as football writes it: 28', 45+2'.
  when.textContent = goalMinute(goal);
  li.append(when);
  return li;
}

function renderGoals() {
  const a = [], b = [], all = [];
  for (const goal of state.goals) {
    all.push(goalItem(goal, true));
    if (goal.kind === "correction") continue;
    (goal.team === "teamA" ? a : b).push(goalItem(goal, false));
  }
  el.goalsA.replaceChildren(...a);
  el.goalsB.replaceChildren(...b);
  el.goals.replaceChildren(...all);
}

function renderScore() {
  const s = state.score || { teamA: 0, teamB: 0, text: "0-0" };
  setText(el.scoreA, String(s.teamA));
  setText(el.scoreB, String(s.teamB));
  el.scoreA.setAttribute("aria-label", sideName(teamNames(), "teamA") + " " + s.teamA);
  el.scoreB.setAttribute("aria-label", sideName(teamNames(), "teamB") + " " + s.teamB);
  if (state.control) el.undo.disabled = !state.goals.some((g) => g.kind !== "correction");
}

function rosterText(members) {
  return (members || []).map((m) => playerName(m) || "?").join(", ");
}

/** Draws everything. */
export function renderAll() {
  const g = state.gather;
  el.board.hidden = !g;
  el.noGather.hidden = !!g;
  if (g) {
    setText(el.rosterA, rosterText(g.teams && g.teams.teamA));
    setText(el.rosterB, rosterText(g.teams && g.teams.teamB));
  }
  renderNames();
  el.controls.hidden = !state.control || !g;
  renderScore();
  renderGoals();
  renderTimer();
  renderStatus();
  for (const render of renderers) render();
}

function renderNames() {
  const names = teamNames();
  const a = sideName(names, "teamA"), b = sideName(names, "teamB");
  setText(el.nameA, a);
  setText(el.nameB, b);
  // Both names at one size, the longer's, so that the scores below them stay level.
  el.board.style.setProperty("--name-chars", String(Math.max(nameChars(a), nameChars(b))));
  el.board.dataset.nameLines = a.length > LONG_NAME || b.length > LONG_NAME ? "2" : "1";
  el.goalsA.setAttribute("aria-label", sideName(names, "teamA") + " scorers");
  el.goalsB.setAttribute("aria-label", sideName(names, "teamB") + " scorers");
  if (state.control) {
    setText(el.goalA, "Goal " + (isStandard(names) ? "A" : sideName(names, "teamA")));
    setText(el.goalB, "Goal " + (isStandard(names) ? "B" : sideName(names, "teamB")));
  }
}

function announce(text) {
  // Re-setting the same text would not be read again; a changed node is.
  el.announce.textContent = "";
  requestAnimationFrame(() => { el.announce.textContent = text; });
}

let noticeKind = null;

/** Shows a message above the board; `kind` ("auth", "action", "connection") says which clearNotice removes it. */
export function showNotice(text, kind) {
  noticeKind = kind || "error";
  el.notice.textContent = text;
  el.notice.dataset.kind = noticeKind;
  el.notice.hidden = false;
}

/** Hides the message, or only a message of that kind. */
export function clearNotice(kind) {
  if (kind && noticeKind !== kind) return;
  el.notice.hidden = true;
  el.notice.textContent = "";
  noticeKind = null;
}

function setTimer(timer) {
  state.timer = timer;
  timerChanged(timer);
}

/** Starts over from a subscription's snapshot ({gather, score, timer}). */
export function applySnapshot(snapshot) {
  const g = snapshot.gather;
  state.gather = g;
  state.score = snapshot.score || (g ? g.score : null);
  state.goals = g && g.goals ? g.goals.slice() : [];
  setTimer(snapshot.timer || (g ? g.timer : null));
  renderAll();
}

function applyScore(p) {
  state.score = p.score;
  if (p.change === "undo" && p.goal) {
    for (let i = state.goals.length - 1; i >= 0; i--) {
      const g = state.goals[i];
      if (g.at === p.goal.at && g.kind === p.goal.kind && g.team === p.goal.team) { state.goals.splice(i, 1); break; }
    }
  } else if (p.goal) {
    state.goals.push(p.goal);
  }
  if (state.gather) state.gather.score = p.score;
  renderScore();
  renderGoals();
  const names = teamNames();
  let text = "Score: " + sideName(names, "teamA") + " " + p.score.teamA + ", " + sideName(names, "teamB") + " " +
    p.score.teamB + ".";
  if (p.change === "goal" && p.goal) {
    text = "Goal for " + sideName(names, p.goal.team) +
      (p.goal.player ? " by " + playerName(p.goal.player) : "") + ". " + text;
  } else if (p.change === "undo") {
    text = "Goal undone. " + text;
  }
  announce(text);
}

function applyGather(p) {
  if (p.change === "ended" && p.gather) {
    state.lastRecord = p.gather;
    state.gather = null; state.score = null; state.goals = []; setTimer(null);
    announce("The gather ended. Last gather: " + scoreLine(p.gather.names, p.gather.score) + ".");
  } else if (p.change === "cancelled" || !p.gather) {
    state.gather = null; state.score = null; state.goals = []; setTimer(null);
    announce("The gather was cancelled.");
  } else {
    state.gather = p.gather;
    if (p.change === "started") {
      state.score = p.gather.score;
      state.goals = (p.gather.goals || []).slice();
      setTimer(p.gather.timer);
      announce("A new gather started.");
    }
  }
  renderAll();
}

/** Applies one event (a notification's method and params) to the board. */
export function applyEvent(method, p) {
  switch (method) {
    case "tick": {
      if (!state.timer) return;
      setTimer(Object.assign({}, state.timer, {
        state: p.state, remaining: p.remaining, remainingMs: p.remainingMs, display: p.display,
        endsAt: p.endsAt, period: p.period, added: p.added, breakName: p.breakName,
      }));
      renderTimer();
      return;
    }
    case "timer":
      setTimer(p.timer);
      renderTimer();
      return;
    case "score":
      applyScore(p);
      return;
    case "gather":
      applyGather(p);
      return;
    case "players":
      if (p.player) state.players.set(p.id, p.player); else state.players.delete(p.id);
      renderAll();
      return;
    case "events.resumed":
      if (p.snapshot) applySnapshot(p.snapshot);
      return;
    default:
      return;
  }
}
