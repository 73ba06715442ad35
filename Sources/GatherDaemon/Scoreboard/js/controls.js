// The referee's match controls, on the control page (docs/scoreboard.md, "Controls"): start and pause, a goal for
// either side with its scorer, undo and end with a confirmation (then an undo notice to reopen it). Each tap is a
// command (commands.js): sent at once when online, kept and sent once on reconnect when not, and shown pending until
// gatherd confirms it.

import { $, choose, h, mountTree, setText, show } from "./dom.js";
import { controlsBar, controlsDialogs } from "./controlsmarkup.js";
import { ask } from "./dialogs.js";
import { playerName } from "./board.js";
import { toggleMethod } from "./commandrules.js";
import { goalMinute, isUnnamed, scoreLine, sideName, timerPeriod } from "./teams.js";
import { translate } from "./status.js";
import { offerReopen } from "./undo.js";

function chooseScorer(store, team) {
  const s = store.getState(), t = s.lang.t;
  const members = (s.match.gather && s.match.gather.teams && s.match.gather.teams[team]) || [];
  $("scorer-title").textContent = t("controls.whoScored", { team: sideName(s.match.gather.names, team, t) });
  const buttons = members.filter((m) => m.id != null).map((m) => h("button", { type: "button",
    className: team === "teamA" ? "team-a" : "team-b", dataset: { testid: "scorer-" + m.id, player: String(m.id) } },
    playerName(m, s.lists.players)));
  buttons.push(h("button", { type: "button", dataset: { testid: "scorer-unknown" } }, t("board.unknownScorer")));
  $("scorer-choices").replaceChildren(...buttons);
  return choose($("dialog-scorer"), $("scorer-choices"), $("scorer-cancel"),
    (b) => (b.dataset.player ? { player: Number(b.dataset.player) } : {}), buttons[0]);
}

/** A goal as it is named while pending: "Goal for Bibs (Carla)". */
function goalLabel(s, team, player) {
  const t = s.lang.t, name = player != null ? playerName({ id: player }, s.lists.players) : null;
  const side = sideName(s.match.gather && s.match.gather.names, team, t);
  return name ? { key: "pending.goalBy", params: { team: side, player: name } } : { key: "pending.goal", params: { team: side } };
}

/** Sets the controls up for `app`: they show on the control page while a match is on. */
export function mountControls(app) {
  const { store, commands } = app;
  const bar = $("controls");
  mountTree(bar, controlsBar);
  mountTree(document.body, controlsDialogs);
  translate(bar, store.getState().lang.t);
  translate(document.body, store.getState().lang.t);
  const el = { toggle: $("btn-toggle"), goalA: $("btn-goal-a"), goalB: $("btn-goal-b"), undo: $("btn-undo"), end: $("btn-end") };
  const t = () => store.getState().lang.t;

  el.toggle.addEventListener("click", () => {
    const method = toggleMethod(store.getState().match.timer);
    if (method) commands.act(method, {}, { key: "pending." + method });
  });
  for (const [button, team] of [[el.goalA, "teamA"], [el.goalB, "teamB"]]) {
    button.addEventListener("click", async () => {
      const choice = await chooseScorer(store, team);
      if (choice) commands.act("score.goal", Object.assign({ team: team }, choice), goalLabel(store.getState(), team, choice.player));
    });
  }
  el.undo.addEventListener("click", async () => {
    const s = store.getState(), tr = t();
    const last = s.match.goals.filter((g) => g.kind !== "correction").pop();
    const names = s.match.gather && s.match.gather.names;
    const what = last ? tr("controls.undoWhat", { team: sideName(names, last.team, tr),
      player: playerName(last.player, s.lists.players) || tr("board.unknownScorer"), minute: goalMinute(last) }) : tr("controls.undoLast");
    if (await ask(tr, tr("controls.undoTitle"), what, tr("controls.undo"))) commands.act("score.undo", {}, { key: "pending.undo" });
  });
  el.end.addEventListener("click", async () => {
    const s = store.getState(), tr = t();
    const text = tr("controls.endText", { score: scoreLine(s.match.gather && s.match.gather.names, s.match.score, tr) });
    if (!(await ask(tr, tr("controls.endTitle"), text, tr("controls.end")))) return;
    // Ended: reopening it stays possible for a while, offered at once.
    const record = await commands.act("gather.end", {}, { key: "pending.end" });
    if (record && record.id) offerReopen(app, record);
  });

  store.watch((s) => [s.connection.control, s.match.gather, s.route.view], ([control, gather, view]) => show(bar, control && !!gather && view === "board"));
  store.watch((s) => [s.match.gather, s.lang], ([gather], s) => {
    const names = gather && gather.names, tr = s.lang.t;
    setText(el.goalA, tr("controls.goal", { team: isUnnamed(names) ? tr("controls.sideA") : sideName(names, "teamA", tr) }));
    setText(el.goalB, tr("controls.goal", { team: isUnnamed(names) ? tr("controls.sideB") : sideName(names, "teamB", tr) }));
  });
  store.watch((s) => [s.match.timer, s.match.goals, s.lang], ([timer, goals], s) => {
    const tr = s.lang.t, method = toggleMethod(timer);
    const next = timer && (timer.state === "break" || (timer.state === "stopped" && timer.period > 1)) ? timerPeriod(
      timer.state === "break" ? Object.assign({}, timer, { period: timer.period + 1 }) : timer, tr) : null;
    setText(el.toggle, method === "timer.pause" ? tr("controls.pause") : method === "timer.resume" ? tr("controls.resume")
      : next ? tr("controls.startPeriod", { period: next }) : tr("controls.start"));
    el.toggle.disabled = !toggleMethod(timer);
    el.undo.disabled = !goals.some((g) => g.kind !== "correction");
  });
}
