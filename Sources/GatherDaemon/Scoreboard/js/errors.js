// A refusal in words a player reads: the daemon's error, by its reason and the field it names, as a catalog
// message ("error.plan_cancelled", "error.field.name"); never the daemon's English sentence or its codes.

/** Fields whose refusal has a message of its own; any other field gets the general one. */
const FIELDS = {
  name: "name", guest: "name", teamA: "teamName", teamB: "teamName", names: "teamName", "names.teamA": "teamName",
  "names.teamB": "teamName", place: "place", note: "note", capacity: "capacity", startsAt: "startsAt",
  seconds: "seconds", players: "players", present: "present", walkIns: "walkIns", time: "time", weekday: "time",
  opensBefore: "opensBefore", reminders: "reminders", regularsFirst: "regularsFirst", regularsPlayed: "regularsPlayed",
  regularsOfLast: "regularsPlayed", periodLength: "periodLength", breakLength: "breakLength", periods: "periods",
  plan: "planPlayers", player: "player", voter: "player", cost: "cost", "cost.currency": "currency", currency: "currency",
  amount: "amount", paidBy: "paidBy", from: "mergeFrom", into: "mergeInto", gather: "gather",
};

/** Reasons with a message of their own (error.<reason>). */
const REASONS = ["no_active_gather", "gather_already_active", "invalid_transition", "player_in_active_gather",
  "plan_cancelled", "plan_started", "plan_expired", "regulars_only", "held_back", "plan_not_due", "same_time", "web_disabled",
  "player_not_found", "gather_not_found", "plan_not_found", "schedule_not_found", "forbidden", "invalid_token",
  "too_many_attempts", "storage_unavailable", "internal_error", "too_late_to_undo", "too_many_new_players"];

/** The catalog message of `error` (a JSON-RPC error object, or {code: 0} when the connection failed): {key, params}.
 * `context` may add what the words name ({when} a plan opens to everyone). */
export function errorMessage(error, context) {
  if (!error || typeof error !== "object") return { key: "error.general", params: {} };
  if (error.code === 0) return { key: error.timeout ? "error.timeout" : "error.offline", params: {} };
  const data = error.data || {};
  const params = Object.assign({}, context || {});
  if (data.reason === "invalid_params") {
    const field = FIELDS[data.field] || FIELDS[String(data.field || "").replace(/\[\d+\]/g, "").split(".")[0]];
    return { key: field ? "error.field." + field : "error.field", params: params };
  }
  if ((data.reason === "regulars_only" || data.reason === "held_back") && !params.when) {
    return { key: "error." + data.reason + "_now", params: params };
  }
  if (REASONS.includes(data.reason)) return { key: "error." + data.reason, params: params };
  if (error.code === -32003) return { key: "error.forbidden", params: params };
  if (error.code === -32001) return { key: "error.not_found", params: params };
  return { key: "error.general", params: params };
}
