#!/usr/bin/env python3
"""bench.py - the measuring half of `make bench`; Tests/bench/run.sh builds everything and calls it.

Usage: bench.py --gatherd BIN [--gatherd-dev BIN] --tools DIR --pyrpc FILE --tmp DIR [--command TEXT]

Starts gatherd (the installed binary, and the dev build when given) and the reference servers of
../shared/tools side by side, measures them with rpcbench and tickprobe and by reading /proc, and prints a
Markdown report (report.py) on stdout. Progress goes to stderr. Every process it starts is stopped before it
returns (their pids are also listed in TMP/pids so that run.sh can stop them if this script is killed). Exit
status: 0 when every measurement ran (targets may be missed: this is a benchmark, not a test), 1 when
something failed to run.

This file reads the options and runs the rounds in order: round_requests.py (latency, throughput, metrics on
and off), round_writes.py, round_ticks.py (tick timing with idle wake-ups, fan-out) and round_memory.py, each
through the run's Bench (bench_session.py: the servers and the rpcbench runs).

BENCH_QUICK=1 shortens every phase (for working on the harness; the figures are then not meaningful).
"""
import argparse
import os
import signal
import sys

from bench_session import Bench
from processes import BenchError, log
from procfs import loadavg
from report import report
from round_memory import measure_memory
from round_requests import measure_latency, measure_throughput
from round_ticks import measure_fanout, measure_ticks_and_idle
from round_writes import measure_writes


def run(bench):
    """Every round, in order, on the servers of one run; the results go to bench.r."""
    bench.r["load_before"] = loadavg()
    bench.start_servers()
    measure_latency(bench)
    measure_throughput(bench)
    measure_writes(bench)
    tick_servers, phases = measure_ticks_and_idle(bench)
    measure_fanout(bench, tick_servers, phases)
    measure_memory(bench)
    bench.r["load_after"] = loadavg()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gatherd", required=True, help="the installed binary (static), which the targets judge")
    ap.add_argument("--gatherd-dev", default="", help="the dev build (swift build -c release); empty: none")
    ap.add_argument("--tools", required=True)
    ap.add_argument("--pyrpc", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--repo", default=".")
    ap.add_argument("--command", default="make bench")
    ap.add_argument("--load-at-start", default="")
    ap.add_argument("--gatherd-label", default="")
    ap.add_argument("--install-flags", default="", help="the swift build flags the installed binary was built with")
    ap.add_argument("--page-targets", default="", help="page_bench.py's rows for the targets table (--rows)")
    opts = ap.parse_args()
    opts.here = os.path.dirname(os.path.abspath(__file__))

    def on_signal(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    bench = Bench(opts)
    try:
        run(bench)
        text = report(bench.r, bench.raw, opts)
    except BenchError as e:
        log(f"FAILED: {e}")
        return 1
    finally:
        bench.procs.stop_all()
    sys.stdout.write(text)
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
