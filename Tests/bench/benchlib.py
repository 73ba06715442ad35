"""benchlib.py - what bench.py and report.py share: the phase lengths, the request lines, starting and stopping
processes, reading /proc, a small JSON-RPC client, and parsing the tools' output."""
import datetime
import json
import os
import signal
import socket
import subprocess
import sys
import time

QUICK = os.environ.get("BENCH_QUICK") == "1"
# Phase lengths (seconds / counts). A full run measures for about 5 minutes.
LAT_SECS, LAT_WARM = (1.0, 0.2) if QUICK else (3.0, 0.5)
TPUT_SECS, TPUT_WARM = (1.0, 0.5) if QUICK else (3.0, 0.5)
TPUT_ROUNDS = 1 if QUICK else 3  # interleaved rounds; the report shows the median round
WRITE_SECS, WRITE_WARM = (1.0, 0.3) if QUICK else (3.0, 0.5)
TICKS = 6 if QUICK else 61  # 61 ticks recorded = 60 one-second intervals
FANOUT_TICKS = 4 if QUICK else 10
IDLE_SECS = 3.0 if QUICK else 10.0
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


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().strip()


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


def thread_switch_deltas(before, after):
    """{comm: context switches between two thread_switches() samples of one process}, summed over threads of
    that name; a thread born between them counts from 0. Every thread of `after` is listed, 0 included."""
    out = {}
    for tid, (comm, n) in after.items():
        out[comm] = out.get(comm, 0) + n - before.get(tid, (comm, 0))[1]
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


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def fs_type(path):
    """The type of the file system that holds `path` (e.g. ext4, tmpfs), as `df` names it."""
    out = subprocess.run(["df", "--output=fstype", path], capture_output=True, text=True).stdout.split()
    return out[-1] if len(out) > 1 else "unknown"


# ---------------------------------------------------------------- clients


def scrape_unix(path):
    """GET /metrics from gatherd's --metrics unix:PATH listener: the sample lines as {series: value}."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(10)
        s.connect(path)
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise BenchError(f"GET /metrics answered {head[:80]!r}")
    values = {}
    for line in body.decode().splitlines():
        if line and not line.startswith("#"):
            series, _, value = line.rpartition(" ")
            values[series] = float(value)
    return values


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

    def send_line(self, line):
        """Sends a raw line and returns its parsed reply line (a request's reply or a batch's array); raises if
        any reply in it is an error."""
        self.sock.sendall(line.encode() + b"\n")
        reply = json.loads(self.file.readline() or "null")
        replies = reply if isinstance(reply, list) else [reply]
        if not replies or any(not isinstance(r, dict) or "result" not in r for r in replies):
            raise BenchError(f"gatherd did not answer {line} with results: {reply}")
        return reply

    def close(self):
        self.file.close()
        self.sock.close()


def setup_gather(path, minutes):
    c = Client(path)
    a = c.call("players.create", {"name": "Bench Ana"})["id"]
    b = c.call("players.create", {"name": "Bench Ben"})["id"]
    c.call("gather.start", {"teamA": [a], "teamB": [b], "minutes": minutes})
    return c


def short_load(path, control, connections=8, rounds=25, subscribers=4):
    """A short stand-in for make bench's phases, on a gatherd with an active gather whose clock is stopped
    (`control` is a Client of it): each request line `rounds` times over `connections` connections at once,
    then `subscribers` tick subscribers through two ticks; the clock is paused again at the end."""
    clients = [Client(path) for _ in range(connections)]
    for line in (TIMER_STATUS, DAEMON_PING, GOAL_AND_UNDO, CREATE_PLAYER):
        for _ in range(rounds):
            for c in clients:
                c.sock.sendall(line.encode() + b"\n")
            for c in clients:
                reply = json.loads(c.file.readline() or "null")
                replies = reply if isinstance(reply, list) else [reply]
                if not all(isinstance(r, dict) and "result" in r for r in replies):
                    raise BenchError(f"gatherd did not answer {line} with results: {reply}")
    for c in clients:
        c.close()
    watchers = [Client(path) for _ in range(subscribers)]
    for w in watchers:
        w.send_line(SUBSCRIBE_TICK)
    control.call("timer.start")
    for w in watchers:
        ticks = 0
        while ticks < 2:
            line = w.file.readline()
            if not line:
                raise BenchError("gatherd closed a tick subscriber")
            ticks += json.loads(line).get("method") == "tick"
    control.call("timer.pause")
    for w in watchers:
        w.close()


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


# ---------------------------------------------------------------- the tools' output


def result_line(text):
    for line in text.splitlines():
        if line.startswith("RESULT "):
            return line
    raise BenchError(f"no RESULT line in:\n{text}")


def parse_result(text):
    out = {}
    for kv in result_line(text).split()[1:]:
        k, v = kv.split("=", 1)
        out[k] = float(v)
    return out


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
