"""Connections survive restarts and crashes (systemd's file descriptor store), under real systemd.

200 clients in all: 40 send requests in a loop (5 of them create players), 50 subscribe to ticks and score,
gatherctl watch, the Python and the JS client follow events, and the rest sit idle. For `systemctl restart`
and for kill -9 it counts the connections that closed, the requests that failed, and the largest gap between
ticks. Runs inside the container as gather-ci.service; its exit status is the container's."""
import json, os, signal, socket, subprocess, sys, threading, time

CONTROL = "/run/gatherd/gatherd.sock"
CLIENTS_DIR = "/srv/gather-clients"
SUBSCRIBERS, REQUESTERS, WRITERS, TOTAL = 50, 40, 5, 200
REPLY_TIMEOUT = 5.0
failures = []
stop = threading.Event()


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def show(prop):
    return subprocess.run(["systemctl", "show", "-P", prop, "gatherd.service"], capture_output=True,
                          text=True).stdout.strip()


class Line:
    """One connection, one JSON message per line."""

    def __init__(self, timeout=None):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(CONTROL)
        self.sock.settimeout(timeout)
        self.buffer = b""

    def send(self, message):
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def read(self):
        """The next message; None at EOF. socket.timeout propagates."""
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)


class Subscriber(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.line = Line()
        self.line.send({"jsonrpc": "2.0", "id": 1, "method": "events.subscribe", "params": {"topics": ["tick", "score"]}})
        reply = self.line.read()
        self.subscription = reply["result"]["subscription"]
        self.last_seq = reply["result"]["seq"]
        self.ticks, self.resumed, self.closed, self.out_of_order = [], [], False, 0

    def run(self):
        self.line.sock.settimeout(0.5)
        while not stop.is_set():
            try:
                message = self.line.read()
            except socket.timeout:
                continue
            if message is None:
                self.closed = True
                return
            params = message.get("params", {})
            if message.get("method") == "events.resumed":
                self.resumed.append((time.monotonic(), params))
                if params.get("subscription") != self.subscription or params["seq"] < self.last_seq:
                    self.out_of_order += 1
                self.last_seq = params["seq"]
                continue
            if params.get("seq", 0) <= self.last_seq:
                self.out_of_order += 1
            self.last_seq = params.get("seq", self.last_seq)
            if message.get("method") == "tick":
                self.ticks.append(time.monotonic())


class Requester(threading.Thread):
    def __init__(self, number):
        super().__init__(daemon=True)
        self.number, self.line = number, Line(timeout=REPLY_TIMEOUT)
        self.failed, self.done, self.closed, self.created = [], 0, False, []
        self.last_finished_sent = 0.0  # when the latest request that got a reply or timed out was sent

    def run(self):
        request = 0
        while not stop.is_set() and not self.closed:
            request += 1
            if self.number < WRITERS:
                name = "W%d-%d" % (self.number, request)
                message = {"jsonrpc": "2.0", "id": request, "method": "players.create", "params": {"name": name}}
            else:
                message = {"jsonrpc": "2.0", "id": request,
                           "method": ["daemon.ping", "timer.status", "gather.current"][request % 3]}
            sent = time.monotonic()
            try:
                self.line.send(message)
                while True:
                    reply = self.line.read()
                    if reply is None:
                        self.closed = True
                        self.failed.append((sent, "closed"))
                        break
                    if reply.get("id") == request:
                        if "result" in reply:
                            self.done += 1
                            if self.number < WRITERS:
                                self.created.append(name)
                        else:
                            self.failed.append((sent, reply.get("error")))
                        break
            except socket.timeout:
                self.failed.append((sent, "no reply within %.0f s" % REPLY_TIMEOUT))
            except OSError as error:
                self.closed = True
                self.failed.append((sent, repr(error)))
            self.last_finished_sent = sent
            time.sleep(0.01)  # a client's pace, not a wait for an event


class Follower(threading.Thread):
    """A client program that follows events and prints one line per event; records when its output ends."""

    def __init__(self, name, command, env=None):
        super().__init__(daemon=True)
        self.name, self.lines, self.ended = name, [], False
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        env=dict(os.environ, **(env or {})))

    def run(self):
        for text in self.process.stdout:
            self.lines.append((time.monotonic(), text.rstrip("\n")))
        self.ended = True


