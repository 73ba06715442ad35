// The roster screen's rules (pure functions): the players in the screen's groups — the names typed on a sign-up
// link that wait for the organiser ("new"), the regulars, the guests (everyone else) — each by name in the page's
// language; a typed name that looks like a roster player's, as gatherd compares names; whom a player may be merged
// into; and what the organiser is told before a merge or a delete.

/** Players by name in `lang` (ignoring case and accents' weight), then by id. */
export function byName(lang) {
  const collator = new Intl.Collator(lang, { sensitivity: "base" });
  return (a, b) => collator.compare(a.name, b.name) || a.id - b.id;
}

/** Whether `player` is a name typed on a sign-up link that the organiser has yet to confirm. */
export const isNew = (player) => player.confirmed === false;

/** The roster (`players`, by id) in the screen's groups, each by name: {fresh, regulars, guests}. */
export function rosterGroups(players, lang) {
  const all = Object.values(players || {}).sort(byName(lang));
  return {
    fresh: all.filter(isNew),
    regulars: all.filter((p) => !isNew(p) && p.regular),
    guests: all.filter((p) => !isNew(p) && !p.regular),
  };
}

/** The names waiting for the organiser, by name. */
export const newNames = (players, lang) => rosterGroups(players, lang).fresh;

/** A name as gatherd compares names: NFC, without invisible characters (format characters, variation selectors),
 * trimmed and case-folded; so "ANA" and "Ana" with a zero-width space are "ana". */
export function nameKey(name) {
  return String(name || "").normalize("NFC").replace(/[\p{Cf}\uFE00-\uFE0F]/gu, "").trim().toLowerCase();
}

/** The roster player whose name `name` looks like, or null. */
export function lookAlike(name, players) {
  const key = nameKey(name);
  return Object.values(players || {}).find((p) => nameKey(p.name) === key) || null;
}

/** Whom `player` may be merged into: everyone else, those the organiser knows first, each group by name. */
export function mergeTargets(player, players, lang) {
  const others = Object.values(players || {}).filter((p) => p.id !== player.id).sort(byName(lang));
  return others.filter((p) => !isNew(p)).concat(others.filter(isNew));
}

/** What the player is on the roster, in words: "new from a sign-up link", "regular", "guest". */
export function standingWords(player, t) {
  return t(isNew(player) ? "roster.aboutNew" : player.regular ? "roster.aboutRegular" : "roster.aboutGuest");
}

/** The question before merging `from` into `into`: {title, text, ok}. */
export function mergeQuestion(from, into, t) {
  return { title: t("roster.mergeTitle", { from: from.name, into: into.name }),
    text: t("roster.mergeText", { from: from.name, into: into.name }), ok: t("roster.mergeOk") };
}

/** The question before deleting `player`: {title, text, ok}. */
export function deleteQuestion(player, t) {
  return { title: t("roster.deleteTitle", { name: player.name }), text: t("roster.deleteText", { name: player.name }),
    ok: t("roster.deleteOk") };
}
