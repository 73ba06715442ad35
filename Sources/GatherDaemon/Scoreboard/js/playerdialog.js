// One player's dialog on the roster screen (roster.js): rename them (players.update), say they are the same person
// as another player and merge them into that one (players.merge), or delete them (players.delete). Merging and
// deleting cannot be undone, so each asks first, saying what happens to the player's history and money.

import { $, h, mountTree, setText } from "./dom.js";
import { playerDialog } from "./rostermarkup.js";
import { ask } from "./dialogs.js";
import { deleteQuestion, lookAlike, mergeQuestion, mergeTargets, standingWords } from "./rosterrules.js";
import { translate } from "./status.js";

/** Sets the dialog up for `app`; returns {open(id, opener), close(), refresh()}. */
export function mountPlayerDialog(app) {
  const { store, commands } = app;
  const dialog = mountTree(document.body, playerDialog);
  translate(dialog, store.getState().lang.t);
  const name = $("player-name"), merge = $("player-merge");
  let shown = null, opener = null;
  const player = () => (shown == null ? null : store.getState().lists.players[shown] || null);

  function close() {
    if (dialog.open) dialog.close();
  }

  function draw() {
    const s = store.getState(), t = s.lang.t, p = player();
    if (!p) { close(); return; }
    translate(dialog, t);
    setText($("player-title"), p.name);
    setText($("player-about"), standingWords(p, t));
    const chosen = merge.value;
    merge.replaceChildren(h("option", { value: "" }, t("roster.pickSame")),
      ...mergeTargets(p, s.lists.players, s.lang.tag).map((o) => h("option", { value: String(o.id) }, o.name)));
    merge.value = [...merge.options].some((o) => o.value === chosen) ? chosen : "";
  }

  dialog.addEventListener("close", () => {
    shown = null;
    // Back to the button that opened it, unless a question about this player took its place.
    if (opener && opener.isConnected && !document.querySelector("dialog[open]")) opener.focus();
    opener = null;
  });
  $("btn-player-close").addEventListener("click", close);
  $("player-rename").addEventListener("submit", (event) => {
    event.preventDefault();
    const p = player(), s = store.getState(), wanted = name.value.trim();
    if (!p || !wanted || wanted === p.name) { close(); return; }
    const known = lookAlike(wanted, s.lists.players);
    if (known && known.id !== p.id) {
      store.dispatch({ type: "notice", tone: "error", key: "roster.already", params: { name: known.name } });
      return;
    }
    close();
    commands.act("players.update", { id: p.id, name: wanted }, { key: "pending.playerRename", params: { name: p.name, to: wanted } });
  });
  $("btn-player-merge").addEventListener("click", async () => {
    const s = store.getState(), t = s.lang.t, from = player(), into = s.lists.players[merge.value];
    if (!from) return;
    if (!into) { merge.focus(); return; }
    close();
    const q = mergeQuestion(from, into, t);
    if (!(await ask(t, q.title, q.text, q.ok))) return;
    const merged = await commands.act("players.merge", { from: from.id, into: into.id },
      { key: "pending.playerMerge", params: { from: from.name, into: into.name } });
    if (merged) store.dispatch({ type: "notice", tone: "success", key: "roster.merged", params: { from: from.name, into: into.name } });
  });
  $("btn-player-delete").addEventListener("click", async () => {
    const t = store.getState().lang.t, p = player();
    if (!p) return;
    close();
    const q = deleteQuestion(p, t);
    if (!(await ask(t, q.title, q.text, q.ok))) return;
    const deleted = await commands.act("players.delete", { id: p.id }, { key: "pending.playerDelete", params: { name: p.name } });
    if (deleted) store.dispatch({ type: "notice", tone: "success", key: "roster.deleted", params: { name: p.name } });
  });

  return {
    /** Opens the dialog of player `id`; the focus goes back to `from` when it closes. */
    open(id, from) {
      shown = id;
      opener = from || null;
      draw();
      name.value = player() ? player().name : "";
      merge.value = "";
      dialog.showModal();
      name.focus();
    },
    close,
    /** Draws the dialog again (the roster changed): closed if its player left the roster. */
    refresh() { if (dialog.open) draw(); },
  };
}
