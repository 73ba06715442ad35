// Reminders on the control page (docs/scoreboard.md "Reminders"): when a plan's reminder goes out (48 and 3 hours
// before it, or as its weekly game says: a `plan` event `reminder`), the referee gets the ready message for the
// group chat — when, where, who is going and the places left, with the sign-up link — to send with the phone's
// share sheet (share.js), as a plan's sign-up link is shared.

import { renderers, state } from "./board.js";
import { whenText } from "./plans.js";
import { shareSignUp } from "./share.js";

const view = { list: document.getElementById("plan-reminders") };
const due = new Map();   // plan id -> seconds before the start, for the reminders not shared yet

/** "in 3 hours", "in 2 days", "in 45 minutes": how long before the start a reminder went out. */
function inTime(seconds) {
  const [size, unit] = seconds >= 86400 && seconds % 86400 === 0 ? [86400, "day"]
    : seconds >= 3600 ? [3600, "hour"] : [60, "minute"];
  const count = Math.round(seconds / size);
  return "in " + count + " " + unit + (count === 1 ? "" : "s");
}

/** "Football in 3 hours: Thu 3 Dec, 19:00 at Astro 2. 8 going: Ana, Bruno, … 2 places left." */
export function reminderMessage(plan, before) {
  const going = plan.going.map((entry) => entry.name);
  const left = plan.placesLeft;
  const room = left === 0 ? "Full" + (plan.waiting.length ? ", " + plan.waiting.length + " waiting" : "")
    : left + (left === 1 ? " place left" : " places left");
  return "Football " + inTime(before) + ": " + whenText(plan) + (plan.place ? " at " + plan.place : "") + ". " +
    (going.length ? going.length + " going: " + going.join(", ") + ". " : "Nobody going yet. ") + room + ".";
}

/** After an event: a reminder to offer; a plan that closed takes its reminder away. */
export function remindersEvent(method, params) {
  if (method !== "plan" || !params.plan) return;
  if (params.change === "reminder") due.set(params.plan.id, params.before);
  if (params.plan.status !== "open") due.delete(params.plan.id);
  render();
}

function item(plan, before) {
  const row = document.createElement("div");
  row.className = "plan-reminder";
  row.dataset.testid = "plan-reminder-" + plan.id;
  const text = document.createElement("p");
  text.textContent = "Reminder: " + reminderMessage(plan, before);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "primary";
  button.dataset.testid = "btn-reminder-" + plan.id;
  button.dataset.plan = String(plan.id);
  button.textContent = "Send the reminder";
  row.append(text, button);
  return row;
}

function render() {
  const shown = state.control && !state.gather
    ? [...due].filter(([id]) => state.plans.has(id)).map(([id, before]) => item(state.plans.get(id), before)) : [];
  view.list.hidden = shown.length === 0;
  view.list.replaceChildren(...shown);
}

/** Wires the reminders above the plans, for the referee only. */
export function setUpReminders() {
  view.list.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-plan]");
    const id = b && Number(b.dataset.plan);
    const plan = b && state.plans.get(id);
    if (!plan) return;
    shareSignUp(plan, reminderMessage(plan, due.get(id)));
    due.delete(id);
    render();
  });
  renderers.push(render);
}
