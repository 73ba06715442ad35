// The pitch's cost in the organiser's forms (the plan form, the weekly game's): how much and in which currency, who
// paid for the pitch (their own share is charged like everyone's, and the rest credited to them), and who pays a
// guest's share. As fees.setCost, plan.schedule and plan.reschedule take them.

import { $, h } from "./dom.js";
import { CURRENCIES, amountText, currencyDigits, defaultCurrency, parseAmount } from "./moneyrules.js";
import { byName } from "./rosterrules.js";

/** The cost's fieldset of the form whose ids start with `prefix` ("plan", "weekly"). */
export function costFieldset(prefix) {
  return ["fieldset", {class: "format cost", "data-testid": prefix + "-cost-set", id: prefix + "-cost-set"},
    ["legend", {"data-i18n": "cost.legend"}],
    ["label", {class: "half"},
      ["span", {"data-i18n": "cost.amount"}],
      ["input", {type: "text", inputmode: "decimal", autocomplete: "off", "data-i18n-attr": "placeholder:cost.amountExample",
        "data-testid": prefix + "-cost", id: prefix + "-cost", "aria-describedby": prefix + "-cost-hint"}]],
    ["label", {class: "half"},
      ["span", {"data-i18n": "cost.currency"}],
      ["select", {"data-testid": prefix + "-currency", id: prefix + "-currency"}]],
    ["label", {class: "full"},
      ["span", {"data-i18n": "cost.paidBy"}],
      ["select", {"data-testid": prefix + "-paid-by", id: prefix + "-paid-by"}]],
    ["label", {class: "full"},
      ["span", {"data-i18n": "cost.guests"}],
      ["select", {"data-testid": prefix + "-guests", id: prefix + "-guests"},
        ["option", {value: "themselves", "data-i18n": "cost.guestsThemselves"}],
        ["option", {value: "host", "data-i18n": "cost.guestsHost"}]]],
    ["p", {class: "zone", "data-testid": prefix + "-cost-hint", id: prefix + "-cost-hint", "data-i18n": "cost.hint"}]];
}

/** The currencies a group has used, most recent first: its costs' (`fees`, Fee or null) and its balances'. */
export function knownCurrencies(s, fees) {
  const balances = (s.lists.fees && s.lists.fees.balances) || [];
  return fees.filter(Boolean).map((fee) => fee.cost.currency).concat(balances.map((b) => b.currency));
}

/** Fills the fields of `prefix` with `fee` (a Fee, or null for none) in state `s`; `others` are the fees seen
 * elsewhere (schedules, plans), whose currency a new cost starts in. */
export function fillCost(prefix, fee, s, others) {
  const t = s.lang.t, currency = fee ? fee.cost.currency : defaultCurrency(knownCurrencies(s, others || []), navigator.languages);
  $(prefix + "-cost").value = amountText(fee && fee.cost, s.lang.tag);
  const currencies = CURRENCIES.includes(currency) ? CURRENCIES : [currency].concat(CURRENCIES);
  $(prefix + "-currency").replaceChildren(...currencies.map((c) => h("option", { value: c }, c)));
  $(prefix + "-currency").value = currency;
  const players = Object.values(s.lists.players).filter((p) => p.confirmed !== false).sort(byName(s.lang.tag));
  const payer = fee && fee.paidBy;
  if (payer && !players.some((p) => p.id === payer.id)) players.unshift(payer);
  $(prefix + "-paid-by").replaceChildren(h("option", { value: "" }, t("cost.nobody")),
    ...players.map((p) => h("option", { value: String(p.id) }, p.name)));
  $(prefix + "-paid-by").value = payer ? String(payer.id) : "";
  $(prefix + "-guests").value = fee ? fee.guests : "themselves";
}

/** What the fields of `prefix` say: {fee: {cost: {amount, currency}, guests, paidBy} or null}, or {error: catalog
 * key} for a sum that is none. */
export function readCost(prefix) {
  const text = $(prefix + "-cost").value.trim(), currency = $(prefix + "-currency").value;
  if (!text) return { fee: null };
  const amount = parseAmount(text, currency);
  if (amount === null) return { error: currencyDigits(currency) ? "cost.badAmount" : "cost.badWholeAmount" };
  const paidBy = $(prefix + "-paid-by").value;
  return { fee: { cost: { amount, currency }, guests: $(prefix + "-guests").value, paidBy: paidBy ? Number(paidBy) : null } };
}

/** Whether `fee` (as readCost gives it) differs from `known` (a Fee from gatherd, or null). */
export function costChanged(fee, known) {
  if (!fee || !known) return !!fee !== !!known;
  return fee.cost.amount !== known.cost.amount || fee.cost.currency !== known.cost.currency ||
    fee.guests !== known.guests || fee.paidBy !== (known.paidBy ? known.paidBy.id : null);
}

/** fees.setCost's params for `fee` (or null to clear) of plan `plan`. */
export function setCostParams(plan, fee) {
  return fee ? { plan, cost: fee.cost, guests: fee.guests, paidBy: fee.paidBy } : { plan, cost: null };
}
