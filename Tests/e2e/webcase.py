"""What the scoreboard listener's end-to-end tests share: a daemon with --http on a free port and a control
token, WebSockets and requests from chosen loopback addresses (each one a client of its own for gatherd's
per-address limits), and the daemon's resident memory from /proc."""
import json, os, re, socket, time

from harness import READY_DEADLINE, READY_INTERVAL, SANITIZER, Daemon, DaemonTestCase
from wsclient import WebSocket, http_request

TOKEN = "pitch-side-token-0123456789/+="


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid):
    """The process's resident memory (VmRSS), in kB."""
    with open("/proc/%d/status" % pid) as status:
        return int(status.read().split("VmRSS:")[1].split()[0])


def loopback(n):
    """The n-th loopback address after 127.0.0.1: a client address of its own."""
    return "127.0.%d.%d" % (n // 250, 2 + n % 250)


class WebCase(DaemonTestCase):
    """A fresh daemon per test with `--http 127.0.0.1:PORT`, the token file, and `web_args`."""
    fresh_daemon_per_test = True
    web_args = ()
    max_line_bytes = 4096
    daemon_wrapper = ()
    daemon_log_level = "warning"

    def make_daemon(self):
        self.port = free_port()
        daemon = Daemon(["--http", "127.0.0.1:%d" % self.port, "--http-token-file", "TOKEN", "--max-line-bytes", str(self.max_line_bytes),
                         *self.web_args], wrapper=self.daemon_wrapper, log_level=self.daemon_log_level)
        path = os.path.join(daemon.tmp, "token")
        with open(path, "w") as f:
            f.write(TOKEN + "\n")
        daemon.extra_args = [path if a == "TOKEN" else a for a in daemon.extra_args]
        return daemon

    def setUp(self):
        super().setUp()
        self.wait_http()

    def wait_http(self):
        """The Unix socket answers first; the HTTP listener binds beside it. Readiness, as harness.Daemon's: try
        GET /healthz every 10 ms, for at most 10 s. Its answer is read to the end, where gatherd closes the
        connection, so that it no longer counts against the caps when the test begins."""
        deadline = time.monotonic() + READY_DEADLINE
        while True:
            try:
                self.assertEqual(http_request(self.port, "GET", "/healthz", timeout=1.0)[0], 200)
                return
            except OSError:
                self.assertLess(time.monotonic(), deadline, "the HTTP listener never accepted")
                time.sleep(READY_INTERVAL)

    def ws(self, **kwargs):
        socket_ = WebSocket(self.port, **kwargs)
        self.addCleanup(socket_.close)
        return socket_

    def post(self, message, headers=None, **kwargs):
        body = json.dumps(message).encode() if not isinstance(message, bytes) else message
        return http_request(self.port, "POST", "/rpc", dict({"Content-Type": "application/json"}, **(headers or {})),
                            body, **kwargs)

    def start_match(self):
        for name in ["Ana", "Bruno"]:
            self.ok(self.c, "players.create", {"name": name})
        self.ok(self.c, "gather.start", {"teamA": [1], "teamB": [2], "minutes": 10})

    def rss(self):
        return rss_kb(self.daemon.pid)

    def settled_rss(self, steady=1.5, timeout=10.0):
        """RSS once it has stopped moving: gatherd gives freed memory back a second after web connections close,
        and /proc shows it a moment later (nothing to await), so this polls every 100 ms until the reading has
        not changed for `steady` s, for at most `timeout` s; returns the last reading."""
        deadline = time.monotonic() + timeout
        last, since = self.rss(), time.monotonic()
        while time.monotonic() - since < steady and time.monotonic() < deadline:
            time.sleep(0.1)
            now = self.rss()
            if now != last:
                last, since = now, time.monotonic()
        return last

    def warm_up(self):
        """Serves the page, its files, a POST and a WebSocket once, as any first visitor would (what is set up on
        first use stays), and returns the settled RSS: where an attack starts from."""
        status, _, page = http_request(self.port, "GET", "/")
        self.assertEqual(status, 200)
        for path in ["sw.js", "manifest.webmanifest"] + re.findall(r'(?:src|href)="([^":]+)"', page.decode()):
            self.assertEqual(http_request(self.port, "GET", "/" + path, {"Accept-Encoding": "gzip, br"})[0], 200, path)
        self.assertEqual(self.post({"jsonrpc": "2.0", "id": 1, "method": "players.list"})[0], 200)
        ws = WebSocket(self.port)
        ws.call("events.subscribe", {"topics": ["players"]})
        ws.close()
        return self.settled_rss()

    def ping_ms(self):
        """A Unix-socket daemon.ping's round trip, in ms, on a fresh connection."""
        client = self.daemon.client()
        begin = time.monotonic()
        self.assertEqual(self.ok(client, "daemon.ping"), {"pong": True})
        elapsed = (time.monotonic() - begin) * 1000
        client.close()
        return elapsed


def memory_checked():
    """Whether RSS bounds are asserted: not under a sanitizer, whose RSS follows allocations, not live memory."""
    return not SANITIZER
