// The referee's weekly game (docs/scoreboard.md "The weekly game"): set up, change or end the game that plans
// itself every week — the day and time at the pitch (the server's zone, summer and winter), how many, where, when
// sign-up opens, whether regulars have it first, and when reminders go out (plan.schedule, plan.reschedule,
// plan.unschedule).

import { clearNotice, renderers, showNotice, state } from "./board.js";
import { call } from "./connection.js";
import { act, confirmAction, reportError } from "./controls.js";
import { closeOtherPanels, registerPanel, renderPanels } from "./panels.js";
import { dayName, loadSchedules, scheduleText, weekdays } from "./weekly.js";

const $ = (id) => document.getElementById(id);
const view = {
  open: $("btn-weekly"), form: $("weekly-form"), title: $("weekly-title"), list: $("weekly-list"),
  day: $("weekly-day"), time: $("weekly-time"), zone: $("weekly-zone"), capacity: $("weekly-capacity"),
  place: $("weekly-place"), note: $("weekly-note"), opens: $("weekly-opens"), reminders: $("weekly-reminders"),
  regulars: $("weekly-regulars"), head: $("weekly-head"), played: $("weekly-played"), ofLast: $("weekly-of-last"),
  end: $("btn-weekly-end"), back: $("btn-weekly-back"), save: $("btn-weekly-save"),
};
const HOUR = 3600, DAY = 86400;

let open = false;
let editing = null;   // the schedule being changed, or null for a new one
let busy = false;

const isOpen = () => open && !state.gather && state.control;

/** Opens the form: for `schedule`, to change it; without, for a new one (the first schedule's, if any). */
export async function openWeeklyForm(schedule) {
  closeOtherPanels(isOpen);
  clearNotice("action");
  open = true;
  await loadSchedules().catch(() => { /* the form works without the list */ });
  editing = schedule || (state.schedules || [])[0] || null;
  fill(editing);
  render();
  view.day.focus();
  try {
    const server = await call("daemon.time");
    view.zone.textContent = "At the pitch's time: " + (server.zone ? server.zone : "the server's time zone") +
      ", summer and winter alike.";
  } catch (error) { view.zone.textContent = "At the pitch's time (the server's time zone)."; }
}

function fill(schedule) {
  const s = schedule || {};
  view.day.value = s.weekday || "thursday";
  view.time.value = s.time || "19:00";
  view.capacity.value = String(s.capacity || 10);
  view.place.value = s.place || "";
  view.note.value = s.note || "";
  view.opens.value = String(s.opensBefore ? Math.round(s.opensBefore / DAY * 10) / 10 : 6);
  view.reminders.value = (s.reminders || [48 * HOUR, 3 * HOUR]).map((r) => Math.round(r / HOUR * 10) / 10).join(", ");
  const regulars = s.regularsFirst || null;
  view.regulars.checked = !!regulars;
  view.head.value = String(regulars ? Math.round(regulars.headStart / HOUR * 10) / 10 : 24);
  view.played.value = regulars && regulars.played ? String(regulars.played) : "";
  view.ofLast.value = regulars && regulars.ofLast ? String(regulars.ofLast) : "";
}

/** The params plan.schedule takes from the form; null (with a notice) when something is missing. */
function params() {
  const number = (input) => (input.value.trim() === "" ? null : Number(input.value));
  const capacity = number(view.capacity), opens = number(view.opens);
  if (!view.time.value) { showNotice("Pick the time of the game.", "action"); return null; }
  if (!Number.isInteger(capacity) || capacity < 2 || capacity > 40) {
    showNotice("A game takes from 2 to 40 players.", "action");
    return null;
  }
  if (!(opens > 0)) { showNotice("Say how many days before the game sign-up opens.", "action"); return null; }
  const reminders = view.reminders.value.split(/[,\s]+/).filter((t) => t !== "").map(Number);
  if (reminders.some((r) => !(r > 0))) { showNotice("Reminders are hours before the game: 48, 3.", "action"); return null; }
  const result = {
    weekday: view.day.value, time: view.time.value, capacity: capacity, place: view.place.value.trim() || null,
    note: view.note.value.trim() || null, opensBefore: Math.round(opens * DAY),
    reminders: reminders.map((r) => Math.round(r * HOUR)),
    regularsFirst: view.regulars.checked ? Math.round((number(view.head) || 0) * HOUR) : null,
  };
  if (view.regulars.checked && (number(view.played) !== null || number(view.ofLast) !== null)) {
    result.regularsPlayed = number(view.played);
    result.regularsOfLast = number(view.ofLast);
  }
  if (!editing) for (const key of ["place", "note", "regularsFirst"]) if (result[key] === null) delete result[key];
  return result;
}

