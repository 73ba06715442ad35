"""gatherd_client.py - a JSON-RPC client to set gatherd up, a short load, the clock at a phase, /metrics."""
import json
import socket
import time

from bench_settings import CREATE_PLAYER, DAEMON_PING, GOAL_AND_UNDO, SUBSCRIBE_TICK, TIMER_STATUS
from processes import BenchError


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
