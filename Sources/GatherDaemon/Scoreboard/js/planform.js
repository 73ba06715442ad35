// The referee's plan form (docs/scoreboard.md "Organising from the phone"), at #plan=new or #plan=PLAN: the day and
// time at the pitch, how many play, where, a note, the pitch's cost, and calling a plan off (with an undo notice). The
// day and time are the pitch's (the server's zone, whatever zone the phone is set to): daemon.time turns the picked
// wall time into a start with the offset in force then, and the form says which zone and offset that is. With a
// weekly game set up, a new plan starts as that game's week (planweekly.js).

import { $, mountTree, setText, show } from "./dom.js";
import { planForm } from "./formsmarkup.js";
import { ask, confirmingForce } from "./dialogs.js";
import { openPanel } from "./panels.js";
import { planTitle } from "./plans.js";
import { translate } from "./status.js";
import { offsetMinutes, offsetText, suggestedStart, wallParts } from "./planzone.js";
import { planParams, scheduleWeeks, weekChips } from "./planweekly.js";
import { costChanged, fillCost, readCost, setCostParams } from "./costfields.js";
import { offerRestore } from "./undo.js";

/** Sets the form up for `app`; `panels` opens and closes the referee's views. */
export function mountPlanForm(app, panels) {
  const { store, rpc, commands } = app;
  const form = mountTree($("panels"), planForm);
  translate(form, store.getState().lang.t);
  const v = { date: $("plan-date"), time: $("plan-time"), zone: $("plan-zone"), capacity: $("plan-capacity"),
    place: $("plan-place"), note: $("plan-note"), callOff: $("btn-plan-call-off"), save: $("btn-plan-save"), title: $("plan-form-title"),
    which: $("plan-which") };
  const set = (patch) => store.dispatch({ type: "view", view: "planForm", patch: patch });
  const editing = () => { const p = openPanel(store.getState()); return p && p.name === "plan" && p.id != null ? store.getState().lists.plans[p.id] : null; };
  const scheduleOf = (s) => { const id = s.views.planForm && s.views.planForm.schedule; return (s.lists.schedules || []).find((x) => x.id === id) || null; };
  const others = (s) => (s.lists.schedules || []).map((x) => x.fee).concat(Object.values(s.lists.plans).map((p) => p.fee));
  let zoneTimer = 0;

  /** Asks gatherd the offset in force at the pitch on the picked day and time (daemon.time {at}). */
  function askZone() {
    const at = v.date.value && v.time.value ? v.date.value + "T" + v.time.value : "";
    return store.load("zone", () => (at ? rpc.call("daemon.time", { at: at }).then((r) => r.at, () => null) : Promise.resolve(null)),
      (zoneAt) => ({ type: "view", view: "planForm", patch: { zoneAt: zoneAt } }));
  }

  /** Fills the form: with `plan`'s values, a weekly game's `week`, or a new game's a week after the latest plan. */
  function fill(plan, week, server) {
    const s = store.getState(), schedule = week && week.schedule;
    const [date, time] = plan ? wallParts(plan.startsAtLocal) : week ? [week.date, week.time] : suggestedStart(Object.values(s.lists.plans), server);
    Object.assign(v.date, { value: date });
    Object.assign(v.time, { value: time });
    const from = plan || schedule;
    v.capacity.value = String(from ? from.capacity : 10);
    v.place.value = (from && from.place) || "";
    v.note.value = (from && from.note) || "";
    fillCost("plan", from ? from.fee : null, s, others(s));
    set({ schedule: schedule ? schedule.id : null });
    askZone();
  }

  async function save() {
    const s = store.getState(), t = s.lang.t, plan = editing(), schedule = plan ? null : scheduleOf(s);
    if (s.views.planForm.busy) return;
    const capacity = Number(v.capacity.value), cost = readCost("plan");
    if (!v.date.value || !v.time.value) { store.dispatch({ type: "notice", tone: "error", key: "planForm.pickWhen" }); return; }
    if (!Number.isInteger(capacity) || capacity < 2 || capacity > 40) {
      store.dispatch({ type: "notice", tone: "error", key: "planForm.badCapacity" });
      return;
    }
    if (cost.error) { store.dispatch({ type: "notice", tone: "error", key: cost.error }); return; }
    set({ busy: true });
    try {
      const changes = planParams({ capacity, place: v.place.value.trim(), note: v.note.value.trim() }, plan, schedule);
      const [date, time] = plan ? wallParts(plan.startsAtLocal) : ["", ""];
      if (!plan || v.date.value !== date || v.time.value !== time) {
        changes.startsAt = (await rpc.call("daemon.time", { at: v.date.value + "T" + v.time.value })).at;
      }
      const newCost = costChanged(cost.fee, plan ? plan.fee : schedule ? schedule.fee : null);
      if (plan && Object.keys(changes).length === 0 && !newCost) { panels.close(); return; }
      // A start another open plan has is refused (same_time): asked first, naming that game.
      const twin = Object.values(s.lists.plans).find((p) => (!plan || p.id !== plan.id) && changes.startsAt && Date.parse(p.startsAt) === Date.parse(changes.startsAt));
      const question = () => ({ title: t("planForm.twinTitle"), ok: t("planForm.twinOk"),
        text: t("planForm.twinText", { game: !twin ? t("planForm.anotherGame") : twin.place
          ? t("planForm.gameAt", { when: s.lang.f.wall(twin.startsAtLocal), place: twin.place })
          : t("planForm.game", { when: s.lang.f.wall(twin.startsAtLocal) }) }) });
      let saved = plan;
      if (!plan || Object.keys(changes).length) {
        saved = plan
          ? await confirmingForce(app, "plan.update", Object.assign({ plan: plan.id }, changes), "same_time", question, { key: "pending.planChange" })
          : await confirmingForce(app, "plan.create", changes, "same_time", question, { key: "pending.planNew" });
        if (!saved) return;   // kept open: the referee picks another time
        store.dispatch({ type: "plan/saved", plan: saved });
      }
      // The pitch's cost is the plan's own (fees.setCost): a refusal is shown, and the plan stays as saved.
      if (newCost) {
        const withCost = await commands.act("fees.setCost", setCostParams(saved.id, cost.fee), { key: "pending.cost" });
        if (withCost && withCost.id === saved.id) { saved = withCost; store.dispatch({ type: "plan/saved", plan: saved }); }
      }
      panels.close();
      if (!plan && app.share) app.share.shareSignUp(saved);
    } catch (error) {
      commands.report(error);
    } finally {
      set({ busy: false });
    }
  }

  async function callOff() {
    const s = store.getState(), t = s.lang.t, plan = editing();
    if (!plan) return;
    const text = t(plan.going.length ? "planForm.callOffTextGoing" : "planForm.callOffText", { when: planTitle(plan, s.lang.f), count: plan.going.length });
    if (!(await ask(t, t("planForm.callOffTitle"), text, t("planForm.callOff")))) return;
    const cancelled = await commands.act("plan.cancel", { plan: plan.id }, { key: "pending.callOff" });
    if (!cancelled) return;
    panels.close();
    offerRestore(app, cancelled);
  }

  for (const input of [v.date, v.time]) {
    const soon = () => { clearTimeout(zoneTimer); zoneTimer = setTimeout(askZone, 200); };
    input.addEventListener("input", soon);
    input.addEventListener("change", soon);
  }
  $("btn-plan-back").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });
  v.callOff.addEventListener("click", callOff);
  v.which.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    const s = store.getState(), id = b.dataset.schedule ? Number(b.dataset.schedule) : null;
    fill(null, scheduleWeeks(s.lists.schedules, s.lists.plans, Date.now()).find((w) => w.schedule.id === id) || null, s.views.planForm.server);
  });
  form.addEventListener("submit", (event) => { event.preventDefault(); save(); });

  // Opened: the plan's own values; for a new plan the first weekly game's week still to open, else a week after the
  // latest open plan.
  store.watch((s) => { const p = openPanel(s); return p && p.name === "plan" ? (p.id == null ? "new" : p.id) : null; }, async (which, s) => {
    if (which === null) { store.dispatch({ type: "view", view: "planForm", patch: null }); return; }
    store.dispatch({ type: "notice/clear", cause: "action" });
    const server = await rpc.call("daemon.time").catch(() => null);
    const plan = editing();
    set({ server: server, zoneAt: null, busy: false, plan: plan ? plan.id : null });
    fill(plan, plan ? null : scheduleWeeks(store.getState().lists.schedules, s.lists.plans, Date.now())[0] || null, server);
    v.date.focus();
  });

  store.watch((s) => [s.views.planForm, s.lists.schedules, s.lang], ([view], s) => {
    show(form, !!view && openPanel(s) !== null);
    if (!view) return;
    const t = s.lang.t, plan = view.plan != null ? s.lists.plans[view.plan] : null;
    setText(v.title, plan ? t("planForm.changeTitle", { game: s.lang.f.wall(plan.startsAtLocal) }) : t("planForm.title"));
    setText(v.save, t(plan ? "planForm.saveChanges" : "planForm.save"));
    show(v.callOff, !!plan);
    v.save.disabled = v.callOff.disabled = !!view.busy;
    const weeks = plan ? [] : scheduleWeeks(s.lists.schedules, s.lists.plans, Date.now());
    v.which.replaceChildren(...weekChips(weeks, view.schedule == null ? null : view.schedule, t, s.lang.tag));
    show(v.which, weeks.length > 0);
    const shown = view.zoneAt || (plan ? plan.startsAtLocal : view.server && view.server.local);
    const zone = view.server && view.server.zone;
    let text = zone ? t("planForm.zoneNamed", { zone: zone, offset: offsetText(shown) }) : t("planForm.zone", { offset: offsetText(shown) });
    const phone = offsetMinutes(v.date.value, v.time.value);
    if (offsetText(shown) && offsetText(shown) !== offsetText(phone)) text += " " + t("planForm.phoneZone", { offset: offsetText(phone) });
    setText(v.zone, text);
  });
}
