// The page's state, whole, and the one reducer that changes it: the route (what the address shows), the language,
// the connection, this phone's pairing, the match, the lists (roster, plans, history, this link's plan or vote), the
// pending commands, the notices, and each view's own state while it is open.

import { reduceQueue } from "./commandrules.js";
import { initialLists, reduceLists } from "./liststate.js";
import { initialMatch, reduceMatch } from "./matchstate.js";
import { initialPairing, reducePairing, revokedNoticesOnControl, revokedNoticesOnPaired } from "./pairingrules.js";
import { parseHash } from "./router.js";

/** The state before anything is known. */
export function initialState() {
  return {
    route: parseHash(""),
    lang: { tag: "en", t: null, f: null },
    connection: { status: "connecting", control: false, session: 0 },
    pairing: initialPairing(),
    match: initialMatch(),
    lists: initialLists(),
    queue: [],
    notices: { error: null, success: null, seq: 0 },
    views: {},
  };
}

/** A notice: `tone` "error" (role=alert) or "success" (role=status), its catalog key and params, and its `cause`:
 * what clears it once it ends ("connection", "auth", "action", …). */
function reduceNotices(notices, action, connection) {
  switch (action.type) {
    case "notice": {
      const notice = { key: action.key, params: action.params || {}, cause: action.cause || "action", n: notices.seq + 1 };
      return Object.assign({}, notices, { [action.tone || "error"]: notice, seq: notices.seq + 1 });
    }
    case "notice/clear": {
      const keep = (n) => (n && (action.cause ? n.cause !== action.cause : action.n !== undefined && n.n !== action.n) ? n : null);
      const next = { error: keep(notices.error), success: keep(notices.success), seq: notices.seq };
      return next.error === notices.error && next.success === notices.success ? notices : next;
    }
    case "connection":
      // Back online: the notices that said it was not are over.
      if (action.status === "online" && connection.status !== "online") {
        return reduceNotices(notices, { type: "notice/clear", cause: "connection" }, connection);
      }
      return notices;
    case "control":
      return revokedNoticesOnControl(notices, action.control);
    case "pairing/paired":
      return revokedNoticesOnPaired(notices);
    default:
      return notices;
  }
}

function reduceConnection(connection, action) {
  switch (action.type) {
    case "connection": {
      const online = action.status === "online";
      return Object.assign({}, connection, { status: action.status,
        session: online && connection.status !== "online" ? connection.session + 1 : connection.session });
    }
    case "control": return Object.assign({}, connection, { control: action.control });
    default: return connection;
  }
}

/** A view's own state: `{type: "view", view: "setup", patch: {...}}` merges the patch into it; `patch: null` closes
 * it (forgets it). */
function reduceViews(views, action) {
  if (action.type !== "view") return views;
  const next = Object.assign({}, views);
  if (action.patch === null) delete next[action.view];
  else next[action.view] = Object.assign({}, views[action.view], action.patch);
  return next;
}

/** The state after `action`. */
export function reduce(state, action) {
  const next = {
    route: action.type === "route" ? action.route : state.route,
    lang: action.type === "lang" ? { tag: action.tag, t: action.t, f: action.f } : state.lang,
    connection: reduceConnection(state.connection, action),
    pairing: reducePairing(state.pairing, action),
    match: reduceMatch(state.match, action),
    lists: reduceLists(state.lists, action),
    queue: reduceQueue(state.queue, action),
    notices: reduceNotices(state.notices, action, state.connection),
    views: reduceViews(state.views, action),
  };
  for (const key of Object.keys(next)) if (next[key] !== state[key]) return next;
  return state;
}
