"""The web listener under attack from one device on the LAN, without the token: a pipelining flood
that never reads, a crowd of subscribers that never read, descriptor exhaustion under a low open-file limit,
the connection caps, and the header and idle deadlines. Each is measured on the real daemon: its RSS from
/proc during and after, and a Unix controller's round trips meanwhile (printed as figures)."""
import json, socket, sys, time, unittest

from harness import TIME_SCALE
from webcase import TOKEN, WebCase, loopback, memory_checked
from wsclient import WebSocket, connect, http_request

#: What one attack may add to gatherd's resident memory while it goes on, and what may stay once it is over.
DURING_KB = 48 * 1024
AFTER_KB = 6 * 1024


def figure(name, **values):
    """Prints a measured figure for docs/reliability.md (visible with -v)."""
    print("\n  figure %s: %s" % (name, json.dumps(values)), file=sys.stderr)


class PipeliningFloodTests(WebCase):
    def flood(self, request):
        """Sends `request` pipelined, never reading, until gatherd stops reading (nothing taken for 2 s) or 16 MB
        went; returns (bytes sent, whether gatherd stopped reading, peak RSS, worst Unix ping in ms)."""
        s = connect(self.port, rcvbuf=4096)
        s.settimeout(2)
        chunk, sent, stopped, peak, worst = request * 1000, 0, False, self.rss(), 0.0
        try:
            while sent < 16_000_000:
                s.sendall(chunk)
                sent += len(chunk)
                peak = max(peak, self.rss())
        except (TimeoutError, socket.timeout):
            stopped = True  # gatherd stopped reading a client that does not read its answers
        for _ in range(5):
            worst = max(worst, self.ping_ms())
            peak = max(peak, self.rss())
        s.close()
        return sent, stopped, peak, worst

    def check(self, name, request):
        before = self.warm_up()
        sent, stopped, peak, worst = self.flood(request)
        after = self.settled_rss()
        figure(name, sent_bytes=sent, rss_before_kb=before, rss_peak_kb=peak, rss_after_kb=after, unix_ping_max_ms=round(worst, 1))
        self.assertTrue(stopped, "gatherd kept reading requests whose answers nobody reads")
        if memory_checked():
            self.assertLess(peak - before, DURING_KB, "memory while the flood waits")
            self.assertLess(after - before, AFTER_KB, "memory once the flooder has gone")
        self.assertLess(worst, 2000 * TIME_SCALE, "the Unix socket is answered meanwhile")
        self.assertEqual(http_request(self.port, "GET", "/healthz")[0], 200)

    def test_pipelined_page_requests_that_are_never_read(self):
        self.check("pipelined GET /", b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % self.port)

    def test_pipelined_posts_that_are_never_read(self):
        for index in range(50):
            self.ok(self.c, "players.create", {"name": "Player %d" % index})
        body = b'{"jsonrpc":"2.0","id":1,"method":"players.list"}'
        self.check("pipelined POST /rpc players.list", b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %d\r\n\r\n"
                   % (self.port, len(body)) + body)


class SlowSubscriberCrowdTests(WebCase):
    def test_a_crowd_of_subscribers_that_never_read(self):
        """100 WebSockets from 4 addresses (25 each, under the per-address cap), 64 subscriptions each, none
        reading, while a controller makes 1,500 changes."""
        before = self.warm_up()
        crowd = []
        for index in range(100):
            ws = self.ws(source=loopback(index % 4), rcvbuf=4096)
            for sub in range(64):
                ws.send({"jsonrpc": "2.0", "id": sub, "method": "events.subscribe",
                         "params": {"topics": ["players", "score", "timer", "gather", "tick"]}})
            crowd.append(ws)
        peak, rounds, pings = self.rss(), [], []
        for index in range(1500):
            begin = time.monotonic()
            self.ok(self.c, "players.create", {"name": "P%d" % index})
            rounds.append((time.monotonic() - begin) * 1000)
            if index % 100 == 0:
                peak = max(peak, self.rss())
                pings.append(self.ping_ms())
        peak = max(peak, self.rss())
        for ws in crowd:
            ws.close()
        after = self.settled_rss()
        rounds.sort()
        figure("slow-subscriber crowd", connections=len(crowd), changes=1500, rss_before_kb=before, rss_peak_kb=peak,
               rss_after_kb=after, change_p50_ms=round(rounds[750], 1), change_p99_ms=round(rounds[1485], 1),
               change_max_ms=round(rounds[-1], 1), unix_ping_max_ms=round(max(pings), 1), total_s=round(sum(rounds) / 1000, 1))
        if memory_checked():
            self.assertLess(peak - before, DURING_KB, "memory while the crowd holds on")
            self.assertLess(after - before, AFTER_KB, "memory once the crowd has gone")
        self.assertLess(max(pings), 2000 * TIME_SCALE, "a Unix controller is answered meanwhile")
        self.assertEqual(self.ok(self.c, "daemon.status")["subscriptions"], 0, "every slow subscriber was let go")


