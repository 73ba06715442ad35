// The referee's views between matches that take the place of "between matches" while open, one at a time, each
// at an address of its own (router.js) so that the back button closes it: starting a match (#start, #start=PLAN),
// a plan (#plan=new, #plan=PLAN), the weekly game (#weekly) and the night's check-in (#checkin=PLAN). Closing one
// gives the focus back to the button that opened it.

import { $, h, show } from "./dom.js";

/** The panel the page shows in `s`: the route's, on the control page between matches; null otherwise. */
export function openPanel(s) {
  const panel = s.route.panel;
  if (!panel || !s.connection.control || s.match.gather || s.route.view !== "board") return null;
  if ((panel.name === "checkin" || (panel.name === "plan" && panel.id != null)) && !s.lists.plans[panel.id]) return null;
  return panel;
}

/** Opens panel `name` (for plan `id`, or none) of `app`, remembering the button that did. */
export function openPanelOf(app, name, id) {
  const { store, router } = app;
  const opener = document.activeElement;
  const back = opener && (opener.dataset.testid || opener.id) ? { testid: opener.dataset.testid || "", id: opener.id || "" } : null;
  store.dispatch({ type: "view", view: "panels", patch: { back: back } });
  router.go(Object.assign({}, store.getState().route, { panel: { name: name, id: id == null ? null : id } }));
}

/** What the referee's views share: opening one, closing it. */
export function createPanels(app) {
  const { store, router } = app;
  return {
    /** Opens panel `name` (for plan `id`, or none). */
    open: (name, id) => openPanelOf(app, name, id),
    /** Closes the panel shown (back in the history when the page opened it). */
    close() {
      router.leave(Object.assign({}, store.getState().route, { panel: null }));
    },
  };
}

/** Shows "between matches" unless a panel is open, the head's buttons on the control page, and gives the focus
 * back when a panel closes. */
export function mountPanels(app, panels) {
  const { store } = app;
  const head = $("between-head"), between = $("between");
  const button = (testid, key, primary, name) => h("button", { type: "button", className: primary ? "primary" : "",
    dataset: { testid: testid, i18n: key }, on: { click: () => panels.open(name, null) } }, store.getState().lang.t(key));
  head.append(button("btn-new-gather", "setup.open", true, "start"), button("btn-new-plan", "planForm.open", false, "plan"),
    button("btn-weekly", "weekly.open", false, "weekly"));
  let shown = null;
  store.watch((s) => [openPanel(s), s.connection.control], ([panel, control], s) => {
    for (const b of head.querySelectorAll("button")) show(b, control);
    show(between, !panel);
    const closed = shown && !panel;
    shown = panel;
    const back = s.views.panels && s.views.panels.back;
    if (!closed || !back) return;
    const target = (back.id && $(back.id)) || (back.testid && document.querySelector(`[data-testid="${back.testid}"]`));
    if (target && target.getClientRects().length) target.focus();
  });
}
