"""bench_settings.py - how long each phase of a bench run lasts and the request lines it sends."""
import os

QUICK = os.environ.get("BENCH_QUICK") == "1"
# Phase lengths (seconds / counts). A full run measures for about 5 minutes.
LAT_SECS, LAT_WARM = (1.0, 0.2) if QUICK else (3.0, 0.5)
TPUT_SECS, TPUT_WARM = (1.0, 0.5) if QUICK else (3.0, 0.5)
TPUT_ROUNDS = 1 if QUICK else 3  # interleaved rounds; the report shows the median round
WRITE_SECS, WRITE_WARM = (1.0, 0.3) if QUICK else (3.0, 0.5)
TICKS = 6 if QUICK else 61  # 61 ticks recorded = 60 one-second intervals
FANOUT_TICKS = 4 if QUICK else 10
IDLE_SECS = 3.0 if QUICK else 10.0
# The idle window begins this long after the idle servers were set up: past libdispatch's 5 s worker retirement.
IDLE_SETTLE_SECS = 6.0
FANOUT_N = 1000
HOLD_N = 1000
# Where in a wall-clock second each tick server ticks: tick_ref on the second, each gatherd's match clock is
# started at its own phase, so that no two servers tick at the same moment.
TICK_PHASES = {"tick_ref": 0.0, "installed": 0.400, "dev": 0.700}

SUBSCRIBE_TICK = '{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["tick"]}}'
TIMER_STATUS = '{"jsonrpc":"2.0","id":1,"method":"timer.status"}'
DAEMON_PING = '{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}'
PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}'
# A score can show at most 99 goals a side, and rpcbench sends one fixed line, so each write request is a batch
# that scores and takes the goal back: two commits, one reply line.
GOAL_AND_UNDO = ('[{"jsonrpc":"2.0","id":1,"method":"score.goal","params":{"team":"teamA"}},'
                 '{"jsonrpc":"2.0","id":2,"method":"score.undo"}]')
CREATE_PLAYER = '{"jsonrpc":"2.0","id":1,"method":"players.create","params":{"name":"Bench Player"}}'

NCPU = os.cpu_count() or 1
