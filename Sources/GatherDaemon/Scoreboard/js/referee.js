// The referee's match controls beyond the basic ones (docs/scoreboard.md "Controls"): add time, end the half now,
// and move a player between the sides and the bench, as gatherctl can. Their dialogs are controls.js's markup.

import { $, choose, h, setText } from "./dom.js";
import { ask } from "./dialogs.js";
import { playerName } from "./board.js";
import { endPeriodLabel, sideName, timerPeriod } from "./teams.js";

/** Whether time may be added now: the period runs or is paused, or it has ended and the next has not begun. */
export function mayAddTime(t) {
  if (!t) return false;
  return ["running", "paused", "break", "finished"].includes(t.state) || (t.state === "stopped" && t.period > 1);
}

/** Where a player is now: "teamA", "teamB", "bench", or null when not in the gather. */
function placeOf(gather, id) {
  const teams = (gather && gather.teams) || {};
  return ["teamA", "teamB", "bench"].find((team) => (teams[team] || []).some((m) => m.id === id)) || null;
}

async function movePlayer(app) {
  const { store, commands } = app;
  const s = store.getState(), t = s.lang.t, gather = s.match.gather, names = gather.names;
  const button = (player, place) => h("button", { type: "button", className: place === "teamA" ? "team-a" : place === "teamB" ? "team-b" : "",
    dataset: { testid: "move-" + player.id, player: String(player.id) } },
    t("referee.moveWho", { player: playerName(player, s.lists.players), place: place ? sideName(names, place, t) : t("referee.notPlaying") }));
  const inGather = ["teamA", "teamB", "bench"].flatMap((team) =>
    ((gather.teams || {})[team] || []).filter((m) => m.id != null).map((m) => button(m, team)));
  const others = Object.values(s.lists.players).filter((p) => placeOf(gather, p.id) === null)
    .sort((a, b) => a.name.localeCompare(b.name)).map((p) => button(p, null));
  const title = $("move-title"), players = $("move-players"), places = $("move-places");
  title.textContent = t("referee.moveTitle");
  players.hidden = false;
  places.hidden = true;
  players.replaceChildren(...inGather, ...others);
  const player = await choose($("dialog-move"), players, $("move-cancel"), (b) => Number(b.dataset.player), players.querySelector("button"));
  if (player === null) return;
  const place = placeOf(gather, player);
  const name = playerName({ id: player }, s.lists.players) || "";
  title.textContent = t("referee.moveTo", { player: name });
  players.hidden = true;
  places.hidden = false;
  for (const b of places.querySelectorAll("button")) {
    b.textContent = sideName(names, b.dataset.team, t);
    b.disabled = b.dataset.team === place;
  }
  const team = await choose($("dialog-move"), places, $("move-cancel"), (b) => b.dataset.team, places.querySelector("button:not(:disabled)"));
  if (team) commands.act("gather.assign", { player: player, team: team }, { key: "pending.move", params: { player: name, place: sideName(names, team, t) } });
}

/** Wires the referee's buttons; they show with the other controls. */
export function mountReferee(app) {
  const { store, commands } = app;
  const addTime = $("btn-add-time"), endPeriod = $("btn-end-period");
  addTime.addEventListener("click", async () => {
    const choices = $("add-time-choices");
    const seconds = await choose($("dialog-add-time"), choices, $("add-time-cancel"), (b) => Number(b.dataset.seconds), choices.querySelector("button"));
    if (seconds) commands.act("timer.addTime", { seconds: seconds }, { key: "pending.addTime", params: { time: "+" + Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0") } });
  });
  endPeriod.addEventListener("click", async () => {
    const s = store.getState(), t = s.lang.t, timer = s.match.timer;
    const period = timerPeriod(timer, t);
    const last = !timer || timer.period >= timer.periods;
    const text = (period ? t("referee.endsPeriod", { period: period }) : t("referee.endsMatch")) + " " +
      t(last ? "referee.thatIsFullTime" : "referee.nextStarts");
    const label = endPeriodLabel(timer, t);
    if (await ask(t, t("referee.endNow", { action: label }), text, label)) commands.act("timer.endPeriod", {}, { key: "pending.endPeriod", params: { action: label } });
  });
  $("btn-move").addEventListener("click", () => movePlayer(app));
  store.watch((s) => [s.match.timer, s.lang], ([timer], s) => {
    addTime.disabled = !mayAddTime(timer);
    endPeriod.disabled = !timer || (timer.state !== "running" && timer.state !== "paused");
    setText(endPeriod, endPeriodLabel(timer, s.lang.t));
  });
}
