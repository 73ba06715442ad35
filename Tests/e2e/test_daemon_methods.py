"""daemon.ping, daemon.status and the params conventions every method shares."""

import re
import unittest

from harness import NO_PARAM_METHODS, DaemonTestCase


class DaemonMethodTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def test_ping(self):
        self.assertEqual(self.ok(self.c, "daemon.ping"), {"pong": True})
        self.assertEqual(self.ok(self.c, "daemon.ping", {}), {"pong": True})
        self.assertEqual(self.ok(self.c, "daemon.ping", []), {"pong": True})

    def test_status_describes_the_daemon(self):
        status = self.ok(self.c, "daemon.status")
        self.assertKeys(
            status,
            ("version", "pid", "uptimeSeconds", "connections", "subscriptions", "seq", "players", "gather", "controller"),
            "daemon.status",
        )
        self.assertRegex(status["version"], r"^\d+\.\d+\.\d+")
        self.assertEqual(status["pid"], self.daemon.pid)
        self.assertIsInstance(status["uptimeSeconds"], (int, float))
        self.assertGreaterEqual(status["uptimeSeconds"], 0)
        self.assertLess(status["uptimeSeconds"], 120)
        self.assertIsInstance(status["connections"], int)
        self.assertGreaterEqual(status["connections"], 1, "the caller's own connection counts")
        self.assertEqual(status["subscriptions"], 0)
        self.assertIsInstance(status["seq"], int)
        self.assertEqual(status["players"], 0)
        self.assertIsNone(status["gather"])
        self.assertIs(status["controller"], True, "the daemon's own uid may mutate")

    def test_status_follows_the_roster_the_gather_and_the_connections(self):
        a, b, _ = self.make_players(self.c, 3)
        gather = self.start_gather(self.c, [a["id"]], [b["id"]], seconds=90)
        self.ok(self.c, "score.goal", {"team": "teamB"})
        others = [self.client() for _ in range(3)]
        for other in others:
            self.ok(other, "daemon.ping")
        status = self.ok(self.c, "daemon.status")
        self.assertEqual(status["players"], 3)
        self.assertGreaterEqual(status["connections"], 4)
        self.assertKeys(status["gather"], ("id", "score", "timer"), "daemon.status gather")
        self.assertEqual(status["gather"]["id"], gather["id"])
        self.assertEqual(status["gather"]["score"], {"teamA": 0, "teamB": 1, "text": "0-1"})
        self.assertEqual(self.checkTimer(status["gather"]["timer"])["duration"], 90)
        later = self.ok(self.c, "daemon.status")
        self.assertGreaterEqual(later["uptimeSeconds"], status["uptimeSeconds"])

    def test_status_counts_subscriptions_and_reports_the_event_seq(self):
        watcher = self.client()
        sub = self.ok(watcher, "events.subscribe")
        status = self.ok(self.c, "daemon.status")
        self.assertEqual(status["subscriptions"], 1)
        self.assertEqual(status["seq"], sub["seq"], "no event was emitted in between")
        second = self.ok(watcher, "events.subscribe", {"topics": ["players"]})
        self.assertEqual(self.ok(self.c, "daemon.status")["subscriptions"], 2)
        self.ok(self.c, "players.create", {"name": "Ana"})
        event = watcher.next_event()
        self.assertEqual(self.ok(self.c, "daemon.status")["seq"], event["params"]["seq"])
        self.assertEqual(self.ok(watcher, "events.unsubscribe", {"subscription": second["subscription"]}), {"unsubscribed": second["subscription"]})
        self.assertEqual(self.ok(self.c, "daemon.status")["subscriptions"], 1)

    def test_empty_positional_params_are_accepted_by_methods_without_params(self):
        for method in ("daemon.ping", "daemon.status", "players.list", "gather.current", "rpc.discover"):
            with self.subTest(method=method):
                self.assertResult(self.c.call(method, []))

    def test_positional_params_are_refused(self):
        player = self.ok(self.c, "players.create", {"name": "Ana"})
        for method, params in (
            ("players.get", [player["id"]]),
            ("players.create", ["Bruno"]),
            ("players.delete", [player["id"]]),
            ("gathers.get", [1]),
            ("timer.set", [60]),
            ("daemon.ping", [1]),
        ):
            with self.subTest(method=method, params=params):
                self.invalid_params(self.c, method, params)
        self.assertEqual(self.ok(self.c, "players.list")["players"], [player])

    def test_unknown_params_are_refused_even_for_methods_without_params(self):
        for method in NO_PARAM_METHODS:
            with self.subTest(method=method):
                self.invalid_params(self.c, method, {"bogus_param": 1}, "bogus_param")
        self.assertEqual(self.ok(self.c, "players.list")["players"], [])

    def test_a_missing_params_member_means_an_empty_object(self):
        reply = self.c.call("players.list")
        self.assertEqual(self.assertResult(reply), {"players": []})
        self.invalid_params(self.c, "players.get", None, "id")
        self.invalid_params(self.c, "players.create", None, "name")

    def test_every_error_message_is_a_sentence(self):
        # assertRpcError checks the sentence form; this walks through one error of each family.
        self.refused(self.c, "players.get", {"id": 12345}, -32001, "player_not_found")
        self.refused(self.c, "timer.status", None, -32002, "no_active_gather")
        error = self.invalid_params(self.c, "players.create", {"name": "A", "age": 500}, "age")
        self.assertTrue(re.search(r"[a-z]", error["message"]))
        self.refused(self.c, "no.such.method", None, -32601, "method_not_found")


if __name__ == "__main__":
    unittest.main()
