"""How a subscriber's connection ends: a peer that closes for good frees its subscription at once, and a
peer that only half-closes (socat after its input ends) keeps receiving events."""
import time
import unittest

from harness import DaemonTestCase


class SubscriberCloseTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def subscriptions(self) -> int:
        return self.c.result("daemon.status")["subscriptions"]

    def test_a_subscriber_that_closes_is_forgotten_without_waiting_for_an_event(self):
        watcher = self.client()
        watcher.result("events.subscribe", {"topics": ["tick"]})
        self.assertEqual(self.subscriptions(), 1)
        watcher.close()
        # No event is coming (no clock runs), so the daemon must notice the close itself.
        deadline = time.monotonic() + 2
        while self.subscriptions() != 0:
            self.assertLess(time.monotonic(), deadline, "the closed subscriber's subscription is still counted")
            time.sleep(0.02)

    def test_a_half_closed_subscriber_keeps_receiving_events(self):
        watcher = self.client()
        subscription = watcher.result("events.subscribe", {"topics": ["players"]})["subscription"]
        watcher.shutdown_write()
        self.c.result("players.create", {"name": "Ana"})
        event = watcher.next_event()
        self.assertEqual(event["method"], "players")
        self.assertEqual(event["params"]["subscription"], subscription)
        self.assertEqual(event["params"]["player"]["name"], "Ana")
        self.assertEqual(self.subscriptions(), 1)


if __name__ == "__main__":
    unittest.main()
