#!/usr/bin/env python3
"""tick_callgrind.py - what a tick's fan-out costs per subscriber, in instructions: a repeatable measure on a
shared machine, next to make bench's spread in microseconds, which needs a quiet one.

Usage: Tests/bench/tick_callgrind.py --gatherd BIN [--subscribers 200] [--ticks 10]

Runs BIN (stripped as `make install` strips it, or with its symbols but no debug information: valgrind 3.19
cannot read DWARF 5) under `valgrind --tool=callgrind` with an active gather, opens --subscribers connections
subscribed to ticks (the first of them also watched here) and starts the clock. Half a second after a tick has
reached the watched subscriber the counters are zeroed, and half a second after the --ticks-th tick after it
they are dumped: an idle gatherd does nothing else, so exactly --ticks ticks fall in the window. Prints
gatherd's instructions (all threads) per tick and per tick per subscriber.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from bench_settings import SUBSCRIBE_TICK
from gatherd_client import Client, setup_gather


def instructions(out_dir, pid, label):
    """Dumps the counters (all threads) and returns the instructions since they were zeroed."""
    subprocess.run(["callgrind_control", "-d", label, str(pid)], check=True, capture_output=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for path in glob.glob(os.path.join(out_dir, "callgrind.out.*")):
            with open(path) as f:
                text = f.read()
            if f"desc: Trigger: dump {label}\n" in text and "\ntotals:" in text:
                return int(re.search(r"^summary: (\d+)", text, re.M).group(1))
        time.sleep(0.5)
    raise SystemExit("callgrind wrote no dump")


def next_tick(watched):
    while True:
        line = watched.file.readline()
        if not line:
            raise SystemExit("gatherd closed the watched subscriber")
        if json.loads(line).get("method") == "tick":
            return


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--subscribers", type=int, default=200)
    parser.add_argument("--ticks", type=int, default=10)
    opts = parser.parse_args()
    out_dir = tempfile.mkdtemp(prefix="gatherd-tick-callgrind-")
    sock = os.path.join(out_dir, "g.sock")
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--separate-threads=no", f"--callgrind-out-file={out_dir}/callgrind.out.%p",
         opts.gatherd, "--socket", sock, "--database", os.path.join(out_dir, "g.sqlite"), "--log-level", "warning"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while not os.path.exists(sock):
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("gatherd did not start under valgrind")
            time.sleep(0.2)
        time.sleep(1)
        control = setup_gather(sock, 30)
        subscribers = [Client(sock) for _ in range(opts.subscribers)]
        for s in subscribers:
            s.send_line(SUBSCRIBE_TICK)
        control.call("timer.start")
        watched = subscribers[0]
        next_tick(watched)
        time.sleep(0.5)
        subprocess.run(["callgrind_control", "-z", str(server.pid)], check=True, capture_output=True)
        for _ in range(opts.ticks):
            next_tick(watched)
        time.sleep(0.5)
        total = instructions(out_dir, server.pid, "ticks")
        for s in subscribers:
            s.close()
        control.close()
    finally:
        server.terminate()
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(out_dir, ignore_errors=True)
    print("| subscribers | ticks | instructions per tick | per tick per subscriber |")
    print("|---:|---:|---:|---:|")
    print(f"| {opts.subscribers} | {opts.ticks} | {total / opts.ticks:,.0f} | "
          f"{total / (opts.ticks * opts.subscribers):,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
