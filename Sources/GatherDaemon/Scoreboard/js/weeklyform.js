// The referee's weekly game (docs/scoreboard.md "The weekly game"), at #weekly: set up, change or end the game
// that plans itself every week — the day and time at the pitch (the server's zone, summer and winter), how many,
// where, the pitch's cost and who paid it, when sign-up opens, whether regulars have it first, and when reminders go
// out (plan.schedule, plan.reschedule, plan.unschedule).

import { $, h, mountTree, setText, show } from "./dom.js";
import { weeklyForm } from "./weeklymarkup.js";
import { ask } from "./dialogs.js";
import { openPanel } from "./panels.js";
import { translate } from "./status.js";
import { WEEKDAYS, dayName, scheduleParams, scheduleText } from "./weekly.js";
import { costChanged, fillCost, readCost } from "./costfields.js";

const HOUR = 3600, DAY = 86400;
const tenths = (n) => String(Math.round(n * 10) / 10);

/** Sets the form up for `app`; `panels` opens and closes the referee's views; `reload()` loads the schedules. */
export function mountWeeklyForm(app, panels, reload) {
  const { store, rpc, commands } = app;
  const form = mountTree($("panels"), weeklyForm);
  translate(form, store.getState().lang.t);
  const v = (id) => $(id);
  const set = (patch) => store.dispatch({ type: "view", view: "weekly", patch: patch });
  const editingOf = (s) => { const id = s.views.weekly && s.views.weekly.editing; return (s.lists.schedules || []).find((x) => x.id === id) || null; };

  function fill(schedule) {
    const s = schedule || {}, regulars = s.regularsFirst || null;
    v("weekly-day").value = s.weekday || "thursday";
    v("weekly-time").value = s.time || "19:00";
    v("weekly-capacity").value = String(s.capacity || 10);
    v("weekly-place").value = s.place || "";
    v("weekly-note").value = s.note || "";
    v("weekly-opens").value = s.opensBefore ? tenths(s.opensBefore / DAY) : "6";
    v("weekly-reminders").value = (s.reminders || [48 * HOUR, 3 * HOUR]).map((r) => tenths(r / HOUR)).join(", ");
    v("weekly-regulars").checked = !!regulars;
    v("weekly-head").value = regulars ? tenths(regulars.headStart / HOUR) : "24";
    v("weekly-played").value = regulars && regulars.played ? String(regulars.played) : "";
    v("weekly-of-last").value = regulars && regulars.ofLast ? String(regulars.ofLast) : "";
    const state = store.getState();
    fillCost("weekly", s.fee || null, state, (state.lists.schedules || []).map((x) => x.fee)
      .concat(Object.values(state.lists.plans).map((p) => p.fee)));
    set({ editing: schedule ? schedule.id : null, regulars: !!regulars });
  }

  async function save() {
    const s = store.getState(), editing = editingOf(s);
    if (s.views.weekly.busy) return;
    const made = scheduleParams((id) => v(id), !!editing);
    const cost = readCost("weekly");
    if (made.error || cost.error) { store.dispatch({ type: "notice", tone: "error", key: made.error || cost.error }); return; }
    // The cost is sent when set for a new weekly game, or changed (null clears it).
    if (editing ? costChanged(cost.fee, editing.fee) : cost.fee) {
      Object.assign(made.params, cost.fee ? cost.fee : { cost: null });
    }
    set({ busy: true });
    const saved = editing
      ? await commands.act("plan.reschedule", Object.assign({ schedule: editing.id }, made.params), { key: "pending.weekly" })
      : await commands.act("plan.schedule", made.params, { key: "pending.weekly" });
    set({ busy: false });
    if (!saved) return;
    await reload();
    const now = store.getState();
    store.dispatch({ type: "notice", tone: "success", key: "weekly.saved",
      params: { schedule: scheduleText(saved, now.lang.t, now.lang.f, now.lang.tag) }, cause: "weekly" });
    panels.close();
  }

  async function end() {
    const s = store.getState(), t = s.lang.t, schedule = editingOf(s);
    if (!schedule) return;
    if (!(await ask(t, t("weekly.endTitle"), t("weekly.endText", { day: dayName(schedule.weekday, s.lang.tag) }), t("weekly.end")))) return;
    if (await commands.act("plan.unschedule", { schedule: schedule.id }, { key: "pending.weeklyEnd" })) { await reload(); fill(null); }
  }

  v("btn-weekly-back").addEventListener("click", () => { store.dispatch({ type: "notice/clear", cause: "action" }); panels.close(); });
  v("btn-weekly-end").addEventListener("click", end);
  v("weekly-regulars").addEventListener("change", () => set({ regulars: v("weekly-regulars").checked }));
  v("weekly-list").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (b) fill((store.getState().lists.schedules || []).find((x) => String(x.id) === b.dataset.schedule) || null);
  });
  form.addEventListener("submit", (event) => { event.preventDefault(); save(); });

  store.watch((s) => { const p = openPanel(s); return p && p.name === "weekly"; }, async (open) => {
    if (!open) { store.dispatch({ type: "view", view: "weekly", patch: null }); return; }
    store.dispatch({ type: "notice/clear", cause: "action" });
    set({ busy: false, zone: null });
    await reload();
    fill((store.getState().lists.schedules || [])[0] || null);
    v("weekly-day").focus();
    const server = await rpc.call("daemon.time").catch(() => null);
    set({ zone: server ? server.zone || "" : "" });
  });

  store.watch((s) => [s.views.weekly, s.lists.schedules, s.lang], ([view, schedules], s) => {
    show(form, !!view);
    if (!view) return;
    const t = s.lang.t, editing = editingOf(s);
    if (v("weekly-day").options.length === 0 || v("weekly-day").dataset.lang !== s.lang.tag) {
      const chosen = v("weekly-day").value;
      v("weekly-day").replaceChildren(...WEEKDAYS.map((day) => new Option(dayName(day, s.lang.tag), day)));
      v("weekly-day").value = chosen || "thursday";
      v("weekly-day").dataset.lang = s.lang.tag;
    }
    setText(v("weekly-title"), t(editing ? "weekly.titleEdit" : "weekly.title"));
    setText(v("weekly-zone"), view.zone === null ? "" : view.zone ? t("weekly.zoneNamed", { zone: view.zone }) : t("weekly.zone"));
    const chip = (id, label, pressed, testid) => h("button", { type: "button", className: "chip",
      dataset: { testid: testid, schedule: id == null ? "" : String(id) }, attrs: { "aria-pressed": String(pressed) } }, label);
    v("weekly-list").replaceChildren(...(schedules || []).map((x) => chip(x.id,
      dayName(x.weekday, s.lang.tag) + " " + x.time, !!editing && editing.id === x.id, "weekly-pick-" + x.id)),
      ...((schedules || []).length ? [chip(null, t("weekly.another"), !editing, "weekly-pick-new")] : []));
    show(v("weekly-list"), (schedules || []).length > 0);
    setText(v("btn-weekly-save"), t(editing ? "planForm.saveChanges" : "weekly.save"));
    show(v("btn-weekly-end"), !!editing);
    for (const id of ["weekly-head", "weekly-played", "weekly-of-last"]) v(id).disabled = !view.regulars;
    v("btn-weekly-save").disabled = v("btn-weekly-end").disabled = !!view.busy;
  });
}
