// The connection's address and its first WebSocket: the page's inline script opens one in the head, before the
// modules load, and the connection takes it over as its first, in whatever state it is by then; every later
// connection opens its own.

import { afterEach, beforeEach, mock, test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./page.mjs";

const { createConnection, rpcUrl, takeEarlySocket } = await page("connection.js");

const PAGE = "http://192.168.1.20:8080/";
const RPC = "ws://192.168.1.20:8080/rpc";

/** A WebSocket as the browser's is, driven by the test: it records what is sent and opens or closes when told. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  open() { this.readyState = FakeSocket.OPEN; if (this.onopen) this.onopen(); }
  close() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    if (this.onclose) this.onclose();
  }
}

/** The page's first socket, as the inline script leaves it: made before the connection exists, in `state`. */
function earlySocket(state) {
  const socket = new FakeSocket(RPC);
  socket.readyState = state;
  FakeSocket.made = [];
  globalThis.window.gatherdSocket = socket;
  return socket;
}

/** A connection whose handlers record what they are told. */
function connection() {
  const told = [];
  const conn = createConnection({
    opened: async () => { told.push("opened"); },
    event: () => {},
    closed: () => told.push("closed"),
    waiting: () => told.push("waiting"),
    isTicking: () => false,
  });
  return { conn, told };
}

beforeEach(() => {
  mock.timers.enable({ apis: ["setInterval", "setTimeout"] });
  FakeSocket.made = [];
  globalThis.WebSocket = FakeSocket;
  globalThis.location = new URL(PAGE);
  globalThis.window = { location: globalThis.location, addEventListener: () => {} };
});

afterEach(() => mock.timers.reset());

test("rpc beside the page, ws: or wss: as the page came, without its query or fragment", () => {
  assert.equal(rpcUrl(PAGE + "?x=1#token=abc"), RPC);
  assert.equal(rpcUrl("https://example.org/gather/#signup=Q7"), "wss://example.org/gather/rpc");
});

test("the early socket is taken once, and one to another address is closed, not taken", () => {
  const socket = earlySocket(FakeSocket.CONNECTING);
  assert.equal(takeEarlySocket(globalThis.window), socket);
  assert.equal(takeEarlySocket(globalThis.window), null, "taken once");
  const elsewhere = earlySocket(FakeSocket.CONNECTING);
  globalThis.window.location = new URL("https://example.org/gather/");
  assert.equal(takeEarlySocket(globalThis.window), null);
  assert.equal(elsewhere.readyState, FakeSocket.CLOSED);
});

test("an early socket still connecting is the first connection: set up once it opens, and no other opened", async () => {
  const socket = earlySocket(FakeSocket.CONNECTING);
  const { conn, told } = connection();
  conn.start();
  assert.deepEqual(told, []);
  socket.open();
  assert.deepEqual(told, ["opened"]);
  conn.call("events.subscribe").catch(() => {});
  assert.deepEqual(socket.sent.map((m) => m.method), ["events.subscribe"]);
  assert.equal(FakeSocket.made.length, 0, "no second socket");
  assert.equal(globalThis.window.gatherdSocket, undefined);
});

test("an early socket that opened before the module ran is set up at once, once", () => {
  const socket = earlySocket(FakeSocket.OPEN);
  const { conn, told } = connection();
  conn.start();
  assert.deepEqual(told, ["opened"]);
  if (socket.onopen) socket.onopen();
  assert.deepEqual(told, ["opened"], "an open event still to come sets nothing up twice");
  assert.equal(FakeSocket.made.length, 0);
});

test("an early socket that closed before the module ran is a closed connection: offline, then a new one", () => {
  earlySocket(FakeSocket.CLOSED);
  const { conn, told } = connection();
  conn.start();
  assert.deepEqual(told, ["closed", "waiting"]);
  assert.equal(FakeSocket.made.length, 0, "the reconnect waits its backoff");
  mock.timers.tick(500);
  assert.equal(FakeSocket.made.length, 1);
  assert.equal(FakeSocket.made[0].url, RPC);
});

test("without an early socket, and after it, the connection opens its own", () => {
  const { conn, told } = connection();
  conn.start();
  assert.equal(FakeSocket.made.length, 1);
  FakeSocket.made[0].open();
  assert.deepEqual(told, ["opened"]);
  conn.restart();
  mock.timers.tick(0);
  assert.equal(FakeSocket.made.length, 2, "a restart opens a new one");
});
