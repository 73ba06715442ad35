#!/usr/bin/env python3
"""ratings_costs.py - what ratings cost gatherd: gather.end, a replay of 10,000 gathers, and the
requests that read ratings.

Usage: ratings_costs.py --gatherd PATH [--before PATH] [--rounds 30] [--replays 10] [--calls 200] [--tmp DIR]

1. gather.end: rounds of 100 gathers (start 6 against 6, score.set, end) on a fresh database; the round trip of
   each gather.end, and gatherd's CPU time per gather. With --before (the binary of the release before ratings),
   the same rounds alternate between the two daemons, so the machine's load falls on both alike: the difference is
   what rating a gather adds.
2. Replay: 10,000 ended gathers of 10 to 14 of 60 players (about 120,000 lineup rows, seeded) written into a
   database, then players.update of a declared skill, which replays every rating in its transaction, --replays
   times. With --before, the database is that binary's and its history is replayed by the ratings migration when
   --gatherd first opens it: the time until the socket answers.
3. Requests over that history: gather.suggest by rating (16 players exact, 40 searched, with and without 5
   alternatives), gather.predict, stats.players by rating, stats.player of a player in about 2,000 gathers.

Prints Markdown. Run it on the installed binary (make install DESTDIR=/tmp/x) on a quiet machine.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats_bench  # noqa: E402  (start, stop, Rpc, fill, cpu_seconds, timed)


def end_rounds(daemons, rounds):
    """gather.end round trips and CPU per gather for each daemon, rounds alternating between them."""
    players = {}
    for name, (proc, rpc) in daemons.items():
        players[name] = [
            rpc.call("players.create", {"name": f"P{i}", "skill": ("beginner", "amateur", "professional")[i % 3]})["id"]
            for i in range(12)
        ]
    ends = {name: [] for name in daemons}
    cpu = {name: [] for name in daemons}
    for _ in range(rounds):
        for name, (proc, rpc) in daemons.items():
            ids = players[name]
            before = stats_bench.cpu_seconds(proc.pid)
            for number in range(100):
                rpc.call("gather.start", {"teamA": ids[:6], "teamB": ids[6:]})
                rpc.call("score.set", {"teamA": number % 3, "teamB": 1})
                begun = time.perf_counter()
                rpc.call("gather.end")
                ends[name].append((time.perf_counter() - begun) * 1000)
            cpu[name].append((stats_bench.cpu_seconds(proc.pid) - before) * 1000 / 100)
    return ends, cpu


def interval(values):
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return f"{mean:.3f} ± {half:.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--before", help="the gatherd of the release before ratings, for the A/B and the migration")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--replays", type=int, default=10)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--tmp")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="ratings-costs.", dir=args.tmp)
    print(f"\n### What ratings cost (load {os.getloadavg()[0]:.1f} at the start)\n")

    binaries = {"ratings": args.gatherd} | ({"before": args.before} if args.before else {})
    daemons = {}
    for name, binary in binaries.items():
        sock, db = os.path.join(tmp, f"end-{name}.sock"), os.path.join(tmp, f"end-{name}.sqlite")
        proc, conn = stats_bench.start(binary, sock, db)
        daemons[name] = (proc, stats_bench.Rpc(conn))
    try:
        ends, cpu = end_rounds(daemons, args.rounds)
    finally:
        for proc, rpc in daemons.values():
            stats_bench.stop(proc, rpc.conn)
    print(f"gather.end, {args.rounds} rounds of 100 gathers (6 against 6) per binary, alternating:\n")
    print("| binary | gather.end median ms | p95 ms | gatherd CPU per gather (start, score.set, end), ms, mean ± 95% |")
    print("|---|---|---|---|")
    for name in binaries:
        values = sorted(ends[name])
        print(f"| {name} | {statistics.median(values):.3f} | {values[int(len(values) * 0.95)]:.3f} | {interval(cpu[name])} |")
    if args.before:
        added = [a - b for a, b in zip(cpu["ratings"], cpu["before"])]
        print(f"\nAdded by ratings: gather.end median {statistics.median(ends['ratings']) - statistics.median(ends['before']):+.3f} ms; "
              f"CPU per gather {interval(added)} ms (paired by round). Target ≤ 1 ms.")

    sock, db = os.path.join(tmp, "replay.sock"), os.path.join(tmp, "replay.sqlite")
    stats_bench.stop(*stats_bench.start(args.before or args.gatherd, sock, db))
    lineups, _ = stats_bench.fill(db, 10_000)
    begun = time.monotonic()
    proc, conn = stats_bench.start(args.gatherd, sock, db)
    rpc = stats_bench.Rpc(conn)
    rpc.call("daemon.ping")
    started = (time.monotonic() - begun) * 1000
    try:
        replays = []
        for number in range(args.replays):
            begun = time.perf_counter()
            rpc.call("players.update", {"id": 1, "skill": ("beginner", "professional")[number % 2]})
            replays.append((time.perf_counter() - begun) * 1000)
        print(f"\nReplay of 10,000 ended gathers ({lineups:,} lineup rows):\n")
        if args.before:
            print(f"- the ratings migration, opening the release before's database: start-up until the socket answers, {started:.0f} ms;")
        print(f"- players.update of a declared skill (replays in its transaction), {args.replays} times: median "
              f"{statistics.median(replays):.0f} ms, worst {max(replays):.0f} ms ({', '.join(f'{x:.0f}' for x in replays)}). Target ≤ 1 s.")

        def split(size):
            return lambda answer: len(answer["teamA"]["players"]) + len(answer["teamB"]["players"]) == size

        cases = [
            ("gather.suggest 16 players (exact), by rating", "gather.suggest", {"players": list(range(1, 17)), "seed": 1}, split(16)),
            ("… with 5 alternatives", "gather.suggest", {"players": list(range(1, 17)), "seed": 1, "alternatives": 5}, lambda a: len(a["alternatives"]) == 5),
            ("gather.suggest 40 players (search), by rating", "gather.suggest", {"players": list(range(1, 41)), "seed": 1}, split(40)),
            ("… with 5 alternatives", "gather.suggest", {"players": list(range(1, 41)), "seed": 1, "alternatives": 5}, lambda a: len(a["alternatives"]) == 5),
            ("gather.predict 8 against 8", "gather.predict", {"teamA": list(range(1, 9)), "teamB": list(range(9, 17))}, lambda a: 0 < a["winProbability"] < 1),
            ("stats.players (order rating)", "stats.players", {}, lambda a: a["order"] == "rating" and len(a["players"]) == 60),
            ("stats.player, about 2,000 ratings", "stats.player", {"id": 7}, lambda a: len(a["ratings"]) > 1000),
        ]
        print(f"\nRequests over that history, {args.calls} calls each over one connection:\n")
        print("| request | median ms | p95 ms | worst ms | gatherd CPU per call ms | p95 ≤ 50 ms |")
        print("|---|---:|---:|---:|---:|---|")
        for label, method, params, check in cases:
            median, p95, worst, cpu_ms = stats_bench.timed(rpc, proc.pid, args.calls, method, params, check)
            print(f"| {label} | {median:.2f} | {p95:.2f} | {worst:.2f} | {cpu_ms:.2f} | {'yes' if p95 <= 50 else 'NO'} |")
    finally:
        stats_bench.stop(proc, conn)


if __name__ == "__main__":
    main()
