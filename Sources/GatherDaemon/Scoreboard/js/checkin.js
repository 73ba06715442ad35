// On the night (docs/scoreboard.md "Organising from the phone"), at #checkin=PLAN: who turned up. The referee
// ticks the going players who are here, brings in waiting players, adds walk-ins (someone else from the roster, or
// a new player by name), saves it (plan.checkIn), and asks for fair teams of those ticked: "Start from the plan"
// then shows their split, the one gather.start {plan} makes, in place of the check-in.

import { $, h, keyedChildren, mountTree, setText, show } from "./dom.js";
import { checkInForm } from "./weeklymarkup.js";
import { openPanel } from "./panels.js";
import { planTitle } from "./plans.js";
import { translate } from "./status.js";

/** Sets the view up for `app`; `panels` opens and closes the referee's views. */
export function mountCheckIn(app, panels) {
  const { store, commands } = app;
  const form = mountTree($("panels"), checkInForm);
  translate(form, store.getState().lang.t);
  const v = (id) => $(id);
  const mine = () => store.getState().views.checkin;
  const set = (patch) => store.dispatch({ type: "view", view: "checkin", patch: patch });
  const planOf = (s) => { const p = openPanel(s); return p && p.name === "checkin" ? s.lists.plans[p.id] : null; };

  const tickButton = (id, name, ticked, kind) => h("button", { type: "button", className: "pick",
    dataset: { testid: "checkin-" + id, player: String(id), kind: kind }, attrs: { "aria-pressed": String(ticked) } }, name);
  // A list of players to tick, kept across renders (a tap pressed while a player's answer redraws it still
  // counts): `rows` are [id, name, ticked].
  const ticks = (list, rows, kind) => keyedChildren(list, rows, (row) => row[0],
    (row) => tickButton(row[0], row[1], row[2], kind),
    (button, [, name, ticked]) => {
      button.setAttribute("aria-pressed", String(ticked));
      setText(button, name);
    });

  /** Saves the check-in; resolves with the plan as it now is, or undefined when refused. */
  async function save() {
    const s = store.getState(), view = mine(), plan = planOf(s);
    if (!view || view.busy || !plan) return undefined;
    set({ busy: true });
    const params = { plan: plan.id, present: view.here.filter((id) => s.lists.players[id]) };
    if (view.newcomers.length) params.walkIns = view.newcomers.slice();
    const saved = await commands.act("plan.checkIn", params, { key: "pending.checkIn" });
    if (saved) {
      store.dispatch({ type: "plan/saved", plan: saved });
      set({ newcomers: [], here: saved.checkIn.present.map((e) => e.id) });
    }
    set({ busy: false });
    return saved;
  }

  function addNewcomer() {
    const name = v("walkin-name").value.trim(), view = mine();
    if (!name || !view) return;
    const known = Object.values(store.getState().lists.players).find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (known) set({ here: view.here.includes(known.id) ? view.here : view.here.concat([known.id]) });  // on the roster after all
    else if (view.newcomers.some((n) => n.toLowerCase() === name.toLowerCase())) {
      store.dispatch({ type: "notice", tone: "error", key: "checkin.already", params: { name: name } });
    } else set({ newcomers: view.newcomers.concat([name]) });
    v("walkin-name").value = "";
    v("walkin-name").focus();
  }

  form.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-player], button[data-newcomer]");
    const view = mine();
    if (!b || !view) return;
    if (b.dataset.newcomer !== undefined) set({ newcomers: view.newcomers.filter((_, i) => i !== Number(b.dataset.newcomer)) });
    else {
      const id = Number(b.dataset.player);
      set({ here: view.here.includes(id) ? view.here.filter((x) => x !== id) : view.here.concat([id]) });
    }
    form.querySelector(`[data-testid="${b.dataset.testid}"]`)?.focus();
  });
  v("btn-walkin-add").addEventListener("click", addNewcomer);
  v("walkin-name").addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); addNewcomer(); } });
  v("btn-checkin-back").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });
  v("btn-checkin-save").addEventListener("click", async () => { if (await save()) panels.close(); });
  // Fair teams of those here: "Start from the plan" takes the check-in's place (the same entry in the history).
  v("btn-checkin-teams").addEventListener("click", async () => {
    const plan = await save();
    if (plan) app.router.replace(Object.assign({}, store.getState().route, { panel: { name: "start", id: plan.id } }));
  });
  form.addEventListener("submit", (event) => event.preventDefault());

  // Opened: ticked as it was last saved (nobody, the first time).
  store.watch((s) => { const p = openPanel(s); return p && p.name === "checkin" ? p.id : null; }, (id, s) => {
    if (id === null) { store.dispatch({ type: "view", view: "checkin", patch: null }); return; }
    const plan = s.lists.plans[id];
    store.dispatch({ type: "notice/clear", cause: "action" });
    set({ here: ((plan.checkIn && plan.checkIn.present) || []).map((e) => e.id), newcomers: [], busy: false });
    v("checkin-going").querySelector("button")?.focus();
  });

  store.watch((s) => [mine(), s.lists.plans, s.lists.players, s.lang], ([view], s) => {
    const plan = planOf(s);
    show(form, !!view && !!plan);
    if (!view || !plan) return;
    const t = s.lang.t, here = new Set(view.here), name = (e) => (s.lists.players[e.id] || e).name;
    const listed = new Set([...plan.going, ...plan.waiting].map((e) => e.id));
    setText(v("checkin-when"), planTitle(plan, s.lang.f));
    if (!plan.going.length) setText(v("checkin-going"), t("checkin.nobodyGoing"));
    else ticks(v("checkin-going"), plan.going.map((e) => [e.id, name(e), here.has(e.id)]), "going");
    show(v("checkin-waiting-set"), plan.waiting.length > 0);
    ticks(v("checkin-waiting"), plan.waiting.map((e) => [e.id, name(e), here.has(e.id)]), "waiting");
    const others = Object.values(s.lists.players).filter((p) => !listed.has(p.id)).sort((a, b) => a.name.localeCompare(b.name));
    const walkIns = [...others.filter((p) => here.has(p.id)).map((p) => ({ key: "player-" + p.id, player: p })),
      ...view.newcomers.map((name, i) => ({ key: "new-" + i, newcomer: name, i }))];
    keyedChildren(v("checkin-walkins"), walkIns, (w) => w.key,
      (w) => w.player ? tickButton(w.player.id, w.player.name, true, "walkIn")
        : h("button", { type: "button", className: "pick new", dataset: { testid: "checkin-new-" + w.i, newcomer: String(w.i) },
          attrs: { "aria-pressed": "true" } }),
      (button, w) => {
        if (w.player) { setText(button, w.player.name); return; }
        button.setAttribute("aria-label", t("checkin.newcomerLabel", { name: w.newcomer }));
        setText(button, t("checkin.newcomer", { name: w.newcomer }));
      });
    ticks(v("checkin-others"), others.filter((p) => !here.has(p.id)).map((p) => [p.id, p.name, false]), "walkIn");
    show(v("checkin-others-box"), !others.every((p) => here.has(p.id)));
    const total = view.here.filter((id) => s.lists.players[id]).length + view.newcomers.length;
    setText(v("checkin-count"), t("checkin.count", { here: plan.going.filter((e) => here.has(e.id)).length, count: plan.going.length }));
    setText(v("btn-checkin-teams"), total >= 2 ? t("checkin.teamsOf", { count: total }) : t("checkin.teams"));
    v("btn-checkin-save").disabled = !!view.busy || total === 0;
    v("btn-checkin-teams").disabled = !!view.busy || total < 2;
  });
}
