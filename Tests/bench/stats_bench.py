#!/usr/bin/env python3
"""stats_bench.py - how fast gatherd answers stats and fair-team questions over a long history.

Usage: stats_bench.py --gatherd PATH [--tmp DIR] [--gathers 10000] [--calls 200]

1. Starts gatherd once on a fresh database, so that it creates the schema, and stops it.
2. Fills that database directly with --gathers ended gathers of 10 to 14 players (60 on the roster), each
   with 0 to 8 goals by its players (seeded, so every run measures the same history).
3. Starts gatherd on it and times, over one connection, --calls requests each of stats.players (every
   order), stats.player, and gather.suggest of 16 players (exact) and of 40 (search).

Prints a Markdown section with the median, 95th percentile and worst round trip of each, against the 50 ms
target. Exit status 0 when everything ran (a missed target is reported, not an error).
"""

import argparse
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time

from bench_daemon import Daemon

TARGET_MS = 50.0
ROSTER = 60


def fill(db, gathers):
    rng = random.Random(9)
    skills = ("beginner", "amateur", "professional")
    positions = ("goalkeeper", "defender", "midfielder", "winger", "striker")
    with sqlite3.connect(db) as conn:
        conn.executemany(
            "INSERT INTO player (id, name, position, skill) VALUES (?, ?, ?, ?)",
            [(i, f"Player {i}", positions[i % 5], skills[i % 3]) for i in range(1, ROSTER + 1)],
        )
        start = 1_700_000_000_000
        gather_rows, lineup_rows, goal_rows = [], [], []
        for gather in range(1, gathers + 1):
            players = rng.sample(range(1, ROSTER + 1), rng.randint(10, 14))
            half = len(players) // 2
            team_a, team_b = players[:half], players[half:]
            score, goals = [0, 0], []
            for _ in range(rng.randint(0, 8)):
                side = rng.randrange(2)
                score[side] += 1
                goals.append((side, rng.choice(team_a if side == 0 else team_b), tuple(score)))
            winner = "teamA" if score[0] > score[1] else "teamB" if score[1] > score[0] else "none"
            begun = start + gather * 86_400_000 // 7
            gather_rows.append((gather, begun, begun + 600_000, score[0], score[1], winner))
            scored = {}
            for _, scorer, _ in goals:
                scored[scorer] = scored.get(scorer, 0) + 1
            for side, members in (("teamA", team_a), ("teamB", team_b)):
                result = "draw" if winner == "none" else "win" if winner == side else "loss"
                lineup_rows += [(gather, p, f"Player {p}", side, begun, result, scored.get(p, 0)) for p in members]
            goal_rows += [
                (gather, "teamA" if side == 0 else "teamB", scorer, f"Player {scorer}", n * 60_000, a, b, begun + n * 60_000)
                for n, (side, scorer, (a, b)) in enumerate(goals)
            ]
        conn.executemany(
            "INSERT INTO gather (id, status, startedAt, endedAt, scoreA, scoreB, winner, clockState, clockDurationMs,"
            " clockRemainingMs) VALUES (?, 'ended', ?, ?, ?, ?, ?, 'finished', 600000, 0)",
            gather_rows,
        )
        # As gatherd files an ended gather: each lineup row with the start, the player's result and goals.
        conn.executemany(
            "INSERT INTO gatherPlayer (gatherId, playerId, playerName, team, startedAt, result, goals)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            lineup_rows,
        )
        conn.executemany(
            "INSERT INTO scoreEvent (gatherId, kind, team, scorerId, scorerName, matchTimeMs, scoreA, scoreB, recordedAt)"
            " VALUES (?, 'goal', ?, ?, ?, ?, ?, ?, ?)",
            goal_rows,
        )
        return len(lineup_rows), len(goal_rows)


def cpu_seconds(pid):
    """The user and system CPU time a process has used, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(rpc, pid, calls, method, params, check):
    """Round trips (median, p95, worst) and gatherd's CPU time per call, in ms. The CPU time does not depend
    on how busy the machine is; the round trip does. `check` must accept the first answer: a fast empty
    answer would measure nothing."""
    answer = rpc.call(method, params)  # warm-up
    if not check(answer):
        sys.exit(f"{method} {params} answered without the work it should have done: {json.dumps(answer)[:300]}")
    times = []
    cpu_before = cpu_seconds(pid)
    for _ in range(calls):
        begun = time.perf_counter()
        rpc.call(method, params)
        times.append((time.perf_counter() - begun) * 1000)
    cpu = (cpu_seconds(pid) - cpu_before) * 1000 / calls
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1], cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--tmp")
    parser.add_argument("--gathers", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="stats-bench.", dir=args.tmp)
    # gatherd makes the database's tables; the ended gathers are written into it while gatherd is stopped.
    Daemon(args.gatherd, tmp).stop()
    lineups, goals = fill(os.path.join(tmp, "gather.sqlite"), args.gathers)
    print(f"[stats-bench] {args.gathers} ended gathers, {lineups} lineup rows, {goals} goals", file=sys.stderr)
    daemon = Daemon(args.gatherd, tmp)
    try:
        # The start of the history's last year (of its last half, when it is shorter than two years).
        first, last = 1_700_000_000_000, 1_700_000_000_000 + args.gathers * 86_400_000 // 7
        since = time.strftime("%Y-%m-%d", time.gmtime(max(last - 365 * 86_400_000, (first + last) // 2) / 1000))

        def everyone_played(answer):
            return len(answer["players"]) == ROSTER and sum(row["played"] for row in answer["players"]) == lineups

        def split(size):
            return lambda answer: len(answer["teamA"]["players"]) + len(answer["teamB"]["players"]) == size

        cases = [
            (f"stats.players order={order}", "stats.players", {"order": order}, everyone_played)
            for order in ("wins", "goals", "winRate", "played")
        ]
        cases += [
            ("stats.players since one year", "stats.players", {"since": since}, lambda a: len(a["players"]) > 0),
            ("stats.player", "stats.player", {"id": 7}, lambda answer: answer["played"] > 0),
            ("gather.suggest 16 players (exact)", "gather.suggest", {"players": list(range(1, 17)), "seed": 1}, split(16)),
            ("gather.suggest 40 players (search)", "gather.suggest", {"players": list(range(1, 41)), "seed": 1}, split(40)),
        ]
        rows = [
            (label, *timed(daemon, daemon.proc.pid, args.calls, method, params, check))
            for label, method, params, check in cases
        ]
    finally:
        daemon.stop()

    print(f"\n## Stats and fair teams over {args.gathers:,} ended gathers\n")
    print(f"{lineups:,} lineup rows and {goals:,} goals; {args.calls} calls each over one connection; round trip in ms,")
    print(f"and gatherd's CPU time per call (independent of the machine's load, {os.getloadavg()[0]:.1f} now).\n")
    print("| request | median | p95 | worst | CPU per call | p95 ≤ 50 ms |")
    print("|---|---:|---:|---:|---:|---|")
    for label, median, p95, worst, cpu in rows:
        print(f"| {label} | {median:.1f} | {p95:.1f} | {worst:.1f} | {cpu:.1f} | {'yes' if p95 <= TARGET_MS else 'NO'} |")


if __name__ == "__main__":
    main()
