// The page's languages: one JSON catalog per language (i18n/en.json, …, beside the page), messages looked up by key,
// placeholders filled in ("{name}"), plurals chosen by Intl.PluralRules under their CLDR names (one, few, many,
// other), and dates, times, lists and money written by Intl in the language chosen.

/** The languages the page speaks, each by its BCP 47 tag and its own name for itself. */
export const LANGUAGES = [
  { tag: "en", name: "English" }, { tag: "pt-BR", name: "Português (Brasil)" }, { tag: "es", name: "Español" },
  { tag: "it", name: "Italiano" }, { tag: "fr", name: "Français" }, { tag: "de", name: "Deutsch" },
  { tag: "nl", name: "Nederlands" },
];

/** The language to speak: `chosen` (a choice made on the page) if it is one of ours, else the first of
 * `preferred` (the phone's, navigator.languages) that we speak, matched whole or by its language alone ("pt-PT"
 * and "pt" take Brazilian Portuguese, "de-AT" German), else English. */
export function pickLanguage(preferred, chosen) {
  const tags = LANGUAGES.map((l) => l.tag);
  if (chosen && tags.includes(chosen)) return chosen;
  for (const wanted of preferred || []) {
    const exact = tags.find((tag) => tag.toLowerCase() === String(wanted).toLowerCase());
    if (exact) return exact;
    const base = String(wanted).split("-")[0].toLowerCase();
    const near = tags.find((tag) => tag.split("-")[0] === base);
    if (near) return near;
  }
  return "en";
}

/** The names of a message's placeholders: "{name} owes {money}" → ["money", "name"]. */
export function placeholders(message) {
  const texts = typeof message === "string" ? [message] : Object.values(message || {});
  const names = new Set();
  for (const text of texts) for (const match of String(text).matchAll(/\{(\w+)\}/g)) names.add(match[1]);
  return [...names].sort();
}

/**
 * A translator for `lang` over `catalog` (falling back to `fallback`, the English one, for a missing key):
 * `t(key, params)` is the message with its placeholders filled. A plural message is an object of CLDR forms,
 * chosen by `params.count`; numbers are written in the language ("1.000" in German).
 */
export function translator(lang, catalog, fallback) {
  const plural = new Intl.PluralRules(lang);
  const number = new Intl.NumberFormat(lang);
  return function t(key, params) {
    let message = catalog && catalog[key] !== undefined ? catalog[key] : fallback ? fallback[key] : undefined;
    if (message === undefined || message === null) return key;
    const values = params || {};
    if (typeof message === "object") {
      const count = Number(values.count);
      message = message[plural.select(count)] !== undefined ? message[plural.select(count)] : message.other;
    }
    return String(message).replace(/\{(\w+)\}/g, (whole, name) => {
      const value = values[name];
      if (value === undefined || value === null) return whole;
      return typeof value === "number" ? number.format(value) : String(value);
    });
  };
}

/** A wall-clock time with its offset ("2026-12-03T19:00:00+01:00") as a Date whose UTC fields read that wall
 * clock, to format with timeZone UTC: the time the group agreed on, whatever zone the phone is set to. */
export function wallDate(local) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local || "");
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi));
}

/** `iso` (a moment in UTC) as the wall clock of `local`'s offset ("…+01:00") reads it, as wallDate does. */
export function wallDateAt(iso, local) {
  const offset = /([+-])(\d\d):(\d\d)$/.exec(local || "");
  const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const at = Date.parse(iso);
  return isNaN(at) ? null : new Date(at + minutes * 60000);
}

const DAY_TIME = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
const DAY = { weekday: "short", day: "numeric", month: "short" };

/** Dates, times, lists, money and relative times written in `lang` by Intl. */
export function formats(lang) {
  const wallFormat = new Intl.DateTimeFormat(lang, Object.assign({ timeZone: "UTC" }, DAY_TIME));
  const dayFormat = new Intl.DateTimeFormat(lang, Object.assign({ timeZone: "UTC" }, DAY));
  const localFormat = new Intl.DateTimeFormat(lang, DAY_TIME);
  const localDayFormat = new Intl.DateTimeFormat(lang, DAY);
  const list = typeof Intl.ListFormat === "function" ? new Intl.ListFormat(lang, { type: "conjunction" }) : null;
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "always" });
  return {
    /** "Thu 3 Dec, 19:00" of a wall-clock time with its offset (a plan's startsAtLocal). */
    wall: (local) => { const d = wallDate(local); return d ? wallFormat.format(d) : local || ""; },
    /** "Thu 3 Dec" of the same. */
    wallDay: (local) => { const d = wallDate(local); return d ? dayFormat.format(d) : ""; },
    /** A moment (UTC) as the wall clock of `local`'s offset reads it. */
    wallAt: (iso, local) => { const d = wallDateAt(iso, local); return d ? wallFormat.format(d) : ""; },
    /** A moment on the phone's own clock. */
    moment: (iso) => { const d = new Date(iso); return isNaN(d) ? "" : localFormat.format(d); },
    /** A day on the phone's own clock. */
    day: (iso) => { const d = new Date(iso); return isNaN(d) ? "" : localDayFormat.format(d); },
    /** "Ana, Bruno and Carla". */
    list: (items) => (list ? list.format(items.map(String)) : items.join(", ")),
    /** A Money ({amount, currency, exponent}) in the language: "€7.50", "7,50 €"; `absolute` drops a minus. */
    money: (money, absolute) => {
      const exponent = typeof money.exponent === "number" ? money.exponent : 2;
      const amount = (absolute ? Math.abs(money.amount) : money.amount) / Math.pow(10, exponent);
      try {
        return new Intl.NumberFormat(lang, { style: "currency", currency: money.currency,
          minimumFractionDigits: exponent, maximumFractionDigits: exponent }).format(amount);
      } catch (error) {
        return amount.toFixed(exponent) + " " + money.currency;
      }
    },
    /** "in 3 hours" of a number of seconds ahead, in whole days, hours or minutes. */
    inTime: (seconds) => {
      const [size, unit] = seconds >= 86400 && seconds % 86400 === 0 ? [86400, "day"]
        : seconds >= 3600 ? [3600, "hour"] : [60, "minute"];
      return relative.format(Math.round(seconds / size), unit);
    },
  };
}

function fetchCatalog(tag) {
  return fetch(new URL("i18n/" + tag + ".json", document.baseURI).href)
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))));
}

/** {tag, t, f} for `tag`; English when its catalog cannot be had. */
export async function loadLanguage(tag) {
  const english = fetchCatalog("en").catch(() => ({}));
  if (tag !== "en") {
    try {
      const [catalog, fallback] = await Promise.all([fetchCatalog(tag), english]);
      return { tag: tag, t: translator(tag, catalog, fallback), f: formats(tag) };
    } catch (error) {
      // Not reachable now: English, which the page's own markup speaks too.
    }
  }
  const catalog = await english;
  return { tag: "en", t: translator("en", catalog, null), f: formats("en") };
}
