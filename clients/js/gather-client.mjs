/**
 * A small client for gatherd: JSON-RPC 2.0 over its Unix socket, one JSON message per line.
 *
 * Node.js 18+, built-in modules only. Copy this one file next to your script:
 *
 *     import { GatherClient, WrongStateError } from './gather-client.mjs';
 *
 *     const gather = await GatherClient.connect();
 *     const ana = await gather.call('players.create', { name: 'Ana', position: 'ST' });
 *     try { await gather.call('timer.start'); }
 *     catch (error) { if (error instanceof WrongStateError) console.log(error.reason); else throw error; }
 *     const events = await gather.subscribe(['tick', 'score']);
 *     for await (const event of events) console.log(event.topic, event.params);
 *     gather.close();
 *
 * One client is one connection. Calls may be pipelined: each promise settles with its own reply.
 * Events are kept per subscription until the iterator takes them, so none are lost while you await a
 * call. Names and other text people typed (name, place, note, a team's name) come as gatherd holds them;
 * pass one through printable() before printing it to a terminal. The client never reconnects: after
 * ConnectionLostError (or OverflowError) connect again and subscribe again, which brings a fresh snapshot.
 *
 * @module gather-client
 */

import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * An error reply from gatherd, or (code null) a problem with the connection itself.
 * Test `code` and `reason`, never the message.
 */
export class GatherError extends Error {
  /**
   * @param {string} message the daemon's sentence
   * @param {{code?: number|null, data?: object|null, cause?: unknown}} [options]
   */
  constructor(message, { code = null, data = null, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    /** @type {number|null} the JSON-RPC error code */
    this.code = code;
    /** @type {object} the error's data object ({} when there is none) */
    this.data = data && typeof data === 'object' ? data : {};
    /** @type {string|null} data.reason, e.g. "no_active_gather" */
    this.reason = this.data.reason ?? null;
    /** @type {string|null} data.field: the offending param of an invalid-params error */
    this.field = this.data.field ?? null;
  }
}

/** -32001: no such player, gather or subscription. */
export class NotFoundError extends GatherError {}
/** -32002: not now, e.g. reason "no_active_gather" or "invalid_transition". */
export class WrongStateError extends GatherError {}
/** -32003: this peer may read and subscribe, but not change the match. */
export class ForbiddenError extends GatherError {}
/** -32602: a param is missing, unknown, of the wrong type or refused by a rule; see `field`. */
export class InvalidParamsError extends GatherError {}
/** -32601: the daemon has no such method. */
export class MethodNotFoundError extends GatherError {}
/** -32600: not a valid request, e.g. reason "line_too_long" (the daemon then hangs up). */
export class InvalidRequestError extends GatherError {}
/** -32700: the daemon could not parse what it was sent. */
export class ParseError extends GatherError {}
/**
 * -32603: the daemon failed; its log says why. Reason "storage_unavailable": its database cannot be written
 * (full disk; data.cause says why); nothing changed, and the call may be retried later.
 */
export class InternalError extends GatherError {}
/** The connection closed: the daemon stopped or hung up, or the client was closed. */
export class ConnectionLostError extends GatherError {}
/** The daemon dropped the connection because a subscription fell too far behind (events.overflow). */
export class OverflowError extends ConnectionLostError {}
/** Nothing answers on the socket: the daemon is not running, or the path is wrong. */
export class UnreachableError extends GatherError {}

const ERRORS = new Map([
  [-32001, NotFoundError], [-32002, WrongStateError], [-32003, ForbiddenError],
  [-32602, InvalidParamsError], [-32601, MethodNotFoundError], [-32600, InvalidRequestError],
  [-32700, ParseError], [-32603, InternalError],
]);

function errorFromReply(error) {
  const body = error && typeof error === 'object' ? error : {};
  const Type = ERRORS.get(body.code) ?? GatherError;
  return new Type(body.message || 'gatherd refused the request.', { code: body.code ?? null, data: body.data });
}

/**
 * `text` as it may be printed: each control or formatting character (Unicode categories Cc, Cf, Zl, Zp:
 * escape codes, line breaks, zero-width spaces, direction overrides) as a visible `\u{1B}`-style escape, as
 * gatherctl shows it, so that a name cannot clear or retitle a terminal, start a line of its own or reverse
 * the text after it.
 * @param {string} text
 * @returns {string}
 */
export function printable(text) {
  return text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) => `\\u{${char.codePointAt(0).toString(16).toUpperCase()}}`);
}

