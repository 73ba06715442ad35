// The result to share as a message, in the page's language, from gather.report's parts (docs/scoreboard.md,
// "Sharing the result"):
//
//   Full time: Reds 4–0 Blues
//   Reds: Fatima 12', 30'; Ana 44'
//   Man of the match: Fatima
//   Next: Thu 10 Dec, 19:00 at Astro 2, 3 places left. Sign up: http://…/#signup=…
//
// While the vote is open its line invites to it ("Man of the match: vote by Fri 11 Dec, 12:00. Vote: LINK").

import { sideName } from "./teams.js";

/** The report's score line with the sides' names in the language: "Reds 4–0 Blues". */
export function reportScoreLine(report, t) {
  return sideName(report.names, "teamA", t) + " " + report.score.teamA + "\u2013" + report.score.teamB + " " +
    sideName(report.names, "teamB", t);
}

/** The invitation to the next game, without its link: "Next: Thu 10 Dec, 19:00 at Astro 2, 3 places left." */
export function nextLine(next, t, f) {
  if (!next) return "";
  const when = f.wall(next.startsAtLocal);
  const where = next.place ? t("report.nextAt", { when, place: next.place }) : t("report.next", { when });
  const room = next.placesLeft === 0 ? t("report.nextFull") : t("report.nextLeft", { count: next.placesLeft });
  return where + ", " + room + ".";
}

/** The whole message, one line per part. */
export function reportText(report, t, f) {
  const lines = [t("report.fullTime", { score: reportScoreLine(report, t) })];
  for (const team of ["teamA", "teamB"]) {
    const scorers = (report.scorers && report.scorers[team]) || [];
    if (!scorers.length) continue;
    const names = scorers.map((s) => (s.name || t("board.unknownScorer")) + " " + (s.minutes || []).join(", "));
    lines.push(sideName(report.names, team, t) + ": " + names.join("; "));
  }
  const best = report.manOfTheMatch;
  if (best && best.length) {
    lines.push(t("report.motm", { names: f.list(best.map((m) => m.name)) }));
  } else if (report.vote) {
    const when = f.wall(report.vote.closesAtLocal);
    lines.push(t("report.voteBy", { when }) + (report.vote.link ? " " + t("report.voteLink", { link: report.vote.link }) : ""));
  }
  if (report.next) {
    lines.push(nextLine(report.next, t, f) + (report.next.link ? " " + t("report.signUp", { link: report.next.link }) : ""));
  }
  return lines.join("\n");
}
