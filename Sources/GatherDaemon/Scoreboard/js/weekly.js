// The weekly game (docs/scoreboard.md "The weekly game"): the schedules that open each week's plan by themselves
// (plan.schedules), shown under the plans for everyone ("Every Thursday at 19:00 at Astro 2 · sign-up for Thu
// 10 Dec opens Fri 4 Dec, 19:00"), loaded again when a week opens or the referee changes one; and the referee's
// form's values as plan.schedule's params (weeklyform.js).

import { $, setText, show } from "./dom.js";

const HOUR = 3600, DAY = 86400;

/** The days of the week, Monday first, as the protocol names them. */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** A weekday's name in the language ("Thursday", "quinta-feira"), from the protocol's name. */
export function dayName(weekday, lang) {
  const index = WEEKDAYS.indexOf(weekday);
  if (index < 0) return weekday || "";
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + index)));
}

/** "Every Thursday at 19:00 at Astro 2 · sign-up for Thu 10 Dec opens Fri 4 Dec, 19:00 (regulars first; everyone
 * from Sat 5 Dec, 19:00)". */
export function scheduleText(schedule, t, f, lang) {
  const next = schedule.next;
  const day = dayName(schedule.weekday, lang);
  let text = schedule.place ? t("weekly.everyAt", { day, time: schedule.time, place: schedule.place })
    : t("weekly.every", { day, time: schedule.time });
  text += " \u00b7 " + t("weekly.opens", { day: f.wallDay(next.startsAtLocal), when: f.wallAt(next.opensAt, next.startsAtLocal) });
  if (next.opensToAllAt) text += " " + t("weekly.regulars", { when: f.wallAt(next.opensToAllAt, next.startsAtLocal) });
  return text;
}

/** {params} from the form's fields (`field(id)` gives each input), or {error: catalog key}. `editing`: a change to
 * a schedule, where an emptied field is sent as null to clear it. */
export function scheduleParams(field, editing) {
  const number = (id) => (field(id).value.trim() === "" ? null : Number(field(id).value));
  const capacity = number("weekly-capacity"), opens = number("weekly-opens"), regulars = field("weekly-regulars").checked;
  if (!field("weekly-time").value) return { error: "weekly.pickTime" };
  if (!Number.isInteger(capacity) || capacity < 2 || capacity > 40) return { error: "planForm.badCapacity" };
  if (!(opens > 0)) return { error: "weekly.badOpens" };
  const reminders = field("weekly-reminders").value.split(/[,;\s]+/).filter((t) => t !== "").map((t) => Number(t.replace(",", ".")));
  if (reminders.some((r) => !(r > 0))) return { error: "weekly.badReminders" };
  const params = {
    weekday: field("weekly-day").value, time: field("weekly-time").value, capacity: capacity,
    place: field("weekly-place").value.trim() || null, note: field("weekly-note").value.trim() || null,
    opensBefore: Math.round(opens * DAY), reminders: reminders.map((r) => Math.round(r * HOUR)),
    regularsFirst: regulars ? Math.round((number("weekly-head") || 0) * HOUR) : null,
  };
  if (regulars && (number("weekly-played") !== null || number("weekly-of-last") !== null)) {
    params.regularsPlayed = number("weekly-played");
    params.regularsOfLast = number("weekly-of-last");
  }
  if (!editing) for (const key of ["place", "note", "regularsFirst"]) if (params[key] === null) delete params[key];
  return { params: params };
}

/** Loads the schedules on each connection and after the events that change them, and draws the summary. */
export function mountWeekly(app) {
  const { store, rpc } = app;
  const summary = $("weekly-summary");
  const load = () => store.load("schedules", () => rpc.call("plan.schedules"),
    (result) => ({ type: "schedules/loaded", schedules: (result && result.schedules) || [] }))
    .catch(() => { /* loaded again on the next connection */ });
  store.watch((s) => [s.connection.session, s.lists.stale.schedules], ([session]) => { if (session) load(); });
  store.watch((s) => [s.lists.schedules, s.match.gather === null, s.lang], ([schedules, none], s) => {
    show(summary, none && schedules.length > 0);
    setText(summary, schedules.map((sc) => scheduleText(sc, s.lang.t, s.lang.f, s.lang.tag)).join("\n"));
  });
  return load;
}
