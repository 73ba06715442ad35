// The roster screen (docs/scoreboard.md "The players"), at #players on the control page: every player in three
// groups — new names typed on a sign-up link, each with a one-tap Confirm; the regulars; the guests, each a regular
// in one tap — a new player added by name, and each player's own dialog (playerdialog.js) to rename, merge into the
// player they are, or delete. The lists follow the roster's events live.

import { $, h, mountTree, setText, show } from "./dom.js";
import { rosterView } from "./rostermarkup.js";
import { mountPlayerDialog } from "./playerdialog.js";
import { openPanel } from "./panels.js";
import { isNew, lookAlike, rosterGroups } from "./rosterrules.js";
import { translate } from "./status.js";

const isOpen = (s) => { const p = openPanel(s); return !!p && p.name === "players"; };

function row(player, t) {
  const id = player.id, about = (key) => t(key, { name: player.name });
  const badge = isNew(player) ? h("span", { className: "badge", dataset: { testid: "new-badge" } }, t("roster.newBadge")) : null;
  const first = isNew(player)
    ? h("button", { type: "button", className: "primary", dataset: { testid: "btn-confirm-" + id, player: String(id), action: "confirm" },
      attrs: { "aria-label": about("roster.confirmWho") } }, t("roster.confirm"))
    : h("button", { type: "button", className: "pick", dataset: { testid: "btn-regular-" + id, player: String(id), action: "regular" },
      attrs: { "aria-pressed": String(!!player.regular), "aria-label": about("roster.regularWho") } }, t("roster.regular"));
  const change = h("button", { type: "button", dataset: { testid: "btn-player-" + id, player: String(id), action: "open" },
    attrs: { "aria-label": about("roster.changeWho") } }, t("roster.change"));
  return h("li", { className: "roster-row", dataset: { testid: "roster-player-" + id, player: String(id) } },
    h("span", { className: "roster-name" }, player.name, badge ? " " : null, badge), first, change);
}

/** Sets the roster screen up for `app`; `panels` opens and closes the referee's views. */
export function mountRoster(app, panels) {
  const { store, commands } = app;
  const view = mountTree($("panels"), rosterView);
  translate(view, store.getState().lang.t);
  const dialog = mountPlayerDialog(app);
  const input = $("roster-name");

  $("roster-add").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim(), s = store.getState();
    if (!name) return;
    const known = lookAlike(name, s.lists.players);
    if (known) { store.dispatch({ type: "notice", tone: "error", key: "roster.already", params: { name: known.name } }); return; }
    input.value = "";
    input.focus();
    await commands.act("players.create", { name: name }, { key: "pending.playerNew", params: { name: name } });
  });
  view.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player]");
    const player = b && store.getState().lists.players[b.dataset.player];
    if (!player) return;
    const name = player.name;
    if (b.dataset.action === "confirm") {
      commands.act("players.update", { id: player.id, confirmed: true }, { key: "pending.playerConfirm", params: { name } });
    } else if (b.dataset.action === "regular") {
      const regular = !player.regular;
      commands.act("players.update", { id: player.id, regular: regular },
        { key: regular ? "pending.playerRegular" : "pending.playerNotRegular", params: { name } });
    } else {
      dialog.open(player.id, b);
    }
  });
  $("btn-roster-back").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });

  store.watch(isOpen, (open) => {
    show(view, open);
    if (!open) { dialog.close(); return; }
    store.dispatch({ type: "notice/clear", cause: "action" });
    input.focus();
  });
  store.watch((s) => [isOpen(s), s.lists.players, s.lang], ([open], s) => {
    if (!open) return;
    const t = s.lang.t, groups = rosterGroups(s.lists.players, s.lang.tag);
    // Rows are drawn anew: a button that had focus keeps it in its new row.
    const focused = view.contains(document.activeElement) ? document.activeElement.dataset.testid : "";
    for (const [id, players] of [["roster-new", groups.fresh], ["roster-regulars", groups.regulars], ["roster-guests", groups.guests]]) {
      $(id + "-list").replaceChildren(...players.map((p) => row(p, t)));
      setText($(id + "-count"), t("roster.count", { count: players.length }));
      show($(id), players.length > 0 || id !== "roster-new");
    }
    if (!groups.regulars.length) $("roster-regulars-list").append(h("li", { className: "roster-empty" }, t("roster.noRegulars")));
    if (!groups.guests.length) $("roster-guests-list").append(h("li", { className: "roster-empty" }, t("roster.noGuests")));
    if (focused) view.querySelector(`[data-testid="${focused}"]`)?.focus();
    dialog.refresh();
  });
}
