// The vote for the man of the match (docs/scoreboard.md, "Man of the match"): opened by a gather's vote link
// (http://HOST:PORT/#vote=CODE), or by its plan's sign-up link once the gather ended. Pick who you are among those
// who played, then whom you vote for; after voting it thanks you and says when the result comes, and once the vote
// closes it shows the man of the match. The code grants vote.cast in that gather's vote only; the page never
// learns, nor shows, whom anyone chose: only who has voted.

import { clearNotice, renderers, showNotice, state } from "./board.js";
import { call, restart } from "./connection.js";
import { reportError } from "./controls.js";
import { showOwed } from "./fees.js";
import { closesText, motmLine } from "./motm.js";
import { scoreLine, sideName } from "./teams.js";

const $ = (id) => document.getElementById(id);
const view = {
  section: $("vote"), title: $("vote-title"), when: $("vote-when"), counts: $("vote-counts"),
  result: $("vote-result"), owed: $("vote-owed"), switch: $("btn-vote-switch"), who: $("vote-who"),
  step: $("vote-step"), names: $("vote-names"), bar: $("vote-confirm"), you: $("vote-you"),
  back: $("btn-vote-back"), cast: $("btn-vote"),
};
const ME_KEY = "gatherd.signup.me";   // the sign-up view's "who are you", shared: the same phone, the same player

/** The code of the vote link this page was opened with, or null. */
const code = (() => {
  const match = /(?:^#|&)vote=([A-Za-z0-9_-]+)/.exec(location.hash);
  return match ? match[1] : null;
})();
if (code) document.body.classList.add("signing-up");

let grant = null;     // {gather, status} the link's code opens, or {gather: null} for a code that opens nothing
let status = null;    // vote.status's answer
let me = null;        // the voter picked, by id
let choice = null;    // whom they vote for
let thanked = false;  // whether this page cast me's vote
let busy = false;
let owedFor;          // the player whose fees the view shows (undefined before the first render)

/** Who this phone last said it was, here or on the sign-up view. */
function remembered() {
  try { return Number(localStorage.getItem(ME_KEY)) || null; } catch (e) { return null; }
}

/** What the sign-up link's auth.token said of its gather's vote (signup.js), or null. */
export function noteVote(vote) {
  if (!code) grant = vote ? { gather: vote.gather, status: vote.status } : null;
}

/** Whether the vote view shows: opened with a vote link, or a sign-up link whose gather's vote is open. */
export function voteShown() { return !!(code || grant); }

/** Presents this page's vote code on a new connection; its result says which gather's vote it opens. */
export async function voteOpened(isCurrent) {
  if (code) {
    try {
      const result = await call("auth.token", { token: code });
      if (!isCurrent()) return;
      grant = result && result.vote ? { gather: result.vote.gather, status: result.vote.status } : { gather: null };
      clearNotice("vote");
    } catch (error) {
      if (!isCurrent()) return;
      if (error && error.data && error.data.reason === "too_many_attempts") { showNotice(error.message, "vote"); throw error; }
      grant = { gather: null };
      if (!error || error.code !== -32003) throw error;
    }
  }
}

/** Loads the vote this page's link opens, once subscribed: later votes come as events. */
export async function loadVote() {
  if (grant && grant.gather) status = await call("vote.status", { gather: grant.gather });
  render();
}

/** After an event: the vote as it now is; a sign-up link whose gather's vote just opened presents its code again. */
export function voteEvent(method, params) {
  if (method !== "vote") return;
  if (!code && !grant && params.change === "opened" && state.signUp && state.signUp.gather === params.gather) {
    restart();
    return;
  }
  if (grant && grant.gather === params.gather) {
    status = params.vote;
    render();
  }
}

function candidate(id) { return status && status.players.find((p) => p.id === id); }

function pick(id) {
  if (!me) {
    me = id;
    try { localStorage.setItem(ME_KEY, String(id)); } catch (e) { /* kept for this visit only */ }
  } else {
    choice = id;
  }
  render();
}

function forget() {
  me = null; choice = null; thanked = false;
  try { localStorage.removeItem(ME_KEY); } catch (e) { /* forgotten for this visit only */ }
  render();
}

async function cast() {
  if (busy || !me || !choice) return;
  busy = true;
  clearNotice("action");
  render();
  try {
    status = await call("vote.cast", { gather: status.gather, voter: me, player: choice });
    thanked = true;
  } catch (error) {
    reportError(error);
  } finally {
    busy = false;
    choice = null;
    render();
  }
}

function nameButton(player, badge) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "who-button";
  b.dataset.testid = "vote-player-" + player.id;
  b.dataset.player = String(player.id);
  b.setAttribute("aria-pressed", choice === player.id ? "true" : "false");
  const name = document.createElement("span");
  name.className = "who-name";
  name.textContent = player.name;
  const side = document.createElement("span");
  side.className = "who-badge";
  side.dataset.side = player.team;
  side.textContent = badge;
  b.append(name, side);
  return b;
}