def call(method, params=None):
    line = Line(timeout=15)
    line.send({"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}})
    reply = line.read()
    line.sock.close()
    return reply


def largest_tick_gap(subscribers, since):
    gap = 0.0
    for subscriber in subscribers:
        ticks = [t for t in subscriber.ticks if t >= since - 1.5]
        gap = max([gap] + [b - a for a, b in zip(ticks, ticks[1:])])
    return gap


def wait_until(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)  # the threads' progress has no event to wait on from here; the deadline bounds it
    return False


def measure(what, subscribers, requesters, followers, disrupt):
    """Disrupts gatherd, waits until every subscriber is told and ticking again, and reports the damage."""
    closed_before = sum(s.closed for s in subscribers) + sum(r.closed for r in requesters)
    failed_before = sum(len(r.failed) for r in requesters)
    resumed_before = [len(s.resumed) for s in subscribers]
    restarts, pid = int(show("NRestarts")), show("MainPID")
    began = time.monotonic()
    disrupt(pid)
    check(wait_until(lambda: show("MainPID") not in ("0", pid) and show("ActiveState") == "active", 20),
          "%s: gatherd is back with a new pid" % what)
    back = wait_until(lambda: all(len(s.resumed) > n and s.ticks and s.ticks[-1] > s.resumed[-1][0]
                                  for s, n in zip(subscribers, resumed_before)), 15)
    check(back, "%s: every subscriber got one events.resumed notice, then ticks again" % what)
    # Every request sent before now has its reply, or its timeout, once each requester has finished one
    # sent after now.
    settled = time.monotonic()
    check(wait_until(lambda: all(r.closed or r.last_finished_sent > settled for r in requesters),
                     REPLY_TIMEOUT + 10), "%s: every requester is answered again" % what)
    closed = sum(s.closed for s in subscribers) + sum(r.closed for r in requesters) - closed_before
    failed = sum(len(r.failed) for r in requesters) - failed_before
    gap = largest_tick_gap(subscribers, began)
    twice = sum(len(s.resumed) - n > 1 for s, n in zip(subscribers, resumed_before))
    print("     %s: %d connections closed, %d requests failed, largest tick gap %.2f s, restarts %d -> %s"
          % (what, closed, failed, gap, restarts, show("NRestarts")), flush=True)
    for follower in followers:
        check(not follower.ended, "%s: %s is still connected" % (what, follower.name))
    check(twice == 0, "%s: no subscriber was told twice" % what)
    notices = [params for s, n in zip(subscribers, resumed_before) for _, params in s.resumed[n:]]
    check(all({"subscription", "seq", "topics", "snapshot", "message"} <= set(p) and p["topics"] == ["score", "tick"]
              and p["snapshot"]["timer"]["state"] == "running" for p in notices),
          "%s: each events.resumed carries its subscription, seq, topics and a snapshot with the running clock" % what)
    return closed, failed, gap


check(call("daemon.ping")["result"] == {"pong": True}, "the first connection starts gatherd")
for name in ["Ana", "Bruno"]:
    call("players.create", {"name": name})
call("gather.start", {"teamA": [1], "teamB": [2], "minutes": 30})
check("result" in call("timer.start"), "the match clock runs")

subscribers = [Subscriber() for _ in range(SUBSCRIBERS)]
requesters = [Requester(n) for n in range(REQUESTERS)]
env = {"GATHERD_SOCKET": CONTROL, "PYTHONPATH": CLIENTS_DIR + "/python"}
followers = [
    Follower("gatherctl watch", ["/usr/local/bin/gatherctl", "--socket", CONTROL, "watch", "--format", "json"]),
    Follower("the Python client", [sys.executable, "-u", "-c", (
        "import gather_client, sys\n"
        "c = gather_client.GatherClient(sys.argv[1])\n"
        "for e in c.subscribe(['tick', 'score']): print(e.topic, flush=True)\n"), CONTROL], env),
    Follower("the JS client", ["node", "--input-type=module", "-e", (
        "const { GatherClient } = await import('%s/js/gather-client.mjs');\n"
        "const c = await GatherClient.connect(process.argv[1]);\n"
        "for await (const e of await c.subscribe(['tick', 'score'])) console.log(e.topic);\n" % CLIENTS_DIR),
        CONTROL], env),
]
late = Line(timeout=15)
idle = [Line(timeout=15) for _ in range(TOTAL - SUBSCRIBERS - REQUESTERS - len(followers) - 1)]
for thread in subscribers + requesters + followers:
    thread.start()
check(wait_until(lambda: all(len(s.ticks) >= 2 for s in subscribers)
                 and all(len(f.lines) >= 2 for f in followers), 15), "every follower gets ticks")
print("     %d clients connected; gatherd has %s" % (
    len(subscribers) + len(requesters) + len(followers) + len(idle) + 1,
    call("daemon.status")["result"].get("connections")), flush=True)

planned = measure("systemctl restart", subscribers, requesters, followers,
                  lambda pid: subprocess.run(["systemctl", "restart", "gatherd.service"], check=True))


def crash_then_send(pid):
    """kill -9, then a request while no gatherd runs: the next one must read and answer it."""
    os.kill(int(pid), signal.SIGKILL)
    check(wait_until(lambda: not os.path.exists("/proc/%s" % pid), 5), "kill -9: the old gatherd is gone")
    late.send({"jsonrpc": "2.0", "id": "sent-while-down", "method": "daemon.status"})


crash = measure("kill -9", subscribers, requesters, followers, crash_then_send)
reply = late.read()
check(reply is not None and reply.get("id") == "sent-while-down" and reply["result"]["pid"] != 0,
      "a request sent while no gatherd ran is answered by the new one")

stop.set()
for thread in subscribers + requesters:
    thread.join(5)
answered = 0
for number, line in enumerate(idle):
    try:
        line.send({"jsonrpc": "2.0", "id": number, "method": "daemon.ping"})
        answered += line.read() is not None
    except OSError:
        pass
check(answered == len(idle), "all %d idle connections still answer (%d do)" % (len(idle), answered))
check(planned[0] == 0 and crash[0] == 0, "no connection closed (restart: %d, kill -9: %d)" % (planned[0], crash[0]))
check(planned[1] == 0, "no request failed across systemctl restart (%d did)" % planned[1])
check(crash[1] <= REQUESTERS, "across kill -9 only requests in the old process's hands were lost: %d of at most %d"
      % (crash[1], REQUESTERS))
check(planned[2] <= 1.5, "tick gap after systemctl restart %.2f s <= 1.5 s" % planned[2])
check(crash[2] <= 1.0 + 1.5, "tick gap after kill -9 %.2f s <= RestartSec 1 s + 1.5 s" % crash[2])
check(sum(s.out_of_order for s in subscribers) == 0, "every subscriber saw seqs only go up")
acknowledged = {name for r in requesters for name in r.created}
names = {p["name"] for p in call("players.list")["result"]["players"]}
check(acknowledged and acknowledged <= names, "all %d acknowledged players.create are stored" % len(acknowledged))
offline = [text for f in followers for _, text in f.lines if '"online":false' in text.replace(" ", "")]
check(not offline, "gatherctl watch never showed offline")
journal = subprocess.run(["journalctl", "-q", "-u", "gatherd.service", "-o", "cat"], capture_output=True,
                         text=True).stdout
check("took back" in journal, "the journal says how many connections gatherd took back")
print("RESULT restart closed=%d failed=%d gap=%.2f; kill-9 closed=%d failed=%d gap=%.2f"
      % (planned + crash), flush=True)
if failures:
    subprocess.run(["journalctl", "-q", "-u", "gatherd.service", "-o", "short-monotonic", "--no-pager", "-n", "80"])
print("%d failure(s)" % len(failures), flush=True)
sys.exit(1 if failures else 0)
