// Who's coming (docs/scoreboard.md "Who's coming"): the open plans with their date, place, going and
// waiting counts and names, live over the WebSocket. Between matches everyone sees them; the referee may start a
// gather from one, and the sign-up view (signup.js) shows the plan of its link.

import { renderers, state } from "./board.js";
import { call } from "./connection.js";

const $ = (id) => document.getElementById(id);
const view = { card: $("plans"), list: $("plan-list") };

let loads = 0;                 // the latest load wins
let startFromPlan = null;      // the referee's way to start a gather from a plan (setup.js), when there is one

/** Loads the open plans (plans.list). Events keep them up to date; a new connection loads them again. */
export async function loadPlans() {
  const mine = ++loads;
  const result = await call("plans.list");
  if (mine !== loads) return;
  state.plans = new Map(((result && result.plans) || []).map((plan) => [plan.id, plan]));
  state.plansLoaded = true;
  if (state.signUp && !state.plans.has(state.signUp.plan)) state.signUp.closed = true;
  for (const render of renderers) render();
}

/** After an event: a `plan` event carries the whole plan as it now is, so it replaces the one held (a plan that
 * is no longer open leaves the list); a resumed connection loads them all again. */
export function plansEvent(method, params) {
  if (method === "events.resumed") { loadPlans().catch(() => { /* loaded again on the next connection */ }); return; }
  if (method !== "plan" || !params.plan) return;
  if (params.plan.status === "open") state.plans.set(params.plan.id, params.plan);
  else state.plans.delete(params.plan.id);
  if (state.signUp && state.signUp.plan === params.plan.id && params.plan.status !== "open") state.signUp.closed = true;
  for (const render of renderers) render();
}

/** "Thu 3 Dec, 19:00" in the phone's language, at the time the plan was written for (its own time zone, the
 * pitch's: startsAtLocal), so that a phone set to another zone still reads the time the group agreed on. */
export function whenText(plan) {
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(plan.startsAtLocal || "");
  if (!local) return plan.startsAtLocal || "";
  const [, y, mo, d, h, mi] = local.map(Number);
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return wall.toLocaleString([], {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC",
  });
}

/** "8 going · 2 waiting · 2 places left". */
export function countsText(plan) {
  const parts = [plan.going.length + " going"];
  if (plan.waiting.length) parts.push(plan.waiting.length + " waiting");
  parts.push(plan.placesLeft === 0 ? "full" : plan.placesLeft + (plan.placesLeft === 1 ? " place left" : " places left"));
  return parts.join(" \u00b7 ");
}

/** A list of names ("Ana, Bruno, Zé (guest)") as an element, or "nobody yet". */
export function namesLine(label, entries, testid) {
  const p = document.createElement("p");
  p.className = "plan-names";
  p.dataset.testid = testid;
  const strong = document.createElement("strong");
  strong.textContent = label + " ";
  const names = entries.map((e) => e.name + (e.guest ? " (guest)" : "")).join(", ");
  p.append(strong, names || "nobody yet");
  return p;
}

function planItem(plan) {
  const item = document.createElement("article");
  item.className = "plan";
  item.dataset.testid = "plan-" + plan.id;
  const head = document.createElement("h3");
  head.dataset.testid = "plan-when";
  head.textContent = whenText(plan) + (plan.place ? " \u00b7 " + plan.place : "");
  const counts = document.createElement("p");
  counts.className = "plan-counts";
  counts.dataset.testid = "plan-counts";
  counts.textContent = countsText(plan);
  item.append(head, counts, namesLine("Going:", plan.going, "plan-going"));
  if (plan.waiting.length) item.append(namesLine("Waiting:", plan.waiting, "plan-waiting"));
  if (plan.note) {
    const note = document.createElement("p");
    note.className = "plan-note";
    note.textContent = plan.note;
    item.append(note);
  }
  if (state.control && startFromPlan) {
    const start = document.createElement("button");
    start.type = "button";
    start.className = "primary";
    start.dataset.testid = "btn-plan-start-" + plan.id;
    start.dataset.plan = String(plan.id);
    start.textContent = "Start from this plan";
    start.disabled = plan.going.length < 2;
    item.append(start);
  }
  return item;
}

/** Draws the open plans, soonest first, between matches. */
export function renderPlans() {
  const plans = [...state.plans.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  view.card.hidden = !!state.gather || plans.length === 0;
  if (view.card.hidden) return;
  view.list.replaceChildren(...plans.map(planItem));
}

/** Wires the view; `start(plan)` is what the referee's "Start from this plan" does. */
export function setUpPlans(start) {
  startFromPlan = start;
  view.list.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-plan]");
    const plan = b && state.plans.get(Number(b.dataset.plan));
    if (plan && startFromPlan) startFromPlan(plan);
  });
  renderers.push(renderPlans);
}
