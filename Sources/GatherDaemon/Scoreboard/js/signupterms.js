// The sign-up view's terms (docs/scoreboard.md "The sign-up link"): a plan of the weekly game that opens to regulars
// first says who they are and when everyone may join ("Regulars first: players marked regular, or who played 3 of
// the last 5 games, may join now. Opens for everyone at Sat 28 Nov, 19:00."), and turns into "open to everyone" at
// that moment by itself.

/** The terms' words for `plan` at `now` (ms), and when they change next (ms from now), or null for none. */
export function termsOf(plan, now, t, f) {
  const regulars = plan && plan.regularsFirst;
  if (!regulars) return null;
  const when = f.wallAt(regulars.opensToAllAt, regulars.opensToAllAtLocal);
  const left = Date.parse(regulars.opensToAllAt) - now;
  return left > 0
    ? { state: "regulars", left: left, text: regulars.played && regulars.ofLast
      ? t("terms.regularsNowPlayed", { played: regulars.played, count: regulars.ofLast, when }) : t("terms.regularsNow", { when }) }
    : { state: "everyone", text: t("terms.everyone", { when }), left: null };
}

/** Draws the terms into `node`, and draws them again by `redraw` when they turn. Returns the timer to clear. */
export function renderTerms(node, plan, t, f, redraw) {
  const terms = termsOf(plan, Date.now(), t, f);
  node.hidden = !terms;
  node.textContent = terms ? terms.text : "";
  if (!terms) return 0;
  node.dataset.state = terms.state;
  // Timers past 24 days fire at once in browsers; the page is reloaded long before that anyway.
  return terms.left !== null && terms.left < 2 ** 31 ? setTimeout(redraw, terms.left + 50) : 0;
}
