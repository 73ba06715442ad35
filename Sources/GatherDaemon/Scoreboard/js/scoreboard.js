// gatherd's pitch-side scoreboard: the page's entry module. It holds the store, follows the address (router.js),
// connects (first on the WebSocket the page's inline script opened: connection.js) and sets each connection up
// (this phone's pairing, the control token, this link's code, then a subscription and the roster), draws the board
// from the first snapshot, and only then loads the views that are not the board: the touchline's switches and the
// screen between matches for everyone, the organiser's views on the control page, and a player's sign-up or vote
// view on a link's page.

import { createCommands } from "./commands.js";
import { isCounting } from "./clock.js";
import { createConnection } from "./connection.js";
import { loadLanguage, pickLanguage } from "./i18n.js";
import { createPairing } from "./pairing.js";
import { createRouter, forgetToken, keptToken } from "./router.js";
import { initialState, reduce } from "./state.js";
import { createStore } from "./store.js";
import { mountBoard } from "./board.js";
import { mountStatus } from "./status.js";

const LANGUAGE_KEY = "gatherd.lang";

/** The views loaded after the first snapshot: each module's mount(app), once; `wanted(state)` says when. */
const LATER = [
  { name: "touchline", wanted: () => true, load: () => import("./touchline.js") },
  { name: "between", wanted: () => true, load: () => import("./between.js") },
  { name: "organiser", wanted: (s) => s.connection.control, load: () => import("./organiser.js") },
  { name: "players", wanted: (s) => s.route.view !== "board", load: () => import("./players.js") },
];

function main() {
  const store = createStore(reduce, initialState());
  let token = keptToken(window);
  let snapshotSeen = false;
  const mounted = new Set();
  const connection = createConnection({
    opened: opened,
    event: (method, params) => {
      // The daemon closes a connection that fell too far behind; the next one starts from a fresh snapshot.
      if (method === "events.overflow") { connection.drop(); return; }
      store.dispatch({ type: "event", method: method, params: params });
    },
    closed: () => store.dispatch({ type: "connection", status: "offline" }),
    waiting: () => { /* the header already says offline */ },
    isTicking: () => isCounting(store.getState().match.timer),
  });
  const commands = createCommands(store, connection);
  const app = { store: store, rpc: connection, commands: commands, router: null, pairing: null };

  const language = (tag) => loadLanguage(tag).then((lang) => store.dispatch(Object.assign({ type: "lang" }, lang)));
  let stored = null;
  try { stored = localStorage.getItem(LANGUAGE_KEY); } catch (error) { stored = null; }
  const languageReady = language(pickLanguage(navigator.languages, stored));
  let storage = null;
  try { storage = window.localStorage; } catch (error) { storage = null; }
  const pairing = createPairing(store, connection, storage, languageReady);
  app.pairing = pairing;
  const pickLanguageHere = (tag) => {
    try { localStorage.setItem(LANGUAGE_KEY, tag); } catch (error) { /* for this visit only */ }
    language(tag);
  };

  function loadLater() {
    if (!snapshotSeen) return;
    for (const view of LATER) {
      if (mounted.has(view.name) || !view.wanted(store.getState())) continue;
      mounted.add(view.name);
      view.load().then((module) => module.mount(app), () => mounted.delete(view.name));
    }
  }

  async function authenticate(isCurrent) {
    try {
      const result = await connection.call("auth.token", { token: token });
      store.dispatch({ type: "control", control: !!(result && result.control) });
      store.dispatch({ type: "notice/clear", cause: "auth" });
    } catch (error) {
      if (!isCurrent()) return;
      store.dispatch({ type: "control", control: false });
      if (!error || error.code !== -32003) throw error;
      if (error.data && error.data.reason === "too_many_attempts") {
        // Not checked, so not refused: the daemon closes this connection, and the next one tries the token again.
        store.dispatch({ type: "notice", tone: "error", key: "error.too_many_attempts", cause: "auth" });
        throw error;
      }
      token = null;
      forgetToken(window);
      store.dispatch({ type: "notice", tone: "error", key: "auth.invalid", cause: "auth" });
    }
  }

  async function presentCode(code, isCurrent) {
    try {
      const result = await connection.call("auth.token", { token: code });
      if (!isCurrent()) return;
      store.dispatch({ type: "link", signUp: result && result.signUp, vote: result && result.vote });
      store.dispatch({ type: "notice/clear", cause: "link" });
    } catch (error) {
      if (!isCurrent()) return;
      if (error && error.data && error.data.reason === "too_many_attempts") {
        store.dispatch({ type: "notice", tone: "error", key: "error.too_many_attempts", cause: "link" });
        throw error;
      }
      if (!error || error.code !== -32003) throw error;
      store.dispatch({ type: "link", signUp: null, vote: null, refused: true });
    }
  }

  async function opened(isCurrent) {
    await pairing.present(isCurrent);
    if (token) await authenticate(isCurrent);
    const route = store.getState().route;
    if (route.code) await presentCode(route.code, isCurrent);
    else store.dispatch({ type: "link", signUp: null, vote: null });
    const players = connection.call("players.list");
    const subscribed = await connection.call("events.subscribe");
    await languageReady;
    if (!isCurrent()) return;
    connection.connected();
    store.dispatch({ type: "connection", status: "online" });
    store.dispatch({ type: "snapshot", snapshot: subscribed.snapshot });
    snapshotSeen = true;
    loadLater();
    store.dispatch({ type: "players/loaded", players: (await players).players || [] });
    await store.load("plans", () => connection.call("plans.list"), (r) => ({ type: "plans/loaded", plans: r.plans || [] }))
      .catch(() => { /* loaded again on the next connection */ });
    if (isCurrent()) commands.flush();
  }

  // The frame and the board draw once the language is known (the connection opens meanwhile).
  languageReady.then(() => { mountStatus(store, pickLanguageHere); mountBoard(store); });
  app.router = createRouter(window, (route) => {
    const before = store.getState().route;
    store.dispatch({ type: "route", route: route });
    if (before.view !== route.view || before.code !== route.code) {
      store.dispatch({ type: "link/reset" });
      if (snapshotSeen) connection.restart();
    }
    loadLater();
  }, (fresh) => {
    token = fresh;
    if (snapshotSeen) connection.restart();
  }, (code) => {
    store.dispatch({ type: "pairing/code", code: code });
    if (snapshotSeen) connection.restart();
  });
  store.watch((s) => s.connection.control, loadLater);
  // A closed link's plan came back (its gather was cancelled), or its gather's vote opened: present it again.
  store.watch((s) => s.lists.stale.relink, (n) => { if (n) connection.restart(); });
  store.watch((s) => s.lists.stale.plans, (n) => {
    if (n) store.load("plans", () => connection.call("plans.list"), (r) => ({ type: "plans/loaded", plans: r.plans || [] })).catch(() => {});
  });
  connection.start();
}

main();
