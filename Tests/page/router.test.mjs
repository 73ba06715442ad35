// Routing by the URL's fragment: what a fragment names, a link opened in a tab that already shows the page, the
// control link's token taken out of the address bar, and the back button leaving a view the page opened.

import { test } from "node:test";
import assert from "node:assert/strict";
import { memoryStorage, page } from "./page.mjs";

const { createRouter, formatHash, keptToken, parseHash } = await page("router.js");

/** A window with an address, a history of entries and its events, as a browser keeps them. */
function fakeWindow(hash) {
  const listeners = {};
  const entries = [{ state: null, hash: hash || "" }];
  let at = 0;
  const win = {
    location: { pathname: "/", search: "", get hash() { return entries[at].hash; } },
    sessionStorage: memoryStorage(),
    addEventListener: (name, fn) => { (listeners[name] = listeners[name] || []).push(fn); },
    fire: (name) => (listeners[name] || []).forEach((fn) => fn()),
    /** The user opens a link with `hash` in this tab. */
    open(next) { entries.splice(at + 1); entries.push({ state: null, hash: next }); at++; win.fire("hashchange"); },
    /** The back button. */
    back() { at--; win.fire("popstate"); },
    entries: () => entries.map((e) => e.hash),
    history: {
      get state() { return entries[at].state; },
      pushState(state, _, url) { entries.splice(at + 1); entries.push({ state, hash: url.replace(/^[^#]*/, "") }); at++; },
      replaceState(state, _, url) { entries[at] = { state, hash: url.replace(/^[^#]*/, "") }; },
      back() { win.back(); },
    },
  };
  return win;
}

test("a fragment names a view, a link's code, the ratings and a referee's view", () => {
  assert.deepEqual(parseHash("#signup=Ab_9-"), { view: "signup", code: "Ab_9-", token: null, pair: null, ratings: false, panel: null });
  assert.equal(parseHash("#vote=XYZ").view, "vote");
  assert.equal(parseHash("#signup=bad code!").view, "board", "a code of other characters is no code");
  assert.deepEqual(parseHash("#token=a%2Fb&ratings"), { view: "board", code: null, token: "a/b", pair: null, ratings: true, panel: null });
  assert.deepEqual(parseHash("#checkin=3").panel, { name: "checkin", id: 3 });
  assert.deepEqual(parseHash("#plan=new").panel, { name: "plan", id: null });
  for (const hash of ["", "#signup=abc", "#ratings&plan=new", "#start=4", "#weekly"]) {
    assert.equal(formatHash(parseHash(hash)), hash, hash);
  }
});

test("a sign-up link opened in a tab that shows the board is followed at once, and the back button returns", () => {
  const win = fakeWindow("");
  const routes = [];
  createRouter(win, (route) => routes.push(route.view + (route.code ? ":" + route.code : "")), () => {});
  win.open("#signup=abc");
  win.open("#vote=xyz");
  win.back();
  win.back();
  assert.deepEqual(routes, ["board", "signup:abc", "vote:xyz", "signup:abc", "board"]);
});

test("a pairing link gives its code once and leaves the address bar, the history and a bookmark at once", () => {
  const win = fakeWindow("#pair=Ab%2Bc9");
  const codes = [];
  const routes = [];
  createRouter(win, (route) => routes.push(formatHash(route)), () => {}, (code) => codes.push(code));
  assert.deepEqual(codes, ["Ab+c9"]);
  assert.deepEqual(win.entries(), [""], "the code is gone from the address");
  assert.deepEqual(routes, [""], "the plain board shows");
  win.open("#pair=second&ratings");
  assert.deepEqual(codes, ["Ab+c9", "second"]);
  assert.ok(!win.entries().some((hash) => hash.includes("pair=")), win.entries().join(" "));
  assert.deepEqual(routes, ["", "#ratings"]);
  assert.equal(parseHash("#pair=").pair, null, "an empty code is no code");
});

test("a control link opened in the tab gives its token and leaves the address bar at once", () => {
  const win = fakeWindow("#ratings");
  const tokens = [];
  const routes = [];
  createRouter(win, (route) => routes.push(formatHash(route)), (token) => tokens.push(token));
  win.open("#token=s3cret&ratings");
  assert.deepEqual(tokens, ["s3cret"]);
  assert.ok(!win.entries().some((hash) => hash.includes("s3cret")), win.entries().join(" "));
  assert.equal(win.sessionStorage.getItem("gatherd.token"), "s3cret", "kept for the tab's reconnects");
  assert.deepEqual(routes, ["#ratings"], "the same view: nothing else changes");
  assert.equal(keptToken(win), "s3cret");
});

test("a view the page opened is left with the back button, or by the page itself through the history", () => {
  const win = fakeWindow("");
  const routes = [];
  const router = createRouter(win, (route) => routes.push(formatHash(route)), () => {});
  router.go(parseHash("#plan=new"));
  win.back();
  router.go(parseHash("#checkin=3"));
  router.replace(parseHash("#start=3"));
  router.leave(parseHash(""));
  assert.deepEqual(routes, ["", "#plan=new", "", "#checkin=3", "#start=3", ""]);
  assert.deepEqual(win.entries(), ["", "#start=3"], "the check-in and its teams were one entry");
});
