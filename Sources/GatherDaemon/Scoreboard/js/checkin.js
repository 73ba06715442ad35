// On the night (docs/scoreboard.md "Organising from the phone"): who turned up for a plan. The referee ticks the
// going players who are here, brings in waiting players, adds walk-ins (someone else from the roster, or a new
// player by name), saves it (plan.checkIn), and starts fair teams of those ticked: the "Start a gather" view then
// shows their split, the one gather.start {plan} makes.

import { clearNotice, renderers, showNotice, state } from "./board.js";
import { call } from "./connection.js";
import { reportError } from "./controls.js";
import { closeOtherPanels, focusReturn, registerPanel, renderPanels } from "./panels.js";
import { whenText } from "./plans.js";

const $ = (id) => document.getElementById(id);
const view = {
  form: $("checkin"), title: $("checkin-title"), when: $("checkin-when"), count: $("checkin-count"),
  going: $("checkin-going"), waitingSet: $("checkin-waiting-set"), waiting: $("checkin-waiting"),
  walkIns: $("checkin-walkins"), othersBox: $("checkin-others-box"), others: $("checkin-others"),
  name: $("walkin-name"), add: $("btn-walkin-add"), back: $("btn-checkin-back"), save: $("btn-checkin-save"),
  teams: $("btn-checkin-teams"),
};

let planID = null;          // the plan being checked in, while the view is open
const here = new Set();     // the ids of the roster players ticked as here
let newcomers = [];         // names of players new to the roster who walked in
let busy = false;
let startTeams = null;      // opens the "Start a gather" view for a plan (setup.js)
let returnFocus = null;     // gives focus back to the button that opened the view

const isOpen = () => planID !== null && !state.gather && state.control && state.plans.has(planID);

/** Opens the check-in of an open plan, ticked as it was last saved (nobody, the first time). */
export function openCheckIn(plan) {
  returnFocus = focusReturn();
  closeOtherPanels(isOpen);
  planID = plan.id;
  here.clear();
  newcomers = [];
  for (const entry of (plan.checkIn && plan.checkIn.present) || []) here.add(entry.id);
  clearNotice("action");
  render();
  view.going.querySelector("button")?.focus();
}

function close() { planID = null; }

/** Closes the view for Back or Save: focus goes back to the button that opened it. */
function closeAndReturn() {
  close();
  render();
  if (returnFocus) returnFocus();
  returnFocus = null;
}

function tickButton(id, name, ticked, kind) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pick";
  b.dataset.testid = "checkin-" + id;
  b.dataset.player = String(id);
  b.dataset.kind = kind;
  b.setAttribute("aria-pressed", ticked ? "true" : "false");
  b.textContent = name;
  return b;
}

function newcomerButton(name, index) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pick new";
  b.dataset.testid = "checkin-new-" + index;
  b.dataset.newcomer = String(index);
  b.setAttribute("aria-pressed", "true");
  b.setAttribute("aria-label", name + ", new to the roster: tap to take off");
  b.textContent = name + " (new)";
  return b;
}

const playerName = (entry) => (state.players.get(entry.id) || entry).name;

function render() {
  if (planID !== null && !isOpen()) planID = null;  // started, cancelled or gone meanwhile
  view.form.hidden = !isOpen();
  renderPanels();
  if (view.form.hidden) return;
  const plan = state.plans.get(planID);
  const listed = new Set([...plan.going, ...plan.waiting].map((e) => e.id));
  const byName = (a, b) => a.name.localeCompare(b.name);
  view.when.textContent = whenText(plan) + (plan.place ? " \u00b7 " + plan.place : "");
  view.going.replaceChildren(...plan.going.map((e) => tickButton(e.id, playerName(e), here.has(e.id), "going")));
  if (!plan.going.length) view.going.textContent = "Nobody said they were coming.";
  view.waitingSet.hidden = plan.waiting.length === 0;
  view.waiting.replaceChildren(...plan.waiting.map((e) => tickButton(e.id, playerName(e), here.has(e.id), "waiting")));
  const others = [...state.players.values()].filter((p) => !listed.has(p.id)).sort(byName);
  view.walkIns.replaceChildren(
    ...others.filter((p) => here.has(p.id)).map((p) => tickButton(p.id, p.name, true, "walkIn")),
    ...newcomers.map(newcomerButton));
  view.others.replaceChildren(...others.filter((p) => !here.has(p.id)).map((p) => tickButton(p.id, p.name, false, "walkIn")));
  view.othersBox.hidden = others.every((p) => here.has(p.id));
  const goingHere = plan.going.filter((e) => here.has(e.id)).length;
  const total = [...here].filter((id) => state.players.has(id)).length + newcomers.length;
  view.count.textContent = goingHere + " of " + plan.going.length + " here";
  view.teams.textContent = total >= 2 ? "Teams of " + total : "Teams";
  view.save.disabled = busy || total === 0;
  view.teams.disabled = busy || total < 2;
}

/** Saves the check-in; resolves with the plan as it now is, or null when refused. */
async function save() {
  if (busy) return null;
  clearNotice("action");
  busy = true;
  render();
  try {
    const params = { plan: planID, present: [...here].filter((id) => state.players.has(id)) };
    if (newcomers.length) params.walkIns = newcomers.slice();
    const plan = await call("plan.checkIn", params);
    state.plans.set(plan.id, plan);
    newcomers = [];
    for (const entry of plan.checkIn.present) here.add(entry.id);
    return plan;
  } catch (error) {
    reportError(error);
    return null;
  } finally {
    busy = false;
    render();
  }
}

function addNewcomer() {
  const name = view.name.value.trim();
  if (!name) return;
  const known = [...state.players.values()].find((p) => p.name.toLowerCase() === name.toLowerCase());
  if (known) here.add(known.id);  // on the roster after all: simply here
  else if (newcomers.some((n) => n.toLowerCase() === name.toLowerCase())) showNotice(name + " is already added.", "action");
  else newcomers.push(name);
  view.name.value = "";
  render();
  view.name.focus();
}

/** Wires the view; `teams(plan)` opens the "Start a gather" view with the plan's players checked in. */
export function setUpCheckIn(teams) {
  startTeams = teams;
  registerPanel(isOpen, close);
  view.form.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player], button[data-newcomer]");
    if (!b) return;
    if (b.dataset.newcomer !== undefined) newcomers.splice(Number(b.dataset.newcomer), 1);
    else if (here.has(Number(b.dataset.player))) here.delete(Number(b.dataset.player));
    else here.add(Number(b.dataset.player));
    render();
    view.form.querySelector(`[data-testid="${b.dataset.testid}"]`)?.focus();
  });
  view.add.addEventListener("click", addNewcomer);
  view.name.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); addNewcomer(); } });
  view.back.addEventListener("click", () => { clearNotice("action"); closeAndReturn(); });
  view.save.addEventListener("click", async () => { if (await save()) closeAndReturn(); });
  view.teams.addEventListener("click", async () => {
    const plan = await save();
    if (plan && startTeams) { close(); startTeams(plan); }
  });
  view.form.addEventListener("submit", (event) => event.preventDefault());
  renderers.push(render);
}
