// The sign-up view (docs/scoreboard.md "The sign-up link"), for a plan's link (#signup=CODE, posted in the group
// chat): pick your name, then "I'm in" or "Can't make it"; or add yourself, or a guest of yours. The code is
// presented on every connection and grants answering for that one plan. A waiting player offered a freed place
// (close to kick-off) takes it or passes it on, before the offer's time runs out. Once the plan is cancelled or started the
// view says what became of the game (signupoutcome.js). An answer given offline waits and is sent on reconnect.

import { $, h, keyedChildren, setText, show } from "./dom.js";
import { countsText, namesLine } from "./plans.js";
import { confirmation, leavingIsLate, offerFor, rememberMe, standing, standingText } from "./signuprules.js";
import { renderOwed, watchOwed } from "./fees.js";
import { renderTerms } from "./signupterms.js";
import { renderOutcome } from "./signupoutcome.js";
import { notifyFailure, pushSupported, tellThisPhone } from "./notify.js";

/** The plan the page's sign-up link opens, while open; null otherwise. */
export const linkPlan = (s) => {
  const link = s.lists.link && s.lists.link.signUp;
  return s.route.view === "signup" && link && !link.closed ? s.lists.plans[link.plan] || null : null;
};

/** Brings a name `button` of the sign-up view up to date: `p`'s name, whether picked, and their standing badge. */
function nameButton(button, p, where, picked, t) {
  button.setAttribute("aria-pressed", String(picked));
  setText(button.firstElementChild, p.name);
  let badge = button.querySelector(".who-badge");
  if (!where) {
    if (badge) badge.remove();
    return;
  }
  if (!badge) badge = button.appendChild(h("span", { className: "who-badge" }));
  badge.dataset.standing = where.kind;
  setText(badge, standingText(where, t));
}

/** The methods by which a player answers a plan. */
const ANSWERS = ["plan.join", "plan.leave", "plan.accept", "plan.decline"];

