// Tests for gather-client.mjs: `node --test clients/js/` (Node 18+).
//
// The first suite starts a real gatherd (GATHERD_BIN, default <repo>/.build/debug/gatherd) in a temporary
// folder; the second feeds a client hand-cut chunks through a scripted socket to pin down framing,
// overflow and connection loss exactly.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ConnectionLostError, GatherClient, GatherError, InvalidParamsError, InvalidRequestError, MethodNotFoundError,
  NotFoundError, OverflowError, UnreachableError, WrongStateError, defaultSocketPath, printable,
} from './gather-client.mjs';

const HERE = path.dirname(decodeURIComponent(new URL(import.meta.url).pathname));
const BIN = process.env.GATHERD_BIN || path.resolve(HERE, '../../.build/debug/gatherd');
const QUICK = { timeout: 10000 }; // every test has a deadline, so a bug fails instead of hanging

/** Rejects with `error` unless `promise` settles within `ms`: a deadline, never a synchronisation. */
function within(ms, promise, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The reason and field of a refusal, for assert.rejects. */
function refusal(Type, code, reason, field = null) {
  return (error) => {
    assert.ok(error instanceof Type, `expected ${Type.name}, got ${error?.name}: ${error?.message}`);
    assert.ok(error instanceof GatherError);
    assert.equal(error.code, code);
    assert.equal(error.reason, reason);
    assert.equal(error.field, field);
    assert.match(error.message, /\S/);
    return true;
  };
}

describe('against a real gatherd', () => {
  let dir, socketPath, daemon, exited, stderr = '';
  const clients = new Set();
  const children = new Set();

  async function connect() {
    const client = await GatherClient.connect(socketPath);
    clients.add(client);
    return client;
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gather-client-js-'));
    socketPath = path.join(dir, 'gatherd.sock');
    daemon = spawn(BIN, ['--socket', socketPath, '--database', path.join(dir, 'gather.sqlite'), '--log-level', 'warning'],
      { stdio: ['ignore', 'ignore', 'pipe'] });
    daemon.stderr.setEncoding('utf8').on('data', (text) => { stderr += text; });
    exited = new Promise((resolve) => {
      daemon.once('exit', (code, signal) => resolve({ code, signal }));
      daemon.once('error', (error) => resolve({ code: null, signal: null, error }));
    });
    // Ready when a connection answers; retry until a deadline, failing early if the daemon dies.
    const deadline = Date.now() + 15000;
    let gone = null;
    exited.then((status) => { gone = status; });
    for (;;) {
      if (gone) throw new Error(`gatherd (${BIN}) exited before it was ready: ${gone.error?.message ?? stderr}`);
      try {
        const client = await connect();
        assert.deepEqual(await client.call('daemon.ping'), { pong: true });
        await client.close();
        return;
      } catch (error) {
        if (!(error instanceof UnreachableError) || Date.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 20)); // polling interval before the next try
    }
  });

  after(async () => {
    await Promise.all([...clients].map((client) => client.close()));
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (daemon && daemon.exitCode === null && daemon.signalCode === null) {
      daemon.kill('SIGTERM');
      const status = await within(5000, exited, 'gatherd stopping').catch(() => null);
      if (!status) { daemon.kill('SIGKILL'); await exited; }
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a call returns its result', QUICK, async () => {
    const client = await connect();
    assert.deepEqual(await client.call('daemon.ping'), { pong: true });
    const status = await client.call('daemon.status');
    assert.equal(status.pid, daemon.pid);
    assert.equal(status.gather, null);
    const ana = await client.call('players.create', { name: 'Ana', position: 'st', age: 27 });
    assert.deepEqual(await client.call('players.get', { id: ana.id }),
      { id: ana.id, name: 'Ana', age: 27, position: 'striker', positionAcronym: 'ST', skill: null, favouriteTeam: null,
        regular: false, confirmed: true });
    await client.close();
    assert.ok(client.closed);
  });

  test('refusals surface as typed errors with their reason and field', QUICK, async () => {
    const client = await connect();
    await assert.rejects(client.call('players.get', { id: 999999 }), refusal(NotFoundError, -32001, 'player_not_found'));
    await assert.rejects(client.call('timer.start'), refusal(WrongStateError, -32002, 'no_active_gather'));
    await assert.rejects(client.call('players.create', { name: 'Old', age: 300 }),
      refusal(InvalidParamsError, -32602, 'invalid_params', 'age'));
    await assert.rejects(client.call('players.create', { name: 'Odd', shoeSize: 44 }),
      refusal(InvalidParamsError, -32602, 'invalid_params', 'shoeSize'));
    await assert.rejects(client.call('players.get', { id: 'one' }), refusal(InvalidParamsError, -32602, 'invalid_params', 'id'));
    await assert.rejects(client.call('no.such.method'), refusal(MethodNotFoundError, -32601, 'method_not_found'));
    await assert.rejects(client.call('events.unsubscribe', { subscription: 424242 }),
      refusal(NotFoundError, -32001, 'subscription_not_found'));
    // The connection is still good after refusals.
    assert.deepEqual(await client.call('daemon.ping'), { pong: true });
  });

  test('a line over the limit fails its own call; the calls after it lose the connection', QUICK, async () => {
    const client = await connect();
    const long = client.call('players.create', { name: 'x'.repeat(1100000) });
    const next = client.call('daemon.ping');
    await assert.rejects(long, (error) => {
      assert.ok(error instanceof InvalidRequestError);
      assert.equal(error.reason, 'line_too_long');
      assert.equal(error.data.limit, 1048576);
      return true;
    });
    await assert.rejects(next, ConnectionLostError);
    await assert.rejects(client.call('daemon.ping'), ConnectionLostError);
  });

  test('a subscription receives the ticks down to 00:00 and the finished event, seq increasing', { timeout: 20000 }, async () => {
    const client = await connect();
    const a = await client.call('players.create', { name: 'Tick A' });
    const b = await client.call('players.create', { name: 'Tick B' });
    const gather = await client.call('gather.start', { teamA: [a.id], teamB: [b.id] });
    try {
      const events = await client.subscribe(); // every topic: seqs must then be consecutive
      assert.equal(events.snapshot.gather.id, gather.id);
      assert.equal(events.snapshot.timer.state, 'stopped');
      assert.deepEqual(events.snapshot.score, { teamA: 0, teamB: 0, text: '0-0' });
      assert.equal((await client.call('timer.set', { seconds: 3 })).display, '00:03');
      assert.equal((await client.call('timer.start')).state, 'running');
      const seen = [];
      for await (const event of events) {
        assert.equal(event.params.subscription, events.id);
        assert.equal(event.seq, event.params.seq);
        seen.push(event);
        if (event.topic === 'timer' && event.params.change === 'finished') break;
      }
      assert.deepEqual(seen.map((event) => event.seq), seen.map((_, i) => events.seq + 1 + i));
      assert.equal(events.lastSeq, seen.at(-1).seq);
      assert.deepEqual(seen.filter((e) => e.topic === 'timer').map((e) => e.params.change), ['set', 'started', 'finished']);
      const ticks = seen.filter((event) => event.topic === 'tick');
      assert.deepEqual(ticks.map((tick) => tick.params.display), ['00:02', '00:01', '00:00']);
      assert.deepEqual(ticks.map((tick) => tick.params.remaining), [2, 1, 0]);
      // Leaving the loop unsubscribed it.
      assert.ok(events.ended);
      await assert.rejects(client.call('events.unsubscribe', { subscription: events.id }), NotFoundError);
    } finally {
      await client.call('gather.cancel');
    }
  });

  test('pipelined calls each resolve with their own reply', QUICK, async () => {
    const client = await connect();
    const requests = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return { method: 'players.create', params: { name: `Pipe ${i}` } };
      if (i % 3 === 1) return { method: 'players.get', params: { id: 900000 + i } };
      return { method: 'daemon.ping', params: {} };
    });
    const settled = await Promise.allSettled(requests.map(({ method, params }) => client.call(method, params)));
    settled.forEach((outcome, i) => {
      const { method, params } = requests[i];
      if (method === 'players.create') {
        assert.equal(outcome.status, 'fulfilled');
        assert.equal(outcome.value.name, params.name);
      } else if (method === 'players.get') {
        assert.equal(outcome.status, 'rejected');
        assert.ok(outcome.reason instanceof NotFoundError);
        assert.match(outcome.reason.message, new RegExp(`\\b${params.id}\\b`));
      } else {
        assert.deepEqual(outcome.value, { pong: true });
      }
    });
  });

  test('events interleaved with calls and notifications are kept until read', QUICK, async () => {
    const client = await connect();
    const events = await client.subscribe('players');
    assert.deepEqual(events.topics, ['players']);
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => client.call('players.create', { name: `Evt ${i}` })));
    client.notify('players.update', { id: created[0].id, age: 33 });
    assert.deepEqual(await client.call('daemon.ping'), { pong: true }); // answered in order: the notification ran
    const other = await connect();
    assert.deepEqual(await other.call('players.delete', { id: created[1].id }), { deleted: created[1].id });
    await other.close();

    const seen = [];
    for await (const event of events) {
      seen.push(event);
      if (seen.length === created.length + 2) break;
    }
    assert.deepEqual(seen.map((e) => e.seq), seen.map((_, i) => events.seq + 1 + i));
    assert.ok(seen.every((e) => e.topic === 'players'));
    assert.deepEqual(seen.slice(0, 50).map((e) => [e.params.change, e.params.id, e.params.player.name]),
      created.map((p) => ['created', p.id, p.name]));
    assert.deepEqual([seen[50].params.change, seen[50].params.id, seen[50].params.player.age], ['updated', created[0].id, 33]);
    assert.deepEqual([seen[51].params.change, seen[51].params.id, seen[51].params.player], ['deleted', created[1].id, null]);
  });

  test('the socket comes from GATHERD_SOCKET when no path is given', QUICK, async () => {
    const saved = process.env.GATHERD_SOCKET;
    process.env.GATHERD_SOCKET = socketPath;
    try {
      const client = await GatherClient.connect();
      clients.add(client);
      assert.equal(client.socketPath, socketPath);
      assert.deepEqual(await client.call('daemon.ping'), { pong: true });
    } finally {
      if (saved === undefined) delete process.env.GATHERD_SOCKET; else process.env.GATHERD_SOCKET = saved;
    }
  });

  test('a missing socket is an UnreachableError naming the path', QUICK, async () => {
    const missing = path.join(dir, 'nobody-here.sock');
    await assert.rejects(GatherClient.connect(missing), (error) => {
      assert.ok(error instanceof UnreachableError);
      assert.ok(error instanceof GatherError);
      assert.ok(error.message.includes(missing), error.message);
      assert.equal(error.data.socket, missing);
      return true;
    });
  });

  test('the example plays a whole match', { timeout: 30000 }, async () => {
    const child = spawn(process.execPath, [path.join(HERE, 'example-match.mjs'), '--socket', socketPath, '--seconds', '3'],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '', err = '';
    child.stdout.setEncoding('utf8').on('data', (text) => { out += text; });
    child.stderr.setEncoding('utf8').on('data', (text) => { err += text; });
    const [code] = await new Promise((resolve) => child.once('close', (...status) => resolve(status)));
    assert.equal(code, 0, `example-match failed:\n${out}\n${err}`);
    assert.match(out, /^tick {2}00:01$/m);
    assert.match(out, /^tick {2}FT$/m); // the last tick is full time
    assert.match(out, /^timer finished at 00:00$/m);
    assert.match(out, /^final: Team A 2-1 Team B, Team A wins$/m);
    assert.match(out, /^history: #\d+\t\S+\t2-1\tteamA$/m);
    const client = await connect();
    assert.equal(await client.call('gather.current'), null);
  });
});

