// The page's words and numbers: plurals by CLDR's forms, dates at the pitch's time, money, the periods as football
// names them, the clock's face, and the messages made for the group chat, in English and in another language.

import { test } from "node:test";
import assert from "node:assert/strict";
import { catalog, english, page } from "./page.mjs";

const { formats, pickLanguage, translator } = await page("i18n.js");
const { clockFace } = await page("clock.js");
const teams = await page("teams.js");
const { reportText } = await page("reporttext.js");
const { signUpMessage } = await page("share.js");
const { owedText } = await page("fees.js");
const { errorMessage } = await page("errors.js");
const { suggestionSummary, motmLine, attendanceLine, tableRows } = await page("ratings.js");
const { confirmation, offerFor, leavingIsLate } = await page("signuprules.js");
const { termsOf } = await page("signupterms.js");
const { reminderMessage } = await page("reminders.js");
const { t, f } = await english();
const pt = { t: translator("pt-BR", catalog("pt-BR"), catalog("en")), f: formats("pt-BR") };
const plan = { id: 3, startsAtLocal: "2026-12-03T19:00:00+01:00", startsAt: "2026-12-03T18:00:00.000Z", place: "Astro 2",
  capacity: 10, placesLeft: 7, going: [{ id: 1, name: "Ana" }, { id: 2, name: "Bea" }, { id: 3, name: "Zé" }],
  waiting: [], notGoing: [], note: "Bring both shirts" };

test("the phone's language, or the one chosen on the page", () => {
  assert.equal(pickLanguage(["pt-PT", "en"], null), "pt-BR");
  assert.equal(pickLanguage(["de-AT"], null), "de");
  assert.equal(pickLanguage(["ja", "nl-BE"], null), "nl");
  assert.equal(pickLanguage(["ja"], null), "en");
  assert.equal(pickLanguage(["fr"], "it"), "it", "a choice made on the page wins");
});

test("plurals by CLDR's forms, placeholders filled, numbers in the language", () => {
  assert.equal(t("plans.left", { count: 1 }), "1 place left");
  assert.equal(t("plans.left", { count: 2 }), "2 places left");
  assert.equal(pt.t("plans.going", { count: 1 }), "1 vai");
  assert.equal(pt.t("plans.going", { count: 2 }), "2 vão");
  const de = translator("de", catalog("de"), null);
  assert.equal(de.call(null, "checkin.teamsOf", { count: 1000 }), "Teams mit 1.000");
});

test("a plan at the time the group agreed on, whatever the phone's zone; money from minor units", () => {
  assert.equal(f.wall(plan.startsAtLocal), "Thu, Dec 3, 07:00 PM");
  assert.equal(pt.f.wall(plan.startsAtLocal), "qui., 3 de dez., 19:00");
  assert.equal(f.wallAt("2026-11-28T18:00:00.000Z", "2026-11-28T19:00:00+01:00"), "Sat, Nov 28, 07:00 PM");
  assert.equal(f.money({ amount: 750, currency: "EUR", exponent: 2 }), "€7.50");
  assert.equal(pt.f.money({ amount: -250, currency: "BRL", exponent: 2 }, true), "R$\u00a02,50");
  assert.equal(f.list(["Ana", "Bea", "Zé"]), "Ana, Bea, and Zé");
  assert.equal(f.inTime(3 * 3600), "in 3 hours");
});

test("the periods, the break and full time as football says them", () => {
  assert.equal(teams.periodName(2, 2, t), "2nd half");
  assert.equal(teams.periodName(3, 4, t), "3rd quarter");
  assert.equal(teams.periodName(1, 1, t), null, "a match of one period has no period's name");
  assert.equal(teams.endPeriodLabel({ period: 1, periods: 2 }, t), "End half");
  assert.equal(teams.endPeriodLabel({ period: 2, periods: 2 }, t), "Full time");
  assert.equal(teams.sideName({ teamA: "Team A" }, "teamA", pt.t), "Time A", "a side nobody named, in the language");
  assert.equal(teams.sideName({ teamA: "Bibs" }, "teamA", pt.t), "Bibs");
  assert.equal(teams.resultWords({ teamA: "Bibs", teamB: "Colours" }, { teamA: 1, teamB: 2 }, t), "Colours win");
  const word = (kind) => t({ FT: "clock.ft", HT: "clock.ht", Break: "clock.break" }[kind]);
  assert.equal(clockFace({ state: "finished" }, null, word).display, "FT");
  const half = clockFace({ state: "break", breakName: "HT", breakLength: 300, remainingMs: 0 }, 299500, word);
  assert.deepEqual([half.display, half.breakLeft], ["HT", "05:00"]);
  const added = clockFace({ state: "running", duration: 600, addedSeconds: 90 }, 60500, word);
  assert.deepEqual([added.display, added.added], ["00:00", "+1:01"], "the regular time over, the added time apart");
});

