#!/usr/bin/env python3
"""metrics_callgrind.py - what the metrics cost per request, in instructions: a repeatable measure on a shared
machine, where `make bench`'s throughput comparison needs a quiet one.

Usage: Tests/bench/metrics_callgrind.py --gatherd BIN [--requests N]

Runs BIN under `valgrind --tool=callgrind` twice, with metrics off (nothing serves them) and on
(`--metrics unix:PATH`), and in each sends N `daemon.ping` and then N `timer.status` requests one at a time over
one Unix-socket connection (an active gather, its clock stopped). Counters are zeroed before and dumped after
each phase with `callgrind_control`, so each figure is gatherd's instructions (all threads) for those N
requests, divided by N. Prints a Markdown table. Instruction counts do not depend on the machine's load.
"""
import argparse
import glob
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time


def call(conn, reader, method, params=None, ident=1):
    message = {"jsonrpc": "2.0", "id": ident, "method": method}
    if params is not None:
        message["params"] = params
    conn.sendall(json.dumps(message).encode() + b"\n")
    reply = json.loads(reader.readline())
    if "error" in reply:
        raise SystemExit(f"{method} refused: {reply['error']}")
    return reply["result"]


def instructions(out_dir, pid, label):
    """Dumps the counters (all threads) and returns the instructions since the last zeroing."""
    subprocess.run(["callgrind_control", "-d", label, str(pid)], check=True, capture_output=True)
    time.sleep(0.5)
    total = 0
    for path in glob.glob(os.path.join(out_dir, "callgrind.out.*")):
        with open(path) as f:
            text = f.read()
        if f"desc: Trigger: dump {label}\n" in text:
            total += int(re.search(r"^summary: (\d+)", text, re.M).group(1))
            os.remove(path)
    return total


def measure(binary, metrics, requests, tmp):
    out_dir = tempfile.mkdtemp(dir=tmp)
    sock = os.path.join(out_dir, "g.sock")
    args = [binary, "--socket", sock, "--database", os.path.join(out_dir, "g.sqlite"), "--log-level", "warning"]
    if metrics:
        args += ["--metrics", "unix:" + os.path.join(out_dir, "metrics.sock")]
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--separate-threads=no", "--callgrind-out-file=" + out_dir +
         "/callgrind.out.%p", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not os.path.exists(sock):
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("gatherd did not start under valgrind")
            time.sleep(0.2)
        conn = socket.socket(socket.AF_UNIX)
        conn.connect(sock)
        reader = conn.makefile("rb")
        for name in ["Ana", "Bruno"]:
            call(conn, reader, "players.create", {"name": name})
        call(conn, reader, "gather.start", {"teamA": [1], "teamB": [2], "minutes": 10})
        figures = {}
        for method in ("daemon.ping", "timer.status"):
            for _ in range(200):  # warm-up: first-time paths, caches
                call(conn, reader, method)
            subprocess.run(["callgrind_control", "-z", str(server.pid)], check=True, capture_output=True)
            for i in range(requests):
                call(conn, reader, method, ident=i)
            figures[method] = instructions(out_dir, server.pid, method) / requests
        conn.close()
        return figures
    finally:
        server.terminate()
        server.wait(60)
        shutil.rmtree(out_dir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--requests", type=int, default=5000)
    opts = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="gatherd-callgrind-")
    try:
        off = measure(opts.gatherd, False, opts.requests, tmp)
        on = measure(opts.gatherd, True, opts.requests, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"| request ({opts.requests:,} over one connection) | metrics off, instructions/request | "
          "metrics on | difference |")
    print("|---|---:|---:|---:|")
    for method in ("daemon.ping", "timer.status"):
        print(f"| `{method}` | {off[method]:,.0f} | {on[method]:,.0f} | "
              f"{on[method] - off[method]:+,.0f} ({on[method] / off[method] - 1:+.1%}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
