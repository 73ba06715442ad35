// The page's questions: a confirmation dialog ("Undo a goal?") made the first time one is asked, opened with
// showModal (focus moves into it, Escape cancels), its focus on Cancel so that an accidental Enter does nothing.

import { $, choose, mountTree } from "./dom.js";

const markup = ["dialog", {"data-testid": "dialog-confirm", id: "dialog-confirm", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text"},
  ["h2", {id: "confirm-title"}],
  ["p", {id: "confirm-text", "data-testid": "confirm-text"}],
  ["div", {class: "actions", id: "confirm-actions"},
    ["button", {type: "button", "data-testid": "confirm-cancel", id: "confirm-cancel"}],
    ["button", {type: "button", class: "danger", "data-testid": "confirm-ok", id: "confirm-ok"}]]];

/** Asks `title` with `text` and an OK button labelled `ok` (`t`, the translator, names Cancel); resolves true for OK. */
export function ask(t, title, text, ok) {
  const dialog = $("dialog-confirm") || mountTree(document.body, markup);
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = ok;
  $("confirm-cancel").textContent = t("common.cancel");
  return choose(dialog, $("confirm-actions"), $("confirm-cancel"), (b) => b.id === "confirm-ok" ? true : null)
    .then((answer) => answer === true);
}

/**
 * Sends a change gatherd may refuse as seldom meant, with data.reason `reason` (plan_not_due, same_time): then asks
 * (`question(error)` gives {title, text, ok}) and, on OK, sends it again with force. Resolves with the result, or
 * undefined when the referee says no or gatherd refuses it otherwise (shown as a notice).
 */
export async function confirmingForce(app, method, params, reason, question, label) {
  const { commands, store } = app;
  store.dispatch({ type: "notice/clear", cause: "action" });
  try {
    return await commands.send(method, params, label);
  } catch (error) {
    if (!error || !error.data || error.data.reason !== reason) { commands.report(error); return undefined; }
    const q = question(error);
    if (!(await ask(store.getState().lang.t, q.title, q.text, q.ok))) return undefined;
    return commands.send(method, Object.assign({}, params, { force: true }), label).catch((again) => {
      commands.report(again);
      return undefined;
    });
  }
}
