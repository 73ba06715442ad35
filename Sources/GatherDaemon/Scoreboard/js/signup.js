// The sign-up view (docs/scoreboard.md "The sign-up link"): opened by a plan's sign-up link
// (http://HOST:PORT/#signup=CODE, posted in the group chat). Pick your name from the list, then "I'm in" or
// "Can't make it"; or add yourself as a guest. The code is presented with auth.token on every connection and
// grants answering for that one plan, nothing else; once the plan is cancelled or started it grants nothing, and
// the view says what became of the game (signupoutcome.js).

import { clearNotice, renderStatus, renderers, showNotice, state } from "./board.js";
import { call, restart } from "./connection.js";
import { reportError } from "./controls.js";
import { countsText, namesLine, whenText } from "./plans.js";
import { hideOutcome, loadOutcome, outcomePlace, outcomeTitle, renderOutcome } from "./signupoutcome.js";
import { showOwed } from "./fees.js";
import { noteVote } from "./vote.js";
import { renderTerms } from "./signupterms.js";

const $ = (id) => document.getElementById(id);
const view = {
  section: $("signup"), when: $("signup-when"), place: $("signup-place"), counts: $("signup-counts"),
  note: $("signup-note"), lists: $("signup-lists"), names: $("signup-names"), bar: $("signup-answer"),
  you: $("signup-you"), yes: $("btn-in"), no: $("btn-out"), guestForm: $("guest-form"), guestName: $("guest-name"),
  result: $("signup-result"), who: $("signup-who"), owed: $("signup-owed"),
  guestLabel: document.querySelector("label[for=guest-name]"),
};
const ME_KEY = "gatherd.signup.me";

/** The code of the link this page was opened with, or null. It stays in the address bar: the link is shared. */
const code = (() => {
  const match = /(?:^#|&)signup=([A-Za-z0-9_-]+)/.exec(location.hash);
  return match ? match[1] : null;
})();

// Opened from a sign-up link, the page is for answering, not for watching a match: the touchline's switches
// (screen, sound, share, full screen) would only be in the way.
if (code) document.body.classList.add("signing-up");

let me = null;    // the player picked, by id
try { me = Number(localStorage.getItem(ME_KEY)) || null; } catch (e) { me = null; }
let busy = false;
let owedFor;   // the player whose fees the view shows (fees.js)

/** Presents the link's code on a new connection; its result says which plan it opens, or what became of it. */
export async function signUpOpened(isCurrent) {
  if (!code) return;
  try {
    const result = await call("auth.token", { token: code });
    if (!isCurrent()) return;
    const found = result && result.signUp;
    state.signUp = found ? { plan: found.plan, status: found.status || "open", gather: found.gather || null } : null;
    // Once the plan's gather ended, the same link votes for its man of the match (vote.js).
    noteVote(result && result.vote);
    clearNotice("signup");
  } catch (error) {
    if (!isCurrent()) return;
    if (error && error.data && error.data.reason === "too_many_attempts") { showNotice(error.message, "signup"); throw error; }
    state.signUp = { plan: null, status: "unknown", gather: null };
    if (!error || error.code !== -32003) throw error;   // a code of no plan: the view says so
  }
  state.signUp.closed = state.signUp.status !== "open";
  if (state.signUp.closed) await loadOutcome(render).catch(() => { /* the heading says enough */ });
}

/** After an event: the link's plan closed (cancelled or started: the view says so at once), or came back (a
 * cancelled gather: the code is presented again); while its gather is played, the score and the clock. */
export function signUpEvent(method, params) {
  const mine = state.signUp;
  if (!code || !mine) return;
  if (method === "plan" && params.plan && params.plan.id === mine.plan) {
    const status = params.plan.status;
    if (status === "open" && mine.closed) { restart(); return; }
    if (status !== "open" && !mine.closed) {
      Object.assign(mine, { status: status, gather: params.plan.gather || null, closed: true });
      view.result.textContent = "";
      renderStatus();
      render();
      loadOutcome(render).catch(() => { /* loaded again on the next connection */ });
    }
    return;
  }
  if (mine.closed && ["score", "gather", "timer", "tick"].includes(method)) render();
}

/** Where a player stands on the plan: "going", "waiting 2", "can't make it", or "". */
function standing(plan, id) {
  if (plan.going.some((e) => e.id === id)) return "going";
  const waiting = plan.waiting.findIndex((e) => e.id === id);
  if (waiting >= 0) return "waiting " + (waiting + 1);
  return plan.notGoing.some((e) => e.id === id) ? "can't make it" : "";
}

function pick(id) {
  me = id;
  try { localStorage.setItem(ME_KEY, String(id)); } catch (e) { /* kept for this visit only */ }
  view.result.textContent = "";
  render();
}

/** Says how the answer went, in words a player reads at a glance. */
function confirm(answer) {
  const name = answer.player.name;
  const host = answer.plan.going.concat(answer.plan.waiting).find((e) => e.id === answer.player.id);
  if (answer.changed && host && host.broughtBy) {
    view.result.textContent = name + " is " + (answer.answer === "going" ? "in" : "on the waiting list") + ", as " +
      host.broughtBy.name + "'s guest.";
    return;
  }
  const text = !answer.changed ? name + ": nothing changed, you had already said so."
    : answer.answer === "going" ? "You're in, " + name + "! See you there."
    : answer.answer === "waiting" ? name + ", you're on the waiting list (number " +
      (answer.plan.waiting.findIndex((e) => e.id === answer.player.id) + 1) + "): you move up if someone drops out."
    : "Thanks, " + name + ": you're down as can't make it.";
  view.result.textContent = text;
}

async function answer(method, params) {
  if (busy) return;
  busy = true;
  clearNotice("action");
  render();
  try {
    const result = await call(method, Object.assign({ plan: state.signUp.plan }, params));
    state.plans.set(result.plan.id, result.plan);
    // A guest who added themselves is the one answering now; one a player brought stays that player's guest.
    if (params.guest && !params.broughtBy) pick(result.player.id);
    confirm(result);
    if (params.guest) view.guestName.value = "";
  } catch (error) {
    reportError(error);
  } finally {
    busy = false;
    render();
  }
}

function nameButton(plan, player) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "who-button";
  b.dataset.testid = "signup-player-" + player.id;
  b.dataset.player = String(player.id);
  b.setAttribute("aria-pressed", me === player.id ? "true" : "false");
  const name = document.createElement("span");
  name.className = "who-name";
  name.textContent = player.name;
  const where = standing(plan, player.id);
  b.append(name);
  if (where) {
    const badge = document.createElement("span");
    badge.className = "who-badge";
    badge.dataset.standing = where.split(" ")[0];
    badge.textContent = where;
    b.append(badge);
  }
  return b;
}

