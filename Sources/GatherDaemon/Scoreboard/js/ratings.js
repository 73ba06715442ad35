// Ratings, form and predictions as the page shows them (docs/scoreboard.md, "Between matches"): the whole
// numbers the daemon gives, each with its label, so that the page, gatherctl and the replies agree.

import { sideName } from "./teams.js";

/** What a rating's number means, in one line, under the players' table. */
export const RATING_EXPLANATION =
  "Rating: 0\u2013100 from results, 50 + 2 \u00d7 (\u03bc \u2212 3\u03c3). A new amateur starts at 50 " +
  "(beginner 40, professional 60), and it rises as results confirm a level; \u201csettling\u201d until 5 gathers.";

/** The 0–100 number of a Rating: its display; null without one. */
function ratingNumber(rating) {
  return rating && typeof rating.display === "number" ? rating.display : null;
}

/** "62", or "50 settling" before 5 gathers; "-" without a rating's display. */
export function ratingText(rating) {
  const number = ratingNumber(rating);
  if (number === null) return "-";
  return rating.settling ? number + " settling" : String(number);
}

const FORM = { win: ["W", "won"], draw: ["D", "drew"], loss: ["L", "lost"] };

/** Form, newest first, as small letters W, D and L (a list with its own label for screen readers). */
export function formItems(form) {
  const results = (form || []).filter((r) => FORM[r]);
  const list = document.createElement("span");
  list.className = "form";
  list.setAttribute("role", "img");
  list.setAttribute("aria-label", results.length
    ? "Last " + results.length + ", newest first: " + results.map((r) => FORM[r][1]).join(", ") : "No results");
  for (const result of results) {
    const letter = document.createElement("span");
    letter.className = "form-" + result;
    letter.textContent = FORM[result][0];
    list.append(letter);
  }
  if (!results.length) list.textContent = "\u2013";
  return list;
}

/** "Reds 43% · draw 22% · Blues 35%" from a prediction's whole percentages, which add up to 100. */
export function percentLine(prediction, names) {
  const p = prediction && prediction.percent;
  if (!p) return "";
  return sideName(names, "teamA") + " " + p.teamA + "% \u00b7 draw " + p.draw + "% \u00b7 " +
    sideName(names, "teamB") + " " + p.teamB + "%";
}

/** A suggestion's why, rounded and labelled: "Strength 104.1 against 100.9 (sum of μ). Predicted: Reds 43% ·
 * draw 22% · Blues 35%. The fairest split." By skill the strengths are whole skill points. */
export function suggestionSummary(suggestion, names) {
  const bySkill = suggestion.by === "skill";
  const strength = (side) => {
    const value = Number(side && side.strength);
    return Number.isFinite(value) ? value.toFixed(bySkill ? 0 : 1) : "?";
  };
  const line = "Strength " + strength(suggestion.teamA) + " against " + strength(suggestion.teamB) +
    (bySkill ? " (skill points)" : " (sum of \u03bc)") + ". Predicted: " + percentLine(suggestion, names) + ".";
  return line + (suggestion.exact ? " The fairest split." : "");
}
