// The referee's plan form (docs/scoreboard.md "Organising from the phone"): a new plan, or a change to one —
// the day and time at the pitch, how many play, where, and a note — and calling a plan off. The day and time are
// the pitch's (the server's time zone, whatever zone the phone is set to): daemon.time turns the picked wall time
// into a start with the offset in force then.

import { clearNotice, renderers, showNotice, state } from "./board.js";
import { call } from "./connection.js";
import { act, callConfirmingForce, confirmAction, reportError } from "./controls.js";
import { closeOtherPanels, focusReturn, registerPanel, renderPanels } from "./panels.js";
import { whenText } from "./plans.js";

const $ = (id) => document.getElementById(id);
const view = {
  open: $("btn-new-plan"), form: $("plan-form"), title: $("plan-form-title"),
  date: $("plan-date"), time: $("plan-time"), zone: $("plan-zone"), capacity: $("plan-capacity"),
  place: $("plan-place"), note: $("plan-note"), callOff: $("btn-plan-call-off"), back: $("btn-plan-back"),
  save: $("btn-plan-save"),
};

let open = false;
let editing = null;     // the plan being changed, or null for a new one
let busy = false;
let server = null;      // daemon.time's answer: {now, local, zone}
let afterSave = null;   // what happens to a plan once saved (the share view opens for a new one)
let zoneAt = null;      // daemon.time {at}'s `at` for the picked day and time: the offset in force then
let zoneAsks = 0;       // the latest ask wins
let zoneTimer = 0;      // the askZone waiting for the day and time to settle
let returnFocus = null; // gives focus back to the button that opened the form

const pad2 = (n) => (n < 10 ? "0" : "") + n;

/** "UTC+01:00" from an ISO time's offset ("…+01:00"). */
function offsetText(iso) {
  const match = /([+-]\d\d:\d\d)$/.exec(iso || "");
  return match ? "UTC" + match[1] : "";
}

/** The wall date and time an ISO text with an offset names: ["2026-12-03", "19:00"]. */
function wallParts(iso) {
  const match = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/.exec(iso || "");
  return match ? [match[1], match[2]] : ["", ""];
}

/** A week after the latest open plan, at its time; else a week from today at 19:00, at the pitch. */
function suggestedStart() {
  const plans = [...state.plans.values()].sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  const [date, time] = wallParts(plans.length ? plans[0].startsAtLocal : server && server.local);
  if (!date) return ["", "19:00"];
  const [y, m, d] = date.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 7));
  const day = next.getUTCFullYear() + "-" + pad2(next.getUTCMonth() + 1) + "-" + pad2(next.getUTCDate());
  return [day, plans.length ? time : "19:00"];
}

/** Asks gatherd the offset in force at the pitch on the picked day and time (daemon.time {at}), then says it. */
async function askZone() {
  const mine = ++zoneAsks;
  const at = view.date.value && view.time.value ? view.date.value + "T" + view.time.value : "";
  let answer = null;
  try { answer = at ? (await call("daemon.time", { at: at })).at : null; } catch (error) { answer = null; }
  if (mine !== zoneAsks) return;
  zoneAt = answer;
  if (isOpen()) renderZone();
}

/** askZone, once the day and time stop changing for a moment. */
function askZoneSoon() {
  clearTimeout(zoneTimer);
  zoneTimer = setTimeout(askZone, 200);
}

/** The phone's own UTC offset in minutes on the picked day and time (today's without one). */
function phoneOffset() {
  const [y, m, d] = view.date.value.split("-").map(Number);
  const [h, mi] = view.time.value.split(":").map(Number);
  const picked = y && m && d ? new Date(y, m - 1, d, h || 0, mi || 0) : new Date();
  return -picked.getTimezoneOffset();
}

/** Says which time zone the form's times are in, with the offset in force on the picked day, and the phone's own
 * on that day when it differs. */
function renderZone() {
  const shown = zoneAt || (editing ? editing.startsAtLocal : server && server.local);
  const name = server && server.zone ? server.zone + ", " : "";
  let text = "At the pitch's time: " + name + offsetText(shown);
  const phone = phoneOffset();
  const pitch = /([+-])(\d\d):(\d\d)$/.exec(shown || "");
  if (pitch && (pitch[1] === "-" ? -1 : 1) * (Number(pitch[2]) * 60 + Number(pitch[3])) !== phone) {
    text += " (this phone is on UTC" + (phone < 0 ? "-" : "+") + pad2(Math.floor(Math.abs(phone) / 60)) + ":" +
      pad2(Math.abs(phone) % 60) + ")";
  }
  view.zone.textContent = text;
}

