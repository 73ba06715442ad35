// The referee's "start a gather" view (docs/scoreboard.md "Starting a gather"): tick who plays, ask
// gather.suggest for two fair sides, and start the gather with them and the match format.

import { clearNotice, renderers, showNotice, state } from "./board.js";
import { call } from "./connection.js";
import { act, callConfirmingForce, reportError } from "./controls.js";
import { suggestionSummary } from "./ratings.js";
import { closeOtherPanels, registerPanel, renderPanels } from "./panels.js";
import { whenText } from "./plans.js";

const $ = (id) => document.getElementById(id);
const view = {
  open: $("btn-new-gather"), form: $("setup"), players: $("setup-players"),
  count: $("setup-count"), periods: $("setup-periods"), length: $("setup-length"), breakLength: $("setup-break"),
  nameA: $("setup-name-a"), nameB: $("setup-name-b"), suggestion: $("suggestion"), sideNameA: $("suggestion-name-a"),
  sideNameB: $("suggestion-name-b"), sideA: $("suggestion-a"), sideB: $("suggestion-b"), why: $("suggestion-why"),
  suggest: $("btn-suggest"), again: $("btn-resuggest"), start: $("btn-start"), cancel: $("btn-setup-cancel"),
  title: $("setup-title"),
};

const picked = new Set();   // ids of the players ticked
let open = false;
let suggestion = null;      // gather.suggest's result for the players ticked, or null
let seed = 0;
let busy = false;
let plan = null;            // the plan the gather starts from: its players, fixed

/** A whole number from an input, within its min and max, or null. */
function whole(input) {
  const value = Number(input.value);
  const ok = input.value.trim() !== "" && Number.isInteger(value) && value >= Number(input.min) && value <= Number(input.max);
  return ok ? value : null;
}

function typedName(input, fallback) { return input.value.trim() || fallback; }

async function suggest(nextSeed) {
  if (picked.size < 2) { showNotice("Tick at least two players to split into teams.", "action"); return; }
  clearNotice("action");
  busy = true;
  render();
  try {
    seed = nextSeed;
    suggestion = await call("gather.suggest", { players: [...picked], seed: seed });
  } catch (error) {
    suggestion = null;
    reportError(error);
  } finally {
    busy = false;
    render();
  }
}

async function start() {
  const length = whole(view.length), breakLength = whole(view.breakLength), periods = Number(view.periods.value);
  if (!suggestion) return;
  if (length === null || breakLength === null) {
    showNotice("Give the minutes of each period (1 to 99) and of the break (0 to 30).", "action");
    return;
  }
  const params = {
    teamA: suggestion.teamA.players.map((p) => p.id), teamB: suggestion.teamB.players.map((p) => p.id),
    periods: periods, periodLength: length * 60, breakLength: breakLength * 60,
  };
  // From a plan, gatherd splits its going players by the same rules and the gather keeps the plan.
  if (plan) { delete params.teamA; delete params.teamB; params.plan = plan.id; }
  const names = {};
  if (view.nameA.value.trim()) names.teamA = view.nameA.value.trim();
  if (view.nameB.value.trim()) names.teamB = view.nameB.value.trim();
  if (names.teamA || names.teamB) params.names = names;
  busy = true;
  render();
  const gather = plan ? await startFromPlan(params, plan) : await act("gather.start", params);
  busy = false;
  if (gather) { open = false; suggestion = null; plan = null; }
  render();
}

/** Starts the gather from `chosen`: gatherd refuses a plan more than 12 hours before its start (plan_not_due), as
 * it closes the plan's sign-ups for good, so the referee confirms first and it is sent again with force. */
function startFromPlan(params, chosen) {
  clearNotice("action");
  return callConfirmingForce("gather.start", params, "plan_not_due", () => ({
    title: "Start the game early?",
    text: "The game of " + whenText(chosen) + " starts in more than 12 hours. Starting it now closes its sign-up " +
      "link for good, and nobody else can join.",
    ok: "Start now",
  })).catch(reportError);
}

/** Opens the view for a plan: its players ticked, for good — those checked in, else the going ones, in the order
 * gather.start {plan} takes them — and their fair split shown. */
export function openForPlan(chosen) {
  closeOtherPanels(isOpen);
  plan = chosen;
  picked.clear();
  for (const entry of chosen.checkIn ? chosen.checkIn.present : chosen.going) picked.add(entry.id);
  open = true;
  suggestion = null;
  render();
  suggest(0);
}

function pickButton(player) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pick";
  b.dataset.testid = "pick-" + player.id;
  b.dataset.player = String(player.id);
  b.setAttribute("aria-pressed", picked.has(player.id) ? "true" : "false");
  b.disabled = plan !== null;  // the plan decides who plays
  b.textContent = player.name;
  return b;
}

function sideItems(side) {
  return ((side && side.players) || []).map((p) => {
    const li = document.createElement("li");
    li.dataset.testid = "suggested-" + p.id;
    li.textContent = p.name + (p.position ? " (" + p.position + ")" : "");
    return li;
  });
}

const isOpen = () => open && !state.gather && state.control;

function close() { open = false; suggestion = null; plan = null; }

function render() {
  const between = !state.gather;
  if (!between) close();  // a gather started (here or elsewhere): the form is done
  view.open.hidden = !state.control || open;
  view.form.hidden = !isOpen();
  renderPanels();
  if (view.form.hidden) return;
  const everyone = [...state.players.values()].sort((a, b) => a.name.localeCompare(b.name));
  const roster = plan ? everyone.filter((p) => picked.has(p.id)) : everyone;  // a plan: its going players only
  view.title.textContent = plan ? "Start from the plan" : "Start a gather";
  for (const id of [...picked]) if (!state.players.has(id)) picked.delete(id);
  view.players.replaceChildren(...roster.map(pickButton));
  view.count.textContent = picked.size + " ticked";
  view.suggestion.hidden = !suggestion;
  view.again.hidden = !suggestion || plan !== null;
  if (suggestion) {
    view.sideNameA.textContent = typedName(view.nameA, "Team A");
    view.sideNameB.textContent = typedName(view.nameB, "Team B");
    view.sideA.replaceChildren(...sideItems(suggestion.teamA));
    view.sideB.replaceChildren(...sideItems(suggestion.teamB));
    view.why.textContent = suggestionSummary(
      suggestion, { teamA: view.sideNameA.textContent, teamB: view.sideNameB.textContent });
  }
  view.suggest.disabled = busy || picked.size < 2;
  view.again.disabled = busy;
  view.start.disabled = busy || !suggestion;
}

/** Wires the view; it shows, for the referee only, while no gather is on. */
export function setUpSetup() {
  registerPanel(isOpen, close);
  view.open.addEventListener("click", () => {
    closeOtherPanels(isOpen);
    open = true;
    render();
    view.players.querySelector("button")?.focus();
  });
  view.cancel.addEventListener("click", () => { close(); clearNotice("action"); render(); });
  view.players.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player]");
    if (!b) return;
    const id = Number(b.dataset.player);
    if (picked.has(id)) picked.delete(id); else picked.add(id);
    suggestion = null;  // the split was for other players
    render();
    view.players.querySelector(`[data-player="${id}"]`)?.focus();
  });
  for (const input of [view.nameA, view.nameB]) input.addEventListener("input", render);
  view.suggest.addEventListener("click", () => suggest(0));
  view.again.addEventListener("click", () => suggest(seed + 1));
  view.start.addEventListener("click", start);
  view.form.addEventListener("submit", (event) => event.preventDefault());
  renderers.push(render);
}
