"""The scoreboard's HTTP listener: the page, /healthz, POST /rpc and JSON-RPC over a WebSocket at
/rpc, against the real daemon on a real TCP port, with a standard-library WebSocket client (wsclient.py)."""
import base64, hashlib, json, os, re, signal, socket, struct, subprocess, unittest

from harness import SANITIZER, Daemon
from webcase import TOKEN, WebCase, free_port
from wsclient import HandshakeRefused, WebSocket, http_request


class PageTests(WebCase):
    def test_the_page_and_its_files_come_from_gatherd_under_a_strict_policy(self):
        status, headers, body = http_request(self.port, "GET", "/")
        self.assertEqual(status, 200)
        self.assertEqual(headers["content-type"], "text/html; charset=utf-8")
        self.assertIn("default-src 'none'", headers["content-security-policy"])
        self.assertIn("connect-src 'self'", headers["content-security-policy"])
        self.assertEqual(int(headers["content-length"]), len(body))
        page = body.decode()
        self.assertTrue(page.lstrip().lower().startswith("<!doctype html>"))
        # No external fonts, scripts, styles or images; every file the page links is served here, relative to it.
        self.assertEqual(re.findall(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page, re.I), [])
        linked = re.findall(r'(?:src|href)\s*=\s*"([^"]+)"', page)
        # The bundle: its files named by their bytes' hash.
        self.assertTrue(any(re.fullmatch(r"scoreboard-[A-Z0-9]{8}\.css", p) for p in linked), linked)
        self.assertTrue(any(re.fullmatch(r"js/scoreboard-[A-Z0-9]{8}\.js", p) for p in linked), linked)
        for path in [p for p in linked if not p.startswith("data:")]:
            self.assertFalse(path.startswith("/"), "%s is relative, for a page served under a proxy's path" % path)
            status, headers, body = http_request(self.port, "GET", "/" + path)
            self.assertEqual(status, 200, path)
            self.assertNotIn(b"@import", body)
            for module in re.findall(rb'(?:from\s*|import\()"([^"+]+\.js)"', body):
                self.assertTrue(module.startswith(b"./"), "%s imports %s from beside it" % (path, module))
        status, headers, body = http_request(self.port, "HEAD", "/")
        self.assertEqual((status, body), (200, b""))

    def test_no_inline_script_runs_unless_the_policy_names_its_hash(self):
        status, headers, body = http_request(self.port, "GET", "/")
        policy = headers["content-security-policy"]
        self.assertNotIn("unsafe-inline", policy)
        scripts = dict(part.strip().split(" ", 1) for part in policy.split(";"))["script-src"].split()
        inline = re.findall(rb"<script>(.*?)</script>", body, re.S)
        self.assertEqual(len(inline), 1, "one small bootstrap")
        hashes = ["'sha256-%s'" % base64.b64encode(hashlib.sha256(text).digest()).decode() for text in inline]
        self.assertEqual(sorted(scripts), sorted(["'self'"] + hashes))
        self.assertIn("style-src 'self'", policy)
        self.assertNotIn(b"style=", body, "no inline style attributes either")

    def test_the_files_are_revalidated_with_their_etags(self):
        _, _, page = http_request(self.port, "GET", "/")
        bundle = re.findall(r'(?:src|href)="((?:js/)?scoreboard-[A-Z0-9]{8}\.(?:js|css))"', page.decode())
        self.assertEqual(len(bundle), 3, "the stylesheet, and the entry module twice (preloaded, then run)")
        for path, kind in [("/", "text/html"), ("/sw.js", "text/javascript"), ("/manifest.webmanifest", "application/"),
                           ("/icons/icon-192.png", "image/png"), ("/" + bundle[0], "text/css"),
                           ("/" + bundle[-1], "text/javascript")]:
            status, headers, body = http_request(self.port, "GET", path)
            self.assertEqual(status, 200, path)
            self.assertTrue(headers["content-type"].startswith(kind), path)
            if re.search(r"-[A-Z0-9]{8}\.", path):
                self.assertEqual(headers["cache-control"], "public, max-age=31536000, immutable",
                                 "named by its bytes, so kept for a year: " + path)
            else:
                self.assertEqual(headers["cache-control"], "no-cache", "kept, and asked for again each time: " + path)
            etag = headers["etag"]
            self.assertTrue(etag.startswith('"') and etag.endswith('"'), "a strong ETag: " + etag)
            status, again, body = http_request(self.port, "GET", path, {"If-None-Match": etag})
            self.assertEqual((status, body, again["etag"]), (304, b"", etag), path)
            status, _, body = http_request(self.port, "GET", path, {"If-None-Match": '"stale"'})
            self.assertEqual(status, 200)
        self.assertEqual(http_request(self.port, "GET", "/healthz")[1]["cache-control"], "no-store")

    def test_the_files_come_in_the_encoding_the_client_takes_each_with_its_etag(self):
        _, _, page = http_request(self.port, "GET", "/")
        script = "/" + re.search(r'<script type="module" src="([^"]+)"', page.decode()).group(1)
        for path in ["/", script, "/sw.js"]:
            _, plain, identity = http_request(self.port, "GET", path)
            self.assertEqual(plain["vary"], "Accept-Encoding", path)
            self.assertNotIn("content-encoding", plain, "no Accept-Encoding: the bytes as they are")
            tags = {plain["etag"]}
            for accept, coding, decode in [("gzip, deflate, br, zstd", "br", ["brotli", "-d", "-c"]),
                                           ("gzip;q=1, br;q=0.5", "gzip", ["gzip", "-d", "-c"]),
                                           ("br;q=0, identity", None, None)]:
                status, headers, body = http_request(self.port, "GET", path, {"Accept-Encoding": accept})
                self.assertEqual((status, headers.get("content-encoding"), headers["vary"]),
                                 (200, coding, "Accept-Encoding"), (path, accept))
                self.assertEqual(int(headers["content-length"]), len(body))
                if coding:
                    self.assertLess(len(body), len(identity), (path, coding))
                    self.assertEqual(subprocess.run(decode, input=body, capture_output=True, check=True).stdout,
                                     identity, "%s in %s is the same file" % (path, coding))
                    self.assertEqual(headers["etag"], plain["etag"][:-1] + "-%s\"" % coding, (path, coding))
                    tags.add(headers["etag"])
                # A 304 for the copy of this encoding; a copy of another encoding gets this one whole.
                status, again, _ = http_request(self.port, "GET", path,
                                                {"Accept-Encoding": accept, "If-None-Match": headers["etag"]})
                self.assertEqual((status, again["etag"], again["vary"]), (304, headers["etag"], "Accept-Encoding"))
                others = ", ".join(sorted({plain["etag"], plain["etag"][:-1] + '-br"'} - {headers["etag"]}))
                status, again, body = http_request(self.port, "GET", path,
                                                   {"Accept-Encoding": accept, "If-None-Match": others})
                self.assertEqual((status, again.get("content-encoding")), (200, coding), (path, accept, others))
                status, head, body = http_request(self.port, "HEAD", path, {"Accept-Encoding": accept})
                self.assertEqual((status, head.get("content-encoding"), body), (200, coding, b""))
            self.assertEqual(len(tags), 3, "an ETag per encoding: " + path)
        _, png, _ = http_request(self.port, "GET", "/icons/icon-512.png", {"Accept-Encoding": "br, gzip"})
        self.assertNotIn("content-encoding", png, "a PNG is compressed already")
        self.assertNotIn("vary", png)

    def test_healthz_answers(self):
        status, headers, body = http_request(self.port, "GET", "/healthz")
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["status"], "ok")

    def test_wrong_paths_and_methods_get_the_status_that_fits(self):
        self.assertEqual(http_request(self.port, "GET", "/nope")[0], 404)
        status, headers, _ = http_request(self.port, "DELETE", "/rpc")
        self.assertEqual((status, headers.get("allow")), (405, "GET, POST"))
        status, headers, _ = http_request(self.port, "GET", "/rpc")
        self.assertEqual((status, headers.get("upgrade")), (426, "websocket"))

    def test_bad_requests_get_their_status_and_the_daemon_goes_on(self):
        self.assertEqual(http_request(self.port, "GET", "/", {"X-Big": "a" * 20000})[0], 431)
        self.assertEqual(self.post(b"[" + b"1," * 3000 + b"1]")[0], 413)
        with socket.create_connection(("127.0.0.1", self.port)) as s:
            s.sendall(b"NONSENSE\r\n\r\n")
            self.assertTrue(s.recv(100).startswith(b"HTTP/1.1 400"))
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})
        self.assertEqual(http_request(self.port, "GET", "/healthz")[0], 200)


