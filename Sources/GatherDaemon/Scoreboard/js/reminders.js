// Reminders on the control page (docs/scoreboard.md "Reminders"): when a plan's reminder goes out (48 and 3 hours
// before it, or as its weekly game says), the referee gets the ready message for the group chat — when, where, who
// is going and the places left — to send with the share view, as a plan's sign-up link is sent. A page opened after
// the reminder went out still offers it, from the plan's `lastReminder`, until this phone has shared it.

import { $, h, show } from "./dom.js";
import { sortedPlans } from "./share.js";

const SHARED_KEY = "gatherd.reminderShared.";   // + plan id -> the `at` of the last reminder this phone shared

function sharedHere(plan) {
  try { return localStorage.getItem(SHARED_KEY + plan.id) === plan.lastReminder.at; } catch (e) { return false; }
}

/** "Football in 3 hours: Thu 3 Dec, 19:00 at Astro 2. 8 going: Ana, Bruno, … 2 places left." */
export function reminderMessage(plan, before, t, f) {
  const going = plan.going.map((entry) => entry.name);
  const left = plan.placesLeft;
  const room = left === 0 ? (plan.waiting.length ? t("reminder.fullWaiting", { count: plan.waiting.length }) : t("reminder.full"))
    : t("plans.left", { count: left });
  const when = f.wall(plan.startsAtLocal);
  const head = plan.place ? t("reminder.headAt", { in: f.inTime(before), when, place: plan.place })
    : t("reminder.head", { in: f.inTime(before), when });
  return head + " " + (going.length ? t("reminder.going", { count: going.length, names: going.join(", ") }) : t("reminder.nobody")) +
    " " + room + ".";
}

/** Draws the reminders to send above the plans, for the referee. */
export function mountReminders(app) {
  const { store } = app;
  const list = $("plan-reminders");
  list.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-plan]");
    const s = store.getState(), plan = b && s.lists.plans[b.dataset.plan];
    if (!plan || !plan.lastReminder || !app.share) return;
    app.share.shareSignUp(plan, reminderMessage(plan, plan.lastReminder.before, s.lang.t, s.lang.f));
    try { localStorage.setItem(SHARED_KEY + plan.id, plan.lastReminder.at); } catch (e) { /* for this visit only */ }
    store.dispatch({ type: "view", view: "reminders", patch: { [plan.id]: plan.lastReminder.at } });
  });
  store.watch((s) => [s.lists.plans, s.connection.control, s.match.gather === null, s.views.reminders, s.lang], ([plans, control, none], s) => {
    const due = control && none ? sortedPlans(plans).filter((p) => p.lastReminder && !sharedHere(p)) : [];
    list.replaceChildren(...due.map((plan) => h("div", { className: "plan-reminder", dataset: { testid: "plan-reminder-" + plan.id } },
      h("p", null, s.lang.t("reminder.label", { message: reminderMessage(plan, plan.lastReminder.before, s.lang.t, s.lang.f) })),
      h("button", { type: "button", className: "primary", dataset: { testid: "btn-reminder-" + plan.id, plan: String(plan.id) } },
        s.lang.t("reminder.send")))));
    show(list, due.length > 0);
  });
}
