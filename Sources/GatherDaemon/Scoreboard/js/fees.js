// What a player owes for the pitch, in the sign-up and vote views (docs/scoreboard.md, "Who paid for the pitch"):
// the link's code lets its holder read one player's balance (fees.balance {player}), the one they picked.

import { call } from "./connection.js";

const loads = new WeakMap();   // node -> its latest load, which wins

/** "Ana, you owe €5.00 for the pitch: pay the organiser.", "Ana, you're in credit: €2.50 for the next games.", or
 * "" when square or never charged; named, since a phone at the touchline passes from hand to hand. */
export function owedText(balances, name) {
  const lines = (balances || []).filter((b) => b.owed.amount !== 0);
  const owed = lines.filter((b) => b.owed.amount > 0).map((b) => b.owed.text);
  const credit = lines.filter((b) => b.owed.amount < 0).map((b) => b.owed.text.replace(/^-/, ""));
  if (owed.length) return name + ", you owe " + owed.join(" and ") + " for the pitch: pay the organiser.";
  if (credit.length) return name + ", you're in credit: " + credit.join(" and ") + " for the next games.";
  return "";
}

/** Shows what `player` ({id, name}, or null for nobody picked) owes in `node` (hidden when nothing, unknown or not
 * readable with this link). */
export async function showOwed(node, player) {
  const mine = (loads.get(node) || 0) + 1;
  loads.set(node, mine);
  if (player == null) { node.hidden = true; return; }
  let text = "";
  try {
    const result = await call("fees.balance", { player: player.id });
    text = owedText(result && result.balances, player.name);
  } catch (error) { text = ""; }
  if (mine !== loads.get(node)) return;
  node.textContent = text;
  node.hidden = !text;
}
