// The rules of the page's commands (pure functions): the key that makes a request count once, what a command was
// made against, whether a command kept while offline still makes sense when the connection is back, and the
// pending commands as a list the page keeps.

const MATCH = ["score.goal", "score.undo", "timer.start", "timer.pause", "timer.resume", "timer.addTime",
  "timer.endPeriod", "gather.assign", "gather.end"];
/** How long a command may wait for the connection: gatherd remembers a key for 24 hours. */
export const QUEUE_LIMIT_MS = 12 * 3600 * 1000;

/** A random key of 22 characters from [A-Za-z0-9_-] (128 bits, base64url), from `bytes`, 16 random bytes. */
export function keyFrom(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What the start/pause button sends for a clock in this state: a command that says what it means, so that one
 * sent late cannot do the opposite; null when the clock cannot change. */
export function toggleMethod(timer) {
  if (!timer || timer.state === "finished") return null;
  return { running: "timer.pause", paused: "timer.resume" }[timer.state] || "timer.start";
}

/** The credential a command is sent with: "control", or the code of the link the page shows. */
export function accessOf(state) {
  if (state.connection.control) return "control";
  return state.route.code ? state.route.view + ":" + state.route.code : "none";
}

/** What a command was made against: the gather, the clock's state and period, the last goal, the plan. */
export function contextOf(method, params, state) {
  const match = state.match;
  const context = {};
  if (MATCH.includes(method)) {
    context.gather = match.gather ? match.gather.id : null;
    context.timer = match.timer ? match.timer.state : null;
    context.period = match.timer ? match.timer.period : null;
  }
  if (method === "score.undo") {
    const last = match.goals.filter((g) => g.kind !== "correction").pop();
    context.goal = last ? last.at : null;
  }
  return context;
}

/** Why a kept command no longer makes sense in `state` (a catalog key: "dropped.ended", …), or null to send it.
 * `now` is the time in milliseconds. */
export function whyStale(command, state, now) {
  if (now - command.at > QUEUE_LIMIT_MS) return "dropped.old";
  const match = state.match, context = command.context || {};
  if (MATCH.includes(command.method)) {
    if (!match.gather || match.gather.id !== context.gather) return "dropped.ended";
    const timer = match.timer ? match.timer.state : null;
    const wants = { "timer.pause": ["running"], "timer.resume": ["paused"], "timer.start": ["stopped", "break"] }[command.method];
    if (wants && !wants.includes(timer)) return "dropped.clock";
    if (command.method === "timer.addTime" && (match.timer || {}).period !== context.period) return "dropped.clock";
    if (command.method === "score.undo") {
      const last = match.goals.filter((g) => g.kind !== "correction").pop();
      if (!last || last.at !== context.goal) return "dropped.score";
    }
  }
  if (command.method === "plan.join" || command.method === "plan.leave") {
    const link = state.lists.link && state.lists.link.signUp;
    const open = state.lists.plans[command.params.plan];
    if (!open || (link && link.plan === command.params.plan && link.closed)) return "dropped.plan";
  }
  if (command.method === "vote.cast") {
    const vote = state.lists.vote;
    if (vote && vote.gather === command.params.gather && vote.status !== "open") return "dropped.vote";
  }
  return null;
}

/** The commands after `action`: added, being sent, back to waiting, or gone (confirmed, refused or dropped). */
export function reduceQueue(queue, action) {
  switch (action.type) {
    case "queue/add": return queue.concat([Object.assign({ sending: false }, action.command)]);
    case "queue/sending":
    case "queue/waiting": {
      const sending = action.type === "queue/sending";
      return queue.map((c) => (c.key === action.key && c.sending !== sending ? Object.assign({}, c, { sending }) : c));
    }
    case "queue/done": return queue.filter((c) => c.key !== action.key);
    case "queue/restore": {
      const known = new Set(queue.map((c) => c.key));
      return queue.concat(action.commands.filter((c) => !known.has(c.key)).map((c) => Object.assign({}, c, { sending: false })));
    }
    default: return queue;
  }
}

/** The commands as kept on the phone (localStorage), without what only this page's moment knows. */
export function keptQueue(queue) {
  return JSON.stringify(queue.map((c) => ({ key: c.key, method: c.method, params: c.params, access: c.access,
    context: c.context, label: c.label, at: c.at })));
}

/** The commands kept on the phone, from keptQueue's text; [] for anything else. */
export function readQueue(text) {
  try {
    const list = JSON.parse(text || "[]");
    return Array.isArray(list) ? list.filter((c) => c && typeof c.key === "string" && typeof c.method === "string") : [];
  } catch (error) {
    return [];
  }
}
