// The money's rules (pure functions): sums typed in a form as gatherd's whole minor units and back, the currency a
// new cost starts in, the balances in the order the organiser reads them, and a line of the ledger in words.

/** The currencies the cost's picker offers (ISO 4217), besides any a cost already has. */
export const CURRENCIES = ["EUR", "GBP", "USD", "BRL", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CAD", "AUD",
  "NZD", "MXN", "ARS", "CLP", "COP", "ZAR", "JPY"];

/** Where a phone's region says which currency its people pay in, for the regions whose language the page speaks. */
const REGIONS = { GB: "GBP", IE: "EUR", US: "USD", CA: "CAD", AU: "AUD", NZ: "NZD", ZA: "ZAR", BR: "BRL", PT: "EUR",
  ES: "EUR", MX: "MXN", AR: "ARS", CL: "CLP", CO: "COP", IT: "EUR", FR: "EUR", BE: "EUR", CH: "CHF", LU: "EUR",
  DE: "EUR", AT: "EUR", NL: "EUR" };
const LANGUAGE_ONLY = { pt: "BRL", en: "GBP", es: "EUR", it: "EUR", fr: "EUR", de: "EUR", nl: "EUR" };

/** How many digits a currency has after the point (2 for EUR, 0 for JPY). */
export function currencyDigits(currency) {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
  } catch (error) {
    return 2;
  }
}

/** The currency a new cost starts in: the one the group already uses (`known`, the costs and balances' currencies,
 * most recent first), else the one the phone's region (`languages`, navigator.languages) pays in, else euros. */
export function defaultCurrency(known, languages) {
  const used = (known || []).find((c) => typeof c === "string" && /^[A-Z]{3}$/.test(c));
  if (used) return used;
  for (const tag of languages || []) {
    const [language, region] = String(tag).split("-");
    if (region && REGIONS[region.toUpperCase()]) return REGIONS[region.toUpperCase()];
    if (!region && LANGUAGE_ONLY[language]) return LANGUAGE_ONLY[language];
  }
  return "EUR";
}

/** A sum typed by the organiser ("60", "60.5", "60,50", "1.234,50", "€ 7.50") as whole minor units of `currency`:
 * 6000, 6050, 123450, 750; null when it is no sum, has more decimals than the currency, or is not above zero. */
export function parseAmount(text, currency) {
  const digits = currencyDigits(currency);
  let clean = String(text || "").replace(/[\s\u00a0\u202f'’]/g, "").replace(/^[^\d.,-]+|[^\d.,-]+$/g, "");
  if (!/^[\d.,]+$/.test(clean)) return null;
  const last = Math.max(clean.lastIndexOf("."), clean.lastIndexOf(","));
  let whole = clean, fraction = "";
  // The last separator is the decimal point when it has at most the currency's digits after it (and is not "1.000").
  if (last >= 0) {
    const after = clean.slice(last + 1);
    const grouping = after.length === 3 && (digits < 3 || /[.,].*[.,]/.test(clean.slice(0, last + 1)));
    if (!grouping) { whole = clean.slice(0, last); fraction = after; }
  }
  whole = whole.replace(/[.,]/g, "");
  if (fraction.length > digits || !/^\d*$/.test(fraction) || !/^\d*$/.test(whole) || whole + fraction === "") return null;
  const units = Number(whole || "0") * 10 ** digits + Number((fraction + "0".repeat(digits)).slice(0, digits) || "0");
  return Number.isSafeInteger(units) && units > 0 ? units : null;
}

/** A Money ({amount, currency}) as the organiser would type it, in `lang`: "60.00", "60,00"; "" for none. */
export function amountText(money, lang) {
  if (!money) return "";
  const digits = typeof money.exponent === "number" ? money.exponent : currencyDigits(money.currency);
  return new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })
    .format(money.amount / 10 ** digits);
}

/** The balances as the organiser reads them: who owes, the most first; then who is in credit; then who is square,
 * each group by name. */
export function balanceRows(balances, lang) {
  const collator = new Intl.Collator(lang, { sensitivity: "base" });
  const rank = (b) => (b.owed.amount > 0 ? 0 : b.owed.amount < 0 ? 1 : 2);
  return (balances || []).slice().sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? b.owed.amount - a.owed.amount : 0)
    || collator.compare(a.player.name, b.player.name) || a.currency.localeCompare(b.currency));
}

/** A ledger line in words, from its kind and the lines beside it (`entries`, the whole ledger; `players`, the
 * roster by id), never from gatherd's own notes: a share of a match's pitch (for a guest), a payment (with the
 * organiser's note), the pitch paid for, a match's charge taken back, a balance moved by a merge, or a correction
 * (with the organiser's note). */
export function ledgerWords(entry, entries, players, t) {
  const note = entry.note ? t("money.lineNote", { note: entry.note }) : "";
  if (entry.kind === "charge") return entry.for ? t("money.lineShareFor", { name: entry.for.name }) : t("money.lineShare");
  if (entry.kind === "payment") return t("money.linePaid") + note;
  if (entry.gather != null) {
    // Written with the match's charges (the same moment): the payer's credit; written later: a charge taken back.
    const charged = entries.some((e) => e.kind === "charge" && e.gather === entry.gather && e.at === entry.at);
    return t(charged ? "money.linePitchPaid" : "money.lineTakenBack");
  }
  // A merge moves a balance by a pair of lines at one moment, off the player who left the roster.
  const twin = entries.find((e) => e !== entry && e.kind === "correction" && e.gather == null && e.at === entry.at
    && e.amount.currency === entry.amount.currency && e.amount.amount === -entry.amount.amount);
  if (twin) {
    const [from, into] = players && players[entry.player.id] ? [twin.player, entry.player] : [entry.player, twin.player];
    return t("money.lineMerged", { from: from.name, into: into.name });
  }
  return t("money.lineCorrection") + note;
}
