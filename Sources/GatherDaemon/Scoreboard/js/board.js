// The board (docs/scoreboard.md, "What it shows"): the sides by their names with their scores, players and
// scorers, the clock with its period, added time and state, full and half time in football's words, and each
// goal announced to screen readers. It draws from the store and nothing else.

import { $, setText } from "./dom.js";
import { clockWord, createClock } from "./clock.js";
import { LONG_NAME, goalMinute, nameChars, nextPeriodName, resultWords, sideName, timerPeriod, winner }
  from "./teams.js";

/** A player's current name: the roster's when it knows the player, else the one recorded. */
export function playerName(player, players) {
  if (!player) return null;
  const known = player.id != null ? players[player.id] : null;
  return known ? known.name : player.name;
}

function periodLabel(t, score, names, tr) {
  if (!t) return "";
  if (t.state === "break") {
    const next = nextPeriodName(t, tr);
    return next ? tr("board.next", { period: next }) : tr("clock.break");
  }
  if (t.state === "finished") return resultWords(names, score, tr);
  return timerPeriod(t, tr) || "";
}

function stateLabel(t, tr) {
  if (!t || t.state === "running" || t.state === "break" || t.state === "finished") return "";
  if (t.state === "paused") return tr("board.paused");
  if (t.state === "stopped" && t.period > 1) return tr("board.ready", { period: timerPeriod(t, tr) || "" });
  return tr("board.kickOffSoon");
}

function goalItem(goal, withTeam, names, players, tr) {
  const li = document.createElement("li");
  Object.assign(li.dataset, { testid: "goal", team: goal.team || "", kind: goal.kind || "goal" });
  if (goal.kind === "correction") {
    li.textContent = tr("board.corrected", { score: goal.score ? goal.score.teamA + "\u2013" + goal.score.teamB : "" });
    return li;
  }
  const ball = document.createElement("span");
  ball.className = "ball";
  ball.setAttribute("aria-hidden", "true");
  const when = document.createElement("span");
  when.className = "when";
  when.textContent = goalMinute(goal);
  li.append(withTeam ? sideName(names, goal.team, tr) + ": " : "", ball,
    (playerName(goal.player, players) || tr("board.unknownScorer")) + " ", when);
  return li;
}

/** What a score change says to screen readers ("Goal for Bibs by Carla. Score: Bibs 1, Colours 0."). */
export function announcement(cue, names, players, tr) {
  if (cue.kind === "started") return tr("announce.started");
  if (cue.kind === "reopened") return tr("announce.reopened");
  if (cue.kind === "cancelled") return tr("announce.cancelled");
  if (cue.kind === "ended") {
    const r = cue.record;
    return tr("announce.ended", { score: sideName(r.names, "teamA", tr) + " " + r.score.teamA + "\u2013" + r.score.teamB +
      " " + sideName(r.names, "teamB", tr) });
  }
  const s = cue.score || { teamA: 0, teamB: 0 };
  const score = tr("announce.score", { a: sideName(names, "teamA", tr), scoreA: s.teamA, b: sideName(names, "teamB", tr),
    scoreB: s.teamB });
  if (cue.kind === "goal" && cue.goal) {
    const team = sideName(names, cue.goal.team, tr);
    const who = playerName(cue.goal.player, players);
    return (who ? tr("announce.goalBy", { team, player: who }) : tr("announce.goal", { team })) + " " + score;
  }
  return cue.kind === "undo" ? tr("announce.undone") + " " + score : score;
}

/** Draws the board from `store` as it changes. */
export function mountBoard(store) {
  const el = {
    board: $("board"), nameA: $("team-a-name"), nameB: $("team-b-name"), scoreA: $("score-a"), scoreB: $("score-b"),
    rosterA: $("roster-a"), rosterB: $("roster-b"), goalsA: $("goals-a"), goalsB: $("goals-b"), goals: $("goals"),
    announce: $("announce"), period: $("period"), timerState: $("timer-state"), clock: $("clock"),
  };
  const tr = () => store.getState().lang.t;
  const clock = createClock({ clock: el.clock, added: $("added"), breakLeft: $("break-left"), progress: $("progress") },
    () => store.getState().match.timer, (kind) => tr()({ FT: "clock.ft", HT: "clock.ht", Break: "clock.break" }[kind]));

  store.watch((s) => [s.match.gather, s.lists.players, s.lang], ([gather, players]) => {
    const names = gather && gather.names, t = tr();
    const a = sideName(names, "teamA", t), b = sideName(names, "teamB", t);
    setText(el.nameA, a);
    setText(el.nameB, b);
    // Both names at one size, the longer's, so that the scores below them stay level.
    el.board.style.setProperty("--name-chars", String(Math.max(nameChars(a), nameChars(b))));
    el.board.dataset.nameLines = a.length > LONG_NAME || b.length > LONG_NAME ? "2" : "1";
    el.goalsA.setAttribute("aria-label", t("board.scorers", { team: a }));
    el.goalsB.setAttribute("aria-label", t("board.scorers", { team: b }));
    const roster = (side) => ((gather && gather.teams && gather.teams[side]) || []).map((m) => playerName(m, players) || "?").join(", ");
    setText(el.rosterA, roster("teamA"));
    setText(el.rosterB, roster("teamB"));
  });

  store.watch((s) => [s.match.score, s.match.goals, s.match.gather, s.lists.players, s.lang], ([score, goals, gather, players]) => {
    const names = gather && gather.names, t = tr(), s = score || { teamA: 0, teamB: 0 };
    setText(el.scoreA, String(s.teamA));
    setText(el.scoreB, String(s.teamB));
    el.scoreA.setAttribute("aria-label", sideName(names, "teamA", t) + " " + s.teamA);
    el.scoreB.setAttribute("aria-label", sideName(names, "teamB", t) + " " + s.teamB);
    const scored = goals.filter((g) => g.kind !== "correction");
    el.goalsA.replaceChildren(...scored.filter((g) => g.team === "teamA").map((g) => goalItem(g, false, names, players, t)));
    el.goalsB.replaceChildren(...scored.filter((g) => g.team === "teamB").map((g) => goalItem(g, false, names, players, t)));
    el.goals.replaceChildren(...goals.map((g) => goalItem(g, true, names, players, t)));
  });

  store.watch((s) => [s.match.timer, s.match.score, s.match.gather, s.lang], ([timer, score, gather]) => {
    const t = tr(), names = gather && gather.names, word = clockWord(timer);
    setText(el.period, periodLabel(timer, score, names, t));
    setText(el.timerState, stateLabel(timer, t));
    el.board.dataset.phase = !word ? "play" : word === "FT" ? "full-time" : "break";
    el.board.dataset.winner = timer && timer.state === "finished" ? winner(score) : "";
    el.clock.setAttribute("aria-label", t({ FT: "clock.fullTime", HT: "clock.halfTime", Break: "clock.break" }[word] || "clock.left"));
    clock.changed();
  });

  store.watch((s) => s.connection.session, () => clock.reset());

  store.watch((s) => s.match.announce, (cue, s) => {
    if (!cue) return;
    const text = announcement(cue, s.match.gather && s.match.gather.names, s.lists.players, tr());
    // Re-setting the same text would not be read again; a changed node is.
    el.announce.textContent = "";
    requestAnimationFrame(() => { el.announce.textContent = text; });
  });
}
