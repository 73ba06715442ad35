// Who's coming (docs/scoreboard.md "Who's coming"): the open plans with their date, place, going and
// waiting counts and names, live over the WebSocket. Between matches everyone sees them; the referee may change
// one, share its sign-up link, check in who turned up and start a gather from it, and the sign-up view
// (signup.js) shows the plan of its link.

import { renderers, state } from "./board.js";
import { call } from "./connection.js";

const $ = (id) => document.getElementById(id);
const view = { card: $("plans"), list: $("plan-list"), empty: $("plans-empty") };

let loads = 0;                 // the latest load wins
let actions = null;            // the referee's actions on a plan, by name: start, edit, share, checkIn

/** Loads the open plans (plans.list). Events keep them up to date; a new connection loads them again. */
export async function loadPlans() {
  const mine = ++loads;
  const result = await call("plans.list");
  if (mine !== loads) return;
  state.plans = new Map(((result && result.plans) || []).map((plan) => [plan.id, plan]));
  state.plansLoaded = true;
  for (const render of renderers) render();
}

/** After an event: a `plan` event carries the whole plan as it now is, so it replaces the one held (a plan that
 * is no longer open leaves the list); a resumed connection loads them all again. */
export function plansEvent(method, params) {
  if (method === "events.resumed") { loadPlans().catch(() => { /* loaded again on the next connection */ }); return; }
  if (method !== "plan" || !params.plan) return;
  if (params.plan.status === "open") state.plans.set(params.plan.id, params.plan);
  else state.plans.delete(params.plan.id);
  for (const render of renderers) render();
}

/** The plan's start as the wall clock at the pitch read it (its startsAtLocal), as a Date to format in UTC. */
function wallClock(plan) {
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(plan.startsAtLocal || "");
  if (!local) return null;
  const [, y, mo, d, h, mi] = local.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi));
}

/** "Thu 3 Dec, 19:00" in the phone's language, at the time the plan was written for (its own time zone, the
 * pitch's: startsAtLocal), so that a phone set to another zone still reads the time the group agreed on. */
export function whenText(plan) {
  const wall = wallClock(plan);
  if (!wall) return plan.startsAtLocal || "";
  return wall.toLocaleString([], {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC",
  });
}

/** "Thu 3 Dec": the day alone, as the share view's choices name a plan. */
export function dayText(plan) {
  const wall = wallClock(plan);
  return wall ? wall.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }) : "";
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
  if (plan.checkIn) {
    const checked = document.createElement("p");
    checked.className = "plan-checkin";
    checked.dataset.testid = "plan-checkin";
    const missing = plan.checkIn.noShows.map((e) => e.name).join(", ");
    checked.textContent = "Checked in: " + plan.checkIn.present.length + " here" + (missing ? " \u00b7 not here: " + missing : "");
    item.append(checked);
  }
  if (state.control && actions) item.append(planButtons(plan));
  return item;
}

/** The referee's buttons on a plan: check in who is here, start from it, share its link, change it. */
function planButtons(plan) {
  const row = document.createElement("div");
  row.className = "plan-actions";
  const button = (action, label, testid, primary) => {
    const b = document.createElement("button");
    b.type = "button";
    if (primary) b.className = "primary";
    b.dataset.testid = testid + plan.id;
    b.dataset.plan = String(plan.id);
    b.dataset.action = action;
    b.textContent = label;
    // Every card has these buttons: the name says which game each is for.
    b.setAttribute("aria-label", label + ": " + whenText(plan) + (plan.place ? ", " + plan.place : ""));
    return b;
  };
  // On the night (from 12 hours before the start) checking in comes first; before it, sharing the link.
  const night = Date.parse(plan.startsAt) - Date.now() < 12 * 3600 * 1000;
  const start = button("start", "Start from this plan", "btn-plan-start-", !!plan.checkIn);
  start.disabled = (plan.checkIn ? plan.checkIn.present : plan.going).length < 2;
  const checkIn = button("checkIn", plan.checkIn ? "Check in again" : "Check in", "btn-plan-checkin-", night && !plan.checkIn);
  const share = button("share", "Share link", "btn-plan-share-", !night);
  const edit = button("edit", "Change", "btn-plan-edit-");
  if (night) row.append(checkIn, start, share, edit); else row.append(share, edit, checkIn, start);
  return row;
}

/** Draws the open plans, soonest first, between matches. */
export function renderPlans() {
  const plans = [...state.plans.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  view.card.hidden = !!state.gather || (plans.length === 0 && !state.control);
  view.empty.hidden = plans.length > 0 || !state.plansLoaded;
  if (view.card.hidden) return;
  // Cards are drawn anew: a button that had focus keeps it on its new card.
  const focused = view.list.contains(document.activeElement) ? document.activeElement.dataset.testid : "";
  view.list.replaceChildren(...plans.map(planItem));
  if (focused) view.list.querySelector(`[data-testid="${focused}"]`)?.focus();
}

/** Wires the view; `referee` holds what the referee's buttons do with a plan: `start`, `checkIn`, `share` and
 * `edit`. */
export function setUpPlans(referee) {
  actions = referee;
  view.list.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-plan]");
    const plan = b && state.plans.get(Number(b.dataset.plan));
    if (plan && actions && actions[b.dataset.action]) actions[b.dataset.action](plan);
  });
  renderers.push(renderPlans);
}
