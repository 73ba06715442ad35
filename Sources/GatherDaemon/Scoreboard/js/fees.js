// What a player owes for the pitch, on the sign-up and vote views (docs/scoreboard.md, "Who paid for the pitch"):
// the link's code lets its holder read one player's balance (fees.balance {player}), the one they picked. The sums
// are written by Intl in the page's language, from the daemon's whole minor units.

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
    store.load("owed", () => rpc.call("fees.balance", { player: me }).then((r) => r.balances || [], () => []),
      (balances) => ({ type: "view", view: "owed", patch: { player: me, balances: balances } })).catch(() => {});
  });
}

/** Draws what the player `player` ({id, name}, or null) owes into `node`, from views.owed in `s`. */
export function renderOwed(node, s, player) {
  const owed = s.views.owed;
  const text = player && owed && owed.player === player.id ? owedText(owed.balances, player.name, s.lang.t, s.lang.f) : "";
  if (node.textContent !== text) node.textContent = text;
  node.hidden = !text;
}