class PostTests(WebCase):
    def test_reads_work_without_the_token_and_changes_need_it(self):
        status, headers, body = self.post({"jsonrpc": "2.0", "id": 1, "method": "daemon.ping"})
        self.assertEqual((status, headers["content-type"]), (200, "application/json"))
        self.assertEqual(json.loads(body)["result"], {"pong": True})
        status, _, body = self.post({"jsonrpc": "2.0", "id": 2, "method": "players.create", "params": {"name": "Ana"}})
        self.assertRpcError(json.loads(body), -32003, "forbidden")
        self.assertEqual(self.ok(self.c, "players.list")["players"], [], "a refused change changes nothing")
        status, headers, _ = self.post({"jsonrpc": "2.0", "id": 3, "method": "players.create", "params": {"name": "Ana"}},
                                       {"Authorization": "Bearer wrong-token-wrong-token"})
        self.assertEqual(status, 401)
        self.assertIn("invalid_token", headers["www-authenticate"])
        status, _, body = self.post(
            [{"jsonrpc": "2.0", "id": 4, "method": "players.create", "params": {"name": "Ana"}},
             {"jsonrpc": "2.0", "id": 5, "method": "players.list"}],
            {"Authorization": "Bearer " + TOKEN})
        replies = {r["id"]: r for r in json.loads(body)}
        self.assertEqual(replies[4]["result"]["name"], "Ana")
        self.assertEqual([p["name"] for p in replies[5]["result"]["players"]], ["Ana"])

    def test_a_notification_gets_no_content(self):
        status, _, body = self.post({"jsonrpc": "2.0", "method": "daemon.ping"})
        self.assertEqual((status, body), (204, b""))


