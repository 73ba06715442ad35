"""The Host and Origin checks that keep other sites' pages out (DNS rebinding), --public-url and --allowed-host,
and requests in absolute form."""
import json, os, subprocess, unittest

from harness import Daemon
from webcase import TOKEN, WebCase, free_port
from wsclient import HandshakeRefused, WebSocket, connect, http_request, parse_response

PING = {"jsonrpc": "2.0", "id": 1, "method": "daemon.ping"}


def raw_request(port, text):
    """Sends `text` as it is; returns (status, headers, body)."""
    with connect(port) as s:
        s.sendall(text)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return parse_response(data)


class ForeignHostTests(WebCase):
    def test_a_rebound_name_gets_nothing_over_a_websocket_or_a_post(self):
        """DNS rebinding: another site's page, at evil.example (now pointing here), with its own Origin."""
        self.ok(self.c, "players.create", {"name": "Ana", "age": 27})
        evil = {"Host": "evil.example:%d" % self.port, "Origin": "http://evil.example:%d" % self.port}
        with self.assertRaises(HandshakeRefused) as refused:
            WebSocket(self.port, host_header=evil["Host"], origin=evil["Origin"])
        self.assertEqual(refused.exception.status, 421)
        status, _, body = self.post({"jsonrpc": "2.0", "id": 1, "method": "players.list"}, evil)
        self.assertEqual(status, 421)
        self.assertNotIn(b"Ana", body)
        status, _, body = self.post({"jsonrpc": "2.0", "id": 2, "method": "players.create", "params": {"name": "Eve"}},
                                    dict(evil, Authorization="Bearer " + TOKEN))
        self.assertEqual(status, 421, "not even with the token")
        for path in ["/", "/healthz", "/sw.js"]:
            self.assertEqual(http_request(self.port, "GET", path, {"Host": "evil.example"})[0], 421, path)
        self.assertEqual([p["name"] for p in self.ok(self.c, "players.list")["players"]], ["Ana"])

    def test_the_listeners_own_names_are_served(self):
        for host in ["127.0.0.1:%d" % self.port, "localhost:%d" % self.port, "LOCALHOST", "127.0.0.1"]:
            self.assertEqual(http_request(self.port, "GET", "/healthz", {"Host": host})[0], 200, host)

    def test_two_host_headers_or_none_are_bad_requests(self):
        status, _, _ = raw_request(self.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        self.assertEqual(status, 400)
        status, _, _ = raw_request(self.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        self.assertEqual(status, 400)
        self.assertEqual(raw_request(self.port, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")[0], 400)
        self.assertEqual(http_request(self.port, "GET", "/", {"Host": "a b"})[0], 400)

    def test_the_origin_must_have_the_pages_scheme_too(self):
        with self.assertRaises(HandshakeRefused) as refused:
            WebSocket(self.port, origin="https://127.0.0.1:%d" % self.port)
        self.assertEqual(refused.exception.status, 403)
        with self.assertRaises(HandshakeRefused):
            WebSocket(self.port, origin="null")
        status, _, _ = self.post(PING, {"Origin": "http://evil.example"})
        self.assertEqual(status, 403, "a page elsewhere may not POST here either")
        self.assertEqual(self.ws(origin="http://127.0.0.1:%d" % self.port).call("daemon.ping")["result"], {"pong": True})
        self.assertEqual(json.loads(self.post(PING, {"Origin": "http://127.0.0.1:%d" % self.port})[2])["result"],
                         {"pong": True})


class AbsoluteFormTests(WebCase):
    def test_absolute_form_requests_are_served_for_the_listeners_host(self):
        status, headers, body = raw_request(
            self.port, b"GET http://127.0.0.1:%d/ HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % (self.port, self.port))
        self.assertEqual(status, 200)
        self.assertTrue(body.lstrip().lower().startswith(b"<!doctype html>"))
        status, _, body = raw_request(
            self.port, b"GET HTTP://localhost:%d/healthz?x=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" % self.port)
        self.assertEqual((status, json.loads(body)["status"]), (200, "ok"))
        # The target's authority stands in for Host: a foreign one is refused whatever Host says.
        status, _, _ = raw_request(
            self.port, b"GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        self.assertEqual(status, 421)
        body = json.dumps(PING).encode()
        status, _, reply = raw_request(
            self.port, b"POST http://127.0.0.1:%d/rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
            % (self.port, len(body)) + body)
        self.assertEqual(json.loads(reply)["result"], {"pong": True})


class PublicURLTests(WebCase):
    web_args = ("--public-url", "https://gather.example/pitch/", "--allowed-host", "pitch.lan")

    def test_the_public_name_and_origin_and_allowed_hosts_are_served(self):
        self.assertEqual(http_request(self.port, "GET", "/healthz", {"Host": "gather.example"})[0], 200)
        self.assertEqual(http_request(self.port, "GET", "/healthz", {"Host": "pitch.lan:%d" % self.port})[0], 200)
        # Behind a TLS proxy: the browser's Origin is the public one, the Host the proxy's upstream.
        ws = self.ws(origin="https://gather.example")
        self.assertEqual(ws.call("daemon.ping")["result"], {"pong": True})
        ws = self.ws(host_header="gather.example", origin="https://gather.example")
        self.assertEqual(ws.call("daemon.ping")["result"], {"pong": True})
        with self.assertRaises(HandshakeRefused) as refused:
            WebSocket(self.port, origin="http://gather.example")
        self.assertEqual(refused.exception.status, 403, "the public origin's scheme counts")
        self.assertEqual(http_request(self.port, "GET", "/healthz", {"Host": "gather.example.evil"})[0], 421)

    def test_the_control_link_is_the_public_url(self):
        url = self.ok(self.c, "web.link")["url"]
        self.assertTrue(url.startswith("https://gather.example/pitch/#token="), url)


class WebOptionTests(unittest.TestCase):
    def start(self, args, env=None):
        daemon = Daemon(["--http", "127.0.0.1:%d" % free_port(), *args],
                        env=dict(os.environ, **(env or {})) if env else None)
        self.addCleanup(daemon.cleanup)
        return daemon

    def test_bad_values_stop_the_start_naming_the_option(self):
        cases = [
            (["--public-url", "gather.example"], "--public-url"),
            (["--public-url", "ftp://gather.example"], "--public-url"),
            (["--allowed-host", "pitch:8080"], "--allowed-host"),
            (["--http-max-connections", "0"], "--http-max-connections"),
            (["--http-max-connections-per-address", "many"], "--http-max-connections-per-address"),
            (["--http-header-timeout", "0"], "--http-header-timeout"),
            (["--http-idle-timeout", "99999"], "--http-idle-timeout"),
        ]
        for args, option in cases:
            daemon = self.start(args)
            proc = daemon.spawn()
            proc.wait(timeout=30)
            self.assertEqual(proc.returncode, 1, args)
            self.assertIn(option, daemon.output(), args)
        daemon = self.start([], {"GATHERD_PUBLIC_URL": "nonsense"})
        proc = daemon.spawn()
        proc.wait(timeout=30)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("GATHERD_PUBLIC_URL=nonsense: ", daemon.output())

    def test_the_variables_set_the_options(self):
        daemon = self.start([], {"GATHERD_ALLOWED_HOSTS": "pitch.lan, scoreboard.home", "GATHERD_PUBLIC_URL": "http://gather.example:8081/"})
        daemon.start()
        port = int(daemon.extra_args[1].rsplit(":", 1)[1])
        for host in ["pitch.lan", "scoreboard.home", "gather.example:8081"]:
            self.assertEqual(http_request(port, "GET", "/healthz", {"Host": host})[0], 200, host)
        self.assertEqual(http_request(port, "GET", "/healthz", {"Host": "other.home"})[0], 421)

    def test_help_names_every_web_option_and_its_variable(self):
        binary = Daemon().binary
        text = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=30).stdout
        for name in ["--public-url", "--allowed-host", "--http-max-connections", "--http-max-connections-per-address",
                     "--http-header-timeout", "--http-idle-timeout", "GATHERD_PUBLIC_URL", "GATHERD_ALLOWED_HOSTS",
                     "GATHERD_HTTP_MAX_CONNECTIONS", "GATHERD_HTTP_MAX_CONNECTIONS_PER_ADDRESS",
                     "GATHERD_HTTP_HEADER_TIMEOUT", "GATHERD_HTTP_IDLE_TIMEOUT"]:
            self.assertIn(name, text)


if __name__ == "__main__":
    unittest.main()
