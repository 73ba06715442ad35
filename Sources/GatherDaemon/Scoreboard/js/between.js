// Between matches (docs/scoreboard.md "Between matches"), loaded once the board shows: who's coming, the last
// result with its scorers and man of the match, and the players' table with form and rating. History comes from
// the daemon, so a page opened after the match, or after a restart, shows the same as one that saw it end. The
// view-only board, shown to everyone, leaves the ratings out unless its link asks for them (#ratings).

import { $, h, setText, show } from "./dom.js";
import { attendanceLine, formItems, motmBadge, motmLine, ratingOf, tableRows } from "./ratings.js";
import { goalMinute, sideName } from "./teams.js";
import { mountPlans } from "./plans.js";
import { mountWeekly } from "./weekly.js";
import { mountReport } from "./report.js";
import { playerName } from "./board.js";
import { openPanelOf } from "./panels.js";

/** Whether the players' table shows ratings: on the control page, and on a view whose link asks for them. */
export const showsRatings = (s) => s.connection.control || s.route.ratings;

function goalItem(goal, players, t) {
  return h("li", { dataset: { testid: "last-goal" } }, h("span", { className: "ball", attrs: { "aria-hidden": "true" } }),
    (playerName(goal.player, players) || t("board.unknownScorer")) + " ", h("span", { className: "when" }, goalMinute(goal)));
}

function renderLast(view, s) {
  const record = s.lists.lastRecord, t = s.lang.t, f = s.lang.f;
  show(view.last, !!record);
  if (!record) return;
  const names = record.names;
  setText(view.nameA, sideName(names, "teamA", t));
  setText(view.nameB, sideName(names, "teamB", t));
  setText(view.score, record.score.teamA + "\u2013" + record.score.teamB);
  setText(view.when, record.endedAt ? t("last.ended", { when: f.moment(record.endedAt) }) : "");
  const goals = (record.goals || []).filter((g) => g.kind === "goal");
  view.goalsA.replaceChildren(...goals.filter((g) => g.team === "teamA").map((g) => goalItem(g, s.lists.players, t)));
  view.goalsB.replaceChildren(...goals.filter((g) => g.team === "teamB").map((g) => goalItem(g, s.lists.players, t)));
  view.goalsA.setAttribute("aria-label", t("board.scorers", { team: sideName(names, "teamA", t) }));
  view.goalsB.setAttribute("aria-label", t("board.scorers", { team: sideName(names, "teamB", t) }));
  const motm = motmLine(record.manOfTheMatch, t, f);
  setText(view.motm, motm);
  show(view.motm, !!motm);
}

function ratingCell(rating, t) {
  const shown = ratingOf(rating);
  if (!shown) return h("td", { className: "rating" }, "-");
  return h("td", { className: "rating" }, String(shown.number),
    shown.settling ? [" ", h("span", { className: "settling" }, t("table.settling"))] : null);
}

function renderTable(view, s) {
  const stats = s.lists.stats, t = s.lang.t;
  show(view.table, stats !== null);
  if (stats === null) return;
  const rated = showsRatings(s) && stats.some((p) => p.rating != null);
  show(view.ratingHead, rated);
  show(view.ratingNote, rated);
  setText(view.ratingNote, t("table.ratingNote"));
  // The organiser sees how each player kept their word: late drop-outs, no-shows and strikes.
  const kept = (p) => {
    const line = s.connection.control ? attendanceLine(p.attendance, t) : "";
    return line ? h("span", { className: "attendance", dataset: { testid: "player-attendance", heldBack: String(!!p.attendance.heldBack) } }, line) : null;
  };
  const rows = tableRows(stats, s.connection.control).map((p) => h("tr", { dataset: { testid: "player-row", player: String(p.id) } },
    h("th", { scope: "row" }, p.name, motmBadge(p.manOfTheMatch, t), kept(p)),
    [p.played, p.wins, p.draws, p.losses, p.goals].map((n) => h("td", null, String(n))),
    h("td", null, formItems(p.form, t)),
    rated ? ratingCell(p.rating, t) : null));
  if (rows.length === 0) rows.push(h("tr", null, h("td", { colSpan: rated ? 8 : 7, className: "empty" }, t("table.empty"))));
  view.rows.replaceChildren(...rows);
}

/** Loads the last ended gather (gathers.list, then gathers.get) and the players' table (stats.players). */
function loadHistory(app) {
  const { store, rpc } = app;
  const s = store.getState();
  // Without ratings the table is ordered by wins, so that its order does not give the ratings away.
  const order = showsRatings(s) ? "rating" : "wins";
  return store.load("history", async () => {
    const [page, table] = await Promise.all([rpc.call("gathers.list", { limit: 1 }), rpc.call("stats.players", { order })]);
    const last = page && page.gathers && page.gathers[0];
    const known = store.getState().lists.lastRecord;
    const record = !last ? null : known && known.id === last.id ? known : await rpc.call("gathers.get", { id: last.id });
    return { record: record, stats: (table && table.players) || [] };
  }, (result) => ({ type: "history/loaded", record: result.record, stats: result.stats }));
}

/** Sets between matches up for `app`. */
export function mount(app) {
  const { store } = app;
  const view = {
    last: $("last-result"), nameA: $("last-name-a"), nameB: $("last-name-b"), score: $("last-score"), when: $("last-when"),
    goalsA: $("last-goals-a"), goalsB: $("last-goals-b"), motm: $("last-motm"), table: $("players-table"),
    rows: $("players-rows"), ratingHead: $("rating-head"), ratingNote: $("rating-note"),
  };
  mountPlans(store, (action, plan) => {
    if (action === "share") { if (app.share) app.share.shareSignUp(plan); return; }
    openPanelOf(app, action, plan.id);
  });
  mountWeekly(app);
  mountReport(app);
  store.watch((s) => [s.connection.session, s.lists.stale.history, s.match.gather === null, showsRatings(s)], ([session, , none]) => {
    if (session && none) loadHistory(app).catch(() => { /* loaded again on the next connection */ });
  });
  store.watch((s) => [s.lists.lastRecord, s.lists.stats, s.lists.players, s.connection.control, s.route.ratings, s.lang], (_, s) => {
    renderLast(view, s);
    renderTable(view, s);
  });
}
