// The man of the match as the rest of the page tells it (docs/scoreboard.md, "Man of the match"): when a vote
// closes, on the pitch's clock; the line under the last result; the star beside a player in the table.

/** "Sat 16 Jan, 12:00": the close as the pitch's clock reads it (closesAtLocal, the server's zone), so that a phone
 * set to another zone still reads the time the group knows. */
export function closesText(local) {
  const wall = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local || "");
  if (!wall) return "";
  const [, y, mo, d, h, mi] = wall.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi)).toLocaleString([], {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC",
  });
}

/** "Carla" or "Carla and Dani": the winners of a closed vote. */
export function winnersText(best) {
  const names = ((best && best.players) || []).map((p) => p.name);
  return names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : names[0] || "";
}

/** The last result's line for its vote (a record's manOfTheMatch): "Man of the match: Carla (3 votes)", "Voting for
 * the man of the match: 4 of 10 have voted", "Nobody voted for a man of the match"; "" for a gather without one. */
export function motmLine(standing) {
  if (!standing) return "";
  if (standing.status === "open") {
    return "Voting for the man of the match: " + standing.voted + " of " + standing.eligible + " have voted";
  }
  if (!standing.players || standing.players.length === 0) return "Nobody voted for a man of the match";
  const votes = standing.votes + (standing.votes === 1 ? " vote" : " votes") + (standing.players.length > 1 ? " each" : "");
  return "Man of the match: " + winnersText(standing) + " (" + votes + ")";
}

/** Where a vote stands as a record tells it (its manOfTheMatch), from the vote as vote.status and events tell it. */
export function standingOf(vote) {
  if (vote.status === "open") {
    return { status: "open", closesAt: vote.closesAt, voted: vote.voted, eligible: vote.eligible };
  }
  return Object.assign({ status: "closed" }, vote.manOfTheMatch);
}

/** The star beside a name in the players' table, "★2" for two awards; null for none. */
export function motmBadge(count) {
  if (!count) return null;
  const star = document.createElement("span");
  star.className = "motm-badge";
  star.dataset.testid = "motm-badge";
  star.title = "Man of the match " + count + (count === 1 ? " time" : " times");
  star.textContent = "\u2605" + (count > 1 ? count : "");
  return star;
}
