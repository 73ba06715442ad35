// The page's commands, every change it asks gatherd for: each carries a key of its own (idempotencyKey), so that
// gatherd applies it once even when its reply was lost and it is sent again. A command made while offline waits,
// kept on the phone across a reload, and is sent once when the connection is back, unless it no longer makes sense
// (a goal for a game that ended): then it is dropped with a message. Pending commands show until confirmed.

import { accessOf, contextOf, keptQueue, keyFrom, readQueue, whyStale } from "./commandrules.js";
import { errorMessage } from "./errors.js";

const QUEUE_KEY = "gatherd.queue";

/** The commands of the page, over `store` and the connection `rpc`. */
export function createCommands(store, rpc) {
  const waiting = new Map();   // key -> {resolve, reject} of the tap that made the command, while the page is open

  function keep() {
    try { localStorage.setItem(QUEUE_KEY, keptQueue(store.getState().queue)); } catch (error) { /* this visit only */ }
  }

  function finish(key, outcome, value) {
    store.dispatch({ type: "queue/done", key: key });
    keep();
    const tap = waiting.get(key);
    waiting.delete(key);
    if (tap) tap[outcome](value);
  }

  function transmit(command) {
    store.dispatch({ type: "queue/sending", key: command.key });
    const params = Object.assign({}, command.params, { idempotencyKey: command.key });
    rpc.call(command.method, params).then((result) => finish(command.key, "resolve", result), (error) => {
      // Not answered (offline, closed, no reply in time): it waits for the next connection, with the same key.
      if (error && error.code === 0) { store.dispatch({ type: "queue/waiting", key: command.key }); return; }
      finish(command.key, "reject", error);
    });
  }

  /** Asks gatherd for a change; resolves with its result once confirmed, rejects with gatherd's refusal. `label`
   * ({key, params}) names it while it is pending ("Goal for Bibs"). */
  function send(method, params, label) {
    const state = store.getState();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const command = { key: keyFrom(bytes), method: method, params: params || {}, access: accessOf(state),
      context: contextOf(method, params || {}, state), label: label || null, at: Date.now() };
    store.dispatch({ type: "queue/add", command: command });
    keep();
    const promise = new Promise((resolve, reject) => waiting.set(command.key, { resolve, reject }));
    if (state.connection.status === "online") transmit(command);
    return promise;
  }

  /** Shows gatherd's refusal as a notice in words (`context`: what the words may name). */
  function report(error, context) {
    const message = errorMessage(error, context);
    store.dispatch({ type: "notice", tone: "error", key: message.key, params: message.params,
      cause: error && error.code === 0 ? "connection" : "action" });
  }

  return {
    send,
    report,
    /** send, with a refusal shown as a notice: resolves with the result, or undefined when refused. */
    act(method, params, label) {
      store.dispatch({ type: "notice/clear", cause: "action" });
      return send(method, params, label).catch((error) => { report(error); return undefined; });
    },
    /** The connection is set up: the commands kept on the phone join those of this page, and each one made with
     * this connection's credentials is sent once, or dropped with a message if it no longer makes sense. */
    flush() {
      let kept = [];
      try { kept = readQueue(localStorage.getItem(QUEUE_KEY)); } catch (error) { kept = []; }
      if (kept.length) store.dispatch({ type: "queue/restore", commands: kept });
      const state = store.getState();
      const access = accessOf(state);
      for (const command of state.queue) {
        if (command.sending || command.access !== access) continue;
        const why = whyStale(command, state, Date.now());
        if (!why) { transmit(command); continue; }
        store.dispatch({ type: "notice", tone: "error", key: why, params: { what: command.label }, cause: "queue" });
        finish(command.key, "resolve", undefined);
      }
      keep();
    },
  };
}
