// The plan form's times at the pitch (planform.js): wall times with their UTC offsets, the phone's own offset on a
// day, and the day a new plan is suggested for. Pure functions but for the phone's time zone.

const pad2 = (n) => (n < 10 ? "0" : "") + n;

/** "UTC+01:00" from an ISO time's offset ("…+01:00") or from minutes east of UTC; "" without one. */
export function offsetText(value) {
  if (typeof value === "number") {
    return "UTC" + (value < 0 ? "-" : "+") + pad2(Math.floor(Math.abs(value) / 60)) + ":" + pad2(Math.abs(value) % 60);
  }
  const match = /([+-]\d\d:\d\d)$/.exec(value || "");
  return match ? "UTC" + match[1] : "";
}

/** The wall date and time an ISO text with an offset names: ["2026-12-03", "19:00"]. */
export function wallParts(iso) {
  const match = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/.exec(iso || "");
  return match ? [match[1], match[2]] : ["", ""];
}

/** The phone's own UTC offset in minutes on `date` at `time` ("2026-12-03", "19:00"); today's without them. */
export function offsetMinutes(date, time) {
  const [y, m, d] = String(date || "").split("-").map(Number);
  const [h, mi] = String(time || "").split(":").map(Number);
  const picked = y && m && d ? new Date(y, m - 1, d, h || 0, mi || 0) : new Date();
  return -picked.getTimezoneOffset();
}

/** A new plan's day and time: a week after the latest of `plans`, at its time; else a week from the server's
 * today (`server`, daemon.time's answer) at 19:00, at the pitch. */
export function suggestedStart(plans, server) {
  const latest = plans.slice().sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
  const [date, time] = wallParts(latest ? latest.startsAtLocal : server && server.local);
  if (!date) return ["", "19:00"];
  const [y, m, d] = date.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 7));
  const day = next.getUTCFullYear() + "-" + pad2(next.getUTCMonth() + 1) + "-" + pad2(next.getUTCDate());
  return [day, latest ? time : "19:00"];
}
