"""Plans on a real mosquitto broker, watched by a real paho-mqtt client: sign-ups and plan changes are `plan`
messages with the places left, and the retained state names the next open plan, with its value templates rendered
with Jinja2 as Home Assistant renders them."""

import datetime as dt
import unittest

from harness import RpcAssertions
from mqttbroker import MQTTTestCase
from test_mqtt import PREFIX, config_topics, render


class PlansOnMQTT(MQTTTestCase, RpcAssertions, unittest.TestCase):
    """Who's coming reaches Home Assistant, so it can tell the group "2 places left"."""

    def test_sign_ups_are_plan_events_and_the_state_counts_the_places_left(self):
        watcher = self.watch(f"{PREFIX}/plan", f"{PREFIX}/state", "homeassistant/#")
        daemon = self.start_daemon()
        templates = {name: watcher.wait(topic).json()["value_template"] for topic, name in config_topics().items()
                     if name in ("next_plan", "places_left", "going")}
        client = daemon.client()
        ana, bruno, carla = (self.ok(client, "players.create", {"name": name})["id"]
                             for name in ("Ana", "Bruno", "Carla"))
        mark = watcher.mark()
        plan = self.ok(client, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 2,
                                               "place": "Astro 2"})["id"]
        created = watcher.wait(f"{PREFIX}/plan", after=mark)
        self.assertFalse(created.retain, "plan events are not retained")
        self.assertEqual(created.json()["event_type"], "created")
        self.assertEqual((created.json()["places_left"], created.json()["place"]), (2, "Astro 2"))

        def answer(method, player, *event_types):
            mark = watcher.mark()
            self.ok(client, method, {"plan": plan, "player": player})
            events = [watcher.wait(f"{PREFIX}/plan", lambda m, n=n: m.json()["event_type"] == n, after=mark).json()
                      for n in event_types]
            return events

        joined, = answer("plan.join", ana, "joined")
        self.assertEqual((joined["player"], joined["going"], joined["places_left"], joined["plan"]), ("Ana", 1, 1, plan))
        answer("plan.join", bruno, "joined")
        waiting, = answer("plan.join", carla, "joined")
        self.assertEqual((waiting["going"], waiting["waiting"], waiting["places_left"]), (2, 1, 0))
        left, promoted = answer("plan.leave", ana, "left", "promoted")
        self.assertEqual((left["player"], promoted["player"]), ("Ana", "Carla"))
        self.assertLess(left["seq"], promoted["seq"], "the leave comes before the move up")

        mark = watcher.mark()
        self.ok(client, "plan.update", {"plan": plan, "capacity": 4})
        state = watcher.wait(f"{PREFIX}/state", lambda m: (m.json()["nextPlan"] or {}).get("capacity") == 4,
                             after=mark).json()
        shown = {name: render(template, state) for name, template in templates.items()}
        self.assertEqual((shown["places_left"], shown["going"]), ("2", "2"))
        self.assertIso(shown["next_plan"], "the next gather's start")
        mark = watcher.mark()
        self.ok(client, "plan.cancel", {"plan": plan})
        cancelled = watcher.wait(f"{PREFIX}/plan", lambda m: m.json()["event_type"] != "updated", after=mark)
        self.assertEqual(cancelled.json()["event_type"], "cancelled")
        state = watcher.wait(f"{PREFIX}/state", lambda m: m.json()["nextPlan"] is None, after=mark).json()
        self.assertEqual(render(templates["places_left"], state), "None", "no open plan: unknown in HA")

    def test_a_freed_place_offered_then_declined_and_accepted_reaches_the_sign_up_event(self):
        watcher = self.watch(f"{PREFIX}/plan", "homeassistant/#")
        daemon = self.start_daemon("--quiet-hours", "off")
        signup = next(topic for topic, name in config_topics().items() if name == "plan_event")
        announced = set(watcher.wait(signup).json()["event_types"])
        self.assertTrue({"offered", "accepted", "declined", "lapsed"} <= announced, announced)
        client = daemon.client()
        ids = [self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla", "Dani")]
        # Kick-off in two days, places offered from eight days before: Carla then Dani wait.
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=2)).strftime("%Y-%m-%dT%H:%MZ")
        plan = self.ok(client, "plan.create", {"startsAt": starts, "capacity": 2, "offerPeriod": 8 * 86400})["id"]
        for player in ids:
            self.ok(client, "plan.join", {"plan": plan, "player": player})

        def answer(method, player, *event_types):
            mark = watcher.mark()
            self.ok(client, method, {"plan": plan, "player": player})
            return [watcher.wait(f"{PREFIX}/plan", lambda m, n=n: m.json()["event_type"] == n, after=mark).json()
                    for n in event_types]

        left, offered = answer("plan.leave", ids[0], "left", "offered")
        self.assertEqual((left["player"], offered["player"], offered["places_left"]), ("Ana", "Carla", 0))
        expires = dt.datetime.fromisoformat(offered["expires_at"].replace("Z", "+00:00"))
        self.assertAlmostEqual((expires - dt.datetime.now(dt.timezone.utc)).total_seconds(), 2 * 3600, delta=120,
                               msg="more than a day before kick-off, two hours to take it")
        declined, offered = answer("plan.decline", ids[2], "declined", "offered")
        self.assertEqual((declined["player"], offered["player"]), ("Carla", "Dani"))
        self.assertLess(declined["seq"], offered["seq"], "the decline comes before the next offer")
        accepted, = answer("plan.accept", ids[3], "accepted")
        self.assertEqual((accepted["player"], accepted["going"], accepted["waiting"]), ("Dani", 2, 0))
        self.assertNotIn("expires_at", accepted)


if __name__ == "__main__":
    unittest.main()