/** Draws the vote view, while the page was opened with a vote link or its plan's sign-up link opens a vote. */
function render() {
  view.section.hidden = !(code || grant);
  if (view.section.hidden) return;
  if (code) {
    document.getElementById("board").hidden = true;
    document.getElementById("no-gather").hidden = true;
  }
  const open = status && status.status === "open";
  if (me == null) me = remembered();
  const voter = me ? candidate(me) : null;
  if (me && status && !voter) me = null;
  view.title.textContent = status ? scoreLine(status.names, status.score)
    : grant && grant.gather === null ? "This vote link does not work" : "Loading the vote\u2026";
  view.when.textContent = !status ? "" : open ? "Vote by " + closesText(status.closesAtLocal)
    : "Voting closed " + closesText(status.closesAtLocal);
  view.counts.textContent = status ? status.voted + " of " + status.eligible + " have voted" : "";
  let said = "";
  if (status && !open) said = motmLine(Object.assign({ status: "closed" }, status.manOfTheMatch));
  else if (voter && voter.voted) {
    said = (thanked ? "Thanks, " + voter.name + "! " : voter.name + ", you have voted. ") +
      "The man of the match is announced " + closesText(status.closesAtLocal) + ".";
  }
  view.result.textContent = said;
  view.result.dataset.kind = status && !open && status.manOfTheMatch.players.length ? "winner" : "";
  const choosing = !!(open && (!voter || !voter.voted));
  view.who.hidden = !choosing;
  view.switch.hidden = !(open && voter);
  view.switch.textContent = voter ? "Not " + voter.name + "?" : "";
  if (choosing) {
    view.step.textContent = voter ? "Who was the man of the match?" : "Who are you?";
    const players = voter ? status.players.filter((p) => p.id !== voter.id) : status.players;
    view.names.replaceChildren(...players.map((p) => nameButton(p, voter ? sideName(status.names, p.team)
      : p.voted ? "voted" : sideName(status.names, p.team))));
  }
  const chosen = choice ? candidate(choice) : null;
  view.bar.hidden = !(choosing && voter && chosen);
  if (!view.bar.hidden) {
    view.you.textContent = voter.name + ", your vote: " + chosen.name;
    view.cast.textContent = "Vote for " + chosen.name;
    view.cast.disabled = busy;
  }
  const owing = voter ? voter.id : null;
  if (owing !== owedFor) { owedFor = owing; showOwed(view.owed, voter); }
}

/** Wires the view; it shows instead of the board while the page was opened with a vote link. */
export function setUpVote() {
  if (code) document.title = "Man of the match \u2014 gatherd";
  view.names.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player]");
    if (b) pick(Number(b.dataset.player));
  });
  view.cast.addEventListener("click", cast);
  view.back.addEventListener("click", () => { choice = null; render(); });
  view.switch.addEventListener("click", forget);
  renderers.push(render);
}
