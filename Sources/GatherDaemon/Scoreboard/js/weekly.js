// The weekly game (docs/scoreboard.md "The weekly game"): the schedules that open each week's plan by themselves
// (plan.schedules), shown under the plans for everyone ("Every Thursday at 19:00 … next sign-up opens Fri 27 Nov,
// 19:00"), and kept up to date when a week opens or the referee changes one (weeklyform.js).

import { renderers, state } from "./board.js";
import { call } from "./connection.js";

const $ = (id) => document.getElementById(id);
const view = { summary: $("weekly-summary") };
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

let loads = 0;  // the latest load wins

/** Loads the schedules; a new connection, a week that opens and the referee's changes load them again. */
export async function loadSchedules() {
  const mine = ++loads;
  const result = await call("plan.schedules");
  if (mine !== loads) return;
  state.schedules = (result && result.schedules) || [];
  for (const render of renderers) render();
}

/** After an event: a plan made by a schedule moves that schedule on to its next week. */
export function weeklyEvent(method, params) {
  if (method === "events.resumed" || (method === "plan" && params.change === "created" && params.plan &&
      params.plan.schedule != null)) {
    loadSchedules().catch(() => { /* loaded again on the next connection */ });
  }
}

/** "Thursday", capitalised, from a schedule's weekday. */
export function dayName(weekday) { return weekday ? weekday[0].toUpperCase() + weekday.slice(1) : ""; }

/** The days of the week, Monday first, as the protocol names them. */
export const weekdays = DAYS;

/** A moment as the wall clock of `local` (an ISO time with an offset, "…+01:00") reads it: "Fri 27 Nov, 19:00". */
export function wallText(iso, local) {
  const offset = /([+-])(\d\d):(\d\d)$/.exec(local || "");
  const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const wall = new Date(Date.parse(iso) + minutes * 60000);
  return wall.toLocaleString([], {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC",
  });
}

/** "Every Thursday at 19:00 at Astro 2 · sign-up opens Fri 27 Nov, 19:00 for Thu 3 Dec". */
export function scheduleText(schedule) {
  const next = schedule.next;
  const day = wallText(next.startsAt, next.startsAtLocal).split(",")[0];
  let text = "Every " + dayName(schedule.weekday) + " at " + schedule.time + (schedule.place ? " at " + schedule.place : "");
  text += " \u00b7 sign-up for " + day + " opens " + wallText(next.opensAt, next.startsAtLocal);
  if (next.opensToAllAt) text += " (regulars first; everyone from " + wallText(next.opensToAllAt, next.startsAtLocal) + ")";
  return text;
}

function render() {
  const schedules = state.schedules || [];
  view.summary.hidden = state.gather !== null || schedules.length === 0;
  view.summary.textContent = schedules.map(scheduleText).join("\n");
}

/** Wires the summary under the plans. */
export function setUpWeekly() {
  renderers.push(render);
}
