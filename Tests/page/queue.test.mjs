// No tap is lost: each change is a command with a key of its own; made offline it waits (kept on the phone), is
// sent once on reconnect with the same key, shows pending until confirmed, and is dropped with a message when it no
// longer makes sense.

import { test } from "node:test";
import assert from "node:assert/strict";
import { memoryStorage, page } from "./page.mjs";

const rules = await page("commandrules.js");
const { createCommands } = await page("commands.js");
const { createStore } = await page("store.js");
const { initialState, reduce } = await page("state.js");

const gather = { id: 7, names: {}, score: { teamA: 0, teamB: 0 }, goals: [], teams: {},
  timer: { state: "running", period: 1, periods: 2 } };

/** A page's store with a match on and the control token, and a connection that records what it is asked. */
function setUp(online) {
  globalThis.localStorage = memoryStorage();
  const store = createStore(reduce, initialState());
  store.dispatch({ type: "control", control: true });
  store.dispatch({ type: "snapshot", snapshot: { gather, score: gather.score, timer: gather.timer } });
  if (online) store.dispatch({ type: "connection", status: "online" });
  const sent = [];
  const rpc = { call: (method, params) => new Promise((resolve, reject) => sent.push({ method, params, resolve, reject })) };
  return { store, sent, commands: createCommands(store, rpc) };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

test("a key is 22 characters of base64url from 16 random bytes", () => {
  const key = rules.keyFrom(new Uint8Array(16).fill(255));
  assert.match(key, /^[A-Za-z0-9_-]{22}$/);
  assert.equal(key, "_____________________w");
});

test("start and pause say what they mean, so that one sent late cannot do the opposite", () => {
  assert.equal(rules.toggleMethod({ state: "running" }), "timer.pause");
  assert.equal(rules.toggleMethod({ state: "paused" }), "timer.resume");
  assert.equal(rules.toggleMethod({ state: "stopped" }), "timer.start");
  assert.equal(rules.toggleMethod({ state: "break" }), "timer.start");
  assert.equal(rules.toggleMethod({ state: "finished" }), null);
});

test("a goal made offline waits, kept on the phone, and is sent once on reconnect with its key", async () => {
  const { store, sent, commands } = setUp(false);
  const done = commands.send("score.goal", { team: "teamA" }, { key: "pending.goal", params: { team: "Team A" } });
  assert.equal(sent.length, 0, "nothing is sent offline");
  assert.equal(store.getState().queue.length, 1, "it shows as pending");
  const kept = rules.readQueue(localStorage.getItem("gatherd.queue"));
  assert.equal(kept[0].method, "score.goal", "kept across a reload");
  store.dispatch({ type: "connection", status: "online" });
  commands.flush();
  commands.flush();
  assert.equal(sent.length, 1, "sent once");
  assert.equal(sent[0].params.idempotencyKey, kept[0].key);
  assert.equal(sent[0].params.team, "teamA");
  sent[0].resolve({ score: { teamA: 1, teamB: 0 } });
  assert.deepEqual(await done, { score: { teamA: 1, teamB: 0 } });
  assert.deepEqual(store.getState().queue, [], "confirmed: no longer pending");
  assert.deepEqual(rules.readQueue(localStorage.getItem("gatherd.queue")), []);
});

test("a command whose reply was lost is sent again with the same key", async () => {
  const { store, sent, commands } = setUp(true);
  commands.send("score.goal", { team: "teamB" }, null);
  assert.equal(sent.length, 1);
  sent[0].reject({ code: 0, closed: true });
  await settle();
  assert.equal(store.getState().queue[0].sending, false, "it waits for the next connection");
  commands.flush();
  assert.equal(sent.length, 2);
  assert.equal(sent[1].params.idempotencyKey, sent[0].params.idempotencyKey);
});

test("a refusal is no reason to send again: the command is gone and the tap hears why", async () => {
  const { store, sent, commands } = setUp(true);
  const done = commands.send("score.goal", { team: "teamA" }, null);
  sent[0].reject({ code: -32002, data: { reason: "no_active_gather" } });
  await assert.rejects(done, (error) => error.data.reason === "no_active_gather");
  assert.deepEqual(store.getState().queue, []);
});

test("a goal kept for a match that ended is dropped with a message, not sent", async () => {
  const { store, sent, commands } = setUp(false);
  const done = commands.send("score.goal", { team: "teamA" }, { key: "pending.goal", params: { team: "Bibs" } });
  store.dispatch({ type: "event", method: "gather", params: { change: "ended", gather: Object.assign({}, gather, { endedAt: "x" }), id: 7 } });
  store.dispatch({ type: "connection", status: "online" });
  commands.flush();
  assert.equal(sent.length, 0);
  assert.equal(await done, undefined);
  const notice = store.getState().notices.error;
  assert.equal(notice.key, "dropped.ended");
  assert.deepEqual(notice.params.what, { key: "pending.goal", params: { team: "Bibs" } });
});

test("what makes a kept command stale", () => {
  const state = { match: { gather: { id: 7 }, timer: { state: "running", period: 2 }, goals: [{ kind: "goal", at: "b" }] },
    lists: { plans: { 3: { id: 3 } }, link: null, vote: { gather: 9, status: "closed" } } };
  const command = (method, context, params) => ({ method, context, params: params || {}, at: 0 });
  assert.equal(rules.whyStale(command("timer.pause", { gather: 7 }), state, 1), null);
  assert.equal(rules.whyStale(command("timer.resume", { gather: 7 }), state, 1), "dropped.clock");
  assert.equal(rules.whyStale(command("timer.addTime", { gather: 7, period: 1 }), state, 1), "dropped.clock");
  assert.equal(rules.whyStale(command("score.undo", { gather: 7, goal: "a" }), state, 1), "dropped.score");
  assert.equal(rules.whyStale(command("score.goal", { gather: 6 }), state, 1), "dropped.ended");
  assert.equal(rules.whyStale(command("plan.join", {}, { plan: 4 }), state, 1), "dropped.plan");
  assert.equal(rules.whyStale(command("plan.join", {}, { plan: 3 }), state, 1), null);
  assert.equal(rules.whyStale(command("vote.cast", {}, { gather: 9 }), state, 1), "dropped.vote");
  assert.equal(rules.whyStale(command("plan.create", {}), state, rules.QUEUE_LIMIT_MS + 1), "dropped.old");
});

test("a command kept by one link's page waits for that link, not another's", async () => {
  const { store, sent, commands } = setUp(false);
  commands.send("score.goal", { team: "teamA" }, null);
  store.dispatch({ type: "control", control: false });
  store.dispatch({ type: "connection", status: "online" });
  commands.flush();
  assert.equal(sent.length, 0, "a view-only page does not send the referee's goal");
  assert.equal(store.getState().queue.length, 1);
});