/** Draws the sign-up view, and only it, while the page was opened with a sign-up link. */
function render() {
  view.section.hidden = !code;
  if (!code) return;
  document.getElementById("board").hidden = true;
  document.getElementById("no-gather").hidden = true;
  const plan = state.signUp && !state.signUp.closed ? state.plans.get(state.signUp.plan) : null;
  view.who.hidden = !plan;
  if (!plan) {
    // Loading, or after its plan: no list to answer, and nothing left of an answer given before.
    const closed = state.signUp && state.signUp.closed;
    view.when.textContent = closed ? outcomeTitle() : "Loading the plan\u2026";
    view.place.textContent = closed ? outcomePlace() : "";
    for (const node of [view.counts, view.note, view.result]) node.textContent = "";
    view.lists.replaceChildren();
    view.names.replaceChildren();
    view.bar.hidden = true;
    view.guestForm.hidden = true;
    view.owed.hidden = true;
    owedFor = undefined;
    renderTerms(null);
    if (closed) renderOutcome(); else hideOutcome();
    return;
  }
  hideOutcome();
  renderTerms(plan);
  view.when.textContent = whenText(plan);
  view.place.textContent = plan.place || "";
  view.counts.textContent = countsText(plan);
  view.note.textContent = plan.note || "";
  const lists = [namesLine("Going:", plan.going, "signup-going")];
  if (plan.waiting.length) lists.push(namesLine("Waiting:", plan.waiting, "signup-waiting"));
  view.lists.replaceChildren(...lists);
  const roster = [...state.players.values()].sort((a, b) => a.name.localeCompare(b.name));
  view.names.replaceChildren(...roster.map((player) => nameButton(plan, player)));
  const player = me != null ? state.players.get(me) : null;
  view.bar.hidden = !player;
  view.guestForm.hidden = false;
  view.guestLabel.textContent = player ? "Bringing someone? Add them as your guest" : "Not on the list? Add yourself as a guest";
  if ((player ? player.id : null) !== owedFor) { owedFor = player ? player.id : null; showOwed(view.owed, player); }
  if (player) {
    const where = standing(plan, player.id);
    view.you.textContent = player.name + (where ? " \u2014 " + where : "");
    view.yes.disabled = busy || where === "going" || where.startsWith("waiting");
    view.no.disabled = busy || where === "can't make it";
  }
}

/** Wires the view; it shows instead of the board while the page was opened with a sign-up link. */
export function setUpSignUp() {
  if (!code) return;
  document.title = "Who's coming \u2014 gatherd";
  view.names.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player]");
    if (b) pick(Number(b.dataset.player));
  });
  view.yes.addEventListener("click", () => { if (me != null) answer("plan.join", { player: me }); });
  view.no.addEventListener("click", () => { if (me != null) answer("plan.leave", { player: me }); });
  view.guestForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = view.guestName.value.trim();
    // With a name picked, the guest is that player's, who may pay their share of the pitch.
    if (name) answer("plan.join", me != null ? { guest: name, broughtBy: me } : { guest: name });
  });
  renderers.push(render);
}
