#!/usr/bin/env node
/**
 * Play a whole match on gatherd with gather-client.mjs: players, gather, clock, goals, pause, result.
 *
 *     node example-match.mjs [--socket PATH] [--seconds N]
 *
 * Creates Ana, Bruno, Carla and Duarte unless players of those names exist, starts a gather (Ana and
 * Carla against Bruno and Duarte) on a 1-minute clock (or N seconds), subscribes to tick, score and
 * timer events, starts the clock, scores goals between ticks, pauses and resumes once, waits for the
 * final whistle, ends the gather, and prints the result and its line in the history.
 *
 * Exit status: 0 when the match was played, 1 when gatherd refused something (say, a gather is
 * already active) or went away, 2 on a usage error, 3 when gatherd cannot be reached.
 */

import { GatherClient, GatherError, UnreachableError, printable } from './gather-client.mjs';

const NAMES = { Ana: 'ST', Bruno: 'GK', Carla: 'MID', Duarte: 'DEF' };
const USAGE = 'usage: example-match.mjs [--socket PATH] [--seconds N]';

function usage(message) {
  console.error(`example-match: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { socket: undefined, seconds: 60 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === '--socket') options.socket = value();
    else if (flag === '--seconds') options.seconds = Number(value());
    else if (flag === '-h' || flag === '--help') { console.log(USAGE); process.exit(0); }
    else usage(`unknown argument ${argv[i]}`);
  }
  if (!Number.isInteger(options.seconds) || options.seconds < 1 || options.seconds > 5999) {
    usage('--seconds must be a whole number from 1 to 5999');
  }
  return options;
}

/** The ids of the four players, creating the ones missing from the roster. */
async function ensurePlayers(gather) {
  const roster = Object.fromEntries((await gather.call('players.list')).players.map((p) => [p.name, p.id]));
  for (const [name, position] of Object.entries(NAMES)) {
    if (!(name in roster)) {
      roster[name] = (await gather.call('players.create', { name, position })).id;
      console.log(`created player ${name} (#${roster[name]})`);
    }
  }
  return roster;
}

/** Run the match on a connected client; resolves with the ended gather's record. */
/**
 * The clock as a status bar shows it: "07:32", "00:00 +0:30" in added time, "HT 04:12" at half time ("Break 04:12"
 * between other periods), "FT" at full time (as the board and MQTT read it).
 */
function clock(tick) {
  if (tick.state === 'finished') return 'FT';
  if (tick.state === 'break') {
    const left = Math.ceil(tick.remainingMs / 1000); // the tick that ends a half already counts the break
    const two = (n) => String(n).padStart(2, '0');
    return `${tick.breakName} ${two(Math.floor(left / 60))}:${two(left % 60)}`;
  }
  return tick.display + (tick.added ? ` ${tick.added}` : '');
}

async function play(gather, seconds) {
  const ids = await ensurePlayers(gather);
  const current = await gather.call('gather.current');
  if (current !== null) {
    throw new GatherError(`gather #${current.id} is already active; end or cancel it first.`);
  }
  const started = await gather.call('gather.start', {
    teamA: [ids.Ana, ids.Carla], teamB: [ids.Bruno, ids.Duarte], seconds,
  });
  console.log(`gather #${started.id} started, clock ${started.timer.display}`);

  // What to do, by the time left on the clock (seconds): each runs once, at the first tick at or below.
  const plan = [
    [Math.max(1, Math.floor((seconds * 3) / 4)), 'goal', ['teamA', ids.Ana]],
    [Math.max(1, Math.floor(seconds / 2)), 'pause'],
    [Math.max(1, Math.floor(seconds / 2)), 'goal', ['teamB', ids.Bruno]],
    [Math.max(1, Math.floor(seconds / 4)), 'goal', ['teamA', ids.Carla]],
  ];
  const events = await gather.subscribe(['tick', 'score', 'timer']);
  try {
    await gather.call('timer.start');
    for await (const { topic, params } of events) {
      if (topic === 'tick') {
        console.log(`tick  ${clock(params)}`);
        while (plan.length && params.remaining <= plan[0][0] && params.remaining > 0) {
          const [, action, args] = plan.shift();
          if (action === 'goal') { // events arriving meanwhile wait in the subscription
            await gather.call('score.goal', { team: args[0], player: args[1] });
          } else {
            await gather.call('timer.pause');
            // A short break, for show: the clock stands still, nothing waits on it.
            await new Promise((resolve) => setTimeout(resolve, Math.min(2000, Math.max(500, (seconds * 1000) / 6))));
            await gather.call('timer.resume');
          }
        }
      } else if (topic === 'score') {
        const scorer = params.goal.player ? printable(params.goal.player.name) : '?';
        console.log(`score ${params.score.text}  (${scorer}, ${params.goal.minute})`);
      } else if (topic === 'timer') {
        console.log(`timer ${params.change} at ${params.timer.display}`);
        if (params.change === 'finished') break; // leaving the loop unsubscribes
      }
    }
  } finally {
    await events.close();
  }
  return gather.call('gather.end');
}

async function main() {
  const { socket, seconds } = parseArgs(process.argv.slice(2));
  let gather;
  try {
    gather = await GatherClient.connect(socket);
    const record = await play(gather, seconds);
    // What the sides are called ("Team A" and "Team B" unless named), as they may be printed.
    const names = { teamA: printable(record.names.teamA), teamB: printable(record.names.teamB) };
    const winner = record.winner === 'none' ? 'a draw' : `${names[record.winner]} wins`;
    console.log(`final: ${names.teamA} ${record.score.text} ${names.teamB}, ${winner}`);
    for (const goal of record.goals) {
      console.log(`  ${goal.minute}  ${goal.team} ${goal.score.text}  ${goal.player ? printable(goal.player.name) : '?'}`);
    }
    const [line] = (await gather.call('gathers.list', { limit: 1 })).gathers;
    console.log(`history: #${line.id}\t${line.endedAt}\t${line.score.text}\t${line.winner}`);
    return 0;
  } catch (error) {
    if (!(error instanceof GatherError)) throw error;
    console.error(`example-match: ${printable(error.message)}`);
    return error instanceof UnreachableError ? 3 : 1;
  } finally {
    await gather?.close();
  }
}

process.exitCode = await main();
