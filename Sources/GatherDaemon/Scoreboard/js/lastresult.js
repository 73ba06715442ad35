// The last result on the control page (docs/scoreboard.md "Taking back a mistake"): beside "Share the result",
// "Reopen the match" while it may be reopened (the last to end, within 30 minutes of its end: gather.reopen) and
// "Discard this game" (gathers.delete), which asks first and says what leaves with it.

import { $, h, setText, show } from "./dom.js";
import { ask } from "./dialogs.js";
import { scoreLine } from "./teams.js";
import { reopen } from "./undo.js";

/** How long after its end a match may be reopened, in milliseconds. */
export const REOPEN_MS = 30 * 60000;

/** Whether the last result `record` may still be reopened at `now` (ms). */
export function mayReopen(record, now) {
  const ended = record && Date.parse(record.endedAt);
  return !!ended && now < ended + REOPEN_MS;
}

/** The question before discarding `record`: {title, text, ok}. */
export function discardQuestion(record, t, f) {
  return { title: t("history.discardTitle"), ok: t("history.discardOk"),
    text: t("history.discardText", { score: scoreLine(record.names, record.score, t), when: f.moment(record.endedAt) }) };
}

/** Sets the last result's organiser buttons up for `app`. */
export function mountLastResult(app) {
  const { store, commands } = app;
  const button = (testid, key, className) => h("button", { type: "button", className: className, dataset: { testid: testid, i18n: key } },
    store.getState().lang.t(key));
  const reopenButton = button("btn-reopen", "history.reopen", "");
  const discard = button("btn-discard", "history.discard", "danger");
  $("btn-share-result").after(reopenButton, discard);
  let timer = 0;

  reopenButton.addEventListener("click", () => {
    const record = store.getState().lists.lastRecord;
    if (record) reopen(app, record.id);
  });
  discard.addEventListener("click", async () => {
    const s = store.getState(), t = s.lang.t, record = s.lists.lastRecord;
    if (!record) return;
    const q = discardQuestion(record, t, s.lang.f);
    if (!(await ask(t, q.title, q.text, q.ok))) return;
    const score = scoreLine(record.names, record.score, t);
    const done = await commands.act("gathers.delete", { gather: record.id }, { key: "pending.discard", params: { score } });
    if (done) store.dispatch({ type: "notice", tone: "success", key: "history.discarded", params: { score } });
  });

  store.watch((s) => [s.lists.lastRecord, s.connection.control, s.lang], ([record, control], s) => {
    clearTimeout(timer);
    show(discard, control && !!record);
    show(reopenButton, control && mayReopen(record, Date.now()));
    setText(reopenButton, s.lang.t("history.reopen"));
    setText(discard, s.lang.t("history.discard"));
    // Hidden by itself once the 30 minutes are over: a redraw of the same record then.
    if (record && mayReopen(record, Date.now())) {
      timer = setTimeout(() => { show(reopenButton, mayReopen(store.getState().lists.lastRecord, Date.now())); },
        Date.parse(record.endedAt) + REOPEN_MS - Date.now() + 50);
    }
  });
}
