"""round_memory.py - the memory round: each long-running server's RSS with many connections held open."""
import os
import subprocess
import sys
import time

from bench_settings import DAEMON_PING, HOLD_N, PING, TIMER_STATUS
from processes import BenchError, log
from procfs import proc_rss_kb


def measure_memory(bench):
    """RSS with HOLD_N plain connections open, each having made one request."""
    log(f"RSS with {HOLD_N} connections open")
    lines = {"nio_ref": TIMER_STATUS, "ndjson_ref": PING}
    mem = []
    for key in (*bench.binaries, "nio_ref", "ndjson_ref"):
        proc, sock = bench.srv[key]
        idle_kb = proc_rss_kb(proc.pid)
        h = bench.procs.start(f"hold-{key}", [sys.executable, os.path.join(bench.o.here, "hold.py"), sock,
                                              str(HOLD_N), lines.get(key, DAEMON_PING)],
                              stdout=subprocess.PIPE, stdin=subprocess.PIPE)
        ready = h.stdout.readline().decode().strip()
        if not ready.startswith("ready"):
            raise BenchError(f"hold.py on {key} failed:\n{bench.procs.stderr_tail(h.bench_name)}")
        time.sleep(0.5)
        held_kb = proc_rss_kb(proc.pid)
        h.stdin.close()
        bench.procs.stop(h)
        mem.append({"server": key, "start_kb": bench.r["rss_start"][key], "idle_kb": idle_kb, "held_kb": held_kb})
        log(f"RSS {key}: start {bench.r['rss_start'][key]} kB, idle {idle_kb} kB, {HOLD_N} conns {held_kb} kB")
        bench.check_alive(proc)
    bench.r["mem"] = mem