/**
 * The socket to use: the argument, else $GATHERD_SOCKET, else the daemon's default
 * (/run/gatherd/gatherd.sock for root, $XDG_RUNTIME_DIR/gatherd/gatherd.sock for anyone else).
 * @param {string} [socketPath]
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function defaultSocketPath(socketPath, env = process.env) {
  if (socketPath) return String(socketPath);
  if (env.GATHERD_SOCKET) return env.GATHERD_SOCKET;
  if (process.geteuid?.() === 0) return '/run/gatherd/gatherd.sock';
  const runtime = env.XDG_RUNTIME_DIR || `/run/user/${os.userInfo().uid}`;
  return path.join(runtime, 'gatherd', 'gatherd.sock');
}

/**
 * @typedef {object} Event
 * @property {string} topic  tick, score, timer, gather or players
 * @property {number} seq    the daemon's event counter
 * @property {object} params the whole params (subscription, seq and the topic's fields)
 */

/**
 * The events of one events.subscribe, as an async iterator of {@link Event}s.
 * Iteration waits for the next event, ends with OverflowError or ConnectionLostError when the
 * connection ends (after every event that arrived before), and stops after close().
 */
export class Subscription {
  #client; #queue = []; #waiters = []; #ended = false; #error = null;

  /** @internal */
  constructor(client, result, topics) {
    this.#client = client;
    /** @type {number} the subscription id */
    this.id = result.subscription;
    /** @type {number} the daemon's seq at the snapshot: later events have a higher seq */
    this.seq = result.seq;
    /** @type {{gather: object|null, score: object|null, timer: object|null}} the state at seq */
    this.snapshot = result.snapshot;
    /** @type {string[]|null} the topics asked for (null: all) */
    this.topics = topics ?? null;
    /** @type {number} the seq of the latest event handed out */
    this.lastSeq = result.seq;
  }

