// What the page's unit tests share: the page's modules (Sources/GatherDaemon/Scoreboard/js), imported as the ES
// modules they are, and its catalogs. The modules are copied into a temporary folder marked as ES modules, since
// Node (18 and up) reads a plain .js file as CommonJS; nothing in them is changed.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { webcrypto } from "node:crypto";

const HERE = path.dirname(decodeURIComponent(new URL(import.meta.url).pathname));
/** The page's folder in the sources. */
export const SCOREBOARD = path.resolve(HERE, "../../Sources/GatherDaemon/Scoreboard");
const COPY = fs.mkdtempSync(path.join(os.tmpdir(), "gatherd-page-"));
fs.cpSync(path.join(SCOREBOARD, "js"), COPY, { recursive: true });
fs.writeFileSync(path.join(COPY, "package.json"), JSON.stringify({ type: "module" }));
process.on("exit", () => fs.rmSync(COPY, { recursive: true, force: true }));
// Node 18 has Web Crypto only as a module.
if (!globalThis.crypto) globalThis.crypto = webcrypto;

/** The page's module `name` ("store.js"). */
export function page(name) {
  return import(pathToFileURL(path.join(COPY, name)).href);
}

/** The catalog of language `tag` ("en", "pt-BR"), parsed. */
export function catalog(tag) {
  return JSON.parse(fs.readFileSync(path.join(SCOREBOARD, "i18n", tag + ".json"), "utf8"));
}

/** The English translator and formats, as the page makes them. */
export async function english() {
  const { formats, translator } = await page("i18n.js");
  return { t: translator("en", catalog("en"), null), f: formats("en") };
}

/** A Storage as localStorage and sessionStorage are, in memory. */
export function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}
