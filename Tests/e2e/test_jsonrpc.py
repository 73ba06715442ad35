"""JSON-RPC 2.0 over lines on the real socket: framing, line limits, batches, notifications and ids, and a refused
line answered by one error line on a connection that goes on. Every malformed-message case, with its code and id, is
checked in process by the method tests (RequestRulesMethodTests)."""

import unittest

from harness import DaemonTestCase, encode

PING = {"jsonrpc": "2.0", "method": "daemon.ping"}


def ping(id):
    return dict(PING, id=id)


def send_overlong(client, data: bytes) -> None:
    """Sends an overlong line; the daemon may close before it has all of it, which is fine."""
    try:
        client.send_raw(data)
    except (BrokenPipeError, ConnectionResetError):
        pass


class JsonRpcTests(DaemonTestCase):
    """One daemon for the class: none of these tests needs a particular state."""

    def exchange(self, line: bytes, client=None):
        client = client or self.c
        client.send_raw(line + b"\n")
        msg = client.read_message()
        self.assertIsNotNone(msg, f"gatherd closed the connection after {line[:100]!r}")
        return msg

    def assertStillServes(self, client):
        reply = client.call("daemon.ping", id="still-there")
        self.assertEqual(self.assertResult(reply, id="still-there"), {"pong": True})

    def assertNextLineIsReplyTo(self, client, id):
        """The very next line must be the reply to a ping with this id (so nothing came before it)."""
        client.send(ping(id))
        msg = client.read_message()
        self.assertIsInstance(msg, dict, f"expected only the ping's reply, got {msg!r}")
        self.assertEqual(msg.get("id"), id, f"expected only the ping's reply, got {msg!r}")
        self.assertEqual(msg.get("result"), {"pong": True}, msg)

    # -- refusals ----------------------------------------------------------------------------------

    def test_a_refused_line_gets_one_error_line_and_the_connection_goes_on(self):
        for line, code, reason in (
            (b"not json", -32700, "parse_error"),
            (b'[{"jsonrpc":"2.0","method":"daemon.ping","id":1},{"jsonrpc":"2.0","method"]', -32700, "parse_error"),
            (encode({"jsonrpc": "1.0", "method": "daemon.ping", "id": 1}), -32600, "invalid_request"),
            (b"[]", -32600, "invalid_request"),
            (encode({"jsonrpc": "2.0", "method": "no.such.method", "id": 2}), -32601, "method_not_found"),
        ):
            with self.subTest(line=line):
                reply = self.exchange(line)
                self.assertIsInstance(reply, dict, reply)
                self.assertRpcError(reply, code, reason)
                self.assertStillServes(self.c)

    # -- batches -----------------------------------------------------------------------------------

    def test_a_batch_of_one_request_is_answered_with_an_array(self):
        reply = self.exchange(encode([ping("solo")]))
        self.assertIsInstance(reply, list, reply)
        self.assertEqual(len(reply), 1)
        self.assertEqual(self.assertResult(reply[0], id="solo"), {"pong": True})

    def test_a_batch_of_notifications_only_gets_no_reply_at_all(self):
        batch = [PING, {"jsonrpc": "2.0", "method": "players.list"}, {"jsonrpc": "2.0", "method": "no.such.method"}]
        self.c.send(batch)
        self.assertNextLineIsReplyTo(self.c, "after-notification-batch")

    # -- notifications -----------------------------------------------------------------------------

    def test_a_notification_is_carried_out(self):
        self.c.notify("players.create", {"name": "Notified Nora"})
        self.assertNextLineIsReplyTo(self.c, "after-create-notification")
        names = [p["name"] for p in self.ok(self.c, "players.list")["players"]]
        self.assertIn("Notified Nora", names)

    # -- ids ---------------------------------------------------------------------------------------

    def test_ids_are_echoed_with_their_type(self):
        for id in (1, "1", 0, -7, 9007199254740991, "", "é€🙂", "x" * 200, "null"):
            with self.subTest(id=id):
                reply = self.c.call("daemon.ping", id=id)
                self.assertEqual(self.assertResult(reply, id=id), {"pong": True})

    def test_a_null_id_is_still_a_request_and_is_answered(self):
        reply = self.exchange(b'{"jsonrpc":"2.0","method":"daemon.ping","id":null}')
        self.assertEqual(self.assertResult(reply, id=None), {"pong": True})

    # -- framing -----------------------------------------------------------------------------------

    def test_crlf_line_endings_are_accepted(self):
        self.c.send_raw(encode(ping("crlf-1")) + b"\r\n" + encode(ping("crlf-2")) + b"\r\n")
        for id in ("crlf-1", "crlf-2"):
            self.assertEqual(self.assertResult(self.c.read_reply(), id=id), {"pong": True})

    def test_pipelined_requests_are_answered_in_order(self):
        requests = []
        for index in range(60):
            kind = index % 4
            if kind == 0:
                requests.append(ping(index))
            elif kind == 1:
                requests.append({"jsonrpc": "2.0", "method": "players.list", "id": index})
            elif kind == 2:
                requests.append({"jsonrpc": "2.0", "method": "no.such.method", "id": index})
            else:
                requests.append({"jsonrpc": "2.0", "method": "players.get", "params": {"id": "x"}, "id": index})
        self.c.send_raw(b"".join(encode(r) + b"\n" for r in requests))
        for index in range(60):
            reply = self.c.read_reply()
            self.assertEqual(reply.get("id"), index, f"replies must come in request order: {reply}")
            if index % 4 in (0, 1):
                self.assertResult(reply)
            else:
                self.assertIn("error", reply)

    def test_a_request_split_across_writes_waits_for_its_newline(self):
        line = encode(ping("split"))
        self.c.send_raw(line[:10])
        self.c.send_raw(line[10:25])
        with self.assertRaises(TimeoutError, msg="a partial line must not be answered"):
            self.c.read_line(timeout=0.3)
        self.c.send_raw(line[25:] + b"\n")
        self.assertEqual(self.assertResult(self.c.read_reply(), id="split"), {"pong": True})

    def test_a_client_that_half_closes_still_gets_its_replies(self):
        client = self.client()
        client.send_raw(b"".join(encode(ping(i)) + b"\n" for i in range(3)) + encode({"jsonrpc": "2.0", "method": "players.list", "id": 3}) + b"\n")
        client.shutdown_write()
        for index in range(4):
            reply = client.read_reply()
            self.assertEqual(reply.get("id"), index)
            self.assertResult(reply)
        self.assertEqual(client.expect_eof(), [], "after the replies the daemon closes its side")

    def test_a_large_line_under_the_default_limit_is_served(self):
        padded = encode(ping("big"))[:-1] + b" " * 200_000 + b"}"
        self.assertEqual(self.assertResult(self.exchange(padded), id="big"), {"pong": True})

    def test_a_line_over_the_default_limit_of_one_mebibyte(self):
        client = self.client()
        send_overlong(client, b'{"jsonrpc":"2.0","method":"daemon.ping","id":1,"pad":"' + b"x" * (1 << 20) + b'"}\n')
        seen = client.expect_eof()
        self.assertEqual(len(seen), 1, f"one error reply, then the connection closes: {seen!r}"[:500])
        error = self.assertRpcError(seen[0], -32600, "line_too_long", id=None)
        self.assertEqual(error["data"].get("limit"), 1048576)
        self.assertStillServes(self.c)


