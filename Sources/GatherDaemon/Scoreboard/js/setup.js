// The referee's "Start a match" view (docs/scoreboard.md "Starting a match"), at #start (or #start=PLAN from a
// plan): tick who plays, ask gather.suggest for two fair sides, and start the match with them and its format.
// From a plan its players are fixed (those checked in, else the going ones) and gatherd makes the same split.

import { $, h, keyedChildren, mountTree, setText, show } from "./dom.js";
import { setupForm } from "./formsmarkup.js";
import { openPanel } from "./panels.js";
import { planTitle } from "./plans.js";
import { suggestionSummary } from "./ratings.js";
import { translate } from "./status.js";
import { confirmingForce } from "./dialogs.js";

/** A whole number from an input, within its min and max, or null. */
function whole(input) {
  const value = Number(input.value);
  const ok = input.value.trim() !== "" && Number.isInteger(value) && value >= Number(input.min) && value <= Number(input.max);
  return ok ? value : null;
}

/** Sets the view up for `app`; `panels` opens and closes the referee's views. */
export function mountSetup(app, panels) {
  const { store, rpc, commands } = app;
  const form = mountTree($("panels"), setupForm);
  translate(form, store.getState().lang.t);
  const v = (id) => $(id);
  const set = (patch) => store.dispatch({ type: "view", view: "setup", patch: patch });
  const mine = () => store.getState().views.setup || {};

  async function suggest(seed) {
    const picked = mine().picked || [];
    if (picked.length < 2) return;
    store.dispatch({ type: "notice/clear", cause: "action" });
    set({ busy: true, seed: seed });
    // From a plan, the split its match starts with: gatherd's, the odd one out on the bench.
    const panel = openPanel(store.getState()), plan = panel && panel.id != null ? panel.id : null;
    const params = plan != null ? { plan: plan } : { players: picked, seed: seed };
    const result = await store.load("suggest", () => rpc.call("gather.suggest", params)
      .catch((error) => { commands.report(error); return null; }));
    if (result !== undefined) set({ busy: false, suggestion: result });
  }

  async function start() {
    const s = store.getState(), view = mine(), panel = openPanel(s);
    const length = whole(v("setup-length")), breakLength = whole(v("setup-break"));
    if (!view.suggestion || !panel) return;
    if (length === null || breakLength === null) {
      store.dispatch({ type: "notice", tone: "error", key: "setup.badFormat" });
      return;
    }
    const params = { periods: Number(v("setup-periods").value), periodLength: length * 60, breakLength: breakLength * 60 };
    const plan = panel.id != null ? s.lists.plans[panel.id] : null;
    // From a plan, gatherd splits its players by the same rules and the match keeps the plan.
    if (plan) params.plan = plan.id;
    else Object.assign(params, { teamA: view.suggestion.teamA.players.map((p) => p.id), teamB: view.suggestion.teamB.players.map((p) => p.id) });
    const names = {};
    if (v("setup-name-a").value.trim()) names.teamA = v("setup-name-a").value.trim();
    if (v("setup-name-b").value.trim()) names.teamB = v("setup-name-b").value.trim();
    if (names.teamA || names.teamB) params.names = names;
    set({ busy: true });
    const t = s.lang.t;
    // More than 12 hours before its start gatherd refuses a plan (plan_not_due): a match closes its sign-up for good.
    await confirmingForce(app, "gather.start", params, "plan_not_due", () => ({
      title: t("setup.earlyTitle"), text: t("setup.earlyText", { when: plan ? planTitle(plan, s.lang.f) : "" }), ok: t("setup.earlyOk"),
    }), { key: "pending.start" });
    set({ busy: false });
  }

  v("btn-setup-cancel").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });
  v("setup-players").addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player]");
    if (!b) return;
    const id = Number(b.dataset.player), picked = mine().picked || [];
    // The split was for other players.
    set({ picked: picked.includes(id) ? picked.filter((p) => p !== id) : picked.concat([id]), suggestion: null });
    v("setup-players").querySelector(`[data-player="${id}"]`)?.focus();
  });
  for (const input of ["setup-name-a", "setup-name-b"]) v(input).addEventListener("input", () => set({ names: Date.now() }));
  v("btn-suggest").addEventListener("click", () => suggest(0));
  v("btn-resuggest").addEventListener("click", () => suggest((mine().seed || 0) + 1));
  v("btn-start").addEventListener("click", start);
  form.addEventListener("submit", (event) => event.preventDefault());

  // Opened: from a plan its players, ticked for good (checked in, else going, in the order gather.start takes them),
  // and their split at once; else nobody ticked yet.
  store.watch((s) => { const p = openPanel(s); return p && p.name === "start" ? (p.id == null ? "new" : p.id) : null; }, (which, s) => {
    if (which === null) { store.dispatch({ type: "view", view: "setup", patch: null }); return; }
    const plan = which === "new" ? null : s.lists.plans[which];
    const picked = plan ? (plan.checkIn ? plan.checkIn.present : plan.going).map((e) => e.id) : [];
    store.dispatch({ type: "view", view: "setup", patch: { picked: picked, suggestion: null, seed: 0, busy: false } });
    if (plan) suggest(0);
    else v("setup-players").querySelector("button")?.focus();
  });

  store.watch((s) => [s.views.setup, s.lists.players, s.lists.plans, s.lang], ([view], s) => {
    show(form, !!view);
    if (!view) return;
    const t = s.lang.t, panel = openPanel(s), fromPlan = panel && panel.id != null;
    const picked = view.picked || [];
    const everyone = Object.values(s.lists.players).sort((a, b) => a.name.localeCompare(b.name));
    const roster = fromPlan ? everyone.filter((p) => picked.includes(p.id)) : everyone;
    setText(v("setup-title"), t(fromPlan ? "setup.fromPlan" : "setup.title"));
    // Kept across renders, so a name pressed while a player's answer comes in is still the name picked.
    keyedChildren(v("setup-players"), roster, (p) => p.id,
      (p) => h("button", { type: "button", className: "pick", dataset: { testid: "pick-" + p.id, player: String(p.id) } }),
      (node, p) => {
        node.disabled = fromPlan;
        node.setAttribute("aria-pressed", String(picked.includes(p.id)));
        setText(node, p.name);
      });
    setText(v("setup-count"), t("setup.ticked", { count: picked.length }));
    const suggestion = view.suggestion;
    show(v("suggestion"), !!suggestion);
    show(v("btn-resuggest"), !!suggestion && !fromPlan);
    if (suggestion) {
      const names = { teamA: v("setup-name-a").value.trim() || t("team.a"), teamB: v("setup-name-b").value.trim() || t("team.b") };
      setText(v("suggestion-name-a"), names.teamA);
      setText(v("suggestion-name-b"), names.teamB);
      const items = (side) => ((side && side.players) || []).map((p) => h("li", { dataset: { testid: "suggested-" + p.id } },
        p.position ? t("setup.playerAt", { name: p.name, position: t("position." + p.position) }) : p.name));
      v("suggestion-a").replaceChildren(...items(suggestion.teamA));
      v("suggestion-b").replaceChildren(...items(suggestion.teamB));
      const bench = (suggestion.bench || []).map((p) => p.name);
      show(v("suggestion-bench"), bench.length > 0);
      setText(v("suggestion-bench"), bench.length ? t("setup.bench", { names: s.lang.f.list(bench), count: bench.length }) : "");
      setText(v("suggestion-why"), suggestionSummary(suggestion, names, t));
    }
    v("btn-suggest").disabled = !!view.busy || picked.length < 2;
    v("btn-resuggest").disabled = !!view.busy;
    v("btn-start").disabled = !!view.busy || !suggestion;
  });
}
