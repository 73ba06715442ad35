"""JSON-RPC 2.0 over lines: framing, batches, notifications, ids and every malformed-message case."""

import json
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

    # -- parse errors ------------------------------------------------------------------------------

    def test_invalid_json_is_a_parse_error_with_a_null_id(self):
        for line in (
            b"{",
            b"not json",
            b'{"jsonrpc":"2.0","method":"daemon.ping","id":1',
            b'{"jsonrpc":"2.0","method":"daemon.ping","id":1,}',
            b"[1,2",
            b"{'jsonrpc':'2.0'}",
            b'{"jsonrpc":"2.0","method":"daemon.ping","id":1}}',
        ):
            with self.subTest(line=line):
                reply = self.exchange(line)
                self.assertRpcError(reply, -32700, "parse_error", id=None)
                self.assertStillServes(self.c)

    def test_a_batch_with_invalid_json_is_one_parse_error(self):
        reply = self.exchange(b'[{"jsonrpc":"2.0","method":"daemon.ping","id":1},{"jsonrpc":"2.0","method"]')
        self.assertIsInstance(reply, dict, "a parse error is a single reply, not an array")
        self.assertRpcError(reply, -32700, "parse_error", id=None)

    # -- invalid requests --------------------------------------------------------------------------

    def test_structurally_invalid_requests(self):
        # (line, the ids the reply may carry): JSON-RPC says null when the id cannot be determined;
        # when the request's id itself is valid, echoing it is accepted too.
        cases = (
            ({"jsonrpc": "1.0", "method": "daemon.ping", "id": 1}, (None, 1)),
            ({"method": "daemon.ping", "id": 2}, (None, 2)),
            ({"jsonrpc": 2.0, "method": "daemon.ping", "id": 3}, (None, 3)),
            ({"jsonrpc": "2.0", "method": 5, "id": 4}, (None, 4)),
            ({"jsonrpc": "2.0", "method": None, "id": 5}, (None, 5)),
            ({"jsonrpc": "2.0", "method": ["daemon.ping"], "id": 6}, (None, 6)),
            ({"jsonrpc": "2.0", "id": 7}, (None, 7)),
            ({"jsonrpc": "2.0", "method": "daemon.ping", "params": 5, "id": 8}, (None, 8)),
            ({"jsonrpc": "2.0", "method": "daemon.ping", "params": "x", "id": 9}, (None, 9)),
            ({"jsonrpc": "2.0", "method": "daemon.ping", "params": True, "id": 10}, (None, 10)),
            ({"jsonrpc": "2.0", "method": "daemon.ping", "id": {"a": 1}}, (None,)),
            ({"jsonrpc": "2.0", "method": "daemon.ping", "id": [1]}, (None,)),
            ({"jsonrpc": "2.0", "method": "daemon.ping", "id": True}, (None,)),
            ({"jsonrpc": "2.0", "method": 1, "params": "bar"}, (None,)),  # the JSON-RPC spec's own example
            ("a string", (None,)),
            (42, (None,)),
            (None, (None,)),
            ({}, (None,)),
        )
        for message, ids in cases:
            with self.subTest(message=message):
                reply = self.exchange(encode(message))
                self.assertIsInstance(reply, dict, reply)
                self.assertRpcError(reply, -32600, "invalid_request")
                self.assertIn(reply["id"], ids, reply)
                self.assertIn(type(reply["id"]), {type(i) for i in ids}, reply)
                self.assertStillServes(self.c)

    def test_unknown_method(self):
        for method in ("no.such.method", "", "daemon.Ping", "rpc.unknown"):
            with self.subTest(method=method):
                reply = self.c.call(method, id=f"m-{method}")
                self.assertRpcError(reply, -32601, "method_not_found", id=f"m-{method}")

    # -- batches -----------------------------------------------------------------------------------

    def test_an_empty_batch_is_a_single_invalid_request(self):
        reply = self.exchange(b"[]")
        self.assertIsInstance(reply, dict, f"[] gets one error object, not an array: {reply!r}")
        self.assertRpcError(reply, -32600, "invalid_request", id=None)
        self.assertStillServes(self.c)

    def test_a_batch_of_non_objects_gets_one_error_each(self):
        reply = self.exchange(b"[1,2]")
        self.assertIsInstance(reply, list, reply)
        self.assertEqual(len(reply), 2, reply)
        for item in reply:
            self.assertRpcError(item, -32600, "invalid_request", id=None)
        self.assertStillServes(self.c)

    def test_a_batch_of_one_request_is_answered_with_an_array(self):
        reply = self.exchange(encode([ping("solo")]))
        self.assertIsInstance(reply, list, reply)
        self.assertEqual(len(reply), 1)
        self.assertEqual(self.assertResult(reply[0], id="solo"), {"pong": True})

    def test_a_batch_of_notifications_only_gets_no_reply_at_all(self):
        batch = [PING, {"jsonrpc": "2.0", "method": "players.list"}, {"jsonrpc": "2.0", "method": "no.such.method"}]
        self.c.send(batch)
        self.assertNextLineIsReplyTo(self.c, "after-notification-batch")

    def test_a_mixed_batch(self):
        name = "Batch Notified"
        batch = [
            ping(1),
            {"jsonrpc": "2.0", "method": "players.create", "params": {"name": name}},  # notification
            {"foo": "bar"},
            {"jsonrpc": "2.0", "method": "no.such.method", "id": "three"},
            {"jsonrpc": "2.0", "method": "players.get", "params": {"id": 987654}, "id": 4},
            {"jsonrpc": "2.0", "method": "players.create", "params": {"name": 5}, "id": 5},
            {"jsonrpc": "2.0", "method": "no.such.method"},  # notification, never answered
        ]
        reply = self.exchange(encode(batch))
        self.assertIsInstance(reply, list, reply)
        self.assertEqual(len(reply), 5, f"one reply per request, none for notifications: {reply}")
        by_id = {}
        nulls = []
        for item in reply:
            self.assertIn("id", item, item)
            if item["id"] is None:
                nulls.append(item)
            else:
                by_id[item["id"]] = item
        self.assertEqual(set(by_id), {1, "three", 4, 5}, reply)
        self.assertEqual(self.assertResult(by_id[1]), {"pong": True})
        self.assertRpcError(by_id["three"], -32601, "method_not_found")
        self.assertRpcError(by_id[4], -32001, "player_not_found")
        self.assertRpcError(by_id[5], -32602, "invalid_params", field="name")
        self.assertEqual(len(nulls), 1, reply)
        self.assertRpcError(nulls[0], -32600, "invalid_request")
        names = [p["name"] for p in self.ok(self.c, "players.list")["players"]]
        self.assertIn(name, names, "a notification inside a batch is still carried out")

    # -- notifications -----------------------------------------------------------------------------

    def test_notifications_are_never_answered_even_when_they_fail(self):
        for notification in (
            {"jsonrpc": "2.0", "method": "no.such.method"},
            {"jsonrpc": "2.0", "method": "no.such.method", "params": {"x": 1}},
            {"jsonrpc": "2.0", "method": "players.get", "params": {"id": "not a number"}},
            {"jsonrpc": "2.0", "method": "players.get", "params": {"id": 987654}},
            {"jsonrpc": "2.0", "method": "events.unsubscribe", "params": {"subscription": 424242}},
            {"jsonrpc": "2.0", "method": "players.create", "params": {"name": "X", "bogus": 1}},
        ):
            self.c.send(notification)
        self.assertNextLineIsReplyTo(self.c, "after-notifications")

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
        # Errors echo the id too.
        self.assertRpcError(self.c.call("players.get", {"id": 987654}, id="1"), -32001, "player_not_found", id="1")
        self.assertRpcError(self.c.call("players.get", {"id": 987654}, id=1), -32001, "player_not_found", id=1)

    def test_a_null_id_is_still_a_request_and_is_answered(self):
        reply = self.exchange(b'{"jsonrpc":"2.0","method":"daemon.ping","id":null}')
        self.assertEqual(self.assertResult(reply, id=None), {"pong": True})
        reply = self.exchange(b'{"jsonrpc":"2.0","method":"no.such.method","id":null}')
        self.assertRpcError(reply, -32601, "method_not_found", id=None)

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