/** Opens the form: for `plan`, to change it; without, for a new plan. `saved(plan)` follows a save. */
export async function openPlanForm(plan, saved) {
  returnFocus = focusReturn("btn-new-plan");
  closeOtherPanels(isOpen);
  editing = plan || null;
  afterSave = saved || null;
  open = true;
  clearNotice("action");
  try { server = await call("daemon.time"); } catch (error) { server = null; }
  const [date, time] = editing ? wallParts(editing.startsAtLocal) : suggestedStart();
  view.date.value = date;
  view.time.value = time;
  view.capacity.value = String(editing ? editing.capacity : 10);
  view.place.value = editing ? editing.place || "" : "";
  view.note.value = editing ? editing.note || "" : "";
  zoneAt = null;
  await askZone();
  render();
  view.date.focus();
}

/** Closes the form; focus goes back to the button that opened it. */
function close() {
  open = false;
  editing = null;
  render();
  if (returnFocus) returnFocus();
  returnFocus = null;
}

/** The params plan.create or plan.update takes from the form; null (with a notice) when something is missing. */
async function params() {
  const capacity = Number(view.capacity.value);
  if (!view.date.value || !view.time.value) { showNotice("Pick the day and the time of the game.", "action"); return null; }
  if (!Number.isInteger(capacity) || capacity < 2 || capacity > 40) {
    showNotice("A game takes from 2 to 40 players.", "action");
    return null;
  }
  const result = { capacity: capacity };
  const [date, time] = editing ? wallParts(editing.startsAtLocal) : ["", ""];
  if (!editing || view.date.value !== date || view.time.value !== time) {
    const at = await call("daemon.time", { at: view.date.value + "T" + view.time.value });
    result.startsAt = at.at;
  }
  const place = view.place.value.trim(), note = view.note.value.trim();
  if (editing) {
    if (capacity === editing.capacity) delete result.capacity;
    if (place !== (editing.place || "")) result.place = place || null;
    if (note !== (editing.note || "")) result.note = note || null;
  } else {
    if (place) result.place = place;
    if (note) result.note = note;
  }
  return result;
}

async function save() {
  if (busy) return;
  clearNotice("action");
  busy = true;
  render();
  try {
    const changes = await params();
    if (!changes) return;
    if (editing && Object.keys(changes).length === 0) { close(); return; }
    const ask = () => twinQuestion(changes.startsAt);
    const plan = editing
      ? await callConfirmingForce("plan.update", Object.assign({ plan: editing.id }, changes), "same_time", ask)
      : await callConfirmingForce("plan.create", changes, "same_time", ask);
    if (!plan) return;  // kept open: the referee picks another time
    state.plans.set(plan.id, plan);
    const wasNew = !editing;
    close();
    if (afterSave) afterSave(plan, wasNew);
  } catch (error) {
    reportError(error);
  } finally {
    busy = false;
    render();
  }
}

/** What to ask when gatherd refuses a start another open plan has (same_time): that plan, by its day and place. */
function twinQuestion(startsAt) {
  const start = Date.parse(startsAt || "");
  const twin = [...state.plans.values()].find((p) => (!editing || p.id !== editing.id) && Date.parse(p.startsAt) === start);
  const other = twin ? "the game of " + whenText(twin) + (twin.place ? " at " + twin.place : "") : "another game";
  return {
    title: "Two games at the same time?",
    text: "This starts at the very time of " + other + ". Save it at the same time anyway?",
    ok: "Save anyway",
  };
}

async function callOff() {
  const plan = editing;
  if (!plan) return;
  const going = plan.going.length;
  const text = "The game of " + whenText(plan) + " is called off" +
    (going ? ", and the " + going + " going see it on their sign-up link." : ".") + " This cannot be undone.";
  if (!(await confirmAction("Call the game off?", text, "Call it off"))) return;
  if (await act("plan.cancel", { plan: plan.id })) close();
}

const isOpen = () => open && !state.gather && state.control;

function render() {
  if (state.gather) open = false;
  view.open.hidden = !state.control;
  view.form.hidden = !isOpen();
  renderPanels();
  if (view.form.hidden) return;
  view.title.textContent = editing ? "Change the game of " + whenText(editing) : "Plan a game";
  view.save.textContent = editing ? "Save changes" : "Save plan";
  view.callOff.hidden = !editing;
  for (const button of [view.save, view.callOff]) button.disabled = busy;
  renderZone();
}

/** Wires the form; it shows, for the referee only, while no gather is on. `saved(plan, isNew)` follows a save. */
export function setUpPlanForm(saved) {
  registerPanel(isOpen, () => { open = false; editing = null; returnFocus = null; });
  for (const input of [view.date, view.time]) {
    input.addEventListener("input", askZoneSoon);
    input.addEventListener("change", askZoneSoon);
  }
  view.open.addEventListener("click", () => openPlanForm(null, saved));
  view.back.addEventListener("click", () => { clearNotice("action"); close(); });
  view.callOff.addEventListener("click", callOff);
  view.form.addEventListener("submit", (event) => { event.preventDefault(); save(); });
  renderers.push(render);
}
