// The organiser's other rules: what "End match" will do at full time, when an undo notice still stands and when a
// match may be reopened, what a plan made from a weekly game sends, and how a reopened or discarded match changes
// what the page knows.

import { test } from "node:test";
import assert from "node:assert/strict";
import { english, page } from "./page.mjs";

const { fullTimeText } = await page("fulltime.js");
const { offerStands } = await page("undo.js");
const { mayReopen, REOPEN_MS } = await page("lastresult.js");
const { planParams, addDays } = await page("planweekly.js");
const { initialState, reduce } = await page("state.js");
const { t, f } = await english();
const gather = { id: 7, plan: 3, names: { teamA: "Bibs", teamB: "Colours" }, score: { teamA: 2, teamB: 1 },
  teams: { teamA: [{ id: 1 }, { id: 2 }], teamB: [{ id: 3 }, { id: 4 }], bench: [{ id: 5 }] } };

test("at full time the page says End records the result and opens the vote, and what the pitch costs each", () => {
  const plain = fullTimeText(gather, null, null, t, f);
  assert.ok(plain.includes(t("controls.end")), plain);
  assert.ok(plain.includes("2"), plain);
  const costed = fullTimeText(gather, null, { cost: { amount: 4000, currency: "EUR" } }, t, f);
  assert.ok(costed.includes(f.money({ amount: 4000, currency: "EUR" })), costed);
  assert.ok(costed.includes("4"), "the four who played share it: " + costed);
});

test("an undo notice stands until its deadline, and not once what it undoes is moot", () => {
  const s = initialState();
  const reopen = { method: "gather.reopen", params: {}, until: 1000 };
  assert.equal(offerStands(reopen, s, 999), true);
  assert.equal(offerStands(reopen, s, 1000), false);
  assert.equal(offerStands(reopen, Object.assign({}, s, { match: Object.assign({}, s.match, { gather }) }), 0), false,
    "another match is on the pitch");
  const restore = { method: "plan.restore", params: { plan: 3 }, until: 1000 };
  assert.equal(offerStands(restore, s, 0), true);
  const back = Object.assign({}, s, { lists: Object.assign({}, s.lists, { plans: { 3: { id: 3 } } }) });
  assert.equal(offerStands(restore, back, 0), false, "the game is open again");
  assert.equal(offerStands(null, s, 0), false);
});

test("a match may be reopened for 30 minutes after its end", () => {
  const ended = Date.parse("2026-11-28T20:00:00Z");
  const record = { endedAt: "2026-11-28T20:00:00Z" };
  assert.equal(mayReopen(record, ended + REOPEN_MS - 1), true);
  assert.equal(mayReopen(record, ended + REOPEN_MS), false);
  assert.equal(mayReopen(null, ended), false);
});

test("a plan made from a weekly game sends the schedule and only what was changed from it", () => {
  const schedule = { id: 4, capacity: 10, place: "Astro 2", note: "Bring bibs" };
  assert.deepEqual(planParams({ capacity: 10, place: "Astro 2", note: "Bring bibs" }, null, schedule), { schedule: 4 });
  assert.deepEqual(planParams({ capacity: 12, place: "Astro 2", note: "" }, null, schedule),
    { schedule: 4, capacity: 12, note: null });
  assert.deepEqual(planParams({ capacity: 10, place: "", note: "" }, null, null), { capacity: 10 });
  assert.equal(addDays("2026-12-31", 7), "2027-01-07");
});

test("a reopened match is back on the pitch and off the last result; a discarded one leaves the results", () => {
  const record = Object.assign({}, gather, { endedAt: "2026-11-28T20:00:00Z",
    timer: { state: "finished", period: 2, periods: 2, display: "00:00" } });
  const ev = (params) => ({ type: "event", method: "gather", params });
  let s = reduce(initialState(), ev({ change: "ended", gather: record, id: 7 }));
  assert.equal(s.lists.lastRecord, record);
  const fees = s.lists.stale.fees;
  s = reduce(s, ev({ change: "reopened", gather: record, id: 7 }));
  assert.equal(s.match.gather.id, 7);
  assert.equal(s.lists.lastRecord, null);
  assert.ok(s.lists.stale.fees > fees, "its charges were taken back: the money loads again");
  s = reduce(s, ev({ change: "deleted", id: 6 }));
  assert.equal(s.match.gather.id, 7, "discarding an older match leaves this one on the pitch");
});
