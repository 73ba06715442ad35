// Between matches (docs/scoreboard.md "Between matches"): the last result with its scorers and the
// players' table with their form and rating. Both come from the daemon's history, so a page opened after the
// gather ended, or after a restart, shows them as well as a page that saw the gather end. The view-only board,
// shown to everyone, leaves the ratings out unless its link asks for them (#ratings); the control page shows them.

import { el, playerName, renderers, state } from "./board.js";
import { call } from "./connection.js";
import { RATING_EXPLANATION, formItems, ratingText } from "./ratings.js";
import { motmBadge, motmLine, standingOf } from "./motm.js";
import { goalMinute, sideName } from "./teams.js";

const $ = (id) => document.getElementById(id);
const view = {
  nameA: $("last-name-a"), nameB: $("last-name-b"), score: $("last-score"), when: $("last-when"),
  goalsA: $("last-goals-a"), goalsB: $("last-goals-b"), table: $("players-table"), rows: $("players-rows"),
  ratingHead: $("rating-head"), ratingNote: $("rating-note"), motm: $("last-motm"),
};

/** Whether this page's link asks for the ratings on the view-only board: "#ratings" (also "&ratings"). */
const LINK_SHOWS_RATINGS = /(?:^#|&)ratings(?:=(?:show|on|1))?(?:&|$)/.test(location.hash);

/** Whether the players' table shows ratings: on the control page, and on a view whose link asks for them. */
export function showsRatings() { return state.control || LINK_SHOWS_RATINGS; }

let stats = null;   // [PlayerStats] from stats.players, or null until loaded
let loads = 0;      // the latest load wins

/** Loads the last ended gather (gathers.list, then gathers.get) and the players' table (stats.players). */
export async function loadBetween() {
  const mine = ++loads;
  // Without ratings the table is ordered by wins, so that its order does not give the ratings away.
  const order = showsRatings() ? "rating" : "wins";
  const [page, table] = await Promise.all([call("gathers.list", { limit: 1 }), call("stats.players", { order })]);
  const last = page && page.gathers && page.gathers[0];
  const record = !last ? null
    : state.lastRecord && state.lastRecord.id === last.id ? state.lastRecord
    : await call("gathers.get", { id: last.id });
  if (mine !== loads) return;
  stats = (table && table.players) || [];
  state.lastRecord = record;
  renderBetween();
}

/** After an event: a gather that ended changed the table (the last result comes with the event itself), and
 * one cancelled leaves the board to what history holds; a renamed player is renamed in the table. */
export function betweenEvent(method, params) {
  const over = method === "gather" && (params.change === "ended" || params.change === "cancelled");
  const renamed = method === "players" && !state.gather;
  const resumed = method === "events.resumed" && params.snapshot && !params.snapshot.gather;
  // A vote for the man of the match: the last result's line at once, and the table's stars once it closed.
  if (method === "vote" && state.lastRecord && state.lastRecord.id === params.gather) {
    state.lastRecord.manOfTheMatch = standingOf(params.vote);
    renderBetween();
  }
  const voted = method === "vote" && params.change === "closed" && !state.gather;
  if (over || renamed || resumed || voted) loadBetween().catch(() => { /* loaded again on the next connection */ });
}

/** Draws the last result and the table with the rest of the page. */
export function setUpBetween() { renderers.push(renderBetween); }

function goalItem(goal) {
  const li = document.createElement("li");
  li.dataset.testid = "last-goal";
  const ball = document.createElement("span");
  ball.className = "ball";
  ball.setAttribute("aria-hidden", "true");
  const when = document.createElement("span");
  when.className = "when";
  when.textContent = goalMinute(goal);
  li.append(ball, (playerName(goal.player) || "Unknown scorer") + " ", when);
  return li;
}

function renderLastResult() {
  const record = state.lastRecord;
  el.lastResult.hidden = !record;
  if (!record) return;
  const names = record.names;
  view.nameA.textContent = sideName(names, "teamA");
  view.nameB.textContent = sideName(names, "teamB");
  view.score.textContent = record.score.teamA + "\u2013" + record.score.teamB;
  const ended = new Date(record.endedAt);
  view.when.textContent = isNaN(ended) ? "" : "Ended " + ended.toLocaleString([], {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
  });
  const goals = (record.goals || []).filter((g) => g.kind === "goal");
  view.goalsA.replaceChildren(...goals.filter((g) => g.team === "teamA").map(goalItem));
  view.goalsB.replaceChildren(...goals.filter((g) => g.team === "teamB").map(goalItem));
  view.goalsA.setAttribute("aria-label", sideName(names, "teamA") + " scorers");
  view.goalsB.setAttribute("aria-label", sideName(names, "teamB") + " scorers");
  view.motm.textContent = motmLine(record.manOfTheMatch);
  view.motm.hidden = !view.motm.textContent;
}

/** The rating's cell: the number, and "settling" beside it before 5 gathers. */
function ratingCell(rating) {
  const td = document.createElement("td");
  td.className = "rating";
  const text = ratingText(rating);
  const settling = text.endsWith(" settling");
  td.textContent = settling ? text.slice(0, -" settling".length) : text;
  if (settling) {
    const note = document.createElement("span");
    note.className = "settling";
    note.textContent = "settling";
    td.append(" ", note);
  }
  return td;
}

function renderTable() {
  view.table.hidden = stats === null;
  if (stats === null) return;
  const rated = showsRatings() && stats.some((p) => p.rating != null);
  view.ratingHead.hidden = !rated;
  view.ratingNote.hidden = !rated;
  view.ratingNote.textContent = RATING_EXPLANATION;
  const rows = stats.map((p) => {
    const tr = document.createElement("tr");
    tr.dataset.testid = "player-row";
    tr.dataset.player = String(p.id);
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = p.name;
    const star = motmBadge(p.manOfTheMatch);
    if (star) name.append(star);
    tr.append(name);
    for (const text of [p.played, p.wins, p.draws, p.losses, p.goals].map(String)) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    const form = document.createElement("td");
    form.append(formItems(p.form));
    tr.append(form);
    if (rated) tr.append(ratingCell(p.rating));
    return tr;
  });
  if (rows.length === 0) {
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    td.colSpan = rated ? 8 : 7;
    td.className = "empty";
    td.textContent = "No results yet: the table fills in as gathers end.";
    tr.append(td);
    rows.push(tr);
  }
  view.rows.replaceChildren(...rows);
}

/** Draws the last result and the table; renderAll calls it. */
export function renderBetween() {
  if (state.gather) return;
  renderLastResult();
  renderTable();
}
