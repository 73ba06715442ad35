// The referee's match controls beyond the basic ones (docs/scoreboard.md "Controls"): add time, end
// the half now, and move a player between the teams and the bench, as gatherctl can.

import { playerName, state, teamNames, timerRenderers } from "./board.js";
import { act, confirmAction } from "./controls.js";
import { endPeriodLabel, sideName } from "./teams.js";

const $ = (id) => document.getElementById(id);
const view = {
  addTime: $("btn-add-time"), endPeriod: $("btn-end-period"), move: $("btn-move"),
  addDialog: $("dialog-add-time"), addChoices: $("add-time-choices"), addCancel: $("add-time-cancel"),
  moveDialog: $("dialog-move"), moveTitle: $("move-title"), movePlayers: $("move-players"),
  movePlaces: $("move-places"), moveCancel: $("move-cancel"),
};

/** Whether time may be added now: the period runs or is paused, or it has ended and the next has not begun. */
function mayAddTime(t) {
  if (!t) return false;
  return t.state === "running" || t.state === "paused" || t.state === "break" || t.state === "finished" ||
    (t.state === "stopped" && t.period > 1);
}

function render() {
  if (!state.control || !state.gather) return;
  const t = state.timer;
  view.addTime.disabled = !mayAddTime(t);
  view.endPeriod.disabled = !t || (t.state !== "running" && t.state !== "paused");
  const label = endPeriodLabel(t);
  if (view.endPeriod.textContent !== label) view.endPeriod.textContent = label;
}

/** Opens `dialog`; resolves with what `pick(button)` makes of the button chosen, or null on Cancel or Escape. */
function choose(dialog, group, cancel, pick, first) {
  return new Promise((resolve) => {
    const done = (answer) => {
      group.onclick = null; cancel.onclick = null; dialog.oncancel = null; dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    group.onclick = (event) => {
      const b = event.target.closest("button");
      if (b && !b.disabled) done(pick(b));
    };
    cancel.onclick = () => done(null);
    dialog.oncancel = (event) => { event.preventDefault(); done(null); };
    dialog.onclose = () => { if (!dialog.open) done(null); };
    dialog.showModal();
    (first || cancel).focus();
  });
}

/** Where a player is now: "teamA", "teamB", "bench", or null when not in the gather. */
function placeOf(id) {
  const teams = (state.gather && state.gather.teams) || {};
  for (const team of ["teamA", "teamB", "bench"]) if ((teams[team] || []).some((m) => m.id === id)) return team;
  return null;
}

function playerButton(player, place) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = place === "teamA" ? "team-a" : place === "teamB" ? "team-b" : "";
  b.dataset.testid = "move-" + player.id;
  b.dataset.player = String(player.id);
  const where = place ? sideName(teamNames(), place) : "not playing";
  b.textContent = playerName(player) + " \u00b7 " + where;
  return b;
}

async function movePlayer() {
  const names = teamNames();
  const inGather = ["teamA", "teamB", "bench"].flatMap((team) =>
    ((state.gather.teams || {})[team] || []).filter((m) => m.id != null).map((m) => playerButton(m, team)));
  const others = [...state.players.values()].filter((p) => placeOf(p.id) === null)
    .sort((a, b) => a.name.localeCompare(b.name)).map((p) => playerButton(p, null));
  view.moveTitle.textContent = "Move whom?";
  view.movePlayers.hidden = false;
  view.movePlaces.hidden = true;
  view.movePlayers.replaceChildren(...inGather, ...others);
  const player = await choose(view.moveDialog, view.movePlayers, view.moveCancel, (b) => Number(b.dataset.player),
    view.movePlayers.querySelector("button"));
  if (player === null) return;
  const place = placeOf(player);
  view.moveTitle.textContent = "Move " + (playerName(state.players.get(player) || { id: player }) || "them") + " to:";
  view.movePlayers.hidden = true;
  view.movePlaces.hidden = false;
  for (const b of view.movePlaces.querySelectorAll("button")) {
    b.textContent = b.dataset.team === "bench" ? "Bench" : sideName(names, b.dataset.team);
    b.disabled = b.dataset.team === place;
  }
  const team = await choose(view.moveDialog, view.movePlaces, view.moveCancel, (b) => b.dataset.team,
    view.movePlaces.querySelector("button:not(:disabled)"));
  if (team) await act("gather.assign", { player: player, team: team });
}

/** Wires the buttons; they show with the other controls, once the control token was accepted. */
export function setUpReferee() {
  view.addTime.addEventListener("click", async () => {
    const seconds = await choose(view.addDialog, view.addChoices, view.addCancel, (b) => Number(b.dataset.seconds),
      view.addChoices.querySelector("button"));
    if (seconds) await act("timer.addTime", { seconds: seconds });
  });
  view.endPeriod.addEventListener("click", async () => {
    const t = state.timer;
    const what = t && t.periodName ? "the " + t.periodName : "the match";
    const next = t && t.period < t.periods ? " The next period starts at its usual minute." : " That is full time.";
    if (await confirmAction(endPeriodLabel(t) + " now?", "This ends " + what + " now, as if its time had run out." +
        next, endPeriodLabel(t))) await act("timer.endPeriod");
  });
  view.move.addEventListener("click", movePlayer);
  // The buttons follow the clock's state, which ticks and timer events change.
  timerRenderers.push(render);
}
