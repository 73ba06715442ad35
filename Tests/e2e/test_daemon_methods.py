"""daemon.ping and daemon.status over the socket, and empty positional params for the methods that take none. The
rules every method's params share, and their refusals, are checked in process (ParamsRulesMethodTests)."""

import unittest

from harness import DaemonTestCase


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


if __name__ == "__main__":
    unittest.main()