test("the sign-up message keeps the places left as they are now", () => {
  assert.equal(signUpMessage(plan, t, f), "Football on Thu, Dec 3, 07:00 PM at Astro 2: 7 of 10 places left. Bring both shirts.");
  const full = Object.assign({}, plan, { placesLeft: 0, waiting: [{ id: 9, name: "Dani" }] });
  assert.match(signUpMessage(full, t, f), /: full, 1 waiting\./);
  assert.match(signUpMessage(plan, pt.t, pt.f), /^Pelada qui\., 3 de dez\., 19:00 em Astro 2: 7 vagas de 10\./);
});

test("the result to share, in the page's language, from gather.report's parts", () => {
  const report = { names: { teamA: "Reds", teamB: "Team B" }, score: { teamA: 2, teamB: 1 },
    scorers: { teamA: [{ name: "Ana", minutes: ["12'", "40'"] }], teamB: [{ name: null, minutes: ["30'"] }] },
    manOfTheMatch: null, vote: { closesAtLocal: "2026-11-29T12:00:00+01:00", link: "http://x/#vote=c" },
    next: { startsAtLocal: plan.startsAtLocal, place: "Astro 2", placesLeft: 1, link: "http://x/#signup=s" } };
  assert.equal(reportText(report, t, f), "Full time: Reds 2–1 Team B\nReds: Ana 12', 40'\nTeam B: Unknown scorer 30'\n" +
    "Man of the match: vote by Sun, Nov 29, 12:00 PM. Vote: http://x/#vote=c\n" +
    "Next: Thu, Dec 3, 07:00 PM at Astro 2, 1 place left. Sign up: http://x/#signup=s");
  assert.match(reportText(report, pt.t, pt.f), /^Fim de jogo: Reds 2–1 Time B\n/);
});

test("what a player owes, named, in their language's money", () => {
  const owed = [{ owed: { amount: 750, currency: "EUR", exponent: 2 } }];
  assert.equal(owedText(owed, "Ana", t, f), "Ana, you owe €7.50 for the pitch: pay the organiser.");
  assert.equal(owedText([{ owed: { amount: -250, currency: "EUR", exponent: 2 } }], "Ana", t, f),
    "Ana, you're in credit: €2.50 for the next games.");
  assert.equal(owedText([{ owed: { amount: 0, currency: "EUR", exponent: 2 } }], "Ana", t, f), "");
});

test("\"You're in\" only while the list says so", () => {
  const answer = { player: { id: 1, name: "Ana" }, answer: "going", changed: true, host: null };
  assert.equal(confirmation(answer, plan, t), "You're in, Ana! See you there.");
  const waitingNow = Object.assign({}, plan, { going: [], waiting: [{ id: 1, name: "Ana" }] });
  assert.equal(confirmation(answer, waitingNow, t), "", "the list says waiting: the confirmation is gone");
  assert.match(confirmation(Object.assign({}, answer, { answer: "waiting" }), waitingNow, t), /waiting list \(number 1\)/);
});