  /** How many events have arrived and not been handed out yet. */
  get pending() { return this.#queue.length; }

  /** Whether the iterator has ended (closed, or the connection is gone). */
  get ended() { return this.#ended; }

  /** @returns {Promise<IteratorResult<Event>>} */
  next() {
    if (this.#queue.length) return Promise.resolve(this.#take());
    if (this.#ended) return this.#finish();
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Leaving a for-await loop closes the subscription. */
  async return() {
    await this.close();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator]() { return this; }

  /** Unsubscribe (when the connection is still up), drop unread events and end the iterator. */
  async close() {
    if (this.#ended && !this.#client._owns(this)) return;
    this.#queue.length = 0;
    this._end(null);
    if (this.#client._release(this)) {
      try {
        await this.#client.call('events.unsubscribe', { subscription: this.id });
      } catch (error) {
        if (!(error instanceof NotFoundError || error instanceof ConnectionLostError)) throw error;
      }
    }
  }

  #take() {
    const event = this.#queue.shift();
    this.lastSeq = event.seq;
    return { value: event, done: false };
  }

  #finish() {
    const error = this.#error;
    this.#error = null; // an error is raised once, then the iterator is simply done
    return error ? Promise.reject(error) : Promise.resolve({ value: undefined, done: true });
  }

  /** @internal */
  _push(event) {
    if (this.#ended) return;
    const waiter = this.#waiters.shift();
    if (waiter) { this.lastSeq = event.seq; waiter.resolve({ value: event, done: false }); } else this.#queue.push(event);
  }

  /** @internal */
  _end(error) {
    if (this.#ended) return;
    this.#ended = true;
    this.#error = error;
    for (const waiter of this.#waiters.splice(0)) this.#finish().then(waiter.resolve, waiter.reject);
  }
}

/** One connection to gatherd. Make one with {@link GatherClient.connect}. */
export class GatherClient {
  #socket; #buffer = ''; #nextId = 1; #pending = new Map(); #subscriptions = new Map();
  #lost = null; #closing = false; #overflow = null; #closed;

  /** @internal use GatherClient.connect() */
  constructor(socket, socketPath) {
    /** @type {string} the socket this client is connected to */
    this.socketPath = socketPath;
    this.#socket = socket;
    this.#closed = new Promise((resolve) => socket.once('close', resolve));
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => this.#receive(chunk));
    socket.on('error', (error) => { this.#lost ??= error; });
    socket.on('close', () => this.#shutdown());
  }

  /**
   * Connect to gatherd; rejects with UnreachableError when nothing answers.
   * @param {string} [socketPath] default: $GATHERD_SOCKET, then the daemon's default for this user
   * @returns {Promise<GatherClient>}
   */
  static connect(socketPath) {
    const where = defaultSocketPath(socketPath);
    return new Promise((resolve, reject) => {
      const socket = net.createConnection({ path: where });
      const fail = (error) => {
        socket.destroy();
        reject(new UnreachableError(`Cannot reach gatherd at ${where}: ${error.code || error.message}.`,
          { data: { socket: where, errno: error.code ?? null }, cause: error }));
      };
      socket.once('error', fail);
      socket.once('connect', () => {
        socket.off('error', fail);
        resolve(new GatherClient(socket, where));
      });
    });
  }

  /** Whether the connection is gone (closed, or lost). */
  get closed() { return this.#socket.destroyed; }

  /**
   * Call `method` with by-name params; resolves with its result, rejects with its GatherError
   * subclass, or ConnectionLostError when the connection ends first.
   * @param {string} method
   * @param {object} [params]
   * @returns {Promise<any>}
   */
  call(method, params = {}) {
    return this.#request(method, params, (result) => result);
  }

  /**
   * Send `method` as a notification: it runs, and nothing comes back, not even an error.
   * @param {string} method
   * @param {object} [params]
   * @throws {ConnectionLostError} when the connection is gone
   */
  notify(method, params = {}) {
    if (this.closed) throw this.#lostError();
    this.#send({ jsonrpc: '2.0', method, params });
  }

  /**
   * Subscribe to `topics` (default all: tick, score, timer, gather, players).
   * @param {string[]|string} [topics]
   * @returns {Promise<Subscription>}
   */
  subscribe(topics) {
    const list = topics === undefined || topics === null ? null : [].concat(topics);
    // The subscription exists as soon as the reply is read, so events read in the same chunk are kept.
    return this.#request('events.subscribe', list ? { topics: list } : {}, (result) => {
      const subscription = new Subscription(this, result, list);
      this.#subscriptions.set(subscription.id, subscription);
      return subscription;
    });
  }

  /**
   * Close the connection. Pending calls reject with ConnectionLostError; subscriptions end.
   * @returns {Promise<void>} settles once the socket is closed
   */
  close() {
    this.#closing = true;
    this.#socket.destroy();
    return this.#closed.then(() => undefined);
  }

  /** @internal */
  _owns(subscription) { return this.#subscriptions.get(subscription.id) === subscription; }

  /** @internal forget a subscription; true when the daemon should be told */
  _release(subscription) {
    return this._owns(subscription) && this.#subscriptions.delete(subscription.id) && !this.closed;
  }

  #request(method, params, onResult) {
    if (this.closed) return Promise.reject(this.#lostError());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onResult });
      try {
        this.#send({ jsonrpc: '2.0', id, method, params });
      } catch (error) {
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  #send(message) {
    this.#socket.write(JSON.stringify(message) + '\n');
  }

  #receive(chunk) {
    this.#buffer += chunk;
    let start = 0;
    for (let end; (end = this.#buffer.indexOf('\n', start)) !== -1; start = end + 1) {
      const line = this.#buffer.slice(start, end).trim(); // trim drops the "\r" of "\r\n"
      if (!line) continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch (error) {
        this.#lost = new ConnectionLostError(`gatherd at ${this.socketPath} sent a line that is not JSON.`, { cause: error });
        this.#socket.destroy();
        return;
      }
      this.#dispatch(message);
    }
    this.#buffer = this.#buffer.slice(start);
  }

  #dispatch(message) {
    if (!message || typeof message !== 'object' || Array.isArray(message)) return;
    if (typeof message.method === 'string' && message.id === undefined) return this.#event(message);
    // Replies come in request order, so an id-less error (line_too_long) answers the oldest call.
    const id = message.id ?? (message.error ? this.#pending.keys().next().value : undefined);
    const call = this.#pending.get(id);
    if (!call) return;
    this.#pending.delete(id);
    if (message.error !== undefined) return call.reject(errorFromReply(message.error));
    try {
      call.resolve(call.onResult(message.result ?? null));
    } catch (error) {
      call.reject(error); // a malformed events.subscribe result
    }
  }

  #event({ method, params }) {
    const subscription = this.#subscriptions.get(params?.subscription);
    if (!subscription) return; // closed locally, its unsubscribe still on its way
    if (method === 'events.overflow') {
      this.#overflow = new OverflowError(params.message || 'The subscription fell too far behind.', { data: params });
      this.#subscriptions.delete(subscription.id);
      subscription._end(this.#overflow);
      return;
    }
    subscription._push({ topic: method, seq: params.seq, params });
  }

  #lostError() {
    if (this.#closing) return new ConnectionLostError(`The connection to gatherd at ${this.socketPath} was closed.`);
    const cause = this.#lost ?? this.#overflow ?? undefined;
    return new ConnectionLostError(`gatherd closed the connection at ${this.socketPath}.`, { cause });
  }

  #shutdown() {
    const error = this.#lostError();
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
    for (const subscription of this.#subscriptions.values()) subscription._end(this.#closing ? null : error);
    this.#subscriptions.clear();
  }
}
