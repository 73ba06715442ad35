"""gatherd as a real Home Assistant core (2024.3, the newest on Debian 12's Python 3.11) shows it, through a real
mosquitto broker: the entities MQTT discovery makes, their states and attributes read from HA's REST API
(`/api/states`) across a match, the device's link to the board, the buttons, and HA's own log, which must hold
no warning or error but the two HA writes at every start.

Home Assistant runs from the venv Tests/homeassistant/install.sh makes (`make hadeps`); without it the tests
are skipped, saying so."""

import datetime
import os
import sys
import unittest

from harness import RpcAssertions
from mqttbroker import MQTTTestCase

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "homeassistant"))
import hacore  # noqa: E402

SENSOR = "sensor.gatherd_main_"
#: What HA logs at every start, whatever it runs: nothing about gatherd (the last, from 2024.12 on, about the
#: machine's zlib).
STARTUP_NOTES = ("Skipping pip installation of required modules",
                 "Support for the running Python version",
                 "zlib_ng and isal are not available")


#: What HA shows for a text, an enum or a time that is absent while gatherd is online: "unknown" from 2024.10 on,
#: "unavailable" on 2024.1 to 2024.9, which cannot show "unknown" there (docs/mqtt.md).
ABSENT = ("unknown" if hacore.release() >= (2024, 10) else "unavailable") if not hacore.skip_reason() else None


def timestamp(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text)


class HomeAssistantCase(MQTTTestCase, RpcAssertions):
    maxDiff = None

    def setUp(self) -> None:
        super().setUp()
        reason = hacore.skip_reason()
        if reason:
            self.skipTest(reason)
        self.ha = hacore.HomeAssistant(self.broker.port)
        self.addCleanup(self.ha.cleanup)
        self.ha.start()

    def state(self, entity: str, predicate=lambda s: True) -> dict:
        """The entity's state once `predicate` holds, as HA's WebSocket API announced it; the REST API must show
        the same (or a later state, when the clock moved on meanwhile)."""
        announced = self.ha.wait(entity, predicate)
        read = self.ha.call("GET", f"/api/states/{entity}")
        if read["last_updated"] == announced["last_updated"]:
            self.assertEqual((read["state"], read["attributes"]), (announced["state"], announced["attributes"]))
        else:
            self.assertGreater(timestamp(read["last_updated"]), timestamp(announced["last_updated"]))
        return announced

    def assertLogClean(self) -> None:
        problems = [line for line in self.ha.problems() if not any(note in line for note in STARTUP_NOTES)]
        self.assertEqual(problems, [], "Home Assistant logged warnings or errors")


