// What a player owes for the pitch, on the sign-up and vote views (docs/scoreboard.md, "Who paid for the pitch"):
// the link's code lets its holder read one player's balance (fees.balance {player}), the one they picked, with the
// organiser's note on how to pay. The sums are written by Intl in the page's language, from the daemon's whole minor
// units.

import { h } from "./dom.js";

/** "Ana, you owe €5.00 for the pitch: pay the organiser.", "Ana, you're in credit: €2.50 for the next games.", or ""
 * when square or never charged; named, since a phone at the touchline passes from hand to hand. */
export function owedText(balances, name, t, f) {
  const lines = (balances || []).filter((b) => b.owed.amount !== 0);
  const owed = lines.filter((b) => b.owed.amount > 0).map((b) => f.money(b.owed));
  const credit = lines.filter((b) => b.owed.amount < 0).map((b) => f.money(b.owed, true));
  if (owed.length) return t("fees.owe", { name, money: f.list(owed) });
  if (credit.length) return t("fees.credit", { name, money: f.list(credit) });
  return "";
}

/** Keeps views.owed the balances of the player this phone picked (views.me): loaded when the pick changes, and on
 * each connection. */
export function watchOwed(app) {
  const { store, rpc } = app;
  store.watch((s) => [s.views.me && s.views.me.id, s.connection.session], ([me, session]) => {
    if (!me || !session) return;
    store.load("owed", () => rpc.call("fees.balance", { player: me }).then((r) => r, () => null),
      (r) => ({ type: "view", view: "owed", patch: { player: me, balances: (r && r.balances) || [], howToPay: (r && r.howToPay) || null } }))
      .catch(() => {});
  });
}

const drawn = new WeakMap();   // node -> what it shows, drawn again only when that changes

/** Draws what the player `player` ({id, name}, or null) owes into `node`, from views.owed in `s`, and while they owe,
 * how to pay in the organiser's words. */
export function renderOwed(node, s, player) {
  const owed = player && s.views.owed && s.views.owed.player === player.id ? s.views.owed : null;
  const text = owed ? owedText(owed.balances, player.name, s.lang.t, s.lang.f) : "";
  const owes = !!owed && owed.balances.some((b) => b.owed.amount > 0);
  const how = owes && owed.howToPay ? s.lang.t("fees.howToPay", { note: owed.howToPay }) : "";
  if (drawn.get(node) !== text + "\n" + how) {
    drawn.set(node, text + "\n" + how);
    node.replaceChildren(text, how ? h("span", { className: "how-to-pay", dataset: { testid: node.dataset.testid + "-how" } }, how) : "");
  }
  node.hidden = !text;
}