test("a refusal in words, by its reason and field, never the daemon's sentence or codes", () => {
  const words = (error, context) => { const m = errorMessage(error, context); return t(m.key, m.params); };
  assert.equal(words({ code: -32002, message: "Plan 1 was cancelled", data: { reason: "plan_cancelled" } }), "That game was called off.");
  assert.equal(words({ code: -32602, data: { reason: "invalid_params", field: "guest" } }),
    t("error.field.name"));
  assert.equal(words({ code: -32602, data: { reason: "invalid_params", field: "players[4].skill" } }), t("error.field.players"));
  assert.equal(words({ code: -32602, data: { reason: "invalid_params", field: "age" } }), t("error.field"));
  assert.equal(words({ code: -32002, data: { reason: "regulars_only" } }, { when: "Sat, Nov 28, 07:00 PM" }),
    "This game is for regulars only until Sat, Nov 28, 07:00 PM.");
  assert.equal(words({ code: -32002, data: { reason: "held_back" } }, { when: "Sat, Nov 28, 07:00 PM" }),
    "Your late drop-outs and no-shows lately mean you wait for everyone else: you can join from Sat, Nov 28, 07:00 PM.");
  assert.equal(words({ code: -32002, data: { reason: "held_back" } }), t("error.held_back_now"));
  assert.equal(words({ code: 0, offline: true }), t("error.offline"));
  assert.equal(words({ code: -32099, data: { reason: "something_new" } }), t("error.general"));
});

test("the rating, the suggestion and the man of the match in words, with no Greek letters", () => {
  const rated = (n) => ({ rating: { display: n } });
  const why = suggestionSummary({ by: "rating", exact: true, teamA: { players: [rated(50), rated(60)], strength: 55.2 },
    teamB: { players: [rated(57), rated(52)], strength: 54.1 }, percent: { teamA: 40, draw: 22, teamB: 38 } },
  { teamA: "Bibs", teamB: "Colours" }, t);
  assert.equal(why, "Ratings added up: Bibs 110, Colours 109. Predicted: Bibs 40% · draw 22% · Colours 38%. The fairest split.");
  assert.doesNotMatch(why + t("table.ratingNote"), /[μσ]/);
  assert.equal(motmLine({ status: "closed", players: [{ name: "Ana" }, { name: "Carla" }], votes: 1 }, t, f),
    "Man of the match: Ana and Carla (1 vote each)");
  assert.equal(motmLine({ status: "open", voted: 1, eligible: 4 }, t, f), "Voting for the man of the match: 1 of 4 have voted");
});

test("regulars first, then open to everyone, and the reminder's ready message", () => {
  const weekly = Object.assign({}, plan, { regularsFirst: { opensToAllAt: "2026-12-01T18:00:00.000Z",
    opensToAllAtLocal: "2026-12-01T19:00:00+01:00", played: 3, ofLast: 5 } });
  const before = termsOf(weekly, Date.parse("2026-12-01T17:00:00Z"), t, f);
  assert.equal(before.text, "Regulars first: players marked regular, or who played 3 of the last 5 games, may join now. " +
    "Opens for everyone at Tue, Dec 1, 07:00 PM.");
  assert.equal(before.left, 3600 * 1000, "it turns by itself in an hour");
  assert.equal(termsOf(weekly, Date.parse("2026-12-01T19:00:00Z"), t, f).state, "everyone");
  assert.equal(reminderMessage(plan, 3 * 3600, t, f),
    "Football in 3 hours: Thu, Dec 3, 07:00 PM at Astro 2. 3 going: Ana, Bea, Zé. 7 places left.");
});

test("a place offered to a player is theirs to answer only once it went out to them", () => {
  const offers = [{ player: 3, name: "Carla", expiresAt: null }, { player: 4, name: "Dani", expiresAt: "2026-12-03T18:00:00Z" }];
  const plan = { attendance: { offers } };
  assert.equal(offerFor(plan, 3), null, "held back by quiet hours: nothing to answer yet");
  assert.equal(offerFor(plan, 4).expiresAt, "2026-12-03T18:00:00Z");
  assert.equal(offerFor(plan, 5), null);
  assert.equal(offerFor({ attendance: { offers: [] } }, 4), null);
  assert.equal(offerFor({}, 4), null, "a plan without its attendance offers nothing");
});

test("gatherd's push key, in base64url without padding, becomes the 65 bytes of a P-256 point", async () => {
  const { keyBytes } = await page("notify.js");
  const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
  const base64url = Buffer.from(bytes).toString("base64url");
  assert.ok(!base64url.includes("=") && !base64url.includes("+") && !base64url.includes("/"));
  assert.deepEqual(Array.from(keyBytes(base64url)), Array.from(bytes));
});

