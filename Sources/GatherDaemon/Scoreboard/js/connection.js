// The connection: JSON-RPC 2.0 over a WebSocket on the page's own origin, one message per text frame, with
// reconnects and a watch for a connection that went silent (docs/scoreboard.md, "Offline and reconnecting").

import { localNow } from "./clock.js";

const RPC_TIMEOUT_MS = 8000;
const BACKOFF_MIN_MS = 500, BACKOFF_MAX_MS = 10000;

/** rpc beside the page: at the root that is /rpc; behind a reverse proxy that serves the page under a path
 * (https://example.org/gather/), /gather/rpc. wss: when the page came over https:. */
export function rpcUrl(href) {
  const url = new URL("rpc", href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  url.hash = "";
  return url.href;
}

/** The next reconnect's delay for the `attempt`th try: 0.5 s, 1 s, 2 s, … up to 10 s, each between half and all of
 * its step (`random` in [0, 1)), so that a pitch full of phones does not reconnect in step. */
export function backoff(attempt, random) {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * Math.pow(2, attempt));
  return base / 2 + random * base / 2;
}

/**
 * A connection that reconnects for as long as the page is open. `handlers` holds the callbacks: `opened(isCurrent)`,
 * async, sets a new connection up (its rejection closes it); `event(method, params)` for each notification;
 * `closed()` when it closes; `waiting()` while a reconnect waits; `isTicking()`, whether a tick is due every second.
 */
export function createConnection(handlers) {
  let ws = null, nextId = 1, pending = new Map(), attempt = 0, reconnectTimer = null;
  let lastMessageAt = 0, generation = 0, online = false, pinging = false;

  /** Sends a request; resolves with its result, rejects with its error ({code: 0} offline or after 8 s). */
  function call(method, params) {
    return new Promise((resolve, reject) => {
      if (!ws || ws.readyState !== WebSocket.OPEN) { reject({ code: 0, offline: true }); return; }
      const id = nextId++;
      const message = { jsonrpc: "2.0", id: id, method: method };
      if (params !== undefined) message.params = params;
      const timer = setTimeout(() => { if (pending.delete(id)) reject({ code: 0, timeout: true }); }, RPC_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      ws.send(JSON.stringify(message));
    });
  }

  function onMessage(event) {
    lastMessageAt = localNow();
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    for (const m of Array.isArray(msg) ? msg : [msg]) {
      if (!m || typeof m !== "object") continue;
      if (typeof m.method === "string" && m.id === undefined) {
        handlers.event(m.method, m.params || {});
      } else if (m.id != null && pending.has(m.id)) {
        const p = pending.get(m.id);
        pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.error) p.reject(m.error); else p.resolve(m.result);
      }
    }
  }

  function failPending() {
    for (const p of pending.values()) { clearTimeout(p.timer); p.reject({ code: 0, closed: true }); }
    pending = new Map();
  }

  function connect() {
    reconnectTimer = null;
    const mine = ++generation;
    let socket;
    try { socket = new WebSocket(rpcUrl(location.href)); } catch (e) { scheduleReconnect(); return; }
    ws = socket;
    const isCurrent = () => mine === generation;
    socket.onopen = () => {
      lastMessageAt = localNow();
      handlers.opened(isCurrent).catch(() => { if (isCurrent() && socket.readyState === WebSocket.OPEN) socket.close(); });
    };
    socket.onmessage = (event) => { if (isCurrent()) onMessage(event); };
    socket.onclose = () => {
      if (!isCurrent()) return;
      ws = null;
      online = false;
      failPending();
      handlers.closed();
      scheduleReconnect();
    };
    socket.onerror = () => { /* onclose follows */ };
  }

  function scheduleReconnect(delay) {
    if (reconnectTimer) return;
    reconnectTimer = setTimeout(connect, delay === undefined ? backoff(attempt, Math.random()) : delay);
    attempt = Math.min(attempt + 1, 16);
    handlers.waiting();
  }

  function reconnectNow() {
    if (online) return;
    if (reconnectTimer) { clearTimeout(reconnectTimer); reconnectTimer = null; }
    if (!ws) connect();
  }

  // A phone that lost the network sees no close: a running clock ticks every second, so four seconds without a
  // message means the connection is gone; otherwise a ping after 15 quiet seconds.
  function watchSilence() {
    if (!ws || !online) return;
    const ticking = handlers.isTicking();
    const silence = localNow() - lastMessageAt;
    if (ticking && silence > 4000) { ws.close(); return; }
    if (!ticking && silence > 15000 && !pinging) {
      const socket = ws;
      pinging = true;
      call("daemon.ping").catch(() => { if (socket === ws) socket.close(); }).finally(() => { pinging = false; });
    }
  }

  return {
    call,
    /** Connects, and keeps connecting. */
    start() {
      window.addEventListener("online", reconnectNow);
      setInterval(watchSilence, 1000);
      connect();
    },
    /** The connection is set up (subscribed): the backoff starts over, and silence is watched from now on. */
    connected() { online = true; attempt = 0; },
    /** Ends this connection and opens a new one at once (the page's credentials changed: a link opened in it). */
    restart() {
      if (ws) { const socket = ws; ws = null; online = false; generation++; failPending(); socket.close(); }
      if (reconnectTimer) { clearTimeout(reconnectTimer); reconnectTimer = null; }
      handlers.closed();
      scheduleReconnect(0);
    },
    /** Ends this connection; the next one follows as after any close (with backoff). */
    drop() { if (ws) ws.close(); },
  };
}
