// A phone paired as the organiser's: its pairing in the store (a link's code waiting, exchanged or refused, the phone
// removed), what a refused link says, and what a phone calls itself.

import { test } from "node:test";
import assert from "node:assert/strict";
import { catalog, page } from "./page.mjs";

const { initialState, reduce } = await page("state.js");
const { deviceNameKey, refusalMessage, removedMessage } = await page("pairingrules.js");
const apply = (state, ...actions) => actions.reduce(reduce, state);
const refusal = (code, reason) => ({ code, message: "English words", data: { reason } });

test("a pairing link's code waits for the connection, and is gone once exchanged or refused", () => {
  let s = apply(initialState(), { type: "pairing/code", code: "abc" });
  assert.equal(s.pairing.code, "abc");
  const paired = apply(s, { type: "pairing/paired", device: { id: 3, name: "Ana's phone" } });
  assert.deepEqual(paired.pairing, { code: null, status: "paired", device: { id: 3, name: "Ana's phone" } });
  const refused = apply(s, { type: "pairing/refused" });
  assert.equal(refused.pairing.code, null, "a refused code is never tried again");
  assert.equal(refused.pairing.status, "refused");
  const revoked = apply(paired, { type: "pairing/revoked" });
  assert.equal(revoked.pairing.status, "revoked");
  assert.equal(revoked.pairing.device, null);
  assert.equal(apply(s, { type: "lang", tag: "en", t: null, f: null }).pairing, s.pairing, "other actions leave it");
});

test("a removed pairing said on a page the control link keeps in control says the controls stay, not view only", () => {
  const revoked = { type: "notice", tone: "error", key: "pairing.revoked", cause: "pairing" };
  const kept = apply(initialState(), { type: "control", control: false }, revoked, { type: "control", control: true });
  assert.equal(kept.notices.error, null, "no alert that the page is view only");
  assert.equal(kept.notices.success.key, "pairing.revokedControlLink");
  assert.equal(kept.notices.success.cause, "pairing");
  const alone = apply(initialState(), { type: "control", control: false }, revoked);
  assert.equal(alone.notices.error.key, "pairing.revoked", "with no control link the phone watches only, and is told so");
  const other = apply(initialState(), { type: "notice", tone: "error", key: "auth.invalid", cause: "auth" }, { type: "control", control: true });
  assert.equal(other.notices.error.key, "auth.invalid", "other notices are left as they are");
  const en = catalog("en");
  assert.match(en[kept.notices.success.key], /keeps the controls/);
});

test("a phone paired again in the same tab is not told its pairing was removed, nor that a control link keeps it", () => {
  const revoked = { type: "notice", tone: "error", key: "pairing.revoked", cause: "pairing" };
  const said = { type: "notice", tone: "success", key: "pairing.paired", cause: "pairing" };
  const device = { id: 4, name: "Ana's phone" };
  const again = apply(initialState(), { type: "control", control: false }, revoked,
    { type: "pairing/paired", device }, said, { type: "control", control: true });
  assert.equal(again.notices.error, null, "the old alert is over");
  assert.equal(again.notices.success.key, "pairing.paired", "the phone is told it is paired, nothing about a control link");
});

test("removing a phone on the Phones screen says what this phone can still do", () => {
  const en = catalog("en");
  const say = (m) => en[m.key].replace("{name}", m.params.name);
  assert.equal(say(removedMessage("Old tablet", false, true)), "Old tablet is no longer paired: it only watches now.");
  assert.match(say(removedMessage("Ana's phone", true, true)), /^This phone \(Ana's phone\) is no longer paired.*keeps the controls/);
  assert.equal(say(removedMessage("Ana's phone", true, false)), "This phone (Ana's phone) is no longer paired: it only watches now.");
});

test("a refused pairing link says why in the catalog's words, never the daemon's", () => {
  assert.equal(refusalMessage(refusal(-32003, "invalid_token")).key, "pairing.wrong");
  assert.equal(refusalMessage(refusal(-32002, "pairing_used")).key, "pairing.used");
  assert.equal(refusalMessage(refusal(-32002, "pairing_expired")).key, "pairing.expired");
  assert.equal(refusalMessage(refusal(-32002, "too_many_devices")).key, "pairing.full");
  assert.equal(refusalMessage(refusal(-32003, "too_many_attempts")).key, "error.too_many_attempts");
  assert.equal(refusalMessage(refusal(-32603, "internal_error")).key, "error.internal_error");
  const en = catalog("en");
  for (const reason of ["invalid_token", "pairing_used", "pairing_expired", "too_many_devices"]) {
    assert.ok(en[refusalMessage(refusal(-32002, reason)).key], reason);
  }
});

test("a phone names itself by its kind, in the catalog's words", () => {
  const en = catalog("en");
  const agents = {
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36": "Android phone",
    "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/120 Safari/537.36": "Android tablet",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148": "iPhone",
    "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120": "Browser",
  };
  for (const [agent, name] of Object.entries(agents)) assert.equal(en[deviceNameKey(agent)], name, agent);
});
