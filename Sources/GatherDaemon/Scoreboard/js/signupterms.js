// The sign-up view's terms (docs/scoreboard.md "The sign-up link"): a plan of the weekly game that opens to regulars
// first says who they are and when everyone may join ("Regulars first: players marked regular, or who played 3 of
// the last 5 gathers, may join now. Opens for everyone at Sat 28 Nov, 19:00."), and turns into "open to everyone"
// at that moment by itself.

import { wallText } from "./weekly.js";

const view = { terms: document.getElementById("signup-terms") };
let turn = null;   // the timer that redraws the terms when the plan opens to everyone

/** Fills the terms line for `plan` (the open plan of the link), or empties it. */
export function renderTerms(plan) {
  clearTimeout(turn);
  const regulars = plan && plan.regularsFirst;
  view.terms.hidden = !regulars;
  if (!regulars) { view.terms.textContent = ""; return; }
  const when = wallText(regulars.opensToAllAt, regulars.opensToAllAtLocal);
  const left = Date.parse(regulars.opensToAllAt) - Date.now();
  view.terms.dataset.state = left > 0 ? "regulars" : "everyone";
  view.terms.textContent = left > 0
    ? "Regulars first: " + regulars.rule.toLowerCase() + (regulars.rule.includes(",") ? "," : "") +
      " may join now. Opens for everyone at " + when + "."
    : "Open to everyone since " + when + ": first come, first served (regulars had it first).";
  // Timers past 24 days fire at once in browsers; the page is reloaded long before that anyway.
  if (left > 0 && left < 2 ** 31) turn = setTimeout(() => renderTerms(plan), left + 50);
}