/** Sets the sign-up view up for `app`. */
export function mountSignUp(app) {
  const { store, commands } = app;
  const v = (id) => $(id);
  const set = (patch) => store.dispatch({ type: "view", view: "signup", patch: patch });
  set({ answer: null });
  let termsTimer = 0;

  function pick(id) {
    rememberMe(id);
    store.dispatch({ type: "view", view: "me", patch: { id: id } });
    set({ answer: null });
  }

  async function answer(method, params, label) {
    const s = store.getState(), plan = linkPlan(s);
    if (!plan) return;
    store.dispatch({ type: "notice/clear", cause: "action" });
    try {
      const result = await commands.send(method, Object.assign({ plan: plan.id }, params), label);
      if (!result) return;   // dropped: the plan closed meanwhile, and a notice said so
      store.dispatch({ type: "plan/saved", plan: result.plan });
      // A guest who added themselves is the one answering now; one a player brought stays that player's guest.
      if (params.guest && !params.broughtBy) pick(result.player.id);
      const host = params.broughtBy ? (store.getState().lists.players[params.broughtBy] || {}).name : null;
      set({ answer: { player: result.player, answer: result.answer, changed: result.changed, host: host || null,
        lateDropOut: !!result.lateDropOut } });
      if (params.guest) v("guest-name").value = "";
    } catch (error) {
      const regulars = plan.regularsFirst;
      commands.report(error, regulars ? { when: s.lang.f.wallAt(regulars.opensToAllAt, regulars.opensToAllAtLocal) } : null);
    }
  }

  const mine = () => ({ me: store.getState().views.me.id });
  const nameOf = (id) => (store.getState().lists.players[id] || {}).name || "";
  v("signup-names").addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player]");
    if (b) pick(Number(b.dataset.player));
  });
  v("btn-in").addEventListener("click", () => { const id = mine().me; if (id) answer("plan.join", { player: id }, { key: "pending.in", params: { name: nameOf(id) } }); });
  v("btn-out").addEventListener("click", () => { const id = mine().me; if (id) answer("plan.leave", { player: id }, { key: "pending.out", params: { name: nameOf(id) } }); });
  v("btn-accept").addEventListener("click", () => { const id = mine().me; if (id) answer("plan.accept", { player: id }, { key: "pending.in", params: { name: nameOf(id) } }); });
  v("btn-decline").addEventListener("click", () => { const id = mine().me; if (id) answer("plan.decline", { player: id }, { key: "pending.out", params: { name: nameOf(id) } }); });
  v("btn-notify").addEventListener("click", async () => {
    const s = store.getState(), plan = linkPlan(s), id = mine().me;
    if (!plan || !id) return;
    store.dispatch({ type: "notice/clear", cause: "action" });
    try {
      const outcome = await tellThisPhone(app.rpc, plan.id, id, s.lang.tag);
      const key = outcome === "on" ? "signup.notifyOn" : "signup.notifyBlocked";
      store.dispatch({ type: "notice", tone: outcome === "on" ? "success" : "error", key, params: { name: nameOf(id) }, cause: "action" });
    } catch (error) {
      store.dispatch({ type: "notice", tone: "error", key: notifyFailure(error), params: {}, cause: "action" });
    }
  });
  v("guest-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = v("guest-name").value.trim(), id = mine().me;
    // With a name picked, the guest is that player's, who may pay their share of the pitch.
    if (name) answer("plan.join", id ? { guest: name, broughtBy: id } : { guest: name }, { key: "pending.in", params: { name } });
  });

  store.watch((s) => [s.route.view, s.lists.link, s.lists.plans, s.lists.players, s.views.signup, s.views.me, s.views.owed,
    s.queue, s.lists.outcome, s.match, s.lang], (_, s) => {
    const section = v("signup");
    show(section, s.route.view === "signup");
    if (section.hidden) return;
    const t = s.lang.t, f = s.lang.f, plan = linkPlan(s), view = Object.assign({ me: s.views.me.id }, s.views.signup);
    clearTimeout(termsTimer);
    show(v("signup-who"), !!plan);
    if (!plan) {
      // Loading, or after its plan: no list to answer, nothing left of an answer given before.
      for (const id of ["signup-counts", "signup-note", "signup-result"]) setText(v(id), "");
      v("signup-lists").replaceChildren();
      v("signup-names").replaceChildren();
      for (const id of ["signup-answer", "guest-form", "signup-owed", "signup-terms"]) show(v(id), false);
      renderOutcome(s);
      return;
    }
    show(v("signup-outcome"), false);
    termsTimer = renderTerms(v("signup-terms"), plan, t, f, () => store.dispatch({ type: "view", view: "signup", patch: { turned: Date.now() } }));
    setText(v("signup-when"), f.wall(plan.startsAtLocal));
    setText(v("signup-place"), plan.place || "");
    setText(v("signup-counts"), countsText(plan, t));
    setText(v("signup-note"), plan.note || "");
    v("signup-lists").replaceChildren(namesLine(t("plans.goingLabel"), plan.going, "signup-going", t),
      plan.waiting.length ? namesLine(t("plans.waitingLabel"), plan.waiting, "signup-waiting", t) : "");
    setText(v("signup-result"), confirmation(view.answer, plan, t));
    const roster = Object.values(s.lists.players).sort((a, b) => a.name.localeCompare(b.name));
    keyedChildren(v("signup-names"), roster, (p) => p.id,
      (p) => h("button", { type: "button", className: "who-button", dataset: { testid: "signup-player-" + p.id, player: String(p.id) } },
        h("span", { className: "who-name" })),
      (button, p) => nameButton(button, p, standing(plan, p.id), view.me === p.id, t));
    const player = view.me ? s.lists.players[view.me] : null;
    show(v("signup-answer"), !!player);
    show(v("guest-form"), true);
    setText(v("guest-label"), t(player ? "signup.bringGuest" : "signup.addYourself"));
    renderOwed(v("signup-owed"), s, player);
    if (player) {
      const where = standing(plan, player.id);
      const pending = s.queue.some((c) => ANSWERS.includes(c.method) && c.params.player === player.id);
      const offer = offerFor(plan, player.id);
      show(v("signup-offer"), !!offer);
      setText(v("signup-offer-text"), offer ? t("signup.offer", { when: f.moment(offer.expiresAt) }) : "");
      v("btn-accept").disabled = v("btn-decline").disabled = pending;
      show(v("btn-notify"), pushSupported() && !!where);
      setText(v("signup-you"), where ? t("signup.youAre", { name: player.name, standing: standingText(where, t) }) : player.name);
      v("btn-in").disabled = pending || (!!where && where.kind !== "notGoing");
      v("btn-out").disabled = pending || (!!where && where.kind === "notGoing");
      // Past the cut-off, a going player is told before they tap that leaving counts against them.
      show(v("signup-late"), leavingIsLate(plan, player.id, Date.now()));
    }
  });
}