test("a plan's counts say a place is on offer, not that the game is full", async () => {
  const { countsText } = await page("plans.js");
  const waitingFor = { ...plan, capacity: 2, placesLeft: 0, going: [{ id: 2, name: "Bea" }],
    waiting: [{ id: 3, name: "Zé" }, { id: 4, name: "Dani" }] };
  assert.equal(countsText(waitingFor, t), "1 going · 2 waiting · full");
  const offering = { ...waitingFor, attendance: { offers: [{ player: 3, name: "Zé", expiresAt: null }] } };
  assert.equal(countsText(offering, t), "1 going · 2 waiting · 1 place on offer");
  assert.equal(countsText(offering, pt.t), "1 vai · 2 na espera · 1 vaga oferecida");
});

test("how a player kept their word, under their name on the organiser's table: only what there is to say", () => {
  const kept = { joined: 4, played: 4, noShows: 0, leftLate: 0, lateDropOuts: 0, strikes: 0, heldBack: false };
  assert.equal(attendanceLine(kept, t), "");
  assert.equal(attendanceLine(Object.assign({}, kept, { lateDropOuts: 2, noShows: 1, strikes: 3 }), t),
    "2 late drop-outs \u00b7 1 no-show \u00b7 3 strikes lately");
  assert.equal(attendanceLine(Object.assign({}, kept, { noShows: 1, strikes: 1, heldBack: true }), t),
    "1 no-show \u00b7 1 strike: waits for the opening");
  assert.equal(attendanceLine(Object.assign({}, kept, { lateDropOuts: 2, strikes: 2 }), pt.t),
    "2 desistências de última hora \u00b7 2 advertências recentes");
});

test("the organiser's table lists a player whose late drop-out came before their first game; a view does not", () => {
  const ana = { id: 1, name: "Ana", played: 3, attendance: { lateDropOuts: 0, noShows: 0, strikes: 0, heldBack: false } };
  const carla = { id: 3, name: "Carla", played: 0,
    attendance: { joined: 1, played: 0, noShows: 0, leftLate: 1, lateDropOuts: 1, strikes: 1, heldBack: true } };
  assert.deepEqual(tableRows([ana, carla], true).map((p) => p.name), ["Ana", "Carla"]);
  assert.equal(attendanceLine(carla.attendance, t), "1 late drop-out \u00b7 1 strike: waits for the opening");
  assert.deepEqual(tableRows([ana, carla], false).map((p) => p.name), ["Ana"], "the board shows those who played");
  assert.deepEqual(tableRows(null, true), []);
});

test("a going player is told that leaving counts as a late drop-out only once the plan's cut-off has passed", () => {
  const cutOffAt = Date.parse("2026-12-02T18:00:00.000Z");
  const planned = Object.assign({}, plan, { waiting: [{ id: 4, name: "Dani" }],
    attendance: { offerPeriod: null, cutOff: 86400, cutOffAt: "2026-12-02T18:00:00.000Z", offers: [] } });
  assert.equal(leavingIsLate(planned, 1, cutOffAt - 1), false, "before the cut-off");
  assert.equal(leavingIsLate(planned, 1, cutOffAt), true, "Ana is going, from the cut-off on");
  assert.equal(leavingIsLate(planned, 4, cutOffAt), false, "a waiting player leaves no place empty");
  assert.equal(leavingIsLate(planned, 9, cutOffAt), false, "nor does one who has not answered");
  assert.equal(leavingIsLate(plan, 1, cutOffAt), false, "a plan without its attendance terms says nothing");
  assert.match(t("signup.lateDropOut"), /counts as a late drop-out/);
  const out = Object.assign({}, planned, { going: plan.going.slice(1), notGoing: [{ id: 1, name: "Ana" }] });
  const left = { player: { id: 1, name: "Ana" }, answer: "notGoing", changed: true, lateDropOut: true, fine: null };
  assert.equal(confirmation(left, out, t), "Thanks, Ana: you're down as can't make it. That counts as a late drop-out.");
  assert.equal(confirmation(Object.assign({}, left, { lateDropOut: false }), out, t), "Thanks, Ana: you're down as can't make it.");
});