class LineLimitTests(DaemonTestCase):
    daemon_args = ("--max-line-bytes", "4096")

    def padded_ping(self, id, size):
        head = encode(ping(id))[:-1]
        line = head + b" " * (size - len(head) - 1) + b"}"
        self.assertEqual(len(line), size)
        return line

    def test_a_line_under_the_limit_is_served(self):
        self.c.send_raw(self.padded_ping("under", 4000) + b"\n")
        self.assertEqual(self.assertResult(self.c.read_reply(), id="under"), {"pong": True})

    def test_the_limit_is_per_line_not_per_write(self):
        self.c.send_raw(b"".join(self.padded_ping(i, 1500) + b"\n" for i in range(8)))
        for index in range(8):
            self.assertEqual(self.assertResult(self.c.read_reply(), id=index), {"pong": True})

    def test_a_longer_line_gets_line_too_long_then_the_connection_closes(self):
        bystander = self.client()
        self.ok(bystander, "daemon.ping")
        offender = self.client()
        send_overlong(offender, self.padded_ping("long", 10_000) + b"\n")
        seen = offender.expect_eof()
        self.assertEqual(len(seen), 1, f"one error reply, then the connection closes: {seen!r}")
        error = self.assertRpcError(seen[0], -32600, "line_too_long", id=None)
        self.assertEqual(error["data"].get("limit"), 4096, error)
        # The daemon still serves the connection that was already open, and new ones.
        self.assertEqual(self.ok(bystander, "daemon.ping"), {"pong": True})
        fresh = self.client()
        self.assertEqual(self.ok(fresh, "daemon.ping"), {"pong": True})

    def test_an_overlong_line_is_refused_before_its_newline_arrives(self):
        offender = self.client()
        send_overlong(offender, b'{"jsonrpc":"2.0","method":"daemon.ping","id":1,"pad":"' + b"y" * 9000)
        seen = offender.expect_eof()
        self.assertEqual(len(seen), 1, seen)
        error = self.assertRpcError(seen[0], -32600, "line_too_long", id=None)
        self.assertEqual(error["data"].get("limit"), 4096, error)
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})

    def test_requests_before_an_overlong_line_are_answered_first(self):
        offender = self.client()
        send_overlong(offender, encode(ping("first")) + b"\n" + self.padded_ping("long", 6000) + b"\n")
        seen = offender.expect_eof()
        self.assertEqual(len(seen), 2, seen)
        self.assertEqual(self.assertResult(seen[0], id="first"), {"pong": True})
        self.assertRpcError(seen[1], -32600, "line_too_long", id=None)


if __name__ == "__main__":
    unittest.main()