async function save() {
  if (busy) return;
  clearNotice("action");
  const changes = params();
  if (!changes) return;
  busy = true;
  render();
  try {
    const saved = editing
      ? await call("plan.reschedule", Object.assign({ schedule: editing.id }, changes))
      : await call("plan.schedule", changes);
    await loadSchedules().catch(() => { /* shown on the next load */ });
    open = false;
    editing = null;
    showNotice("Weekly game saved. " + scheduleText(saved) + ".", "action");
  } catch (error) {
    reportError(error);
  } finally {
    busy = false;
    render();
  }
}

async function end() {
  const schedule = editing;
  if (!schedule) return;
  const text = "No more plans open by themselves every " + dayName(schedule.weekday) + ". The plans already open stay.";
  if (!(await confirmAction("End the weekly game?", text, "End it"))) return;
  if (await act("plan.unschedule", { schedule: schedule.id })) {
    await loadSchedules().catch(() => { /* shown on the next load */ });
    editing = null;
    fill(null);
    render();
  }
}

function scheduleButton(schedule) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "chip";
  b.dataset.testid = "weekly-pick-" + schedule.id;
  b.dataset.schedule = String(schedule.id);
  b.setAttribute("aria-pressed", editing && editing.id === schedule.id ? "true" : "false");
  b.textContent = dayName(schedule.weekday).slice(0, 3) + " " + schedule.time;
  return b;
}

function render() {
  if (state.gather) open = false;
  view.open.hidden = !state.control;
  view.form.hidden = !isOpen();
  renderPanels();
  if (view.form.hidden) return;
  const schedules = state.schedules || [];
  view.title.textContent = editing ? "The weekly game" : "Set up the weekly game";
  const fresh = document.createElement("button");
  fresh.type = "button";
  fresh.className = "chip";
  fresh.dataset.testid = "weekly-pick-new";
  fresh.setAttribute("aria-pressed", editing ? "false" : "true");
  fresh.textContent = "Another";
  view.list.replaceChildren(...schedules.map(scheduleButton), ...(schedules.length ? [fresh] : []));
  view.list.hidden = schedules.length === 0;
  view.save.textContent = editing ? "Save changes" : "Save weekly game";
  view.end.hidden = !editing;
  for (const input of [view.head, view.played, view.ofLast]) input.disabled = !view.regulars.checked;
  for (const button of [view.save, view.end]) button.disabled = busy;
}

/** Wires the form; it shows, for the referee only, while no gather is on. */
export function setUpWeeklyForm() {
  registerPanel(isOpen, () => { open = false; editing = null; });
  view.day.replaceChildren(...weekdays.map((day) => new Option(dayName(day), day)));
  view.open.addEventListener("click", () => openWeeklyForm(null));
  view.back.addEventListener("click", () => { clearNotice("action"); open = false; editing = null; render(); });
  view.end.addEventListener("click", end);
  view.regulars.addEventListener("change", render);
  view.list.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    editing = b.dataset.schedule ? (state.schedules || []).find((s) => String(s.id) === b.dataset.schedule) || null : null;
    fill(editing);
    render();
  });
  view.form.addEventListener("submit", (event) => { event.preventDefault(); save(); });
  renderers.push(render);
}
