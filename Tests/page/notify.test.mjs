// "Notify this phone": each step a phone may never finish (its service worker starting, its push service giving a
// subscription) is given 15 seconds, after which the player is told in words which one failed.

import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { catalog, page } from "./page.mjs";

const { tellThisPhone, notifyFailure, PATIENCE_MS } = await page("notify.js");

const never = () => new Promise(() => {});
const subscription = { toJSON: () => ({ endpoint: "https://push.example/1", keys: { p256dh: "p", auth: "a" } }) };
const rpc = (calls) => ({ call: async (method, params) => { calls.push([method, params]); return method === "push.key" ? { publicKey: "AQID" } : {}; } });

/** A phone as the browser shows it to the page: notifications granted, and the worker and push service given. */
function phone({ ready, subscribe }) {
  globalThis.Notification = { permission: "granted" };
  Object.defineProperty(globalThis, "navigator", { configurable: true, value: { serviceWorker: { ready } } });
  return { pushManager: { getSubscription: async () => null, subscribe } };
}

/** Lets the pending promises run up to the next timer. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test("a service worker that never starts: the player is told after 15 seconds, and nothing is subscribed", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const calls = [];
  phone({ ready: never(), subscribe: async () => subscription });
  let told = false;
  const outcome = tellThisPhone(rpc(calls), 3, 1, "en").then(() => "on", (error) => error).finally(() => { told = true; });
  await settle();
  t.mock.timers.tick(PATIENCE_MS - 1);
  await settle();
  assert.equal(told, false, "still waiting for the worker before 15 seconds");
  t.mock.timers.tick(1);
  const error = await outcome;
  assert.equal(PATIENCE_MS, 15000);
  assert.equal(notifyFailure(error), "signup.notifyNoWorker");
  assert.deepEqual(calls.map(([method]) => method), ["push.key"]);
  assert.match(catalog("en")["signup.notifyNoWorker"], /Reload the page/);
});

test("a push service that never answers: told which step failed", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const calls = [];
  const registration = phone({ ready: null, subscribe: never });
  navigator.serviceWorker.ready = Promise.resolve(registration);
  const outcome = tellThisPhone(rpc(calls), 3, 1, "en").then(() => "on", (error) => error);
  await settle();
  t.mock.timers.tick(PATIENCE_MS);
  assert.equal(notifyFailure(await outcome), "signup.notifyNoPush");
  assert.deepEqual(calls.map(([method]) => method), ["push.key"]);
});

test("a phone that answers in time is subscribed, and any other failure keeps the general words", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const calls = [];
  const registration = phone({ ready: null, subscribe: async () => subscription });
  navigator.serviceWorker.ready = Promise.resolve(registration);
  assert.equal(await tellThisPhone(rpc(calls), 3, 1, "en"), "on");
  assert.deepEqual(calls[1], ["push.subscribe", { plan: 3, player: 1, language: "en",
    subscription: { endpoint: "https://push.example/1", keys: { p256dh: "p", auth: "a" } } }]);
  assert.equal(notifyFailure(new Error("NotAllowedError")), "signup.notifyFailed");
});