class WebSocketTests(WebCase):
    def test_the_same_methods_errors_and_events_as_the_unix_socket(self):
        self.start_match()
        ws = self.ws()
        self.assertEqual(ws.call("score.get", id=1)["result"], self.ok(self.c, "score.get"))
        self.assertRpcError(ws.call("score.goal", {"team": "teamA"}, id=2), -32003, "forbidden")
        self.assertRpcError(ws.call("nope", id=3), -32601)
        subscribed = ws.call("events.subscribe", {"topics": ["score"]}, id=4)["result"]
        self.ok(self.c, "score.goal", {"team": "teamB", "player": 2})
        event = ws.recv()
        self.assertEqual((event["method"], event["params"]["subscription"]), ("score", subscribed["subscription"]))
        self.assertEqual(event["params"]["score"]["text"], "0-1")
        ws.send_frame(0x1, b"not json")
        self.assertRpcError(ws.recv(), -32700, id=None)

    def test_the_token_makes_a_controller_and_a_wrong_one_does_not(self):
        self.start_match()
        ws = self.ws()
        self.assertRpcError(ws.call("auth.token", {"token": "not-the-token-at-all"}, id=1), -32003, "invalid_token")
        self.assertRpcError(ws.call("score.goal", {"team": "teamA"}, id=2), -32003, "forbidden")
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "0-0")
        self.assertEqual(ws.call("auth.token", {"token": TOKEN}, id=3)["result"], {"control": True})
        self.assertEqual(ws.call("score.goal", {"team": "teamA", "player": 1}, id=4)["result"]["score"]["text"], "1-0")
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "1-0")
        self.assertNotIn(TOKEN, self.daemon.output(), "the token is never logged")

    def test_another_sites_page_may_not_connect(self):
        with self.assertRaises(HandshakeRefused) as refused:
            WebSocket(self.port, origin="http://evil.example")
        self.assertEqual(refused.exception.status, 403)
        ws = self.ws(origin="http://127.0.0.1:%d" % self.port)
        self.assertEqual(ws.call("daemon.ping")["result"], {"pong": True})

    def test_a_frame_over_the_limit_or_binary_ends_that_connection_only(self):
        big = self.ws()
        big.send_frame(0x1, b" " * 5000)
        with self.assertRaises(EOFError):
            while True:
                big.recv()
        binary = self.ws()
        binary.send_frame(0x2, b"{}")
        opcode, payload = binary.recv_frame()
        self.assertEqual((opcode, payload[:2]), (0x8, (1003).to_bytes(2, "big")))
        self.assertEqual(self.ws().call("daemon.ping")["result"], {"pong": True})

    def test_ping_gets_pong(self):
        ws = self.ws()
        ws.send_frame(0x9, b"hello")
        self.assertEqual(ws.recv_frame(), (0xA, b"hello"))

    def test_sigterm_says_goodbye_with_a_close_frame(self):
        ws = self.ws()
        ws.call("daemon.ping")
        self.daemon.send_signal(signal.SIGTERM)
        opcode, payload = ws.recv_frame()
        self.assertEqual((opcode, payload[:2]), (0x8, (1001).to_bytes(2, "big")))
        self.assertEqual(self.daemon.stop()[0], 0)


class LinkTests(WebCase):
    def gatherctl(self, *args):
        binary = os.environ.get("GATHERCTL_BIN") or os.path.join(os.path.dirname(self.daemon.binary), "gatherctl")
        return subprocess.run([binary, "--socket", self.daemon.socket_path, *args], capture_output=True, text=True,
                              timeout=30)

    def test_gatherctl_web_link_prints_the_control_link(self):
        result = self.gatherctl("web", "link", "--control")
        self.assertEqual(result.returncode, 0, result.stderr)
        url = result.stdout.strip()
        self.assertTrue(url.startswith("http://127.0.0.1:%d/#token=" % self.port), url)
        from urllib.parse import unquote
        self.assertEqual(unquote(url.split("#token=", 1)[1]), TOKEN)
        self.assertNotIn("?", url, "the token never travels in a query string")


