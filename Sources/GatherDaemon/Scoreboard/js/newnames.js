// Between matches on the control page: the head's buttons to the roster ("Players", with how many new names wait)
// and to the money, and a notice above the plans naming the new names typed on a sign-up link, which wait for the
// organiser to confirm them (or merge them into the player they are) on the roster screen.

import { $, h, setText, show } from "./dom.js";
import { newNames } from "./rosterrules.js";
import { openPanel } from "./panels.js";

/** The notice's words for the new names `fresh` (players): "" when none. */
export function newNamesText(fresh, t, f) {
  if (!fresh.length) return "";
  return t("roster.newNotice", { count: fresh.length, names: f.list(fresh.map((p) => p.name)) });
}

/** Sets the buttons and the notice up for `app`; `panels` opens the roster and the money screens. */
export function mountNewNames(app, panels) {
  const { store } = app;
  const t = () => store.getState().lang.t;
  const head = $("between-head");
  const badge = h("span", { className: "badge", dataset: { testid: "roster-badge" }, hidden: true });
  const label = h("span", { dataset: { i18n: "roster.open" } }, t()("roster.open"));
  head.append(
    h("button", { type: "button", dataset: { testid: "btn-roster" }, on: { click: () => panels.open("players", null) } }, label, badge),
    h("button", { type: "button", dataset: { testid: "btn-money", i18n: "money.open" }, on: { click: () => panels.open("money", null) } },
      t()("money.open")));
  const text = h("p", { dataset: { testid: "new-names-text" } });
  const notice = h("section", { className: "card new-names", dataset: { testid: "new-names" }, hidden: true,
    attrs: { "aria-live": "polite" } }, text,
  h("button", { type: "button", className: "primary", dataset: { testid: "btn-new-names", i18n: "roster.check" },
    on: { click: () => panels.open("players", null) } }, t()("roster.check")));
  head.after(notice);

  store.watch((s) => [s.lists.players, s.connection.control, openPanel(s), s.lang], ([players, control, panel], s) => {
    const fresh = control ? newNames(players, s.lang.tag) : [];
    setText(badge, fresh.length ? s.lang.t("roster.newCount", { count: fresh.length }) : "");
    show(badge, fresh.length > 0);
    setText(text, newNamesText(fresh, s.lang.t, s.lang.f));
    show(notice, fresh.length > 0 && !panel);
  });
}
