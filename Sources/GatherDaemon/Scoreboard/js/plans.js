// Who's coming (docs/scoreboard.md "Who's coming"): the open plans with their day, place, going and waiting
// counts and names, and the pitch's cost, live from the store. Between matches everyone sees them; on the control
// page each has the referee's buttons: check in who is here, start from it, share its link, change it.

import { $, h, show } from "./dom.js";
import { sortedPlans } from "./share.js";

/** "Thu 3 Dec, 19:00 · Astro 2": a plan by its day, time and place, as people name a game. */
export function planTitle(plan, f) {
  return f.wall(plan.startsAtLocal) + (plan.place ? " \u00b7 " + plan.place : "");
}

/** "Pitch: €60.00, shared by those who play (Ana paid it)". */
export function costText(fee, t, f) {
  const money = f.money(fee.cost);
  return fee.paidBy ? t("plans.costPaidBy", { money, name: fee.paidBy.name }) : t("plans.cost", { money });
}

/** "8 going · 2 waiting · 2 places left". */
export function countsText(plan, t) {
  const parts = [t("plans.going", { count: plan.going.length })];
  if (plan.waiting.length) parts.push(t("plans.waiting", { count: plan.waiting.length }));
  // A place freed and offered to someone waiting is neither free to join nor taken yet: it says so, not "full".
  const offered = ((plan.attendance && plan.attendance.offers) || []).length;
  if (plan.placesLeft === 0 && offered) parts.push(t("plans.onOffer", { count: offered }));
  else parts.push(plan.placesLeft === 0 ? t("plans.full") : t("plans.left", { count: plan.placesLeft }));
  return parts.join(" \u00b7 ");
}

/** A list of names ("Going: Ana, Bruno, Zé (guest)") as an element, or "nobody yet". */
export function namesLine(label, entries, testid, t) {
  const names = entries.map((e) => (e.guest ? t("plans.guestName", { name: e.name }) : e.name)).join(", ");
  return h("p", { className: "plan-names", dataset: { testid: testid } }, h("strong", null, label + " "),
    names || t("plans.nobody"));
}

function planButtons(plan, t, f) {
  const button = (action, key, testid, primary) => {
    const label = t(key);
    return h("button", { type: "button", className: primary ? "primary" : "",
      dataset: { testid: testid + plan.id, plan: String(plan.id), action: action },
      // Every card has these buttons: the name says which game each is for.
      attrs: { "aria-label": t("plans.buttonFor", { action: label, game: f.wall(plan.startsAtLocal) + (plan.place ? ", " + plan.place : "") }) } },
    label);
  };
  // On the night (from 12 hours before the start) checking in comes first; before it, sharing the link.
  const night = Date.parse(plan.startsAt) - Date.now() < 12 * 3600 * 1000;
  const start = button("start", "plans.start", "btn-plan-start-", !!plan.checkIn);
  start.disabled = (plan.checkIn ? plan.checkIn.present : plan.going).length < 2;
  const checkIn = button("checkin", plan.checkIn ? "plans.checkInAgain" : "plans.checkIn", "btn-plan-checkin-", night && !plan.checkIn);
  const share = button("share", "plans.share", "btn-plan-share-", !night);
  const edit = button("plan", "plans.change", "btn-plan-edit-");
  return h("div", { className: "plan-actions" }, night ? [checkIn, start, share, edit] : [share, edit, checkIn, start]);
}

function planItem(plan, control, t, f) {
  const checked = plan.checkIn ? t(plan.checkIn.noShows.length ? "plans.checkedInMissing" : "plans.checkedIn", {
    count: plan.checkIn.present.length, names: f.list(plan.checkIn.noShows.map((e) => e.name)) }) : null;
  return h("article", { className: "plan", dataset: { testid: "plan-" + plan.id } },
    h("h3", { dataset: { testid: "plan-when" } }, planTitle(plan, f)),
    h("p", { className: "plan-counts", dataset: { testid: "plan-counts" } }, countsText(plan, t)),
    namesLine(t("plans.goingLabel"), plan.going, "plan-going", t),
    plan.waiting.length ? namesLine(t("plans.waitingLabel"), plan.waiting, "plan-waiting", t) : null,
    plan.note ? h("p", { className: "plan-note" }, plan.note) : null,
    plan.fee ? h("p", { className: "plan-cost", dataset: { testid: "plan-cost" } }, costText(plan.fee, t, f)) : null,
    checked ? h("p", { className: "plan-checkin", dataset: { testid: "plan-checkin" } }, checked) : null,
    control ? planButtons(plan, t, f) : null);
}

/** Draws the open plans, soonest first, between matches; the referee's buttons open their views (`open(action,
 * plan)`). */
export function mountPlans(store, open) {
  const view = { card: $("plans"), list: $("plan-list"), empty: $("plans-empty") };
  view.list.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-plan]");
    const plan = b && store.getState().lists.plans[b.dataset.plan];
    if (plan) open(b.dataset.action, plan);
  });
  let drawn = "";   // what the cards show: a load that brings the same plans leaves them (and a tap on them) alone
  store.watch((s) => [s.lists.plans, s.lists.plansLoaded, s.connection.control, s.match.gather === null, s.lang], (_, s) => {
    const plans = sortedPlans(s.lists.plans), control = s.connection.control;
    show(view.card, !s.match.gather && (plans.length > 0 || control));
    show(view.empty, plans.length === 0 && s.lists.plansLoaded);
    const shown = JSON.stringify([plans, control, s.lang.tag, Math.floor(Date.now() / 3600000)]);
    if (view.card.hidden || shown === drawn) return;
    drawn = shown;
    // Cards are drawn anew: a button that had focus keeps it on its new card.
    const focused = view.list.contains(document.activeElement) ? document.activeElement.dataset.testid : "";
    view.list.replaceChildren(...plans.map((plan) => planItem(plan, control, s.lang.t, s.lang.f)));
    if (focused) view.list.querySelector(`[data-testid="${focused}"]`)?.focus();
  });
}
