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
