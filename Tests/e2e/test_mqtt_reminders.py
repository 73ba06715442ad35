"""A plan's reminder on MQTT, through a real mosquitto broker: the plan message `reminder` carries how long before
the start it is, the places left and the names of those going, flat, as the Home Assistant automation in
docs/mqtt.md reads them."""
import datetime as dt
import time
import unittest

from harness import RpcAssertions
from mqttbroker import MQTTTestCase

PREFIX = "gatherd/main"


class Reminders(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_a_reminder_is_a_plan_message_with_who_is_going(self):
        watcher = self.watch(f"{PREFIX}/plan")
        daemon = self.start_daemon("--plan-reminders", "1h")
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        start = dt.datetime.fromtimestamp(time.time() + 3603, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        plan = self.ok(client, "plan.create", {"startsAt": start, "capacity": 10, "place": "Astro 2"})["id"]
        for player in (bruno, ana):
            self.ok(client, "plan.join", {"plan": plan, "player": player})
        reminder = watcher.wait(f"{PREFIX}/plan", lambda m: m.json()["event_type"] == "reminder", timeout=15).json()
        self.assertEqual((reminder["plan"], reminder["place"], reminder["places_left"]), (plan, "Astro 2", 8))
        self.assertEqual((reminder["before"], reminder["hours_before"], reminder["minutes_before"]), (3600, 1, 60))
        self.assertEqual(reminder["going_names"], ["Bruno", "Ana"])
        self.assertIsNone(reminder["player"])


if __name__ == "__main__":
    unittest.main()
