"""The connection path: reads answered from the last committed state without waiting for the session,
changes in order, and every client sees its own acknowledged change at once."""

import unittest

from harness import DaemonTestCase, encode
from threadstop import StoppedThread, thread_named


class ReadsNeverWaitForTheSession(DaemonTestCase):
    """While the session's loop is busy (here its thread held still from outside, as a debugger holds it),
    reads, subscriptions and pings on other connections are still answered, from the last committed state."""

    fresh_daemon_per_test = True

    def test_reads_are_answered_while_a_change_is_in_the_session(self):
        ana, bruno = (self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.ok(self.c, "gather.start", {"teamA": [ana], "teamB": [bruno], "minutes": 7})
        self.ok(self.c, "score.goal", {"team": "teamB", "player": bruno})
        self.addCleanup(self.daemon.kill9)  # a wedged session never lets the daemon stop gracefully
        wedged = StoppedThread(thread_named(self.daemon.pid, "gatherd-session"))
        self.addCleanup(wedged.__exit__)
        wedged.__enter__()
        waiting = self.client()
        waiting.request("players.create", {"name": "Carla"}, id="late")

        reader = self.client()
        self.assertEqual(self.ok(reader, "daemon.ping"), {"pong": True})
        self.assertEqual([p["name"] for p in self.ok(reader, "players.list")["players"]], ["Ana", "Bruno"])
        self.assertEqual(self.ok(reader, "score.get")["score"]["text"], "0-1")
        self.assertEqual(self.ok(reader, "timer.status")["display"], "07:00")
        self.assertEqual(self.ok(reader, "gather.current")["score"]["text"], "0-1")
        self.assertEqual(self.ok(reader, "daemon.status")["players"], 2)
        subscribed = self.ok(reader, "events.subscribe", {"topics": ["score"]})
        self.assertEqual(subscribed["snapshot"]["score"]["text"], "0-1")
        with self.assertRaises(TimeoutError, msg="a change waits for the session; reads do not"):
            waiting.read_line(timeout=0.3)


class EveryClientSeesItsOwnChange(DaemonTestCase):
    fresh_daemon_per_test = True

    def test_a_read_pipelined_after_a_change_sees_it(self):
        self.c.send_raw(b"".join(encode(message) + b"\n" for message in (
            {"jsonrpc": "2.0", "id": 1, "method": "players.create", "params": {"name": "Ana"}},
            {"jsonrpc": "2.0", "id": 2, "method": "players.list"},
            {"jsonrpc": "2.0", "id": 3, "method": "players.create", "params": {"name": "Bruno"}},
            {"jsonrpc": "2.0", "id": 4, "method": "players.list"},
        )))
        replies = [self.c.read_reply() for _ in range(4)]
        self.assertEqual([reply["id"] for reply in replies], [1, 2, 3, 4], "replies keep the order of the lines")
        self.assertEqual([p["name"] for p in replies[1]["result"]["players"]], ["Ana"])
        self.assertEqual([p["name"] for p in replies[3]["result"]["players"]], ["Ana", "Bruno"])

    def test_a_batch_mixing_changes_and_reads_answers_each_in_turn(self):
        batch = [
            {"jsonrpc": "2.0", "id": 1, "method": "players.list"},
            {"jsonrpc": "2.0", "id": 2, "method": "players.create", "params": {"name": "Ana"}},
            {"jsonrpc": "2.0", "method": "players.create", "params": {"name": "Bruno"}},
            {"jsonrpc": "2.0", "id": 3, "method": "players.list"},
        ]
        self.c.send_raw(encode(batch) + b"\n")
        replies = self.c.read_message()
        self.assertEqual([reply["id"] for reply in replies], [1, 2, 3])
        self.assertEqual(replies[0]["result"]["players"], [])
        self.assertEqual([p["name"] for p in replies[2]["result"]["players"]], ["Ana", "Bruno"])

    def test_another_connection_reads_a_change_as_soon_as_it_is_acknowledged(self):
        other = self.client()
        for index in range(50):
            created = self.ok(self.c, "players.create", {"name": f"P{index}"})
            self.assertEqual(self.ok(other, "players.get", {"id": created["id"]})["name"], f"P{index}")


class BadPeersHurtNobody(DaemonTestCase):
    """Peers that send odd but legal traffic: each gets its answers, and the daemon stays whole."""

    fresh_daemon_per_test = True

    def test_a_batch_of_a_hundred_thousand_messages_is_answered_in_one_array(self):
        count = 100_000
        self.c.send_raw(b"[" + b",".join([b"1"] * count) + b"]\n")
        replies = self.c.read_message(timeout=60)
        self.assertEqual(len(replies), count)
        self.assertEqual({reply["error"]["code"] for reply in replies}, {-32600})
        self.assertEqual(self.ok(self.client(), "daemon.ping"), {"pong": True})

    def test_large_replies_pipelined_behind_a_change_are_all_answered(self):
        # The replies outgrow the socket's buffer, so the connection turns unwritable and writable again while
        # lines still wait: every one of them is answered, in order, and the connection keeps working.
        lines = [{"jsonrpc": "2.0", "id": 0, "method": "players.create", "params": {"name": "Ana"}}]
        lines += [{"jsonrpc": "2.0", "id": n, "method": "rpc.discover"} for n in range(1, 9)]
        self.c.send_raw(b"".join(encode(line) + b"\n" for line in lines))
        self.assertEqual([self.c.read_reply(timeout=10)["id"] for _ in lines], list(range(9)))
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})

    def test_a_peer_that_leaves_mid_batch_leaves_no_subscription_behind(self):
        status = self.client()
        for _ in range(50):
            leaving = self.client()
            leaving.send_raw(encode([
                {"jsonrpc": "2.0", "id": 1, "method": "gathers.list"},
                {"jsonrpc": "2.0", "id": 2, "method": "events.subscribe"},
            ]) + b"\n")
            leaving.close()
        # Wait (on the daemon's own count, not on time) until only this connection and self.c are left.
        while self.ok(status, "daemon.status")["connections"] > 2:
            pass
        self.assertEqual(self.ok(status, "daemon.status")["subscriptions"], 0)


if __name__ == "__main__":
    unittest.main()
