"""Quiet under abuse: refused web calls are logged at most once per client a minute, wrong tokens are
limited per client address, and neither touches controllers on the Unix socket."""
import json, unittest

from webcase import TOKEN, WebCase, loopback
from wsclient import http_request


def goals(count):
    return [{"jsonrpc": "2.0", "id": index, "method": "score.goal", "params": {"team": "teamA"}} for index in range(count)]


class RefusedCallLogTests(WebCase):
    daemon_log_level = "notice"
    max_line_bytes = 4 << 20

    def refusal_lines(self):
        return [line for line in self.daemon.output().splitlines() if "refused" in line]

    def test_a_flood_of_refused_calls_writes_one_line_per_client(self):
        self.start_match()
        status, _, body = self.post(goals(10_000))
        self.assertEqual(status, 200)
        replies = json.loads(body)
        self.assertEqual(len(replies), 10_000)
        self.assertTrue(all(reply["error"]["code"] == -32003 for reply in replies))
        ws = self.ws(source=loopback(1))
        ws.send(goals(2_000))
        self.assertEqual(len(ws.recv()), 2_000)
        for _ in range(100):
            self.assertEqual(ws.call("score.goal", {"team": "teamB"}, id=1)["error"]["code"], -32003)
        lines = self.refusal_lines()
        self.assertEqual(len([l for l in lines if "web client 127.0.0.1:" in l]), 1, lines[:5])
        self.assertEqual(len([l for l in lines if "web client %s:" % loopback(1) in l]), 1, lines[:5])
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "0-0", "nothing was changed")

    def test_a_unix_controllers_refusals_are_each_logged_as_before(self):
        self.post(goals(500))
        for _ in range(3):
            self.refused(self.c, "score.goal", {"team": "teamA"}, code=-32002)
        lines = [l for l in self.refusal_lines() if "score.goal from uid" in l]
        self.assertEqual(len(lines), 3, lines)


class WrongTokenTests(WebCase):
    def test_after_five_wrong_tokens_an_address_gets_no_more_answers_for_a_while(self):
        ws = self.ws()
        for index in range(5):
            self.assertRpcError(ws.call("auth.token", {"token": "guess-%02d-guess-guess" % index}, id=index), -32003,
                                "invalid_token")
        reply = ws.call("auth.token", {"token": TOKEN}, id=9)
        self.assertRpcError(reply, -32003, "too_many_attempts")
        self.assertNotIn("result", reply, "even the right token is not checked now")
        with self.assertRaises(EOFError):
            while True:
                ws.recv()
        # The same address on a new connection, or over POST, fares no better; another address is not held up.
        again = self.ws()
        self.assertRpcError(again.call("auth.token", {"token": TOKEN}), -32003, "too_many_attempts")
        status, headers, _ = self.post({"jsonrpc": "2.0", "id": 1, "method": "score.get"}, {"Authorization": "Bearer " + TOKEN})
        self.assertEqual(status, 429)
        self.assertGreaterEqual(int(headers["retry-after"]), 1)
        other = self.ws(source=loopback(1))
        self.assertEqual(other.call("auth.token", {"token": TOKEN})["result"], {"control": True})
        # A controller on the Unix socket needs no token and is never limited.
        self.assertEqual(self.ok(self.c, "auth.token", {"token": "anything-at-all-here"}), {"control": True})
        self.assertEqual(self.ok(self.c, "players.create", {"name": "Ana"})["name"], "Ana")

    def test_wrong_bearer_tokens_count_too(self):
        for _ in range(5):
            status, _, _ = self.post({"jsonrpc": "2.0", "id": 1, "method": "score.get"},
                                     {"Authorization": "Bearer wrong-wrong-wrong-wrong"}, source=loopback(2))
            self.assertEqual(status, 401)
        ws = self.ws(source=loopback(2))
        self.assertRpcError(ws.call("auth.token", {"token": TOKEN}), -32003, "too_many_attempts")


if __name__ == "__main__":
    unittest.main()
