#!/usr/bin/env python3
"""tick_cpu.py - the CPU time a tick to many subscribers costs, gatherd's beside a reference tick server's:
the fan-out's own cost, apart from the scheduler's choices that make bench.py's spread swing on 2 cores.

Usage: Tests/bench/tick_cpu.py --tools DIR --gatherd BIN [--reference NAME=BIN ...] [--subscribers 1000]
                              [--seconds 14] [--rounds 2]

Each server in turn (gatherd with an active gather and its clock running; each --reference, tick_ref by
default, as it is) gets --subscribers tick subscriptions from one `tickprobe` and ticks for --seconds. Server
and probe share CPU 0 and the probe runs as SCHED_IDLE (`chrt --idle 0`), so it reads a tick only once the
server has written all of it and sleeps: the server's CPU time is its writing, not a reader taking turns with
it. Prints, per server and round, the median of the server's CPU time (all threads, from
/proc/PID/task/*/schedstat) over each second: one tick.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench_settings import SUBSCRIBE_TICK
from gatherd_client import setup_gather, start_clock_at_phase
from processes import wait_for_socket


def cpu_ns(pid):
    """The CPU time of all of PID's threads, in ns."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # the thread has ended
    return total


def per_second_ms(tools, tmp, binary, is_gatherd, subscribers, seconds):
    """The server's median CPU time over one second (one tick) with `subscribers` subscribed, in ms."""
    sock = os.path.join(tmp, f"tick-{time.monotonic_ns()}.sock")
    cmd = [binary, "--socket", sock]
    if is_gatherd:
        cmd += ["--database", os.path.join(tmp, f"g-{time.monotonic_ns()}.sqlite"), "--log-level", "warning"]
    server = subprocess.Popen(["taskset", "-c", "0", *cmd], stdout=subprocess.DEVNULL)
    server.bench_name = os.path.basename(binary)  # wait_for_socket names the server it waited for
    probe = None
    try:
        wait_for_socket(sock, server)
        probe_cmd = [os.path.join(tools, "tickprobe"), "--socket", sock, "--fanout", str(subscribers),
                     "--count", str(seconds + 10), "--quiet"]
        if is_gatherd:
            start_clock_at_phase(setup_gather(sock, 10), 0.3)
            probe_cmd += ["--subscribe-line", SUBSCRIBE_TICK]
        probe = subprocess.Popen(["chrt", "--idle", "0", "taskset", "-c", "0", *probe_cmd],
                                 stdout=subprocess.DEVNULL)
        time.sleep(4.5)  # connected, subscribed and past the first tick
        samples = []
        before = cpu_ns(server.pid)
        for _ in range(seconds):
            time.sleep(1)
            after = cpu_ns(server.pid)
            samples.append((after - before) / 1e6)
            before = after
        if probe.poll() is not None or server.poll() is not None:
            raise SystemExit(f"{binary}: the server or its probe stopped early")
        return statistics.median(samples)
    finally:
        for proc in (probe, server):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tools", required=True, help="where tickprobe and tick_ref were built")
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--reference", action="append", default=[], metavar="NAME=BIN")
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--seconds", type=int, default=14)
    parser.add_argument("--rounds", type=int, default=2)
    opts = parser.parse_args()
    servers = [("gatherd", opts.gatherd, True)]
    references = opts.reference or [f"tick_ref={os.path.join(opts.tools, 'tick_ref')}"]
    servers += [(*ref.split("=", 1), False) for ref in references]
    results = {name: [] for name, _, _ in servers}
    with tempfile.TemporaryDirectory(prefix="gatherd-tick-cpu-") as tmp:
        for _ in range(opts.rounds):
            for name, binary, is_gatherd in servers:
                ms = per_second_ms(opts.tools, tmp, binary, is_gatherd, opts.subscribers, opts.seconds)
                results[name].append(ms)
                print(f"{name}: {ms:.3f} ms", file=sys.stderr, flush=True)
    print(f"| server | CPU per tick to {opts.subscribers:,} subscribers, median of {opts.seconds} s, by round |")
    print("|---|---|")
    for name, values in results.items():
        print(f"| {name} | {' / '.join(f'{v:.2f} ms' for v in values)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
