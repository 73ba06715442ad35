// Undo notices on the control page, right after a big change (docs/scoreboard.md "Taking back a mistake"): a bar
// under the header that says what was done and offers to take it back while that is still allowed — "Reopen the
// match" after End (gather.reopen, within 30 minutes of its end), "Bring the game back" after Call it off
// (plan.restore, until its start), "Not paid" after Paid (fees.correct) — and then goes by itself. Too late, the
// organiser is told so in words.

import { $, mountTree, setText, show } from "./dom.js";
import { planTitle } from "./plans.js";
import { scoreLine } from "./teams.js";

const bar = ["div", {class: "undo", role: "status", "data-testid": "undo", id: "undo", hidden: ""},
  ["p", {"data-testid": "undo-text", id: "undo-text"}],
  ["button", {type: "button", class: "primary", "data-testid": "btn-undo-action", id: "btn-undo-action"}],
  ["button", {type: "button", class: "undo-close", "data-testid": "btn-undo-close", id: "btn-undo-close", "data-i18n-attr": "aria-label:common.close"}, "\u00d7"]];

const after = new Map();   // offer number -> what to do once its undo is done (load the money again, …)
let seq = 0;

/** Whether `offer` still stands in state `s` at `now` (ms): before its deadline, and not made moot meanwhile (a
 * match on the pitch for a reopen, the game open again for a restore). */
export function offerStands(offer, s, now) {
  if (!offer || now >= offer.until) return false;
  if (offer.method === "gather.reopen") return !s.match.gather;
  if (offer.method === "plan.restore") return !s.lists.plans[offer.params.plan];
  return true;
}

/** Offers to undo what was just done: `offer` is {text: {key, params}, button (catalog key), method, params, label
 * (as it is named while pending), until (ms), late (catalog key: too late), undone (catalog key: done), done()}. */
export function offerUndo(app, offer) {
  const n = ++seq;
  if (offer.done) after.set(n, offer.done);
  app.store.dispatch({ type: "view", view: "undo", patch: null });
  app.store.dispatch({ type: "view", view: "undo", patch: Object.assign({}, offer, { done: undefined, n: n }) });
}

/** Offers to reopen the match `record` (a GatherRecord) for 30 minutes after its end. */
export function offerReopen(app, record) {
  const t = app.store.getState().lang.t;
  offerUndo(app, { text: { key: "undo.ended", params: { score: scoreLine(record.names, record.score, t) } }, button: "undo.reopen",
    method: "gather.reopen", params: { gather: record.id }, label: { key: "pending.reopen" }, late: "undo.tooLateReopen",
    undone: "undo.reopened", until: Date.parse(record.endedAt || new Date().toISOString()) + 30 * 60000 });
}

/** Offers to bring back the plan `plan`, called off, until its start. */
export function offerRestore(app, plan) {
  const when = planTitle(plan, app.store.getState().lang.f);
  offerUndo(app, { text: { key: "undo.calledOff", params: { when } }, button: "undo.restore", method: "plan.restore",
    params: { plan: plan.id }, label: { key: "pending.restore", params: { when } }, late: "undo.tooLateRestore",
    undone: "undo.restored", undoneParams: { when }, until: Date.parse(plan.startsAt) });
}

/** Sends gather.reopen for `gather`, saying in words what came of it; resolves with the result or undefined. */
export async function reopen(app, gather, label) {
  return undoing(app, { method: "gather.reopen", params: { gather }, label: label || { key: "pending.reopen" },
    late: "undo.tooLateReopen", undone: "undo.reopened" });
}

async function undoing(app, offer) {
  const { store, commands } = app;
  store.dispatch({ type: "notice/clear", cause: "action" });
  try {
    const result = await commands.send(offer.method, offer.params, offer.label);
    if (result && offer.undone) store.dispatch({ type: "notice", tone: "success", key: offer.undone, params: offer.undoneParams, cause: "action" });
    return result;
  } catch (error) {
    const reason = error && error.data && error.data.reason;
    if (reason === "too_late_to_undo" && offer.late) store.dispatch({ type: "notice", tone: "error", key: offer.late, cause: "action" });
    else commands.report(error);
    return undefined;
  }
}

/** Sets the undo bar up for `app`. */
export function mountUndo(app) {
  const { store } = app;
  const node = mountTree(document.createDocumentFragment(), bar);
  $("pending").after(node);
  let timer = 0;
  const clear = () => store.dispatch({ type: "view", view: "undo", patch: null });

  $("btn-undo-close").addEventListener("click", clear);
  $("btn-undo-action").addEventListener("click", async () => {
    const offer = store.getState().views.undo;
    if (!offer) return;
    clear();
    const result = await undoing(app, offer);
    const done = after.get(offer.n);
    after.delete(offer.n);
    if (result && done) done(result);
  });

  store.watch((s) => [s.views.undo, s.match.gather === null, s.lists.plans, s.lang], ([offer], s) => {
    clearTimeout(timer);
    const stands = offerStands(offer, s, Date.now());
    show(node, stands);
    if (offer && !stands) { clear(); return; }
    if (!stands) return;
    const t = s.lang.t;
    setText($("undo-text"), t(offer.text.key, offer.text.params));
    setText($("btn-undo-action"), t(offer.button));
    $("btn-undo-close").setAttribute("aria-label", t("common.close"));
    // Gone by itself at its deadline (timers past 24 days fire at once: such an offer waits for the next change).
    const left = offer.until - Date.now();
    if (left < 2 ** 31) timer = setTimeout(clear, left + 50);
  });
}
