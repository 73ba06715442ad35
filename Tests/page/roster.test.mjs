// The organiser's roster and money rules: who is in which group, names that look alike, whom a player may be merged
// into, the sums an organiser types, the balances in the order they are read, and the ledger in words.

import { test } from "node:test";
import assert from "node:assert/strict";
import { english, page } from "./page.mjs";

const roster = await page("rosterrules.js");
const money = await page("moneyrules.js");
const { t } = await english();
const players = {
  1: { id: 1, name: "Zé", regular: true, confirmed: true },
  2: { id: 2, name: "ana", regular: false, confirmed: true },
  3: { id: 3, name: "Bruno", regular: false, confirmed: false },
  4: { id: 4, name: "Álvaro", regular: true, confirmed: true },
};

test("the roster splits into new names, regulars and guests, each by name ignoring case and accents", () => {
  const groups = roster.rosterGroups(players, "pt-BR");
  assert.deepEqual(groups.fresh.map((p) => p.id), [3]);
  assert.deepEqual(groups.regulars.map((p) => p.name), ["Álvaro", "Zé"]);
  assert.deepEqual(groups.guests.map((p) => p.name), ["ana"]);
  assert.deepEqual(roster.newNames(players, "en").map((p) => p.name), ["Bruno"]);
});

test("a typed name that differs only by case or an invisible character is the roster player's", () => {
  assert.equal(roster.lookAlike("ANA\u200b ", players).id, 2);
  assert.equal(roster.lookAlike("Anna", players), null);
});

test("a player may be merged into anyone else, the confirmed players first", () => {
  assert.deepEqual(roster.mergeTargets(players[2], players, "en").map((p) => p.id), [4, 1, 3]);
  const q = roster.mergeQuestion(players[3], players[2], t);
  assert.match(q.title, /Bruno/);
  assert.match(q.text, /ana/);
  assert.match(roster.deleteQuestion(players[1], t).title, /Zé/);
  assert.notEqual(roster.standingWords(players[3], t), roster.standingWords(players[1], t));
});

test("sums typed the way players write them become whole minor units; nonsense is refused", () => {
  assert.equal(money.parseAmount("60", "EUR"), 6000);
  assert.equal(money.parseAmount("60,50", "EUR"), 6050);
  assert.equal(money.parseAmount("1.234,50", "EUR"), 123450);
  assert.equal(money.parseAmount("€ 7.50", "EUR"), 750);
  assert.equal(money.parseAmount("1.000", "EUR"), 100000);
  assert.equal(money.parseAmount("1500", "JPY"), 1500);
  assert.equal(money.parseAmount("7.5", "JPY"), null, "yen have no decimals");
  assert.equal(money.parseAmount("0", "EUR"), null);
  assert.equal(money.parseAmount("abc", "EUR"), null);
  assert.equal(money.parseAmount("-5", "EUR"), null);
  assert.equal(money.amountText({ amount: 6050, currency: "EUR" }, "pt-BR"), "60,50");
});

test("a new cost starts in the group's currency, else the phone's region's", () => {
  assert.equal(money.defaultCurrency(["GBP"], ["pt-BR"]), "GBP");
  assert.equal(money.defaultCurrency([], ["pt-BR"]), "BRL");
  assert.equal(money.defaultCurrency([], ["en-US", "en"]), "USD");
  assert.equal(money.defaultCurrency([], ["ja"]), "EUR");
});

test("balances: who owes the most first, then who is in credit, then who is square", () => {
  const b = (name, amount) => ({ player: { id: name.length, name }, currency: "EUR", owed: { amount, currency: "EUR" } });
  const rows = money.balanceRows([b("Square", 0), b("Credit", -500), b("Little", 300), b("Lots", 1200)], "en");
  assert.deepEqual(rows.map((r) => r.player.name), ["Lots", "Little", "Credit", "Square"]);
});

test("the ledger reads in words: shares, payments, the pitch, a charge taken back, a merge", () => {
  const at = "2026-11-28T20:00:00Z", eur = (amount) => ({ amount, currency: "EUR" });
  const share = { kind: "charge", gather: 9, at, player: { id: 1, name: "Zé" }, amount: eur(500) };
  const pitch = { kind: "correction", gather: 9, at, player: { id: 4, name: "Álvaro" }, amount: eur(-5000) };
  const back = { kind: "correction", gather: 9, at: "2026-11-28T20:10:00Z", player: { id: 1, name: "Zé" }, amount: eur(-500) };
  const out = { kind: "correction", at: "2026-11-29T10:00:00Z", player: { id: 7, name: "Old Zé" }, amount: eur(-300) };
  const into = { kind: "correction", at: "2026-11-29T10:00:00Z", player: { id: 1, name: "Zé" }, amount: eur(300) };
  const paid = { kind: "payment", at, player: { id: 1, name: "Zé" }, amount: eur(-500), note: "cash" };
  const entries = [share, pitch, back, out, into, paid];
  assert.equal(money.ledgerWords(share, entries, players, t), t("money.lineShare"));
  assert.equal(money.ledgerWords(pitch, entries, players, t), t("money.linePitchPaid"));
  assert.equal(money.ledgerWords(back, entries, players, t), t("money.lineTakenBack"));
  assert.equal(money.ledgerWords(into, entries, players, t), t("money.lineMerged", { from: "Old Zé", into: "Zé" }));
  assert.equal(money.ledgerWords(out, entries, players, t), t("money.lineMerged", { from: "Old Zé", into: "Zé" }));
  assert.match(money.ledgerWords(paid, entries, players, t), /cash/);
});