class StartupTests(unittest.TestCase):
    def test_a_bad_address_or_token_file_stops_the_start_with_a_clear_message(self):
        for args, words in [(["--http", "nonsense"], "HOST:PORT"), (["--http", "::1:80"], "brackets"),
                            (["--http", "127.0.0.1:8080", "--http-token-file", "/nonexistent/token"], "/nonexistent/token")]:
            daemon = Daemon(args)
            self.addCleanup(daemon.cleanup)
            proc = daemon.spawn()
            proc.wait(timeout=30)
            self.assertEqual(proc.returncode, 1, args)
            self.assertIn(words, daemon.output(), args)

    def test_without_http_there_is_no_link(self):
        daemon = Daemon()
        self.addCleanup(daemon.cleanup)
        daemon.start()
        client = daemon.client()
        reply = client.call("web.link")
        self.assertEqual(reply["error"]["data"]["reason"], "web_disabled", reply)


class AddressTests(unittest.TestCase):
    def test_ipv6_and_a_unix_socket_for_a_reverse_proxy(self):
        port = free_port()
        daemon = Daemon(["--http", "[::1]:%d" % port])
        self.addCleanup(daemon.cleanup)
        try:
            daemon.start()
        except AssertionError:
            if "Address family not supported" in daemon.output() or "Cannot assign" in daemon.output():
                self.skipTest("this machine has no IPv6 loopback")
            raise
        with socket.create_connection(("::1", port), timeout=10) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n")
            self.assertTrue(s.recv(100).startswith(b"HTTP/1.1 200"))
        daemon.stop()

        proxy = Daemon()
        path = os.path.join(proxy.tmp, "http.sock")
        proxy.extra_args = ["--http", "unix:" + path, "--public-url", "https://gather.example/"]
        self.addCleanup(proxy.cleanup)
        proxy.start()

        def post(host):
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(10)
                s.connect(path)
                body = b'{"jsonrpc":"2.0","id":1,"method":"daemon.ping"}'
                s.sendall(b"POST /rpc HTTP/1.1\r\nHost: %s\r\nConnection: close\r\nContent-Length: %d\r\n\r\n"
                          % (host, len(body)) + body)
                data = b""
                while chunk := s.recv(4096):
                    data += chunk
            return data

        # A proxy passes the public name on (caddy), or names its upstream localhost (nginx's default).
        for host in [b"gather.example", b"localhost"]:
            data = post(host)
            self.assertTrue(data.startswith(b"HTTP/1.1 200"), data[:80])
            self.assertEqual(json.loads(data.split(b"\r\n\r\n", 1)[1])["result"], {"pong": True})
        self.assertTrue(post(b"gatherd").startswith(b"HTTP/1.1 421"), "any other name is refused behind a proxy too")
        self.assertEqual(proxy.stop()[0], 0)
        self.assertFalse(os.path.exists(path), "the HTTP socket file is removed at exit")


class HostileWebClientTests(WebCase):
    def test_a_reset_after_a_response_ends_that_connection_only(self):
        """A peer that resets a keep-alive connection (or one with a reply on its way) must not reach NIO's
        'response without a request' precondition, which would stop the daemon."""
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", self.port))
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" * 200)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()  # with linger 0: an RST, while gatherd is still answering
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})
        self.assertEqual(http_request(self.port, "GET", "/healthz")[0], 200)
        self.assertTrue(self.daemon.alive())

    def test_a_ping_flood_from_a_peer_that_does_not_read_is_bounded(self):
        def rss():
            with open("/proc/%d/status" % self.daemon.pid) as status:
                return int(status.read().split("VmRSS:")[1].split()[0])
        ws = self.ws()
        ws.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.assertEqual(ws.call("daemon.ping")["result"], {"pong": True})
        before = rss()
        ws.sock.settimeout(2)
        sent = 0
        try:
            while sent < 100_000:  # 10 MB of pings; queued pongs would cost far more than that
                ws.send_frame(0x9, b"p" * 100)
                sent += 1
        except (TimeoutError, socket.timeout):
            pass  # gatherd stopped reading from a peer that does not read: that bounds it too
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})
        # A sanitized gatherd's RSS follows its allocations, not its live memory (AddressSanitizer keeps freed
        # blocks in quarantine; ThreadSanitizer shadows every byte), so the bound holds for plain builds only.
        if not SANITIZER:
            self.assertLess(rss() - before, 8_000, "gatherd's memory stays bounded")
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})
