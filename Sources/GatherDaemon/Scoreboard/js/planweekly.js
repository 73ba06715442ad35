// The plan form's weekly games and what it sends (planform.js): a weekly game whose week is still to open is offered
// as "This week's game (every Thursday at 19:00, Astro 2)", which fills the form from it and makes the plan as that
// week's game (plan.create {schedule}: its capacity, place, note and cost unless changed); or "Another game", by hand.

import { h } from "./dom.js";
import { wallParts } from "./planzone.js";
import { dayName } from "./weekly.js";

const DAY_MS = 86400000;
const pad2 = (n) => (n < 10 ? "0" : "") + n;

/** The wall date `days` after `date` ("2026-12-03", 7 → "2026-12-10"). */
export function addDays(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.getUTCFullYear() + "-" + pad2(next.getUTCMonth() + 1) + "-" + pad2(next.getUTCDate());
}

/**
 * The weeks the plan form offers, one per weekly game (`schedules`) that has a week with no open plan (`plans`, by
 * id) yet and that it did not open itself: this week's when its start is still to come (the schedule opens next
 * week's by itself), else the week it opens next. Each is {schedule, date, time, thisWeek}: the wall date and time at the pitch, and whether it starts
 * within a week of `now` (ms).
 */
export function scheduleWeeks(schedules, plans, now) {
  const open = Object.values(plans || {});
  const weeks = [];
  for (const schedule of schedules || []) {
    const [date, time] = wallParts(schedule.next && schedule.next.startsAtLocal);
    if (!date) continue;
    const next = Date.parse(schedule.next.startsAt), last = schedule.lastStart ? Date.parse(schedule.lastStart) : NaN;
    // A week the schedule already opened (its lastStart; a clock change may move the instant by an hour) is its own.
    const candidates = [{ date: addDays(date, -7), at: next - 7 * DAY_MS }, { date: date, at: next }]
      .filter((c) => c.at > now && !(Math.abs(last - c.at) < 2 * 3600000));
    const free = candidates.find((c) => !open.some((p) => p.schedule === schedule.id && wallParts(p.startsAtLocal)[0] === c.date));
    if (free) weeks.push({ schedule: schedule, date: free.date, time: time, thisWeek: free.at - now < 7 * DAY_MS });
  }
  return weeks;
}

/** A week's chip label: "This week's game (every Thursday at 19:00, Astro 2)". */
export function weekLabel(week, t, lang) {
  const s = week.schedule, day = dayName(s.weekday, lang);
  const which = s.place ? t("planForm.weeklyAt", { day, time: s.time, place: s.place }) : t("planForm.weekly", { day, time: s.time });
  return t(week.thisWeek ? "planForm.thisWeek" : "planForm.nextWeek", { schedule: which });
}

/** The chips of `weeks` and "Another game" ("plan-week-<schedule id>", "plan-week-none"), `chosen` pressed. */
export function weekChips(weeks, chosen, t, lang) {
  const chip = (id, label) => h("button", { type: "button", className: "chip",
    dataset: { testid: "plan-week-" + (id == null ? "none" : id), schedule: id == null ? "" : String(id) },
    attrs: { "aria-pressed": String(chosen === id) } }, label);
  return weeks.length ? weeks.map((w) => chip(w.schedule.id, weekLabel(w, t, lang))).concat([chip(null, t("planForm.otherGame"))]) : [];
}

/**
 * What the plan form sends besides its start, from `fields` ({capacity, place, note}, the text trimmed): for `plan`
 * (a change) only what differs from it, an emptied place or note as null; for a new plan of weekly game `schedule`,
 * the schedule and what differs from it; else the new plan's capacity, place and note (left out when empty).
 */
export function planParams(fields, plan, schedule) {
  const params = {};
  const base = plan || schedule;
  if (schedule && !plan) params.schedule = schedule.id;
  if (!base || fields.capacity !== base.capacity) params.capacity = fields.capacity;
  for (const key of ["place", "note"]) {
    if (base ? fields[key] !== (base[key] || "") : fields[key]) params[key] = fields[key] || null;
  }
  return params;
}
