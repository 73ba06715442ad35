// Football as it is spoken, in the page's language: what the sides are called ("Bibs" and "Colours", else
// "Team A" and "Team B" in the language), the periods ("1st half", "2nd quarter"), the result in words and a goal's
// minute. The protocol names the sides teamA and teamB; these helpers turn them into the names people read.
// `t` is the page's translator (i18n.js).

/** The names gatherd gives sides nobody named: shown in the page's language instead. */
const UNNAMED = { teamA: "Team A", teamB: "Team B" };

/** The name of side `team` ("teamA", "teamB" or "bench") in `names` ({teamA, teamB}, as a Gather carries them). */
export function sideName(names, team, t) {
  const name = names && typeof names[team] === "string" ? names[team] : "";
  if (name && name !== UNNAMED[team]) return name;
  return t(team === "teamA" ? "team.a" : team === "teamB" ? "team.b" : "team.bench");
}

/** Whether neither side has a name of its own. */
export function isUnnamed(names) {
  const named = (team) => names && names[team] && names[team] !== UNNAMED[team];
  return !named("teamA") && !named("teamB");
}

/** "Bibs 2–1 Colours" for a Score and the names. */
export function scoreLine(names, score, t) {
  const s = score || { teamA: 0, teamB: 0 };
  return sideName(names, "teamA", t) + " " + s.teamA + "\u2013" + s.teamB + " " + sideName(names, "teamB", t);
}

/** Who won: "teamA", "teamB", or "none" for a draw. */
export function winner(score) {
  const s = score || { teamA: 0, teamB: 0 };
  return s.teamA === s.teamB ? "none" : s.teamA > s.teamB ? "teamA" : "teamB";
}

/** How a match ended, in words: "Bibs win", "A draw". */
export function resultWords(names, score, t) {
  const side = winner(score);
  return side === "none" ? t("result.draw") : t("result.win", { team: sideName(names, side, t) });
}

/** The name of period `period` of a match of `periods`: halves of two, quarters of four, periods of three; null
 * for a match of one period. */
export function periodName(period, periods, t) {
  if (!periods || periods < 2 || !period || period > periods) return null;
  const kind = periods === 2 ? "half" : periods === 4 ? "quarter" : "period";
  return t("period." + kind + period);
}

/** The name of the period a Timer is in. */
export function timerPeriod(timer, t) {
  return timer ? periodName(timer.period, timer.periods, t) : null;
}

/** The period after the one a Timer is in ("2nd half" after the 1st); null after the last. */
export function nextPeriodName(timer, t) {
  return timer ? periodName(timer.period + 1, timer.periods, t) : null;
}

/** The label of the button that ends the period: "End half" of two, "Full time" in the last period, "End quarter"
 * of four, "End period" else. */
export function endPeriodLabel(timer, t) {
  const periods = timer && timer.periods ? timer.periods : 1;
  if (periods === 1 || (timer && timer.period >= periods)) return t("referee.fullTime");
  return t(periods === 2 ? "referee.endHalf" : periods === 4 ? "referee.endQuarter" : "referee.endPeriod");
}

/** A goal's minute as football writes it ("28'", "45+2'"), from the daemon. */
export function goalMinute(goal) {
  return (goal && (goal.minute || goal.matchTime)) || "";
}

/** The most characters a name shows on one line on the board; a longer one takes two. */
export const LONG_NAME = 12;

/** The characters of a name's longest line, as the stylesheet sizes it: one line up to 12 characters, else the
 * two lines that break it between words most evenly (or in the middle of a name of one word). */
export function nameChars(name) {
  if (name.length <= LONG_NAME) return Math.max(6, name.length);
  let best = Math.ceil(name.length / 2);
  const spaces = [...name.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length) best = Math.min(...spaces.map((i) => Math.max(i, name.length - i - 1)));
  return Math.max(6, best);
}
