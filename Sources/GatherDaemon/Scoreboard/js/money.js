// The money screen (docs/scoreboard.md "Who paid for the pitch"), at #money on the control page: who owes what,
// with "Paid" per player (fees.pay of what they owe, with an undo notice); the pitch's cost of each weekly game and
// open plan, changed on their forms; the organiser's note on how to pay (fees.setHowToPay), which players see on
// their sign-up link; and every line of the ledger (fees.ledger), in words.

import { $, h, mountTree, setText, show } from "./dom.js";
import { moneyView } from "./moneymarkup.js";
import { balanceRows, ledgerWords } from "./moneyrules.js";
import { openPanel } from "./panels.js";
import { planTitle } from "./plans.js";
import { sortedPlans } from "./share.js";
import { translate } from "./status.js";
import { offerUndo } from "./undo.js";
import { dayName } from "./weekly.js";

const isOpen = (s) => { const p = openPanel(s); return !!p && p.name === "money"; };

/** "€60.00 · paid by Ana", or "no cost". */
export function feeText(fee, t, f) {
  if (!fee) return t("money.noCost");
  return f.money(fee.cost) + (fee.paidBy ? " \u00b7 " + t("money.paidBy", { name: fee.paidBy.name }) : "");
}

function balanceRow(b, t, f) {
  const key = b.player.id + "-" + b.currency, owed = b.owed.amount, money = f.money(b.owed, true);
  return h("li", { className: "roster-row", dataset: { testid: "balance-" + key, owed: owed > 0 ? "owes" : owed < 0 ? "credit" : "square" } },
    h("span", { className: "roster-name" }, b.player.name,
      h("span", { className: "money-owed" }, owed > 0 ? t("money.owes", { money }) : owed < 0 ? t("money.inCredit", { money }) : t("money.square"))),
    owed > 0 ? h("button", { type: "button", className: "primary", dataset: { testid: "btn-paid-" + key, player: String(b.player.id), currency: b.currency },
      attrs: { "aria-label": t("money.paidWho", { name: b.player.name, money }) } }, t("money.paid")) : null);
}

function costRow(testid, title, fee, open, t, f) {
  return h("li", { className: "roster-row", dataset: { testid: testid } },
    h("span", { className: "roster-name" }, title, h("span", { className: "money-owed" }, feeText(fee, t, f))),
    h("button", { type: "button", dataset: { open: open[0], id: open[1] == null ? "" : String(open[1]) },
      attrs: { "aria-label": t("plans.buttonFor", { action: t("plans.change"), game: title }) } }, t("plans.change")));
}

/** Sets the money screen up for `app`; `panels` opens and closes the referee's views. */
export function mountMoney(app, panels) {
  const { store, rpc, commands } = app;
  const view = mountTree($("panels"), moneyView);
  translate(view, store.getState().lang.t);
  const how = $("money-how");
  let typed = false;   // the note being typed is kept when the money loads again

  const load = () => store.load("fees", () => Promise.all([rpc.call("fees.balance"), rpc.call("fees.ledger")]),
    ([balance, ledger]) => ({ type: "fees/loaded", fees: { balances: balance.balances || [], howToPay: balance.howToPay || null,
      entries: ledger.entries || [] } })).catch(() => { /* loaded again on the next connection */ });

  async function paid(button) {
    const s = store.getState(), t = s.lang.t;
    const b = ((s.lists.fees && s.lists.fees.balances) || []).find((x) => String(x.player.id) === button.dataset.player && x.currency === button.dataset.currency);
    if (!b || b.owed.amount <= 0) return;
    const name = b.player.name, money = s.lang.f.money(b.owed), player = b.player.id;
    const done = await commands.act("fees.pay", { player, amount: b.owed.amount, currency: b.currency }, { key: "pending.paid", params: { name, money } });
    if (!done) return;
    load();
    offerUndo(app, { text: { key: "money.paidDone", params: { name, money } }, button: "money.undoPaid",
      method: "fees.correct", params: { player, amount: b.owed.amount, currency: b.currency, note: t("money.undoPaidNote") },
      label: { key: "pending.unpaid", params: { name, money } }, until: Date.now() + 15 * 60000, done: load });
  }

  $("money-balances").addEventListener("click", (event) => { const b = event.target.closest("button[data-player]"); if (b) paid(b); });
  $("money-costs").addEventListener("click", (event) => {
    const b = event.target.closest("button[data-open]");
    if (b) panels.open(b.dataset.open, b.dataset.id ? Number(b.dataset.id) : null);
  });
  how.addEventListener("input", () => { typed = true; });
  $("money-how-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const note = how.value.trim();
    const saved = await commands.act("fees.setHowToPay", { note: note || null }, { key: "pending.howToPay" });
    if (!saved) return;
    typed = false;
    store.dispatch({ type: "notice", tone: "success", key: note ? "money.howSaved" : "money.howCleared", cause: "money" });
    load();
  });
  $("btn-money-back").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });

  store.watch(isOpen, (open) => {
    show(view, open);
    store.dispatch({ type: "notice/clear", cause: "money" });
    if (open) { typed = false; store.dispatch({ type: "notice/clear", cause: "action" }); }
  });
  store.watch((s) => [isOpen(s), s.connection.session, s.lists.stale.fees], ([open, session]) => { if (open && session) load(); });
  store.watch((s) => [isOpen(s), s.lists.fees, s.lists.plans, s.lists.schedules, s.lang], ([open, fees], s) => {
    if (!open) return;
    const t = s.lang.t, f = s.lang.f, rows = balanceRows(fees ? fees.balances : [], s.lang.tag);
    $("money-balances").replaceChildren(...rows.map((b) => balanceRow(b, t, f)));
    if (fees && !rows.length) $("money-balances").append(h("li", { className: "roster-empty" }, t("money.nobodyOwes")));
    setText($("money-summary"), fees ? t("money.summary", { count: rows.filter((b) => b.owed.amount > 0).length }) : "");
    $("money-costs").replaceChildren(
      ...(s.lists.schedules || []).map((x) => costRow("cost-weekly-" + x.id, t("money.everyDay", { day: dayName(x.weekday, s.lang.tag), time: x.time }),
        x.fee, ["weekly", null], t, f)),
      ...sortedPlans(s.lists.plans).map((p) => costRow("cost-plan-" + p.id, planTitle(p, f), p.fee, ["plan", p.id], t, f)));
    if (!$("money-costs").childElementCount) $("money-costs").append(h("li", { className: "roster-empty" }, t("money.noGames")));
    if (fees && !typed && document.activeElement !== how) how.value = fees.howToPay || "";
    const entries = fees ? fees.entries : [];
    $("money-ledger").replaceChildren(...entries.slice().reverse().map((e) => h("li", { dataset: { testid: "ledger-line", kind: e.kind } },
      h("span", { className: "ledger-when" }, f.day(e.at)), " ", h("strong", null, e.player.name), " ",
      ledgerWords(e, entries, s.lists.players, t), " ", h("span", { className: "ledger-amount" }, f.money(e.amount)))));
    if (!entries.length) $("money-ledger").append(h("li", { className: "roster-empty" }, t("money.noLines")));
  });
}