class DescriptorExhaustionTests(WebCase):
    """gatherd under `ulimit -n 256`: web connections take at most half the descriptors."""
    daemon_wrapper = ("sh", "-c", 'ulimit -n 256 && exec "$0" "$@"')

    def test_the_unix_socket_keeps_answering_when_web_clients_take_every_connection(self):
        held, turned_away = [], 0
        for index in range(400):  # 20 addresses, 20 each: under the per-address cap
            try:
                ws = self.ws(source=loopback(index % 20), timeout=2)
                held.append(ws)
            except (OSError, ConnectionError, EOFError):
                turned_away += 1
            except Exception as refused:  # HandshakeRefused: the 503
                self.assertEqual(getattr(refused, "status", None), 503, refused)
                turned_away += 1
        figure("descriptor exhaustion", open_file_limit=256, websockets_tried=400, held=len(held), turned_away=turned_away)
        self.assertLessEqual(len(held), 128, "half the descriptors at most")
        self.assertGreater(turned_away, 0)
        # While they all hold on: Unix clients, a controller's gatherctl among them, get in and are answered.
        clients = [self.daemon.client() for _ in range(20)]
        for client in clients:
            self.assertEqual(self.ok(client, "daemon.ping"), {"pong": True})
        self.assertEqual(self.ok(self.c, "players.create", {"name": "Ana"})["name"], "Ana")
        self.assertEqual(held[0].call("daemon.ping")["result"], {"pong": True}, "the web clients let in are served")
        for ws in held:
            ws.close()
        for client in clients:
            client.close()


class ConnectionCapTests(WebCase):
    web_args = ("--http-max-connections", "6", "--http-max-connections-per-address", "3")
    daemon_log_level = "notice"

    def served(self, source):
        """Whether a request from `source` is served (200), or turned away: a 503, or, when gatherd's close came
        before the request was read, a reset (gatherd lets the descriptor go at once, read or not)."""
        try:
            status, _, body = http_request(self.port, "GET", "/healthz", source=source)
        except (ConnectionResetError, BrokenPipeError):
            return False
        self.assertIn(status, (200, 503), body)
        return status == 200

    def test_connections_are_capped_per_address_and_in_all(self):
        first = [self.ws(source=loopback(0)) for _ in range(3)]
        self.assertFalse(self.served(loopback(0)), "a 4th connection from one address")
        second = [self.ws(source=loopback(1)) for _ in range(3)]
        self.assertFalse(self.served(loopback(2)), "a 7th connection in all")
        self.assertEqual(second[0].call("daemon.ping")["result"], {"pong": True}, "those let in are served")
        output = self.daemon.output()
        self.assertIn("127.0.0.2 has 3 web connections open, the limit per address", output)
        self.assertIn("gatherd has 6 web connections open, its limit (--http-max-connections)", output)
        first[0].close()
        # The slot frees once gatherd has seen the close: nothing to await from outside, so poll briefly.
        deadline = time.monotonic() + 5 * TIME_SCALE
        while not self.served(loopback(2)):
            self.assertLess(time.monotonic(), deadline, "a closed connection's slot was never freed")
            time.sleep(0.05)
        first[0] = self.ws(source=loopback(0))
        for _ in range(5):
            self.assertFalse(self.served(loopback(0)))
        self.assertEqual(self.daemon.output().count("Turned a web connection from 127.0.0.2"), 1, "logged once a minute")


class DeadlineTests(WebCase):
    web_args = ("--http-header-timeout", "2", "--http-idle-timeout", "1")

    def test_headers_sent_a_byte_at_a_time_meet_the_deadline(self):
        s = connect(self.port)
        s.settimeout(10)
        begin = time.monotonic()
        request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
        closed = False
        for byte in request:  # one byte every 200 ms: never silent for a second, never done
            try:
                s.send(bytes([byte]))
            except OSError:
                closed = True
                break
            if select_readable(s, 0.2):
                closed = s.recv(100) == b""
                break
        elapsed = time.monotonic() - begin
        self.assertTrue(closed or s.recv(100) == b"", "the slow request was closed")
        self.assertLess(elapsed, 6 * TIME_SCALE)
        self.assertGreater(elapsed, 1.5)
        s.close()
        self.assertEqual(http_request(self.port, "GET", "/healthz")[0], 200, "a prompt request is served")

    def test_a_connection_that_asks_nothing_is_closed(self):
        s = connect(self.port)
        s.settimeout(10)
        self.assertEqual(s.recv(100), b"")
        s.close()

    def test_a_silent_websocket_is_closed_and_a_subscriber_that_answers_pings_is_kept(self):
        silent = self.ws()
        self.assertEqual(silent.recv_close()[0], 1001)
        subscriber = self.ws()
        subscriber.call("events.subscribe", {"topics": ["score"]})
        pings = 0
        while pings < 3:  # each answered: the subscriber stays, however long it only listens
            opcode, payload = subscriber.recv_frame()
            if opcode == 0x9:
                subscriber.send_frame(0xA, payload)
                pings += 1
        self.assertEqual(subscriber.call("daemon.ping", id=9)["result"], {"pong": True})
        deaf = self.ws()
        deaf.call("events.subscribe", {"topics": ["score"]})
        while True:  # pings are read, never answered
            opcode, payload = deaf.recv_frame()
            if opcode == 0x8:
                break
        self.assertEqual(int.from_bytes(payload[:2], "big"), 1001)
        self.assertIn(b"unanswered", payload)


def select_readable(sock, timeout):
    import select
    return bool(select.select([sock], [], [], timeout)[0])


if __name__ == "__main__":
    unittest.main()
