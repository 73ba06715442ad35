// The referee's plan form (docs/scoreboard.md "Organising from the phone"), at #plan=new or #plan=PLAN: the day and
// time at the pitch, how many play, where, a note, and calling a plan off. The day and time are the pitch's (the
// server's zone, whatever zone the phone is set to): daemon.time turns the picked wall time into a start with the
// offset in force then, and the form says which zone and offset that is.

import { $, mountTree, setText, show } from "./dom.js";
import { planForm } from "./formsmarkup.js";
import { ask, confirmingForce } from "./dialogs.js";
import { openPanel } from "./panels.js";
import { planTitle } from "./plans.js";
import { translate } from "./status.js";
import { offsetMinutes, offsetText, suggestedStart, wallParts } from "./planzone.js";

/** Sets the form up for `app`; `panels` opens and closes the referee's views. */
export function mountPlanForm(app, panels) {
  const { store, rpc, commands } = app;
  const form = mountTree($("panels"), planForm);
  translate(form, store.getState().lang.t);
  const v = { date: $("plan-date"), time: $("plan-time"), zone: $("plan-zone"), capacity: $("plan-capacity"),
    place: $("plan-place"), note: $("plan-note"), callOff: $("btn-plan-call-off"), save: $("btn-plan-save"), title: $("plan-form-title") };
  const set = (patch) => store.dispatch({ type: "view", view: "planForm", patch: patch });
  const editing = () => { const p = openPanel(store.getState()); return p && p.name === "plan" && p.id != null ? store.getState().lists.plans[p.id] : null; };
  let zoneTimer = 0;

  /** Asks gatherd the offset in force at the pitch on the picked day and time (daemon.time {at}). */
  function askZone() {
    const at = v.date.value && v.time.value ? v.date.value + "T" + v.time.value : "";
    return store.load("zone", () => (at ? rpc.call("daemon.time", { at: at }).then((r) => r.at, () => null) : Promise.resolve(null)),
      (zoneAt) => ({ type: "view", view: "planForm", patch: { zoneAt: zoneAt } }));
  }

  async function save() {
    const s = store.getState(), t = s.lang.t, plan = editing();
    if (s.views.planForm.busy) return;
    const capacity = Number(v.capacity.value);
    if (!v.date.value || !v.time.value) { store.dispatch({ type: "notice", tone: "error", key: "planForm.pickWhen" }); return; }
    if (!Number.isInteger(capacity) || capacity < 2 || capacity > 40) {
      store.dispatch({ type: "notice", tone: "error", key: "planForm.badCapacity" });
      return;
    }
    set({ busy: true });
    try {
      const changes = { capacity: capacity };
      const [date, time] = plan ? wallParts(plan.startsAtLocal) : ["", ""];
      if (!plan || v.date.value !== date || v.time.value !== time) {
        changes.startsAt = (await rpc.call("daemon.time", { at: v.date.value + "T" + v.time.value })).at;
      }
      const place = v.place.value.trim(), note = v.note.value.trim();
      if (plan) {
        if (capacity === plan.capacity) delete changes.capacity;
        if (place !== (plan.place || "")) changes.place = place || null;
        if (note !== (plan.note || "")) changes.note = note || null;
        if (Object.keys(changes).length === 0) { panels.close(); return; }
      } else {
        if (place) changes.place = place;
        if (note) changes.note = note;
      }
      // A start another open plan has is refused (same_time): asked first, naming that game.
      const twin = Object.values(s.lists.plans).find((p) => (!plan || p.id !== plan.id) && changes.startsAt && Date.parse(p.startsAt) === Date.parse(changes.startsAt));
      const question = () => ({ title: t("planForm.twinTitle"), ok: t("planForm.twinOk"),
        text: t("planForm.twinText", { game: !twin ? t("planForm.anotherGame") : twin.place
          ? t("planForm.gameAt", { when: s.lang.f.wall(twin.startsAtLocal), place: twin.place })
          : t("planForm.game", { when: s.lang.f.wall(twin.startsAtLocal) }) }) });
      const saved = plan
        ? await confirmingForce(app, "plan.update", Object.assign({ plan: plan.id }, changes), "same_time", question, { key: "pending.planChange" })
        : await confirmingForce(app, "plan.create", changes, "same_time", question, { key: "pending.planNew" });
      if (!saved) return;   // kept open: the referee picks another time
      store.dispatch({ type: "plan/saved", plan: saved });
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
    if (await commands.act("plan.cancel", { plan: plan.id }, { key: "pending.callOff" })) panels.close();
  }

  for (const input of [v.date, v.time]) {
    const soon = () => { clearTimeout(zoneTimer); zoneTimer = setTimeout(askZone, 200); };
    input.addEventListener("input", soon);
    input.addEventListener("change", soon);
  }
  $("btn-plan-back").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });
  v.callOff.addEventListener("click", callOff);
  form.addEventListener("submit", (event) => { event.preventDefault(); save(); });

  // Opened: the plan's own values, or a week after the latest open plan for a new one.
  store.watch((s) => { const p = openPanel(s); return p && p.name === "plan" ? (p.id == null ? "new" : p.id) : null; }, async (which, s) => {
    if (which === null) { store.dispatch({ type: "view", view: "planForm", patch: null }); return; }
    store.dispatch({ type: "notice/clear", cause: "action" });
    const server = await rpc.call("daemon.time").catch(() => null);
    const plan = editing();
    const [date, time] = plan ? wallParts(plan.startsAtLocal) : suggestedStart(Object.values(s.lists.plans), server);
    Object.assign(v.date, { value: date });
    Object.assign(v.time, { value: time });
    v.capacity.value = String(plan ? plan.capacity : 10);
    v.place.value = plan ? plan.place || "" : "";
    v.note.value = plan ? plan.note || "" : "";
    set({ server: server, zoneAt: null, busy: false, plan: plan ? plan.id : null });
    await askZone();
    v.date.focus();
  });

  store.watch((s) => [s.views.planForm, s.lang], ([view], s) => {
    show(form, !!view && openPanel(s) !== null);
    if (!view) return;
    const t = s.lang.t, plan = view.plan != null ? s.lists.plans[view.plan] : null;
    setText(v.title, plan ? t("planForm.changeTitle", { game: s.lang.f.wall(plan.startsAtLocal) }) : t("planForm.title"));
    setText(v.save, t(plan ? "planForm.saveChanges" : "planForm.save"));
    show(v.callOff, !!plan);
    v.save.disabled = v.callOff.disabled = !!view.busy;
    const shown = view.zoneAt || (plan ? plan.startsAtLocal : view.server && view.server.local);
    const zone = view.server && view.server.zone;
    let text = zone ? t("planForm.zoneNamed", { zone: zone, offset: offsetText(shown) }) : t("planForm.zone", { offset: offsetText(shown) });
    const phone = offsetMinutes(v.date.value, v.time.value);
    if (offsetText(shown) && offsetText(shown) !== offsetText(phone)) text += " " + t("planForm.phoneZone", { offset: offsetText(phone) });
    setText(v.zone, text);
  });
}
