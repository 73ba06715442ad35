// Ratings, form, predictions and the man of the match as the page shows them (docs/scoreboard.md, "Between
// matches", "Man of the match"): the whole numbers the daemon gives, each with its label in the page's language, so
// that the page, gatherctl and the replies agree on the numbers. `t` and `f` are the translator and the formats.

import { sideName } from "./teams.js";

/** The 0–100 number of a Rating and whether it is still settling; null without one. */
export function ratingOf(rating) {
  return rating && typeof rating.display === "number" ? { number: rating.display, settling: !!rating.settling } : null;
}

const FORM = { win: ["form.w", "form.won"], draw: ["form.d", "form.drew"], loss: ["form.l", "form.lost"] };

/** Form, newest first, as small letters (W, D and L in English), with its own label for screen readers. */
export function formItems(form, t) {
  const results = (form || []).filter((r) => FORM[r]);
  const list = document.createElement("span");
  list.className = "form";
  list.setAttribute("role", "img");
  list.setAttribute("aria-label", results.length
    ? t("form.label", { count: results.length, results: results.map((r) => t(FORM[r][1])).join(", ") }) : t("form.none"));
  for (const result of results) {
    const letter = document.createElement("span");
    letter.className = "form-" + result;
    letter.textContent = t(FORM[result][0]);
    list.append(letter);
  }
  if (!results.length) list.textContent = "\u2013";
  return list;
}

/** "Reds 43% · draw 22% · Blues 35%" from a prediction's whole percentages, which add up to 100. */
export function percentLine(prediction, names, t) {
  const p = prediction && prediction.percent;
  if (!p) return "";
  return t("suggest.percent", { a: sideName(names, "teamA", t), pa: p.teamA, draw: p.draw, b: sideName(names, "teamB", t), pb: p.teamB });
}

/** A suggestion's why in words: each side's strength as numbers the players know (by rating, their 0–100 ratings
 * added up; by skill, the skill points), the predicted result, and whether it is the fairest split. */
export function suggestionSummary(suggestion, names, t) {
  const bySkill = suggestion.by === "skill";
  const strength = (side) => {
    if (bySkill) { const value = Number(side && side.strength); return Number.isFinite(value) ? Math.round(value) : 0; }
    return ((side && side.players) || []).reduce((sum, p) => sum + ((ratingOf(p.rating) || { number: 0 }).number), 0);
  };
  const params = { a: sideName(names, "teamA", t), sa: strength(suggestion.teamA), b: sideName(names, "teamB", t),
    sb: strength(suggestion.teamB) };
  const line = t(bySkill ? "suggest.bySkill" : "suggest.byRating", params) + " " +
    t("suggest.predicted", { line: percentLine(suggestion, names, t) });
  return line + (suggestion.exact ? " " + t("suggest.fairest") : "");
}

/** "Carla" or "Carla and Dani": the winners of a closed vote. */
export function winnersText(best, f) {
  return f.list(((best && best.players) || []).map((p) => p.name));
}

/** "Man of the match: Carla (3 votes)", "Voting for the man of the match: 4 of 10 have voted", "Nobody voted for a
 * man of the match"; "" for a gather without a vote. */
export function motmLine(standing, t, f) {
  if (!standing) return "";
  if (standing.status === "open") return t("motm.voting", { voted: standing.voted, count: standing.eligible });
  if (!standing.players || standing.players.length === 0) return t("motm.nobody");
  const key = standing.players.length > 1 ? "motm.winnersTie" : "motm.winner";
  return t(key, { names: winnersText(standing, f), count: standing.votes });
}

/** The star beside a name in the players' table, "★2" for two awards; null for none. */
export function motmBadge(count, t) {
  if (!count) return null;
  const star = document.createElement("span");
  star.className = "motm-badge";
  star.dataset.testid = "motm-badge";
  star.title = t("motm.times", { count: count });
  star.textContent = "\u2605" + (count > 1 ? count : "");
  return star;
}

/** How a player kept their word, for the organiser's players' table: late drop-outs and no-shows, and the strikes
 *  that count now, saying so when they make the player wait for games to open to everyone; "" when all is well. */
export function attendanceLine(attendance, t) {
  if (!attendance) return "";
  const parts = [];
  if (attendance.lateDropOuts) parts.push(t("table.lateDropOuts", { count: attendance.lateDropOuts }));
  if (attendance.noShows) parts.push(t("table.noShows", { count: attendance.noShows }));
  if (attendance.strikes) parts.push(t(attendance.heldBack ? "table.heldBack" : "table.strikes", { count: attendance.strikes }));
  return parts.join(" \u00b7 ");
}

/** The players' table's rows: on the control page, every player the daemon lists, so that one whose strikes came
 *  before their first game is there with them; on a view, only those who have played. */
export function tableRows(stats, control) {
  return (stats || []).filter((p) => control || p.played > 0);
}
