#!/usr/bin/env python3
"""bench.py - the measuring half of `make bench`; Tests/bench/run.sh builds everything and calls it.

Usage: bench.py --gatherd BIN --tools DIR --pyrpc FILE --tmp DIR [--command TEXT]

Starts gatherd (release build) and the reference servers of ../shared/tools side by side, measures them
with rpcbench and tickprobe and by reading /proc, and prints a Markdown report on stdout. Progress goes to
stderr. Every process it starts is stopped before it returns (their pids are also listed in TMP/pids so
that run.sh can stop them if this script is killed). Exit status: 0 when every measurement ran (targets
may be missed: this is a benchmark, not a test), 1 when something failed to run.

BENCH_QUICK=1 shortens every phase (for working on the harness; the figures are then not meaningful).
"""
import argparse
import datetime
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time

QUICK = os.environ.get("BENCH_QUICK") == "1"
# Phase lengths (seconds / counts). A full run measures for about 3 minutes.
LAT_SECS, LAT_WARM = (1.0, 0.2) if QUICK else (3.0, 0.5)
TPUT_SECS, TPUT_WARM = (1.0, 0.5) if QUICK else (3.0, 1.0)
TPUT_ROUNDS = 1 if QUICK else 3  # interleaved rounds; the report shows the median round
TICKS = 6 if QUICK else 61  # 61 ticks recorded = 60 one-second intervals
FANOUT_TICKS = 4 if QUICK else 10
IDLE_SECS = 3.0 if QUICK else 10.0
FANOUT_N = 1000
HOLD_N = 1000
GATHERD_PHASE = 0.400  # gatherd's match clock is started at this fraction of a wall-clock second

SUBSCRIBE_TICK = '{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["tick"]}}'
TIMER_STATUS = '{"jsonrpc":"2.0","id":1,"method":"timer.status"}'
DAEMON_PING = '{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}'
PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}'

CLK_TCK = os.sysconf("SC_CLK_TCK")
NCPU = os.cpu_count() or 1
T_START = time.monotonic()


class BenchError(Exception):
    """Something failed to run."""


