// The reducers: the daemon's snapshot and events applied to the match and the lists, the notices and when they go.

import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./page.mjs";

const { initialState, reduce } = await page("state.js");
const apply = (state, ...actions) => actions.reduce(reduce, state);
const event = (method, params) => ({ type: "event", method, params });
const gather = { id: 7, names: { teamA: "Bibs", teamB: "Colours" }, score: { teamA: 0, teamB: 0 }, goals: [],
  timer: { state: "stopped", period: 1, periods: 2, display: "25:00" }, teams: { teamA: [], teamB: [], bench: [] } };
const goal = (team, at) => ({ kind: "goal", team, at, player: null });

test("a snapshot, then goals and an undo, then the end of the match", () => {
  let s = apply(initialState(), { type: "snapshot", snapshot: { gather, score: gather.score, timer: gather.timer } });
  s = apply(s, event("score", { change: "goal", score: { teamA: 1, teamB: 0 }, goal: goal("teamA", "a") }),
    event("score", { change: "goal", score: { teamA: 1, teamB: 1 }, goal: goal("teamB", "b") }),
    event("score", { change: "undo", score: { teamA: 1, teamB: 0 }, goal: goal("teamB", "b") }));
  assert.deepEqual(s.match.goals.map((g) => g.at), ["a"]);
  assert.deepEqual(s.match.gather.score, { teamA: 1, teamB: 0 });
  assert.equal(s.match.announce.kind, "undo");
  const record = Object.assign({}, gather, { score: { teamA: 1, teamB: 0 }, endedAt: "2026-11-28T20:00:00Z" });
  s = apply(s, event("gather", { change: "ended", gather: record, id: 7 }));
  assert.equal(s.match.gather, null);
  assert.equal(s.lists.lastRecord, record, "the ended match is the last result at once");
  assert.ok(s.lists.stale.history > 0, "and the table is loaded again");
});

test("only live events give a cue to whistle; a snapshot never does", () => {
  let s = apply(initialState(), { type: "snapshot", snapshot: { gather, score: null, timer: Object.assign({}, gather.timer, { state: "running" }) } });
  assert.equal(s.match.cue, null);
  s = apply(s, event("tick", { state: "running", remaining: 3, remainingMs: 2500, display: "00:03", endsAt: "x", period: 1 }));
  assert.equal(s.match.cue.kind, "beep");
  s = apply(s, event("timer", { change: "periodEnded", timer: Object.assign({}, gather.timer, { state: "break" }), period: 1 }));
  assert.equal(s.match.cue.kind, "periodEnded");
  const before = s.match.cue;
  s = apply(s, { type: "snapshot", snapshot: { gather, score: null, timer: gather.timer } });
  assert.equal(s.match.cue, before);
});

test("a plan event replaces the plan; a plan that closes leaves the open plans", () => {
  const plan = { id: 3, status: "open", going: [], waiting: [] };
  let s = apply(initialState(), { type: "plans/loaded", plans: [plan] });
  s = apply(s, event("plan", { change: "joined", plan: Object.assign({}, plan, { going: [{ id: 1, name: "Ana" }] }), id: 3 }));
  assert.equal(s.lists.plans[3].going.length, 1);
  s = apply(s, event("plan", { change: "cancelled", plan: Object.assign({}, plan, { status: "cancelled" }), id: 3 }));
  assert.deepEqual(s.lists.plans, {});
});

test("a sign-up link's plan that starts closes the link, and its gather's vote opening asks to present it again", () => {
  let s = apply(initialState(), { type: "link", signUp: { plan: 3, status: "open" }, vote: null });
  s = apply(s, event("plan", { change: "started", plan: { id: 3, status: "started", gather: 9, going: [], waiting: [] }, id: 3 }));
  assert.deepEqual([s.lists.link.signUp.closed, s.lists.link.signUp.gather], [true, 9]);
  assert.equal(s.lists.stale.outcome, 1, "what became of it is loaded");
  s = apply(s, event("vote", { change: "opened", gather: 9, vote: { status: "open" } }));
  assert.equal(s.lists.stale.relink, 1);
});

test("the offline notice goes once the page is back online; an action's stays", () => {
  let s = apply(initialState(), { type: "connection", status: "online" });
  s = apply(s, { type: "connection", status: "offline" },
    { type: "notice", tone: "error", key: "error.offline", cause: "connection" });
  assert.equal(s.notices.error.key, "error.offline");
  s = apply(s, { type: "connection", status: "online" });
  assert.equal(s.notices.error, null);
  assert.equal(s.connection.session, 2, "each connection set up is a new session");
  s = apply(s, { type: "notice", tone: "error", key: "error.same_time" }, { type: "connection", status: "offline" },
    { type: "connection", status: "online" });
  assert.equal(s.notices.error.key, "error.same_time");
});

test("a success and an error are kept apart, and each is cleared by its own cause", () => {
  let s = apply(initialState(), { type: "notice", tone: "success", key: "weekly.saved", cause: "weekly" },
    { type: "notice", tone: "error", key: "error.general", cause: "action" });
  assert.deepEqual([s.notices.success.key, s.notices.error.key], ["weekly.saved", "error.general"]);
  s = apply(s, { type: "notice/clear", cause: "action" });
  assert.deepEqual([s.notices.success && s.notices.success.key, s.notices.error], ["weekly.saved", null]);
});
