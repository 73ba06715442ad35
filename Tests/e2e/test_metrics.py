"""Prometheus metrics on the real daemon: `GET /metrics` on `--metrics` and on `--http`,
checked by Debian's `promtool check metrics` (format and lint), and the counters moving as a real client makes
requests over the Unix socket and a WebSocket. Stdlib only, besides promtool."""
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

from harness import Daemon, DaemonTestCase, binary_path
from test_full_disk import fill
from wsclient import HandshakeRefused, WebSocket, http_request

SERIES = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port):
    """Readiness of gatherd's HTTP listeners, like the harness's for its socket: the Unix socket answers first, and
    nothing tells when the TCP port listens, so try to connect every 10 ms, for at most 10 s."""
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def parse(text):
    """The scrape as {series: value}, where a series is the name with its labels sorted: name{a="1",b="2"}."""
    values = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        match = SERIES.match(line)
        assert match, "not a sample line: %r" % line
        name, labels, value = match.groups()
        if labels:
            pairs = sorted(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', labels))
            name += "{" + ",".join('%s="%s"' % pair for pair in pairs) + "}"
        values[name] = float(value)
    return values


class MetricsCase(DaemonTestCase):
    fresh_daemon_per_test = True

    def make_daemon(self):
        self.port = free_port()
        return Daemon(["--metrics", "127.0.0.1:%d" % self.port])

    def setUp(self):
        super().setUp()
        wait_for_port(self.port)

    def scrape(self, port=None):
        status, headers, body = http_request(port or self.port, "GET", "/metrics")
        self.assertEqual(status, 200, body)
        self.assertEqual(headers["content-type"], "text/plain; version=0.0.4; charset=utf-8")
        return body.decode()

    def metrics(self, port=None):
        return parse(self.scrape(port))

    def request_count(self, values, method, outcome="ok"):
        return values.get('gatherd_rpc_requests_total{method="%s",outcome="%s"}' % (method, outcome))


class ScrapeTests(MetricsCase):
    @unittest.skipUnless(shutil.which("promtool"), "promtool is not installed (make deps installs prometheus)")
    def test_promtool_accepts_the_scrape(self):
        # Some of everything first, so that every family has samples: a match with a running clock, a
        # subscriber, a goal, an error.
        for name in ["Ana", "Bruno"]:
            self.ok(self.c, "players.create", {"name": name})
        self.ok(self.c, "gather.start", {"teamA": [1], "teamB": [2], "minutes": 10})
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick", "score"]})
        self.ok(self.c, "timer.start")
        self.ok(self.c, "score.goal", {"team": "teamA", "player": 1})
        self.c.call("no.such.method")
        watcher.wait_event(lambda event: event["method"] == "tick")
        text = self.scrape()
        result = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, "promtool: %s%s\n%s" % (result.stdout, result.stderr, text))
        self.assertEqual(result.stdout + result.stderr, "", "promtool found lint problems")
        # Families: one TYPE line each; names carry the gatherd_ prefix (or process_); counters end in _total.
        types = dict(re.findall(r"^# TYPE (\S+) (\S+)$", text, re.M))
        for name, kind in types.items():
            self.assertRegex(name, r"^(gatherd|process)_", name)
            if kind == "counter":
                self.assertTrue(name.endswith("_total"), name)
        for name in ["gatherd_rpc_requests_total", "gatherd_rpc_errors_total", "gatherd_open_connections",
                     "gatherd_subscriptions", "gatherd_events_total", "gatherd_tick_lateness_seconds",
                     "gatherd_store_commit_seconds", "gatherd_storage_available", "gatherd_fdstore_connections",
                     "gatherd_build_info", "process_cpu_seconds_total", "process_resident_memory_bytes",
                     "process_virtual_memory_bytes", "process_open_fds", "process_max_fds",
                     "process_start_time_seconds"]:
            self.assertIn(name, types, "no %s in the scrape" % name)
        self.assertEqual(types["gatherd_tick_lateness_seconds"], "histogram")
        self.assertEqual(types["gatherd_store_commit_seconds"], "histogram")
        # No per-player or per-connection labels: the label names are a short, fixed list.
        labels = set(re.findall(r"[{,](\w+)=", text))
        self.assertLessEqual(labels, {"method", "outcome", "reason", "transport", "topic", "version", "le"}, labels)
        self.assertNotIn("Ana", text)

    def test_the_listener_of_metrics_serves_nothing_else(self):
        self.assertEqual(http_request(self.port, "GET", "/")[0], 404)
        self.assertEqual(http_request(self.port, "GET", "/healthz")[0], 404)
        self.assertEqual(http_request(self.port, "POST", "/rpc", {"Content-Type": "application/json"},
                                      b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}')[0], 404)
        self.assertEqual(http_request(self.port, "POST", "/metrics")[0], 405)
        status, _, body = http_request(self.port, "HEAD", "/metrics")
        self.assertEqual((status, body), (200, b""))
        with self.assertRaises(HandshakeRefused):
            WebSocket(self.port)
        self.assertNotIn("gatherd_open_connections{transport=\"websocket\"} 1", self.scrape())

    def test_build_info_and_the_process(self):
        values = self.metrics()
        version = subprocess.run([binary_path(), "--version"], capture_output=True, text=True).stdout.split()[-1]
        self.assertEqual(values.get('gatherd_build_info{version="%s"}' % version), 1.0, values)
        with open("/proc/%d/stat" % self.daemon.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        resident = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
        self.assertLess(abs(values["process_resident_memory_bytes"] - resident), 16 << 20)
        # The scrape's own connection was open while it was counted.
        self.assertAlmostEqual(values["process_open_fds"], len(os.listdir("/proc/%d/fd" % self.daemon.pid)), delta=2)
        self.assertGreater(values["process_max_fds"], 1000)
        self.assertGreater(values["process_cpu_seconds_total"], 0)
        self.assertLess(abs(values["process_start_time_seconds"] - time.time()), 60)


class CounterTests(MetricsCase):
    def test_requests_count_by_method_and_outcome(self):
        before = self.metrics()
        for _ in range(7):
            self.ok(self.c, "daemon.ping")
        for _ in range(3):
            self.c.call("timer.status")
        self.c.call("players.get", {"id": "seven"})
        after = self.metrics()
        self.assertEqual(self.request_count(after, "daemon.ping") - self.request_count(before, "daemon.ping"), 7)
        # No gather: timer.status is refused (no_active_gather), three times.
        self.assertEqual(self.request_count(after, "timer.status", "error") -
                         self.request_count(before, "timer.status", "error"), 3)
        self.assertEqual(after['gatherd_rpc_errors_total{reason="no_active_gather"}'], 3)
        self.assertEqual(self.request_count(after, "players.get", "error"), 1)
        self.assertEqual(after['gatherd_rpc_errors_total{reason="invalid_params"}'], 1)

    def test_errors_before_any_method_count_by_reason_and_add_no_label(self):
        self.c.send_raw(b"{this is not json\n")
        self.c.read_message()
        self.c.call("gather.nonsense")
        self.c.send([])
        self.c.read_message()
        values = self.metrics()
        self.assertEqual(values['gatherd_rpc_errors_total{reason="parse_error"}'], 1)
        self.assertEqual(values['gatherd_rpc_errors_total{reason="method_not_found"}'], 1)
        self.assertEqual(values['gatherd_rpc_errors_total{reason="invalid_request"}'], 1)
        self.assertFalse([series for series in values if "gather.nonsense" in series])

    def test_connections_subscriptions_events_and_commits_move(self):
        self.ok(self.c, "daemon.ping")  # this test's client, answered: gatherd serves it
        # The harness's readiness probe closed just before: counted out once gatherd has seen it go.
        deadline = time.monotonic() + 5
        while self.metrics()['gatherd_open_connections{transport="unix"}'] != 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        base = self.metrics()
        self.assertEqual(base['gatherd_open_connections{transport="unix"}'], 1)  # this test's client
        self.assertEqual(base["gatherd_subscriptions"], 0)
        others = [self.client() for _ in range(4)]
        for other in others:
            self.ok(other, "daemon.ping")
        self.ok(others[0], "events.subscribe", {"topics": ["players"]})
        self.ok(others[1], "events.subscribe")
        commits = base["gatherd_store_commit_seconds_count"]
        for name in ["Ana", "Bruno", "Carla"]:
            self.ok(self.c, "players.create", {"name": name})
        others[0].wait_event(lambda event: event["method"] == "players")
        values = self.metrics()
        self.assertEqual(values['gatherd_open_connections{transport="unix"}'], 5)
        self.assertEqual(values["gatherd_subscriptions"], 2)
        self.assertEqual(values['gatherd_events_total{topic="players"}'], 3)
        self.assertEqual(values["gatherd_store_commit_seconds_count"], commits + 3)
        self.assertGreater(values["gatherd_store_commit_seconds_sum"], 0)
        self.assertEqual(values['gatherd_store_commit_seconds_bucket{le="+Inf"}'], commits + 3)
        self.assertEqual(values["gatherd_storage_available"], 1)
        for other in others:
            other.close()
        # A closed connection is counted out once gatherd has seen it go: wait for it on a fresh scrape.
        deadline = time.monotonic() + 5
        while self.metrics()['gatherd_open_connections{transport="unix"}'] != 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        values = self.metrics()
        self.assertEqual(values['gatherd_open_connections{transport="unix"}'], 1)
        self.assertEqual(values["gatherd_subscriptions"], 0)

    def test_ticks_are_timed(self):
        for name in ["Ana", "Bruno"]:
            self.ok(self.c, "players.create", {"name": name})
        self.ok(self.c, "gather.start", {"teamA": [1], "teamB": [2], "minutes": 10})
        self.assertEqual(self.metrics()["gatherd_tick_lateness_seconds_count"], 0)
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick"]})
        self.ok(self.c, "timer.start")
        for _ in range(2):
            watcher.wait_event(lambda event: event["method"] == "tick")
        values = self.metrics()
        self.assertGreaterEqual(values["gatherd_tick_lateness_seconds_count"], 2)
        self.assertGreaterEqual(values['gatherd_events_total{topic="tick"}'], 2)
        # A tick is rung within a second of its due time, in any weather.
        self.assertEqual(values['gatherd_tick_lateness_seconds_bucket{le="1.0"}'],
                         values["gatherd_tick_lateness_seconds_count"])


class WebMetricsTests(MetricsCase):
    def make_daemon(self):
        self.port = free_port()
        return Daemon(["--http", "127.0.0.1:%d" % self.port])

    def test_the_scoreboard_listener_serves_metrics_and_counts_websockets(self):
        before = self.metrics()
        self.assertEqual(before['gatherd_open_connections{transport="websocket"}'], 0)
        web = WebSocket(self.port)
        self.addCleanup(web.close)
        self.assertEqual(web.call("daemon.ping")["result"], {"pong": True})
        status, _, _ = http_request(self.port, "POST", "/rpc", {"Content-Type": "application/json"},
                                    b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}')
        self.assertEqual(status, 200)
        after = self.metrics()
        self.assertEqual(after['gatherd_open_connections{transport="websocket"}'], 1)
        self.assertEqual(self.request_count(after, "daemon.ping") - self.request_count(before, "daemon.ping"), 2)
        # The page's own routes are still there.
        self.assertEqual(http_request(self.port, "GET", "/healthz")[0], 200)


class MetricsOffTests(unittest.TestCase):
    def test_a_bad_address_stops_gatherd_naming_the_option(self):
        tmp = tempfile.mkdtemp(prefix="gatherd-e2e-")
        self.addCleanup(shutil.rmtree, tmp)
        result = subprocess.run([binary_path(), "--socket", tmp + "/s.sock", "--database", tmp + "/g.sqlite",
                                 "--metrics", "localhost"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("--metrics", result.stderr)

    def test_without_a_listener_for_them_nothing_serves_metrics(self):
        daemon = Daemon()
        self.addCleanup(daemon.cleanup)
        daemon.start()
        # Only the Unix socket: no TCP socket in the process at all.
        with open("/proc/%d/net/tcp" % daemon.pid) as f:
            inodes = {line.split()[9] for line in f.read().splitlines()[1:]}
        fds = [os.readlink("/proc/%d/fd/%s" % (daemon.pid, fd)) for fd in os.listdir("/proc/%d/fd" % daemon.pid)]
        self.assertFalse([fd for fd in fds if fd.startswith("socket:[") and fd[8:-1] in inodes])


class StorageMetricsTests(MetricsCase):
    def setUp(self):
        if os.geteuid() != 0:
            self.skipTest("mounting a small tmpfs for the database needs root (CI runs make test as root)")
        self.mount = tempfile.mkdtemp(prefix="gatherd-metrics-disk-")
        self.addCleanup(os.rmdir, self.mount)
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m,mode=0755", "tmpfs", self.mount],
                                 capture_output=True, text=True)
        if mounted.returncode != 0:
            self.skipTest("cannot mount a tmpfs here: " + mounted.stderr.strip())
        self.addCleanup(lambda: subprocess.run(["umount", "-l", self.mount], check=True))
        super().setUp()

    def make_daemon(self):
        daemon = super().make_daemon()
        daemon.db_path = os.path.join(self.mount, "gather.sqlite")
        return daemon

    def test_storage_available_follows_a_full_disk(self):
        self.ok(self.c, "players.create", {"name": "Ana"})
        self.assertEqual(self.metrics()["gatherd_storage_available"], 1)
        filler = fill(self.mount)
        reply = self.c.call("players.create", {"name": "Refused"})
        self.assertRpcError(reply, -32603, "storage_unavailable")
        values = self.metrics()
        self.assertEqual(values["gatherd_storage_available"], 0)
        self.assertEqual(values['gatherd_rpc_errors_total{reason="storage_unavailable"}'], 1)
        os.remove(filler)
        self.ok(self.c, "players.create", {"name": "Bruno"})
        self.assertEqual(self.metrics()["gatherd_storage_available"], 1)


if __name__ == "__main__":
    unittest.main()