class Match(HomeAssistantCase, unittest.TestCase):
    def test_a_match_shows_in_home_assistant_with_unknowns_numbers_attributes_and_full_time(self):
        daemon = self.start_daemon()
        # No gather and no plan: numbers are unknown; text, the enum and times too from HA 2024.10 on, and
        # unavailable before, since 2024.1 to 2024.9 cannot show them as unknown; never the text "None".
        absent = ABSENT
        idle = {"score_team_a": "unknown", "score_team_b": "unknown", "score": absent, "clock": absent,
                "remaining": "unknown", "clock_display": absent, "ends_at": absent, "period": "unknown",
                "last_goal": absent, "next_gather": absent, "places_left": "unknown", "going": "unknown",
                "waiting_list": "unknown", "man_of_the_match": absent, "best_rated": absent}
        for name, value in idle.items():
            self.state(SENSOR + name, lambda s, value=value: s["state"] == value)
        states = self.ha.rest_states(SENSOR)
        self.assertEqual({entity: state["state"] for entity, state in states.items()},
                         {SENSOR + name: value for name, value in idle.items()})
        score_a = states[SENSOR + "score_team_a"]["attributes"]
        self.assertEqual(score_a["state_class"], "measurement", "a number HA keeps statistics of")
        self.assertNotIn("state_class", states[SENSOR + "period"]["attributes"], "no statistics of the period")
        self.state("binary_sensor.gatherd_main_match_running", lambda s: s["state"] == "off")

        client = daemon.client()
        ana, bruno, carla = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla"))
        self.ok(client, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10, "place": "Astro 2"})
        plan = self.state(SENSOR + "next_gather", lambda s: s["state"] != ABSENT)
        self.assertEqual(timestamp(plan["state"]), timestamp("2099-12-03T18:00:00+00:00"))
        self.assertEqual((plan["attributes"]["place"], plan["attributes"]["places_left"]), ("Astro 2", 10))
        self.assertEqual(self.state(SENSOR + "places_left", lambda s: s["state"] != "unknown")["state"], "10")
        waiting = self.state(SENSOR + "waiting_list", lambda s: s["state"] != "unknown")
        self.assertEqual((waiting["state"], waiting["attributes"]["waiting"], waiting["attributes"]["going"]), ("0", [], []))
        self.assertEqual(self.state(SENSOR + "best_rated", lambda s: s["state"] != ABSENT)["state"], "Ana")

        self.start_gather(client, [ana], [bruno], [carla], periods=2, periodLength=4, breakLength=2,
                          names={"teamA": "Bibs", "teamB": "Colours"})
        score_a = self.state(SENSOR + "score_team_a", lambda s: s["state"] == "0")
        self.assertEqual(score_a["attributes"]["team"], "Bibs")
        started = self.state("event.gatherd_main_match_event", lambda s: s["attributes"]["event_type"] == "gather_start")
        self.assertEqual(started["attributes"]["teams"], {"team_a": ["Ana"], "team_b": ["Bruno"], "bench": ["Carla"]})
        self.assertIsInstance(started["attributes"]["gather"], int, "an id, not the whole gather")
        clock = self.state(SENSOR + "clock", lambda s: s["state"] == "stopped")
        self.assertEqual((clock["attributes"]["display"], clock["attributes"]["period_name"]), ("00:04", "1st half"))
        # An enum (HA takes its options, which gatherd announces, from 2024.10 on).
        self.assertEqual(clock["attributes"]["device_class"], "enum")

        self.ok(client, "score.goal", {"team": "teamA", "player": ana})
        score_a = self.state(SENSOR + "score_team_a", lambda s: s["state"] == "1")
        self.assertEqual(score_a["attributes"], {**score_a["attributes"], "team": "Bibs", "scorers": ["Ana 1'"]})
        score = self.state(SENSOR + "score", lambda s: s["state"] == "1-0")
        self.assertEqual((score["attributes"]["team_a"], score["attributes"]["team_b"]), ("Bibs", "Colours"))
        goal = self.state("event.gatherd_main_match_event", lambda s: s["attributes"]["event_type"] == "goal")
        self.assertEqual({key: goal["attributes"][key] for key in ("player", "team_name", "minute", "score")},
                         {"player": "Ana", "team_name": "Bibs", "minute": "1'",
                          "score": {"team_a": 1, "team_b": 0, "text": "1-0"}}, "attributes in snake_case")

        self.state(SENSOR + "last_goal", lambda s: s["state"] == "Ana 1'")
        self.ok(client, "timer.start")
        # Remaining counts down each second while the clock runs.
        counted = {self.state(SENSOR + "remaining", lambda s, left=left: s["state"] == left)["state"] for left in ("3", "2")}
        self.assertEqual(counted, {"3", "2"})
        self.ok(client, "timer.pause")
        paused = self.state(SENSOR + "clock", lambda s: s["state"] == "paused")
        self.assertRegex(paused["attributes"]["display"], r"^00:0[0-3]$")
        self.state("binary_sensor.gatherd_main_match_running", lambda s: s["state"] == "off")
        self.state(SENSOR + "ends_at", lambda s: s["state"] == ABSENT)
        self.ok(client, "timer.resume")
        self.state(SENSOR + "clock", lambda s: s["state"] == "running")
        self.state("binary_sensor.gatherd_main_match_running", lambda s: s["state"] == "on")
        ends = self.state(SENSOR + "ends_at", lambda s: s["state"] != ABSENT)
        self.assertLess(abs(timestamp(ends["state"]) - datetime.datetime.now(datetime.timezone.utc)),
                        datetime.timedelta(seconds=10))
        half_time = self.state(SENSOR + "clock", lambda s: s["state"] == "break")
        self.state(SENSOR + "remaining", lambda s: s["state"] == "0")
        self.state(SENSOR + "clock_display", lambda s: s["state"].startswith("HT"))
        self.assertRegex(half_time["attributes"]["display"], r"^HT 00:0[0-2]$")
        second = self.state(SENSOR + "clock", lambda s: s["state"] == "stopped" and s["attributes"]["period"] == 2)
        self.assertEqual(second["attributes"]["period_name"], "2nd half")
        self.ok(client, "timer.start")
        full_time = self.state(SENSOR + "clock", lambda s: s["state"] == "finished")
        self.assertEqual((full_time["attributes"]["display"], full_time["attributes"]["added"]), ("FT", None))
        self.state("event.gatherd_main_match_event", lambda s: s["attributes"]["event_type"] == "full_time")
        self.state(SENSOR + "period", lambda s: s["state"] == "2")

        self.ok(client, "gather.end")
        ended = self.state("event.gatherd_main_match_event", lambda s: s["attributes"]["event_type"] == "gather_end")
        self.assertEqual((ended["attributes"]["winner"], ended["attributes"]["score"]["text"]), ("teamA", "1-0"))
        self.assertRegex(ended["attributes"]["event_id"], r"^\d+-\d+$")
        for name, value in {"score_team_a": "unknown", "score": ABSENT, "clock": ABSENT,
                            "period": "unknown", "remaining": "unknown", "last_goal": ABSENT,
                            "places_left": "10"}.items():
            self.state(SENSOR + name, lambda s, value=value: s["state"] == value)
        self.ok(client, "plan.cancel", {"plan": 1})
        self.state(SENSOR + "places_left", lambda s: s["state"] == "unknown")
        self.state(SENSOR + "next_gather", lambda s: s["state"] == ABSENT)
        self.assertFalse([entity for entity, state in self.ha.rest_states().items() if state["state"] == "None"])
        self.assertLogClean()