/** A stand-in for the client's socket: the test decides exactly which chunks arrive, and when. */
class ScriptedSocket extends EventEmitter {
  destroyed = false;
  sent = [];
  setEncoding() { return this; }
  write(line) { this.sent.push(JSON.parse(line)); return true; }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    queueMicrotask(() => this.emit('close'));
  }
  /** Deliver `text` as chunks of `size` characters. */
  feed(text, size = text.length) {
    for (let i = 0; i < text.length; i += size) this.emit('data', text.slice(i, i + size));
  }
  hangUp() { this.destroy(); }
}

const reply = (id, result) => JSON.stringify({ jsonrpc: '2.0', id, result });
const event = (method, params) => JSON.stringify({ jsonrpc: '2.0', method, params });

describe('framing, against a scripted socket', () => {
  function scripted() {
    const socket = new ScriptedSocket();
    return { socket, client: new GatherClient(socket, '/scripted.sock') };
  }

  async function subscribed(socket, client) {
    const pending = client.subscribe(['tick']);
    const { id } = socket.sent.at(-1);
    // The reply and the first event in one chunk: the event must not be dropped.
    socket.feed(reply(id, { subscription: 5, seq: 10, snapshot: { gather: null, score: null, timer: null } }) + '\n' +
      event('tick', { subscription: 5, seq: 11, display: '00:09' }) + '\n');
    return pending;
  }

  test('partial reads, several messages per chunk, "\\r\\n", replies out of order', QUICK, async () => {
    const { socket, client } = scripted();
    const one = client.call('daemon.ping');
    const two = client.call('players.get', { id: 7 });
    const three = client.call('players.get', { id: 8 });
    assert.deepEqual(socket.sent.map((m) => [m.jsonrpc, m.id, m.method]),
      [['2.0', 1, 'daemon.ping'], ['2.0', 2, 'players.get'], ['2.0', 3, 'players.get']]);
    assert.deepEqual(socket.sent[1].params, { id: 7 });
    const wire = reply(2, { name: 'Zé ⚽' }) + '\r\n\n' + reply(1, { pong: true }) + '\n' +
      JSON.stringify({ jsonrpc: '2.0', id: 3, error: { code: -32001, message: 'No.', data: { reason: 'player_not_found' } } }) + '\r\n';
    socket.feed(wire, 7);
    assert.deepEqual(await one, { pong: true });
    assert.deepEqual(await two, { name: 'Zé ⚽' });
    await assert.rejects(three, refusal(NotFoundError, -32001, 'player_not_found'));
    client.notify('score.goal', { team: 'teamA' });
    assert.deepEqual(socket.sent.at(-1), { jsonrpc: '2.0', method: 'score.goal', params: { team: 'teamA' } });
  });

  test('events are buffered until read; events.overflow ends the iterator with OverflowError', QUICK, async () => {
    const { socket, client } = scripted();
    const events = await subscribed(socket, client);
    assert.equal(events.id, 5);
    assert.equal(events.seq, 10);
    socket.feed(event('tick', { subscription: 5, seq: 12, display: '00:08' }) + '\n' +
      event('tick', { subscription: 99, seq: 13, display: 'not ours' }) + '\n' +
      event('events.overflow', { subscription: 5, reason: 'queue_overflow', message: 'Too far behind.' }) + '\n', 5);
    const pendingCall = client.call('daemon.ping');
    socket.hangUp();
    assert.deepEqual((await events.next()).value, { topic: 'tick', seq: 11, params: { subscription: 5, seq: 11, display: '00:09' } });
    assert.equal((await events.next()).value.params.display, '00:08');
    await assert.rejects(events.next(), (error) => {
      assert.ok(error instanceof OverflowError);
      assert.ok(error instanceof ConnectionLostError);
      assert.equal(error.reason, 'queue_overflow');
      assert.equal(error.message, 'Too far behind.');
      return true;
    });
    assert.deepEqual(await events.next(), { value: undefined, done: true });
    await assert.rejects(pendingCall, ConnectionLostError);
  });

  test('a lost connection rejects pending calls and ends waiting iterators with ConnectionLostError', QUICK, async () => {
    const { socket, client } = scripted();
    const events = await subscribed(socket, client);
    assert.equal((await events.next()).value.seq, 11);
    const waiting = events.next();
    const call = client.call('timer.status');
    socket.feed('{"jsonrpc":"2.0","id":'); // half a reply, then the daemon goes away
    socket.hangUp();
    await assert.rejects(waiting, (error) => error instanceof ConnectionLostError && !(error instanceof OverflowError));
    await assert.rejects(call, ConnectionLostError);
    await assert.rejects(client.call('daemon.ping'), ConnectionLostError);
    assert.throws(() => client.notify('daemon.ping'), ConnectionLostError);
    await events.close(); // nothing to unsubscribe from any more
  });

  test('closing a subscription unsubscribes and ends it; closing the client ends the rest cleanly', QUICK, async () => {
    const { socket, client } = scripted();
    const events = await subscribed(socket, client);
    const closing = events.close();
    assert.deepEqual(socket.sent.at(-1).method, 'events.unsubscribe');
    assert.deepEqual(socket.sent.at(-1).params, { subscription: 5 });
    socket.feed(event('tick', { subscription: 5, seq: 12 }) + '\n' + reply(socket.sent.at(-1).id, { unsubscribed: 5 }) + '\n');
    await closing;
    assert.deepEqual(await events.next(), { value: undefined, done: true });

    const other = client.subscribe();
    const { id } = socket.sent.at(-1);
    socket.feed(reply(id, { subscription: 6, seq: 20, snapshot: { gather: null, score: null, timer: null } }) + '\n');
    const second = await other;
    const waiting = second.next();
    const call = client.call('daemon.ping');
    await client.close();
    assert.deepEqual(await waiting, { value: undefined, done: true });
    await assert.rejects(call, ConnectionLostError);
  });

  test('printable shows control and formatting characters as escapes and leaves the rest', QUICK, () => {
    assert.equal(printable('Evil\u001b[2J\u001b]0;owned\u0007\nroot# '), 'Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}\\u{A}root# ');
    assert.equal(printable('Ana\u202e\u200b\u2028'), 'Ana\\u{202E}\\u{200B}\\u{2028}');
    for (const name of ['Zé', 'Łukasz', '李小龙', '⚽️ Ana', 'back\\slash']) assert.equal(printable(name), name);
  });

  test('the socket path: argument, then GATHERD_SOCKET, then the default for this user', QUICK, () => {
    assert.equal(defaultSocketPath('/a.sock', { GATHERD_SOCKET: '/b.sock' }), '/a.sock');
    assert.equal(defaultSocketPath(undefined, { GATHERD_SOCKET: '/b.sock' }), '/b.sock');
    if (process.geteuid() === 0) {
      assert.equal(defaultSocketPath(undefined, { XDG_RUNTIME_DIR: '/run/user/1000' }), '/run/gatherd/gatherd.sock');
    } else {
      assert.equal(defaultSocketPath(undefined, { XDG_RUNTIME_DIR: '/run/user/1000' }), '/run/user/1000/gatherd/gatherd.sock');
    }
  });
});
