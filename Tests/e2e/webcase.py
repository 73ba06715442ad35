"""What the scoreboard listener's end-to-end tests share: a daemon with --http on a free port and a control
token, WebSockets and requests from chosen loopback addresses (each one a client of its own for gatherd's
per-address limits), and the daemon's resident memory from /proc."""
import json, os, socket, time

from harness import SANITIZER, Daemon, DaemonTestCase
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

    def wait_rss_below(self, limit_kb, timeout=10.0):
        """Memory given back is seen in /proc a moment later (nothing to await): polls every 50 ms until RSS is
        below `limit_kb`, for at most `timeout` s; returns the last reading."""
        deadline = time.monotonic() + timeout
        while True:
            now = self.rss()
            if now < limit_kb or time.monotonic() >= deadline:
                return now
            time.sleep(0.05)

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
