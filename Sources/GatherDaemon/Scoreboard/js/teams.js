// Team names: what the sides are called ("Bibs" and "Colours"), "Team A" and "Team B" by default. The
// protocol keeps naming the sides teamA and teamB; these helpers turn them into the names people read.

const DEFAULTS = { teamA: "Team A", teamB: "Team B" };

/** The name of side `team` ("teamA" or "teamB") in `names` ({teamA, teamB}, as a Gather carries them). */
export function sideName(names, team) {
  const name = names && typeof names[team] === "string" && names[team] !== "" ? names[team] : null;
  return name || DEFAULTS[team] || "Bench";
}

/** Whether `names` are the defaults, "Team A" and "Team B" (or missing). */
export function isStandard(names) {
  return sideName(names, "teamA") === DEFAULTS.teamA && sideName(names, "teamB") === DEFAULTS.teamB;
}

/** "Bibs 2–1 Colours" for a Score and the names. */
export function scoreLine(names, score) {
  const s = score || { teamA: 0, teamB: 0 };
  return sideName(names, "teamA") + " " + s.teamA + "\u2013" + s.teamB + " " + sideName(names, "teamB");
}

/** Who won: "teamA", "teamB", or "none" for a draw. */
export function winner(score) {
  const s = score || { teamA: 0, teamB: 0 };
  return s.teamA === s.teamB ? "none" : s.teamA > s.teamB ? "teamA" : "teamB";
}

/** How a match ended, in words: "Bibs win", "A draw". */
export function resultWords(names, score) {
  const side = winner(score);
  return side === "none" ? "A draw" : sideName(names, side) + " win";
}

/** The period after the one a Timer is in ("2nd half" after the 1st), named as the daemon names periods; "" for
 * a match of one period. */
export function nextPeriodName(timer) {
  const unit = ((timer && timer.periodName) || "").split(" ").slice(1).join(" ");
  const next = timer ? timer.period + 1 : 0;
  return unit ? ({ 1: "1st", 2: "2nd", 3: "3rd" }[next] || next + "th") + " " + unit : "";
}

/** A goal's minute as football writes it ("28'", "45+2'"), from the daemon; older daemons' `when` otherwise. */
export function goalMinute(goal) {
  return (goal && (goal.minute || goal.when || goal.matchTime)) || "";
}

/** The label of the button that ends the period: "End half" of two, "Full time" of one, "End period" else. */
export function endPeriodLabel(timer) {
  const periods = timer && timer.periods ? timer.periods : 1;
  if (periods === 1 || (timer && timer.period >= periods)) return "Full time";
  return periods === 2 ? "End half" : periods === 4 ? "End quarter" : "End period";
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
