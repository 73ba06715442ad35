// Routing by the URL's fragment, so that any link works in any tab and the back button goes back:
//
//   #signup=CODE   a plan's sign-up view            #vote=CODE    a gather's man-of-the-match vote
//   #token=TOKEN   the control link (taken out of the address bar at once, kept for the tab)
//   #pair=CODE     a pairing link (taken out of the address bar at once: it works once, pairing.js exchanges it)
//   #ratings       the view-only board with the ratings
//   #start, #start=PLAN, #plan=new, #plan=PLAN, #checkin=PLAN, #weekly, #players, #money: the referee's views
//   between matches
//
// Parts are joined with "&" ("#ratings&plan=new"). The fragment never reaches the server.

const TOKEN_KEY = "gatherd.token";
const PANELS = ["start", "plan", "checkin", "weekly", "players", "money", "devices"];

/** The route a fragment names: {view, code, token, pair, ratings, panel}; `panel` is {name, id} or null, `id` a
 * plan's id or null (a new plan, or a start without one); `pair` a pairing link's code or null. */
export function parseHash(hash) {
  const route = { view: "board", code: null, token: null, pair: null, ratings: false, panel: null };
  for (const part of String(hash || "").replace(/^#/, "").split("&")) {
    const [name, ...rest] = part.split("=");
    const value = rest.join("=");
    if ((name === "signup" || name === "vote") && /^[A-Za-z0-9_-]+$/.test(value)) {
      route.view = name;
      route.code = value;
    } else if (name === "token" && value) {
      try { route.token = decodeURIComponent(value); } catch (error) { route.token = value; }
    } else if (name === "pair" && value) {
      try { route.pair = decodeURIComponent(value); } catch (error) { route.pair = value; }
    } else if (name === "ratings" && ["", "show", "on", "1"].includes(value)) {
      route.ratings = true;
    } else if (PANELS.includes(name)) {
      const id = /^\d+$/.test(value) ? Number(value) : null;
      route.panel = { name: name, id: id };
    }
  }
  return route;
}

/** The fragment of a route, without its token or pairing code: "" for the plain board. */
export function formatHash(route) {
  const parts = [];
  if (route.view !== "board" && route.code) parts.push(route.view + "=" + route.code);
  if (route.ratings) parts.push("ratings");
  if (route.panel) {
    const id = route.panel.id != null ? String(route.panel.id) : route.panel.name === "plan" ? "new" : "";
    parts.push(route.panel.name + (id ? "=" + id : ""));
  }
  return parts.length ? "#" + parts.join("&") : "";
}

/** Whether two routes show the same thing (their tokens and pairing codes aside). */
export function sameRoute(a, b) { return formatHash(a) === formatHash(b); }

/**
 * Follows `win`'s address (a window: location, history, sessionStorage and its events): calls `changed(route)`
 * with the route at start and at every change (a link opened in this tab, back and forward), `token(token)` when
 * a control link brings a token, which leaves the address bar at once and stays in the tab's storage, and
 * `pair(code)` when a pairing link brings its code, which leaves the address bar at once (the code works once).
 */
export function createRouter(win, changed, token, pair) {
  let current = null;
  const address = () => win.location.pathname + win.location.search;

  function read() {
    const route = parseHash(win.location.hash);
    if (route.token !== null) {
      try { win.sessionStorage.setItem(TOKEN_KEY, route.token); } catch (error) { /* kept in memory only */ }
      win.history.replaceState(win.history.state, "", address() + formatHash(route));
      token(route.token);
      route.token = null;
    }
    if (route.pair !== null) {
      win.history.replaceState(win.history.state, "", address() + formatHash(route));
      if (pair) pair(route.pair);
      route.pair = null;
    }
    if (current && sameRoute(current, route)) return;
    current = route;
    changed(route);
  }

  win.addEventListener("hashchange", read);
  win.addEventListener("popstate", read);
  read();

  return {
    /** The route shown now. */
    route: () => current,
    /** Shows `route`, as a new entry in the history: the back button comes back here. */
    go(route) {
      win.history.pushState({ page: true }, "", address() + formatHash(route));
      read();
    },
    /** Shows `route` in place of the route shown (the same entry in the history). */
    replace(route) {
      win.history.replaceState(win.history.state, "", address() + formatHash(route));
      read();
    },
    /** Leaves the route the page opened (a view closed): back through the history when the page made that entry,
     * else the same entry replaced by `route`. */
    leave(route) {
      if (win.history.state && win.history.state.page) { win.history.back(); return; }
      win.history.replaceState(null, "", address() + formatHash(route));
      read();
    },
  };
}

/** The control token this tab keeps (from a control link opened in it), or null. */
export function keptToken(win) {
  let token = typeof win.gatherdToken === "string" ? win.gatherdToken : null;
  delete win.gatherdToken;
  if (token === null) {
    try { token = win.sessionStorage.getItem(TOKEN_KEY); } catch (error) { token = null; }
  }
  return token || null;
}

/** Forgets the tab's control token (refused by gatherd). */
export function forgetToken(win) {
  try { win.sessionStorage.removeItem(TOKEN_KEY); } catch (error) { /* nothing kept */ }
}