class DeviceAndButtons(HomeAssistantCase, unittest.TestCase):
    def test_the_device_links_to_the_board_and_the_buttons_that_cannot_be_undone_sit_in_its_settings(self):
        port = hacore.free_port()
        daemon = self.start_daemon("--mqtt-control", "--http", f"127.0.0.1:{port}")
        self.state(SENSOR + "score_team_a")
        self.state("button.gatherd_main_end_gather")
        registry = {entry["entity_id"]: entry for entry in self.ha.ws_call({"type": "config/entity_registry/list"})
                    if entry["platform"] == "mqtt"}
        categories = {entity: entry["entity_category"] for entity, entry in registry.items()
                      if entity.startswith("button.")}
        self.assertEqual(categories, {
            "button.gatherd_main_start_pause": None, "button.gatherd_main_goal_team_a": None,
            "button.gatherd_main_goal_team_b": None, "button.gatherd_main_undo_last_goal": "config",
            "button.gatherd_main_end_gather": "config"})
        device_id = registry[SENSOR + "score"]["device_id"]
        device = next(d for d in self.ha.ws_call({"type": "config/device_registry/list"}) if d["id"] == device_id)
        self.assertEqual((device["name"], device["configuration_url"]), ("gatherd (main)", f"http://127.0.0.1:{port}/"))

        # Available only when a press can work: no gather, no goal, no clock, nothing to end.
        buttons = [entity for entity in categories]
        for button in buttons:
            self.state(button, lambda s: s["state"] == "unavailable")
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.start_gather(client, [ana], [bruno])
        self.state(SENSOR + "score_team_b", lambda s: s["state"] == "0")
        for button in buttons:
            self.state(button, lambda s, button=button: (s["state"] == "unavailable") == button.endswith("undo_last_goal"))
        self.ha.call("POST", "/api/services/button/press", {"entity_id": "button.gatherd_main_goal_team_b"})
        self.state(SENSOR + "score_team_b", lambda s: s["state"] == "1")
        self.assertEqual(self.ok(client, "gather.current")["score"]["text"], "0-1")
        self.state("button.gatherd_main_undo_last_goal", lambda s: s["state"] != "unavailable")
        # After a correction there is no goal to take back: undo is unavailable again.
        self.ok(client, "score.set", {"teamA": 2, "teamB": 1})
        self.state("button.gatherd_main_undo_last_goal", lambda s: s["state"] == "unavailable")
        self.ok(client, "gather.end")
        self.state("button.gatherd_main_goal_team_a", lambda s: s["state"] == "unavailable")
        self.assertLogClean()


if __name__ == "__main__":
    unittest.main()
