#!/usr/bin/env python3
"""cold_rss.py - gatherd's resident memory just after start-up, started as after a reboot or an install: with
none of its binary in the page cache.

Usage: Tests/bench/cold_rss.py --gatherd BIN [--runs 5] [--load] [--wakeups]

Each run drops the binary's pages from the page cache (`fsync`, then `posix_fadvise(POSIX_FADV_DONTNEED)`; no
other process may be running the same file), starts it on a fresh database and socket in a temporary folder with
`--log-level warning`, sets up a gather as Tests/bench does (two players, gather.start), asks daemon.ping and
timer.status, with --load runs a short load (gatherd_client.short_load: requests over several connections, tick
subscribers through two ticks), rests 2 s and reads VmRSS and the binary's mappings from /proc/PID/smaps.
Prints each run's VmRSS and the median, with the breakdown of the median run. A binary whose pages are cached
(just written by the linker, cp or strip) maps more of them at once, by up to 2 MB, and varies from file to file:
that is why the cache is dropped. With --wakeups, the last run's clock is started and paused, and its wake-ups
are counted over 10 s as make bench counts them, from 8 s after the start.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from gatherd_client import Client, setup_gather, short_load
from processes import wait_for_socket
from procfs import count_wakeups


def drop_cache(path):
    """Drops the file's pages from the page cache; written back first, since dirty pages stay."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def mappings(pid, binary):
    """Resident kB of the binary's mappings by kind, and of everything else, from /proc/PID/smaps."""
    real = os.path.realpath(binary)
    kinds = {}
    kind = None
    seen_code = False
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            m = re.match(r"[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)", line)
            if m:
                perms, path = m.group(1), m.group(2).strip()
                if path and os.path.realpath(path) == real:
                    if "x" in perms:
                        kind, seen_code = "binary code (r-xp)", True
                    elif "w" in perms:
                        kind = "binary data (rw-p)"
                    else:
                        kind = "binary read-only after code (RELRO)" if seen_code else "binary read-only (r--p)"
                else:
                    kind = "libraries, heap, stacks"
            elif line.startswith("Rss:"):
                kinds[kind] = kinds.get(kind, 0) + int(line.split()[1])
    return kinds


def one_run(binary, load, wakeups):
    tmp = tempfile.mkdtemp(prefix="gatherd-rss-")
    sock = os.path.join(tmp, "g.sock")
    drop_cache(binary)
    proc = subprocess.Popen([binary, "--socket", sock, "--database", os.path.join(tmp, "g.sqlite"),
                             "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc.bench_name = "gatherd"
    started = time.monotonic()
    try:
        wait_for_socket(sock, proc)
        control = setup_gather(sock, 10)
        control.call("daemon.ping")
        control.call("timer.status")
        if load:
            short_load(sock, control)
        control.close()
        time.sleep(2)
        with open(f"/proc/{proc.pid}/status") as f:
            rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
        kinds = mappings(proc.pid, binary)
        woke = None
        if wakeups:
            control = Client(sock)
            control.call("timer.start")
            control.call("timer.pause")
            control.close()
            # As in make bench, where the idle servers have been up for several seconds: one of the worker
            # threads libdispatch starts at launch ends about 5 s after it.
            time.sleep(max(2, started + 8 - time.monotonic()))
            woke = count_wakeups([proc.pid], 10)[proc.pid]
        return rss, kinds, woke
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--load", action="store_true")
    parser.add_argument("--wakeups", action="store_true")
    opts = parser.parse_args()
    runs = [one_run(opts.gatherd, opts.load, opts.wakeups and i == opts.runs - 1) for i in range(opts.runs)]
    values = [rss for rss, _, _ in runs]
    median = statistics.median_low(values)
    print(f"VmRSS kB, {'after a short load' if opts.load else 'just started'}, cold page cache: "
          f"{', '.join(f'{v:,}' for v in values)}; median {median:,}")
    for kind, kb in sorted(runs[values.index(median)][1].items(), key=lambda x: -x[1]):
        print(f"  {kind}: {kb:,} kB")
    woke = runs[-1][2]
    if woke is not None:
        print(f"wake-ups in 10 s idle, clock paused: {woke['total']} (threads {woke['threads_before']} -> "
              f"{woke['threads_after']}) {woke['by_name']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
