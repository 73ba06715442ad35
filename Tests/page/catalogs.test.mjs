// The page's catalogs: one per language, each with every key of English and, in each message, the same
// placeholders; plural messages with exactly the forms CLDR names for the language; and every key the page uses,
// in its modules and its markup, in the English catalog, whose words the markup shows before a catalog loads.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { SCOREBOARD, catalog, page } from "./page.mjs";

const { LANGUAGES, placeholders } = await page("i18n.js");
const en = catalog("en");
const sources = () => fs.readdirSync(path.join(SCOREBOARD, "js")).filter((f) => f.endsWith(".js"))
  .map((f) => fs.readFileSync(path.join(SCOREBOARD, "js", f), "utf8"));
const html = fs.readFileSync(path.join(SCOREBOARD, "scoreboard.html"), "utf8");

test("every language the page offers has a catalog, and no catalog is left out", () => {
  const files = fs.readdirSync(path.join(SCOREBOARD, "i18n")).map((f) => f.replace(/\.json$/, "")).sort();
  assert.deepEqual(files, LANGUAGES.map((l) => l.tag).sort());
});

for (const { tag } of LANGUAGES) {
  test(`${tag}: every key, every placeholder, and CLDR's plural forms`, () => {
    const messages = catalog(tag);
    const forms = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort();
    assert.deepEqual(Object.keys(messages).filter((k) => !(k in en)), [], "keys English does not have");
    for (const [key, english] of Object.entries(en)) {
      assert.ok(key in messages, `${tag} lacks ${key}`);
      const message = messages[key];
      assert.equal(typeof message, typeof english, `${tag} ${key}: a plural message in one and not the other`);
      assert.deepEqual(placeholders(message), placeholders(english), `${tag} ${key}: placeholders`);
      if (typeof message === "object") {
        assert.deepEqual(Object.keys(message).sort(), forms, `${tag} ${key}: plural forms`);
        for (const text of Object.values(message)) assert.ok(text.trim(), `${tag} ${key}: an empty form`);
      } else {
        assert.ok(message.trim(), `${tag} ${key} is empty`);
      }
    }
  });
}

test("no message shows a Greek letter, an internal word or an error code", () => {
  for (const { tag } of LANGUAGES) {
    for (const [key, message] of Object.entries(catalog(tag))) {
      const text = typeof message === "string" ? message : Object.values(message).join(" ");
      assert.doesNotMatch(text, /[μσ]|\bgathers?\b|_[a-z]+_|\(\w+_\w+\)/i, `${tag} ${key}: ${text}`);
    }
  }
});

test("every key the modules and the markup use is in the English catalog", () => {
  const used = new Set();
  for (const source of sources().concat([html])) {
    for (const m of source.matchAll(/\b(?:t|tr|tr\(\))\("([a-zA-Z]+\.[a-zA-Z0-9_.]+)"/g)) used.add(m[1]);
    // Markup in HTML (data-i18n="key") and markup written as data in the modules ("data-i18n": "key").
    for (const m of source.matchAll(/"?data-i18n"?(?:=|: )"([^"]+)"/g)) used.add(m[1]);
    for (const m of source.matchAll(/"?data-i18n-attr"?(?:=|: )"([^"]+)"/g)) for (const pair of m[1].split(";")) used.add(pair.split(":")[1]);
    for (const m of source.matchAll(/\bkey: "([a-zA-Z]+\.[a-zA-Z0-9_.]+)"/g)) used.add(m[1]);
  }
  assert.ok(used.size > 200, `found ${used.size} keys: the scan no longer sees the page's keys`);
  assert.deepEqual([...used].filter((key) => !(key in en)).sort(), []);
});

test("the markup's own words are the English catalog's", () => {
  for (const m of html.matchAll(/<(\w+)[^>]*\bdata-i18n="([^"]+)"[^>]*>([^<]*)</g)) {
    assert.equal(m[3].replace(/\s+/g, " ").trim(), en[m[2]], `<${m[1]} data-i18n="${m[2]}">`);
  }
});

/** The names an object literal gives at its top level (`{ when: x, count }`), starting at `source[open]` = "{";
 * null when it spreads another object, whose names cannot be read here. */
function literalNames(source, open) {
  let depth = 0, top = "";
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if ("{([".includes(c)) depth++;
    else if ("})]".includes(c) && --depth === 0) break;
    else if (depth === 1) top += c;
  }
  if (top.includes("...")) return null;
  const names = new Set();
  for (const m of top.matchAll(/(?:^|,)\s*(\w+)\s*(?=:|,|$)/g)) names.add(m[1]);
  return names;
}

test("every call with its values gives each placeholder its message names, by that name", () => {
  const mismatches = [];
  let checked = 0;
  for (const source of sources()) {
    for (const m of source.matchAll(/\b(?:t|tr|tr\(\))\("([a-zA-Z]+\.[a-zA-Z0-9_.]+)",\s*\{/g)) {
      if (!(m[1] in en)) continue;
      const given = literalNames(source, m.index + m[0].length - 1);
      if (!given) continue;
      checked++;
      const missing = placeholders(en[m[1]]).filter((name) => !given.has(name));
      if (missing.length) mismatches.push(`${m[1]}: gives ${[...given].join(", ")}; the message wants ${missing.join(", ")}`);
    }
  }
  assert.ok(checked > 50, `checked ${checked} calls: the scan no longer sees the page's calls`);
  assert.deepEqual(mismatches, []);
});
