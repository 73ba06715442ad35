// The page's store: reducers change the state, a view is called only when its part changed, and of several loads
// of one kind the latest wins.

import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./page.mjs";

const { createStore } = await page("store.js");
const { initialState, reduce } = await page("state.js");

test("a view is called at once, then only when the part it watches changes", () => {
  const store = createStore(reduce, initialState());
  const seen = [];
  store.watch((s) => s.match.score, (score) => seen.push(score && score.text));
  store.dispatch({ type: "control", control: true });
  assert.deepEqual(seen, [null], "a change elsewhere calls no view");
  store.dispatch({ type: "snapshot", snapshot: { gather: { id: 1, score: { teamA: 0, teamB: 0, text: "0-0" } }, score: null, timer: null } });
  store.dispatch({ type: "event", method: "score", params: { change: "goal", score: { teamA: 1, teamB: 0, text: "1-0" }, goal: { kind: "goal", team: "teamA", at: "x" } } });
  assert.deepEqual(seen, [null, "0-0", "1-0"]);
});

test("a view that fails does not keep the others from drawing", () => {
  const store = createStore(reduce, initialState());
  let drawn = 0;
  const later = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = (fn) => later.push(fn);
  try {
    store.watch((s) => s.connection.control, (control) => { if (control) throw new Error("broken view"); });
    store.watch((s) => s.connection.control, () => { drawn++; });
    store.dispatch({ type: "control", control: true });
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
  assert.equal(drawn, 2);
  assert.equal(later.length, 1);
  assert.throws(later[0], /broken view/, "its error is still thrown, on its own");
});

test("an action dispatched by a view is applied and the views are called again", () => {
  const store = createStore(reduce, initialState());
  store.watch((s) => s.connection.control, (control) => { if (control) store.dispatch({ type: "view", view: "x", patch: { on: 1 } }); });
  const seen = [];
  store.watch((s) => s.views.x, (x) => seen.push(x ? x.on : null));
  store.dispatch({ type: "control", control: true });
  assert.deepEqual(seen, [null, 1]);
});

test("of two loads of one kind, the latest wins even when the first answers last", async () => {
  const store = createStore(reduce, initialState());
  const answers = {};
  const first = store.load("plans", () => new Promise((resolve) => { answers.first = resolve; }),
    (r) => ({ type: "plans/loaded", plans: r }));
  const second = store.load("plans", () => new Promise((resolve) => { answers.second = resolve; }),
    (r) => ({ type: "plans/loaded", plans: r }));
  answers.second([{ id: 2, status: "open" }]);
  await second;
  answers.first([{ id: 1, status: "open" }]);
  assert.equal(await first, undefined, "the earlier load is dropped");
  assert.deepEqual(Object.keys(store.getState().lists.plans), ["2"]);
});