def log(msg):
    print(f"[bench {time.monotonic() - T_START:6.1f}s] {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- processes


class Procs:
    """Every process started, so that all of them are stopped at the end."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.all = []

    def start(self, name, cmd, stdout=None, stdin=None):
        err = open(os.path.join(self.tmp, f"{name}.stderr"), "wb")
        out = stdout if stdout is not None else err
        p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=stdin if stdin is not None else subprocess.DEVNULL)
        p.bench_name = name
        self.all.append(p)
        with open(os.path.join(self.tmp, "pids"), "a") as f:
            f.write(f"{p.pid}\n")
        return p

    def stop(self, p, timeout=3.0):
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def stop_all(self):
        for p in reversed(self.all):
            try:
                self.stop(p)
            except Exception:  # noqa: BLE001 - best effort while cleaning up
                pass

    def stderr_tail(self, name, n=15):
        try:
            with open(os.path.join(self.tmp, f"{name}.stderr"), errors="replace") as f:
                return "".join(f.readlines()[-n:])
        except OSError:
            return ""


def wait_for_socket(path, proc, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BenchError(f"{proc.bench_name} exited with status {proc.returncode} before listening")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.connect(path)
            return
        except OSError:
            time.sleep(0.05)
    raise BenchError(f"{proc.bench_name} did not listen on {path} within {timeout:.0f} s")


# ---------------------------------------------------------------- /proc


def proc_cpu_seconds(pid):
    """utime + stime of the whole process (all threads, live and exited) from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def system_cpu():
    """(busy, total) jiffies of all CPUs from /proc/stat."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    idle = v[3] + v[4]  # idle + iowait
    return sum(v) - idle, sum(v)


def proc_rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def thread_switches(pid):
    """{tid: (comm, voluntary + nonvoluntary context switches)} for every live thread of pid."""
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                comm = f.read().strip()
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                n = 0
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                        n += int(line.split()[1])
            out[int(tid)] = (comm, n)
        except OSError:
            pass
    return out


def count_wakeups(pids, secs, every=0.2):
    """Context switches of each process over `secs`, polling /proc every `every` s (reading /proc does not
    wake the process). Per thread: last seen - first seen; a thread born in the window counts from 0; a
    thread that exits in the window counts up to its last sample plus 1 (the wake-up in which it exited).
    Returns per pid: dict(total, threads_before, threads_after, born, exited, by_name={comm: n})."""
    first = {pid: thread_switches(pid) for pid in pids}
    last = {pid: dict(first[pid]) for pid in pids}
    alive = {pid: set(first[pid]) for pid in pids}
    deadline = time.monotonic() + secs
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        time.sleep(min(every, left))
        for pid in pids:
            now = thread_switches(pid)
            last[pid].update(now)
            alive[pid] = set(now)
    out = {}
    for pid in pids:
        by_name = {}
        total = 0
        for tid, (comm, n) in last[pid].items():
            d = n - first[pid].get(tid, (comm, 0))[1] + (0 if tid in alive[pid] else 1)
            if d:
                by_name[comm] = by_name.get(comm, 0) + d
            total += d
        out[pid] = {"total": total, "threads_before": len(first[pid]), "threads_after": len(alive[pid]),
                    "born": len(set(last[pid]) - set(first[pid])),
                    "exited": len(set(last[pid]) - alive[pid]), "by_name": by_name}
    return out


# ---------------------------------------------------------------- clients


class Client:
    """A blocking JSON-RPC client for setting gatherd up."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next_id = 0

    def send(self, method, params=None):
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.sock.sendall(json.dumps(msg).encode() + b"\n")
        return self.next_id

    def reply(self, ident, method):
        while True:
            line = self.file.readline()
            if not line:
                raise BenchError(f"gatherd closed the connection during {method}")
            msg = json.loads(line)
            if msg.get("id") == ident:
                break
        if "error" in msg:
            raise BenchError(f"gatherd refused {method}: {msg['error']}")
        return msg["result"]

    def call(self, method, params=None):
        return self.reply(self.send(method, params), method)

    def close(self):
        self.file.close()
        self.sock.close()


def setup_gather(path, minutes):
    c = Client(path)
    a = c.call("players.create", {"name": "Bench Ana"})["id"]
    b = c.call("players.create", {"name": "Bench Ben"})["id"]
    c.call("gather.start", {"teamA": [a], "teamB": [b], "minutes": minutes})
    return c


def start_clock_at_phase(c, phase):
    """Starts the match clock at `phase` of a wall-clock second; returns (T0 ns, reply), T0 = CLOCK_REALTIME
    just before the request was sent. gatherd reads its clock when it handles the request, slightly later, so
    lateness measured from T0 is an upper bound (by one one-way trip)."""
    now = time.time()
    target = int(now) + phase
    if target - now < 0.05:
        target += 1
    time.sleep(target - now)
    t0 = time.clock_gettime_ns(time.CLOCK_REALTIME)
    reply = c.reply(c.send("timer.start"), "timer.start")
    return t0, reply


def parse_result(text):
    for line in text.splitlines():
        if line.startswith("RESULT "):
            out = {}
            for kv in line.split()[1:]:
                k, v = kv.split("=", 1)
                out[k] = float(v)
            return out
    raise BenchError(f"no RESULT line in:\n{text}")


def iso_ms(text):
    d = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
    return int(d.timestamp() * 1000 + 0.5)


def wrap_ms(x):
    """Signed ms in (-500, 500]."""
    return -((-x + 500.0) % 1000.0 - 500.0)


def pct(values, p):
    """Nearest rank, as tickprobe computes it."""
    s = sorted(values)
    i = max(0, -(-len(s) * p // 100) - 1)
    return s[int(i)]


# ---------------------------------------------------------------- the benchmark


class Bench:
    def __init__(self, opts):
        self.o = opts
        self.tmp = opts.tmp
        self.procs = Procs(opts.tmp)
        self.tool = lambda name: os.path.join(opts.tools, name)
        self.raw = []  # (label, RESULT line) for the appendix
        self.r = {}

    # ---- servers

    def gatherd(self, name):
        sock = os.path.join(self.tmp, f"{name}.sock")
        db = os.path.join(self.tmp, f"{name}.sqlite")
        p = self.procs.start(name, [self.o.gatherd, "--socket", sock, "--database", db, "--log-level", "warning"])
        wait_for_socket(sock, p)
        return p, sock

    def ref(self, name, cmd_for_sock):
        sock = os.path.join(self.tmp, f"{name}.sock")
        p = self.procs.start(name, cmd_for_sock(sock))
        wait_for_socket(sock, p)
        return p, sock

    def check_alive(self, *procs):
        for p in procs:
            if p.poll() is not None:
                raise BenchError(f"{p.bench_name} died (status {p.returncode}):\n{self.procs.stderr_tail(p.bench_name)}")

    # ---- tools

    def rpcbench(self, label, sock, server, conns, line, secs, warm, client_cpu=None):
        cmd = [self.tool("rpcbench"), "--socket", sock, "--conns", str(conns), "--line", line,
               "--duration", str(secs), "--warmup", str(warm)]
        if client_cpu is not None:
            cmd = ["taskset", "-c", str(client_cpu)] + cmd
        p = self.procs.start("rpcbench", cmd, stdout=subprocess.PIPE)
        time.sleep(warm)  # the server's CPU time is read over the measured part only
        cpu0 = proc_cpu_seconds(server.pid)
        sw0 = thread_switches(server.pid)
        out = p.communicate(timeout=secs + warm + 30)[0].decode()
        cpu1 = proc_cpu_seconds(server.pid)
        sw1 = thread_switches(server.pid)
        if p.returncode != 0:
            raise BenchError(f"{label} failed (status {p.returncode}):\n{out[-2000:]}{self.procs.stderr_tail('rpcbench')}")
        res = parse_result(out)
        res["server_cpu_us"] = (cpu1 - cpu0) * 1e6 / res["n"] if res["n"] else float("nan")
        switches = sum(n - sw0.get(tid, (c, 0))[1] for tid, (c, n) in sw1.items())
        res["server_cs"] = switches / res["n"] if res["n"] else float("nan")
        self.raw.append((label, next(l for l in out.splitlines() if l.startswith("RESULT "))))
        log(f"{label}: {res['rps']:.0f} req/s, p50 {res['p50_us']:.1f} us, p99 {res['p99_us']:.1f} us, "
            f"server {res['server_cpu_us']:.2f} us/req {res['server_cs']:.2f} cs/req, client cpu {res['client_cpu']:.0f}%")
        self.check_alive(server)
        return res

    @staticmethod
    def pin(pid, cpus):
        subprocess.run(["taskset", "-a", "-p", "-c", cpus, str(pid)], check=True, stdout=subprocess.DEVNULL)

    # ---- phases

    def run(self):
        o = self.o
        self.r["load_before"] = open("/proc/loadavg").read().strip()
        log("starting servers: gatherd (main), ndjson_ref, pyrpc_server.py")
        gm, gm_sock = self.gatherd("gatherd-main")
        setup_gather(gm_sock, 10).close()  # timer.status needs an active gather; its clock stays stopped
        nd, nd_sock = self.ref("ndjson_ref", lambda s: [self.tool("ndjson_ref"), "--socket", s])
        py, py_sock = self.ref("pyrpc", lambda s: [sys.executable, o.pyrpc, s])
        self.r["rss_start"] = {"gatherd": proc_rss_kb(gm.pid), "ndjson_ref": proc_rss_kb(nd.pid)}

        # 1. latency over one connection, pinned
        log("latency, 1 connection, pinned")
        placements = [("same CPU", "0", 0)] + ([("across CPUs", "0", 1)] if NCPU > 1 else [])
        lat = []
        allcpus = f"0-{NCPU - 1}"
        for where, scpu, ccpu in placements:
            for name, proc, sock, line in (("gatherd", gm, gm_sock, TIMER_STATUS), ("ndjson_ref", nd, nd_sock, PING)):
                self.pin(proc.pid, scpu)
                res = self.rpcbench(f"latency {name} {where}", sock, proc, 1, line, LAT_SECS, LAT_WARM, ccpu)
                self.pin(proc.pid, allcpus)
                lat.append((name, "timer.status" if line == TIMER_STATUS else "ping", where, res))
        self.r["latency"] = lat

        # 2. throughput: TPUT_ROUNDS interleaved rounds, so that a burst of outside load hits every server
        log(f"throughput, {TPUT_ROUNDS} rounds")
        configs = [(name, proc, sock, line, req, conns) for conns in (16, 64) for name, proc, sock, line, req in (
            ("ndjson_ref", nd, nd_sock, PING, "ping"),
            ("gatherd", gm, gm_sock, TIMER_STATUS, "timer.status"),
            ("gatherd", gm, gm_sock, DAEMON_PING, "daemon.ping"),
            ("pyrpc_server.py", py, py_sock, PING, "ping"),
        )]
        runs = {i: [] for i in range(len(configs))}
        for rnd in range(TPUT_ROUNDS):
            for i, (name, proc, sock, line, req, conns) in enumerate(configs):
                runs[i].append(self.rpcbench(f"throughput {name} {req} {conns} conns (round {rnd + 1})", sock, proc,
                                             conns, line, TPUT_SECS, TPUT_WARM))
        tput = []
        for i, (name, _, _, _, req, conns) in enumerate(configs):
            ordered = sorted(runs[i], key=lambda x: x["rps"])
            med = dict(ordered[len(ordered) // 2])
            med["rps_min"], med["rps_max"] = ordered[0]["rps"], ordered[-1]["rps"]
            tput.append((name, req, conns, med))
        self.r["tput"] = tput
        self.procs.stop(py)

        # 3. ticks over 60 s, with the idle measurement in the same window
        # The idle servers are set up first, so that nothing starts during the tick window: a fresh gatherd
        # with no gather (after a few requests), a gatherd whose clock is paused, the main gatherd after the
        # load (gather active, clock stopped), and ndjson_ref after the load.
        log("idle servers: a fresh gatherd, and one with a paused clock")
        gi, gi_sock = self.gatherd("gatherd-idle")
        c = Client(gi_sock)
        for _ in range(5):
            c.call("daemon.ping")
        c.call("daemon.status")
        c.close()
        gp, gp_sock = self.gatherd("gatherd-paused")
        c = setup_gather(gp_sock, 10)
        c.call("timer.start")
        time.sleep(1.5)
        c.call("timer.pause")
        c.close()
        idle = [("gatherd", "fresh, no gather, after 6 requests", gi),
                ("gatherd", "gather active, clock paused", gp),
                ("gatherd", "gather active, clock stopped, after the load above", gm),
                ("ndjson_ref", "after the load above", nd)]
        log("ticks: starting tick_ref and a fresh gatherd with a 5-minute clock")
        tr, tr_sock = self.ref("tick_ref", lambda s: [self.tool("tick_ref"), "--socket", s])
        gt, gt_sock = self.gatherd("gatherd-tick")
        c = setup_gather(gt_sock, 5)
        t0, started = start_clock_at_phase(c, GATHERD_PHASE)
        c.close()
        phase_ms = wrap_ms((t0 % 1_000_000_000) / 1e6)
        ends_ms = iso_ms(started["endsAt"])
        self.r["tick_start"] = {
            "t0_ns": t0, "phase_ms": phase_ms, "endsAt": started["endsAt"],
            # endsAt - duration = when gatherd read its clock, truncated to the ms; minus T0 = the one-way trip
            "endsat_minus_t0_ms": (ends_ms - started["duration"] * 1000) - t0 / 1e6,
        }
        log(f"gatherd clock started at wall phase {phase_ms:+.3f} ms; tickprobe x2 for {TICKS} ticks")
        out_ref = open(os.path.join(self.tmp, "tickprobe-ref.out"), "w+")
        out_gd = open(os.path.join(self.tmp, "tickprobe-gatherd.out"), "w+")
        tp_ref = self.procs.start("tickprobe-ref", [self.tool("tickprobe"), "--socket", tr_sock, "--count", str(TICKS)],
                                  stdout=out_ref)
        tp_gd = self.procs.start("tickprobe-gatherd", [self.tool("tickprobe"), "--socket", gt_sock, "--count",
                                                      str(TICKS), "--subscribe-line", SUBSCRIBE_TICK], stdout=out_gd)

        time.sleep(2.0)  # settle: let connection teardown finish
        log(f"idle wake-ups over {IDLE_SECS:.0f} s")
        cpu_before = [proc_cpu_seconds(p.pid) for _, _, p in idle]
        sys0 = system_cpu()
        woke = count_wakeups([p.pid for _, _, p in idle], IDLE_SECS)
        sys1 = system_cpu()
        cpu_after = [proc_cpu_seconds(p.pid) for _, _, p in idle]
        self.r["background_cpu"] = (sys1[0] - sys0[0]) / max(1, sys1[1] - sys0[1])
        self.r["idle"] = [(name, what, woke[p.pid], proc_rss_kb(p.pid), ca - cb)
                          for (name, what, p), cb, ca in zip(idle, cpu_before, cpu_after)]
        for name, what, w, _, _ in self.r["idle"]:
            log(f"idle {name} ({what}): {w['total']} wake-ups {w['by_name']}")
        self.check_alive(gi, gp, gm, nd)

        for p in (tp_ref, tp_gd):
            try:
                p.wait(TICKS + 30)
            except subprocess.TimeoutExpired as e:
                raise BenchError(f"{p.bench_name} did not finish") from e
        ticks = {}
        for name, p, f, phase in (("tick_ref", tp_ref, out_ref, 0.0), ("gatherd", tp_gd, out_gd, phase_ms)):
            f.seek(0)
            text = f.read()
            if p.returncode != 0:
                raise BenchError(f"tickprobe on {name} failed:\n{text[-2000:]}{self.procs.stderr_tail(p.bench_name)}")
            res = parse_result(text)
            self.raw.append((f"ticks {name}", next(l for l in text.splitlines() if l.startswith("RESULT "))))
            offs = [float(m.group(3)) for m in re.finditer(r"^\s*\d+\s+(\d+)\.(\d{9})\s+([+-]?\d+\.\d+)\s+\d+\.\d+\s*$",
                                                             text, re.M)]
            if len(offs) != TICKS:
                raise BenchError(f"tickprobe on {name}: parsed {len(offs)} of {TICKS} ticks")
            late = [wrap_ms(x - phase) for x in offs]
            res["late"] = late
            ticks[name] = res
            log(f"ticks {name}: lateness p50 {pct(late, 50):+.3f} ms p99 {pct(late, 99):+.3f} ms, "
                f"interval max dev {res['interval_maxdev_ms']:.3f} ms, drift {res['drift_ms']:+.3f} ms")
        self.r["ticks"] = ticks
        self.check_alive(tr, gt)
        for p in (gi, gp):
            self.procs.stop(p)

        # 4. fan-out to 1,000 subscribers (both probes at once; the servers tick 400 ms apart)
        log(f"fan-out: {FANOUT_N} subscribers each, {FANOUT_TICKS} ticks")
        fo = {}
        files = {}
        probes = {}
        for name, sock, sub in (("tick_ref", tr_sock, None), ("gatherd", gt_sock, SUBSCRIBE_TICK)):
            files[name] = open(os.path.join(self.tmp, f"fanout-{name}.out"), "w+")
            cmd = [self.tool("tickprobe"), "--socket", sock, "--fanout", str(FANOUT_N), "--count", str(FANOUT_TICKS)]
            if sub:
                cmd += ["--subscribe-line", sub]
            probes[name] = self.procs.start(f"fanout-{name}", cmd, stdout=files[name])
        rss_max = {"tick_ref": 0, "gatherd": 0}
        deadline = time.monotonic() + FANOUT_TICKS + 40
        while any(p.poll() is None for p in probes.values()):
            if time.monotonic() > deadline:
                raise BenchError("fan-out probes did not finish")
            rss_max["tick_ref"] = max(rss_max["tick_ref"], proc_rss_kb(tr.pid))
            rss_max["gatherd"] = max(rss_max["gatherd"], proc_rss_kb(gt.pid))
            time.sleep(0.25)
        for name, phase in (("tick_ref", 0.0), ("gatherd", phase_ms)):
            f = files[name]
            f.seek(0)
            text = f.read()
            if probes[name].returncode != 0:
                raise BenchError(f"fan-out tickprobe on {name} failed:\n{text[-2000:]}"
                                 f"{self.procs.stderr_tail('fanout-' + name)}")
            res = parse_result(text)
            self.raw.append((f"fan-out {name}", next(l for l in text.splitlines() if l.startswith("RESULT "))))
            rows = re.findall(r"^\s*\d+\s+(\d+)/\s*\d+\s+([+-]?\d+\.\d+)\s+([+-]?\d+\.\d+)\s+(\d+\.\d+)\s*$", text, re.M)
            res["first_late"] = [wrap_ms(float(r[1]) - phase) for r in rows]
            res["last_late"] = [wrap_ms(float(r[2]) - phase) for r in rows]
            res["rss_kb"] = rss_max[name]
            fo[name] = res
            log(f"fan-out {name}: spread p50 {res['spread_p50_us']:.0f} us p99 {res['spread_p99_us']:.0f} us, "
                f"RSS {rss_max[name]} kB")
        self.r["fanout"] = fo
        self.check_alive(tr, gt)
        self.procs.stop(tr)
        self.procs.stop(gt)

        # 5. RSS with 1,000 plain connections open (each has made one request)
        log(f"RSS with {HOLD_N} connections open")
        mem = []
        for name, proc, sock, line in (("gatherd", gm, gm_sock, DAEMON_PING), ("ndjson_ref", nd, nd_sock, PING)):
            idle_kb = proc_rss_kb(proc.pid)
            h = self.procs.start(f"hold-{name}", [sys.executable, os.path.join(o.here, "hold.py"), sock, str(HOLD_N), line],
                                 stdout=subprocess.PIPE, stdin=subprocess.PIPE)
            ready = h.stdout.readline().decode().strip()
            if not ready.startswith("ready"):
                raise BenchError(f"hold.py on {name} failed:\n{self.procs.stderr_tail('hold-' + name)}")
            time.sleep(0.5)
            held_kb = proc_rss_kb(proc.pid)
            h.stdin.close()
            self.procs.stop(h)
            mem.append((name, self.r["rss_start"][name], idle_kb, held_kb))
            log(f"RSS {name}: start {self.r['rss_start'][name]} kB, idle {idle_kb} kB, {HOLD_N} conns {held_kb} kB")
        self.r["mem"] = mem
        self.check_alive(gm, nd)
        self.r["load_after"] = open("/proc/loadavg").read().strip()

    # ---- report

    def report(self):
        r, o = self.r, self.o
        L = []
        add = L.append
        gd_commit = subprocess.run(["git", "-C", o.repo, "describe", "--always", "--dirty"], capture_output=True,
                                   text=True).stdout.strip() or "unknown"
        add("# gatherd performance")
        add("")
        via = "" if o.command == "Tests/bench/run.sh" else " (which runs `Tests/bench/run.sh`)"
        add(f"Generated by `{o.command}`{via}. **Only figures from the same run are comparable**: "
            "the machine is shared, so absolute numbers move from run to run; the ratios to the reference "
            "servers measured in the same run are what the targets judge.")
        add("")
        add(f"- Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M:%S UTC')}")
        add(f"- Machine: `nproc` = {os.cpu_count()}, kernel {os.uname().release}, {cpu_model()}")
        if o.load_at_start:
            add(f"- Load (`/proc/loadavg`): before the build `{o.load_at_start}`, before measuring "
                f"`{r['load_before']}`, after `{r['load_after']}`")
        else:
            add(f"- Load (`/proc/loadavg`): before `{r['load_before']}`, after `{r['load_after']}`")
        add(f"- Background CPU use while this run was idle ({IDLE_SECS:.0f} s window of the idle measurement, "
            f"from /proc/stat): {r['background_cpu']:.0%} of all {os.cpu_count()} CPUs")
        busy = max(float(r["load_before"].split()[0]), float(r["load_after"].split()[0]))
        if busy >= 0.5:
            add(f"  - The 1-minute load reached {busy:.2f} on {os.cpu_count()} CPUs: other work competed with this "
                "run (its own load adds about 1 while it measures throughput), so expect noise, mostly in "
                "tails and tick timing; the ratios are still comparable within this run.")
        if o.gatherd_label:
            add(f"- gatherd: {o.gatherd_label}")
        else:
            add(f"- gatherd: release build (`swift build -c release`) of `{gd_commit}`, a snapshot of the working "
                "tree taken when the run started")
        add("- References: `ndjson_ref`, `tick_ref`, `rpcbench`, `tickprobe` from `../shared/tools` (gcc -O2), "
            "`pyrpc_server.py` (CPython " + sys.version.split()[0] + ")")
        if QUICK:
            add("- **BENCH_QUICK=1: shortened phases, figures not meaningful.**")
        add("")

        # targets
        nd16 = next(x for x in r["tput"] if x[0] == "ndjson_ref" and x[2] == 16)[3]
        gd16 = next(x for x in r["tput"] if x[0] == "gatherd" and x[1] == "timer.status" and x[2] == 16)[3]
        gp16 = next(x for x in r["tput"] if x[0] == "gatherd" and x[1] == "daemon.ping" and x[2] == 16)[3]
        tg, trf = r["ticks"]["gatherd"], r["ticks"]["tick_ref"]
        fg, fr = r["fanout"]["gatherd"], r["fanout"]["tick_ref"]
        idle = {what: res for _, what, res, _, _ in r["idle"]}
        idle_none = next(v for k, v in idle.items() if "no gather" in k)
        idle_paused = next(v for k, v in idle.items() if "paused" in k)
        ratio = gd16["rps"] / nd16["rps"]
        late99 = pct(tg["late"], 99)
        s50 = fg["spread_p50_us"] / fr["spread_p50_us"]
        s99 = fg["spread_p99_us"] / fr["spread_p99_us"]
        verdict = lambda ok: "PASS" if ok else "**MISS**"  # noqa: E731
        add("## Targets")
        add("")
        add("| target | measured (this run) | result |")
        add("|---|---|---|")
        add(f"| throughput, 16 connections, `timer.status` ≥ 40% of ndjson_ref | {gd16['rps']:,.0f} / "
            f"{nd16['rps']:,.0f} req/s = **{ratio:.0%}** (median rounds; fastest rounds "
            f"{gd16['rps_max'] / nd16['rps_max']:.0%}; `daemon.ping` {gp16['rps'] / nd16['rps']:.0%}; server CPU per "
            f"request {gd16['server_cpu_us']:.1f} µs vs {nd16['server_cpu_us']:.1f} µs) | {verdict(ratio >= 0.40)} |")
        add(f"| p99 tick lateness ≤ 1 ms (1 subscriber, {TICKS} ticks) | **{late99:+.3f} ms** "
            f"(tick_ref {pct(trf['late'], 99):+.3f} ms) | {verdict(late99 <= 1.0)} |")
        add(f"| drift < 1 ms over {TICKS - 1} s | **{tg['drift_ms']:+.3f} ms** (tick_ref {trf['drift_ms']:+.3f} ms) | "
            f"{verdict(abs(tg['drift_ms']) < 1.0)} |")
        add(f"| fan-out spread at {FANOUT_N} subscribers ≤ 2× tick_ref, p50 | {fg['spread_p50_us']:,.0f} / "
            f"{fr['spread_p50_us']:,.0f} µs = **{s50:.2f}×** | {verdict(s50 <= 2.0)} |")
        add(f"| fan-out spread at {FANOUT_N} subscribers ≤ 2× tick_ref, p99 ({FANOUT_TICKS} ticks: the max) | "
            f"{fg['spread_p99_us']:,.0f} / {fr['spread_p99_us']:,.0f} µs = **{s99:.2f}×** | {verdict(s99 <= 2.0)} |")
        nd_idle = next(v for n, _, v, _, _ in r["idle"] if n == "ndjson_ref")["total"]
        add(f"| no wake-ups while idle, no gather ({IDLE_SECS:.0f} s) | **{idle_none['total']}** "
            f"(ndjson_ref {nd_idle}) | {verdict(idle_none['total'] == 0)} |")
        add(f"| no wake-ups while idle, clock paused ({IDLE_SECS:.0f} s) | **{idle_paused['total']}** "
            f"(ndjson_ref {nd_idle}) | {verdict(idle_paused['total'] == 0)} |")
        add("")

        # latency
        add("## Round-trip latency over 1 connection")
        add("")
        add(f"rpcbench, 1 connection, closed loop, {LAT_SECS:g} s after {LAT_WARM:g} s warm-up. Server pinned to "
            "CPU 0 with `taskset -a -p` (all its threads); client pinned with `taskset -c` to CPU 0 (same CPU) or "
            "CPU 1 (across CPUs). gatherd answers `timer.status` (an active gather, clock stopped); ndjson_ref "
            "answers a fixed line without parsing.")
        add("")
        add("| server | request | placement | req/s | p50 µs | p99 µs | server CPU µs/req | "
            "server context switches/req |")
        add("|---|---|---|---:|---:|---:|---:|---:|")
        for name, req, where, x in r["latency"]:
            add(f"| {name} | {req} | {where} | {x['rps']:,.0f} | {x['p50_us']:.1f} | {x['p99_us']:.1f} | "
                f"{x['server_cpu_us']:.2f} | {x['server_cs']:.2f} |")
        add("")
        add("With one request in flight the server sleeps between requests, so context switches per request "
            "count the thread wake-ups it takes to answer one: 1 means the thread that reads the request also "
            "writes the reply; each hand-off to another thread (and back) adds about one.")
        add("")

        # throughput
        add("## Throughput")
        add("")
        add(f"rpcbench, closed loop (one request in flight per connection), {TPUT_SECS:g} s after {TPUT_WARM:g} s "
            f"warm-up, nothing pinned; {TPUT_ROUNDS} rounds, each round running every row once, and each row "
            "shows its median round (req/s range = slowest–fastest round). Server CPU per request = the server's "
            "utime+stime from `/proc/PID/stat` "
            "(all threads) over the measured part, divided by the responses counted; context switches/req likewise "
            "from the threads' `voluntary_ctxt_switches + nonvoluntary_ctxt_switches` (a handoff between threads "
            "costs a switch; under load several requests share one). client CPU near 100% would "
            "mean rpcbench itself is the limit; on 2 CPUs the client and the server share the machine.")
        add("")
        add("| server | request | conns | req/s | req/s range | vs ndjson_ref | p50 µs | p99 µs | server CPU µs/req | "
            "server context switches/req | client CPU |")
        add("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for name, req, conns, x in r["tput"]:
            ref = next(y for n, _, c, y in r["tput"] if n == "ndjson_ref" and c == conns)
            add(f"| {name} | {req} | {conns} | {x['rps']:,.0f} | {x['rps_min'] / 1000:,.0f}k–{x['rps_max'] / 1000:,.0f}k | "
                f"{x['rps'] / ref['rps']:.0%} | {x['p50_us']:.1f} | "
                f"{x['p99_us']:.1f} | {x['server_cpu_us']:.2f} | {x['server_cs']:.2f} | {x['client_cpu']:.0f}% |")
        add("")

        # ticks
        ts = r["tick_start"]
        one_way = min(x["p50_us"] for n, _, _, x in r["latency"] if n == "gatherd") / 2
        add(f"## Tick timing, 1 subscriber, {TICKS} ticks ({TICKS - 1} s)")
        add("")
        add("tickprobe timestamps each tick line (CLOCK_REALTIME and CLOCK_MONOTONIC) right after the read that "
            "completes it. tick_ref ticks on whole seconds of the wall clock, so its lateness is tickprobe's "
            "offset from the whole second. gatherd ticks on whole seconds of the *match clock*, i.e. at "
            "T0 + k s, where T0 is when the clock was started; its phase against the wall clock is arbitrary, "
            "so tickprobe's own offset column is not comparable. The harness therefore starts gatherd's clock "
            f"at a chosen moment (wall phase {ts['phase_ms']:+.3f} ms) and takes T0 = CLOCK_REALTIME just before "
            "sending `timer.start`; gatherd's lateness = (arrival − T0) mod 1 s. gatherd reads its clock when "
            "it handles the request, a one-way trip after T0, so this overstates gatherd's lateness by that "
            f"trip: about half its 1-connection round trip, i.e. ~{one_way:.0f} µs. (Cross-check: the reply's "
            f"`endsAt` − duration − T0 = {ts['endsat_minus_t0_ms']:+.3f} ms; `endsAt` has millisecond resolution "
            "and is rounded down, so it only confirms T0 to within a couple of ms.) Interval error and drift need "
            "no phase and are directly "
            f"comparable. Both servers ran in the same {TICKS - 1} s, 400 ms apart in phase, so neither disturbs "
            "the other's tick.")
        add("")
        add("| server | lateness p50 ms | p99 ms | max ms | min ms | max \\|interval − 1 s\\| ms | drift ms |")
        add("|---|---:|---:|---:|---:|---:|---:|")
        for name in ("gatherd", "tick_ref"):
            x = r["ticks"][name]
            add(f"| {name} | {pct(x['late'], 50):+.3f} | {pct(x['late'], 99):+.3f} | {max(x['late']):+.3f} | "
                f"{min(x['late']):+.3f} | {x['interval_maxdev_ms']:.3f} | {x['drift_ms']:+.3f} |")
        add("")
        add("Drift = (last arrival − first arrival) − (ticks − 1) s on CLOCK_MONOTONIC; positive = late.")
        add("")

        # fan-out
        add(f"## Fan-out to {FANOUT_N:,} subscribers, {FANOUT_TICKS} ticks")
        add("")
        add(f"`tickprobe --fanout {FANOUT_N}`: one probe process, {FANOUT_N} connections (each subscribed to "
            "ticks for gatherd). Spread = last minus first arrival of the same tick, including the probe's own "
            "~1–2 µs per socket read. Lateness of the first / last arrival is measured as above. Both probes ran "
            "at once (the servers tick 400 ms apart). RSS = the server's largest VmRSS while the probe was "
            "connected.")
        add("")
        add("| server | spread p50 µs | p99 µs | max µs | first arrival late p50 ms | last arrival late p50 ms | "
            "p99 ms | incomplete ticks | RSS kB |")
        add("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for name in ("gatherd", "tick_ref"):
            x = r["fanout"][name]
            add(f"| {name} | {x['spread_p50_us']:,.0f} | {x['spread_p99_us']:,.0f} | {x['spread_max_us']:,.0f} | "
                f"{pct(x['first_late'], 50):+.3f} | {pct(x['last_late'], 50):+.3f} | {pct(x['last_late'], 99):+.3f} | "
                f"{x['incomplete']:.0f} | {x['rss_kb']:,} |")
        add("")

        # memory
        add("## Memory (VmRSS from /proc/PID/status)")
        add("")
        add(f"'idle' = after every phase above, nothing connected; '{HOLD_N:,} connections' = {HOLD_N:,} "
            "connections opened by `Tests/bench/hold.py`, each having made one request (daemon.ping / ping) and "
            "got its reply, then held open.")
        add("")
        add(f"| server | just started kB | idle kB | {HOLD_N:,} connections kB | per connection kB |")
        add("|---|---:|---:|---:|---:|")
        for name, start, idle_kb, held in r["mem"]:
            add(f"| {name} | {start:,} | {idle_kb:,} | {held:,} | {(held - idle_kb) / HOLD_N:.1f} |")
        add("")

        # idle
        add(f"## Wake-ups while idle ({IDLE_SECS:.0f} s, nothing connected)")
        add("")
        add("Method: every 0.2 s the harness reads, for every thread in /proc/PID/task, "
            "`voluntary_ctxt_switches + nonvoluntary_ctxt_switches` from its `status` (and its name from `comm`). "
            "A thread that is woken (timer, futex, epoll, eventfd) runs and blocks again, which is one voluntary "
            "switch, so an idle process's switch count is its number of wake-ups; reading /proc does not wake "
            "it. Per thread: last sample − first sample; a thread born during the window counts in full; a "
            "thread that exits counts up to its last sample plus one (the wake-up in which it exited). "
            f"Window: {IDLE_SECS:.0f} s, starting 2 s after the last request. The servers were measured at once. "
            "CPU = utime+stime over the window (10 ms resolution).")
        add("")
        add("| server | state | threads before → after (born, exited) | wake-ups | per s | by thread (comm) | CPU ms | RSS kB |")
        add("|---|---|---|---:|---:|---|---:|---:|")
        for name, what, w, rss, cpu in r["idle"]:
            names = ", ".join(f"`{k}` {v}" for k, v in sorted(w["by_name"].items(), key=lambda kv: -kv[1])) or "–"
            add(f"| {name} | {what} | {w['threads_before']} → {w['threads_after']} ({w['born']}, {w['exited']}) | "
                f"{w['total']} | {w['total'] / IDLE_SECS:.1f} | {names} | {cpu * 1000:.0f} | {rss:,} |")
        add("")
        add("Thread names are truncated by the kernel to 15 bytes: `-qos.overcommit` and `oot.default-qos` are "
            "libdispatch threads (`com.apple.root.default-qos[.overcommit]`), which run Swift concurrency's "
            "global executor and dispatch timers on Linux; `NIO-SGLTN-…` are SwiftNIO's event loops.")
        if any(w["by_name"].get("-qos.overcommit", 0) >= IDLE_SECS for n, _, w, _, _ in r["idle"] if n == "gatherd"):
            add(" A `-qos.overcommit` thread waking about once a second is libdispatch's own thread-pool monitor "
                "on Linux: a 1 s repeating timer on its manager queue (`_dispatch_workq_init_once` in "
                "swift-corelibs-libdispatch `src/event/workqueue.c`), armed when the process first uses a "
                "dispatch worker thread and never stopped. `oot.default-qos` wake-ups in the window are "
                "typically idle worker threads exiting after their idle timeout.")
        add("")

        add("## Raw RESULT lines")
        add("")
        add("```")
        for label, line in self.raw:
            add(f"{label}: {line}")
        add("```")
        return "\n".join(L) + "\n"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gatherd", required=True)
    ap.add_argument("--tools", required=True)
    ap.add_argument("--pyrpc", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--repo", default=".")
    ap.add_argument("--command", default="make bench")
    ap.add_argument("--load-at-start", default="")
    ap.add_argument("--gatherd-label", default="")
    opts = ap.parse_args()
    opts.here = os.path.dirname(os.path.abspath(__file__))

    def on_signal(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    bench = Bench(opts)
    try:
        bench.run()
        text = bench.report()
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
