// Full time on the control page (docs/scoreboard.md "Controls"): a line above the match controls that says what
// "End match" will do — record the result, charge the pitch's cost (the match's own, else its plan's) among those
// who played, open the man-of-the-match vote — and "End match" as the button to press.

import { $, h, setText, show } from "./dom.js";
import { scoreLine } from "./teams.js";

/** What "End match" will do for `gather` at full time, in words; `fee` is the cost it will charge (a Fee, or null). */
export function fullTimeText(gather, score, fee, t, f) {
  const params = { end: t("controls.end"), score: scoreLine(gather.names, score || gather.score, t) };
  if (!fee) return t("fulltime.hint", params);
  const teams = gather.teams || {};
  const count = ((teams.teamA || []).length + (teams.teamB || []).length);
  return t("fulltime.hintCost", Object.assign(params, { money: f.money(fee.cost), count: count }));
}

/** Sets the line up for `app`; it shows on the control page while the match is at full time. */
export function mountFullTime(app) {
  const { store, rpc } = app;
  const line = h("p", { className: "fulltime-hint", dataset: { testid: "fulltime-hint" }, hidden: true, attrs: { role: "status" } });
  $("controls").prepend(line);

  // The cost the match will charge: its own, else its plan's (a started plan is no longer among the open ones).
  store.watch((s) => { const g = s.match.gather; return g && s.connection.control && s.match.timer && s.match.timer.state === "finished"
    && !g.fee && g.plan != null ? g.plan : null; }, (plan) => {
    if (plan === null) return;
    store.load("fullTimePlan", () => rpc.call("plan.get", { plan }).catch(() => null),
      (p) => ({ type: "view", view: "fullTime", patch: { plan: plan, fee: p ? p.fee : null } })).catch(() => {});
  });

  store.watch((s) => [s.match.gather, s.match.timer, s.match.score, s.views.fullTime, s.connection.control, s.lang], ([gather, timer, score, known, control], s) => {
    const finished = control && !!gather && !!timer && timer.state === "finished";
    show(line, finished);
    $("btn-end").classList.toggle("primary", finished);
    if (!finished) return;
    const fee = gather.fee || (known && known.plan === gather.plan ? known.fee : null);
    setText(line, fullTimeText(gather, score, fee, s.lang.t, s.lang.f));
  });
}
