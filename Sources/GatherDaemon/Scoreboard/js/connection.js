// The connection: JSON-RPC 2.0 over a WebSocket on the page's own origin, one message per text frame, with
// reconnects and a watch for a connection that went silent (docs/scoreboard.md, "Offline and reconnecting").

import { localNow } from "./clock.js";

const RPC_TIMEOUT_MS = 8000;
const BACKOFF_MIN_MS = 500, BACKOFF_MAX_MS = 10000;

let handlers = null;
let ws = null;
let nextId = 1;
let pending = new Map();
let attempt = 0;
let reconnectTimer = null;
let lastMessageAt = 0;
let connection = 0;
let online = false;
let pinging = false;

// rpc beside the page: at the root that is /rpc; behind a reverse proxy that serves the page under a path
// (https://example.org/gather/), /gather/rpc. wss: when the page came over https:.
function rpcUrl() {
  const url = new URL("rpc", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  url.hash = "";
  return url.href;
}

/** Sends a request; resolves with its result, rejects with its error (or {code: 0} offline or after 8 s). */
export function call(method, params) {
  return new Promise((resolve, reject) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) { reject({ code: 0, message: "The scoreboard is offline." }); return; }
    const id = nextId++;
    const message = { jsonrpc: "2.0", id: id, method: method };
    if (params !== undefined) message.params = params;
    const timer = setTimeout(() => {
      if (pending.delete(id)) reject({ code: 0, message: "The daemon did not answer in time." });
    }, RPC_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    ws.send(JSON.stringify(message));
  });
}

function onMessage(event) {
  lastMessageAt = localNow();
  let msg;
  try { msg = JSON.parse(event.data); } catch (e) { return; }
  const messages = Array.isArray(msg) ? msg : [msg];
  for (const m of messages) {
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
  for (const p of pending.values()) { clearTimeout(p.timer); p.reject({ code: 0, message: "The connection closed." }); }
  pending = new Map();
}

/** The connection is set up (subscribed): the backoff starts over, and silence is watched from now on. */
export function connected() {
  online = true;
  attempt = 0;
}

/** Ends the current connection; a new one follows, as after any close. */
export function restart() {
  if (ws) ws.close();
}

function connect() {
  reconnectTimer = null;
  const mine = ++connection;
  let socket;
  try { socket = new WebSocket(rpcUrl()); } catch (e) { scheduleReconnect(); return; }
  ws = socket;
  const isCurrent = () => mine === connection;
  socket.onopen = () => {
    lastMessageAt = localNow();
    handlers.opened(isCurrent).catch(() => {
      if (isCurrent() && socket.readyState === WebSocket.OPEN) socket.close();
    });
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

function scheduleReconnect() {
  if (reconnectTimer) return;
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * Math.pow(2, attempt));
  attempt = Math.min(attempt + 1, 16);
  const delay = base / 2 + Math.random() * base / 2;   // jitter: half to all of the step
  reconnectTimer = setTimeout(connect, delay);
  handlers.waiting();
}

function reconnectNow() {
  if (online) return;
  if (reconnectTimer) { clearTimeout(reconnectTimer); reconnectTimer = null; }
  if (ws) return;
  connect();
}

// A connection that went silent (a phone that lost the network sees no close): a running clock ticks every
// second, so four seconds without a message means it is gone; otherwise ping now and then.
function watchSilence() {
  if (!ws || !online) return;
  const ticking = handlers.isTicking();
  const silence = localNow() - lastMessageAt;
  if (ticking && silence > 4000) { ws.close(); return; }
  if (!ticking && silence > 15000 && !pinging) {
    const socket = ws;
    pinging = true;
    call("daemon.ping")
      .catch(() => { if (socket === ws) socket.close(); })
      .finally(() => { pinging = false; });
  }
}

/**
 * Connects, and reconnects for as long as the page is open. `with_` holds the callbacks: `opened(isCurrent)`, async,
 * sets the new connection up (its rejection closes it); `event(method, params)` for each notification; `closed()`
 * when it closes; `waiting()` while a reconnect waits; `isTicking()`, whether a tick is due every second.
 */
export function start(with_) {
  handlers = with_;
  window.addEventListener("online", reconnectNow);
  setInterval(watchSilence, 1000);
  connect();
}
