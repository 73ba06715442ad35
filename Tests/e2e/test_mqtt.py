"""gatherd on a real mosquitto broker, watched by a real paho-mqtt client. What it publishes: Home
Assistant discovery (checked against HA's required keys, and its value templates rendered with Jinja2 as HA
renders them), availability, the retained state on every change, ticks, and match events. (Plans are in
test_mqtt_plans.py, the link to the broker in test_mqtt_link.py, and what a real Home Assistant makes of it all in
test_homeassistant.py.)"""

import json
import statistics
import time
import unittest

import jinja2

from harness import RpcAssertions
from mqttbroker import MQTTTestCase

PREFIX = "gatherd/main"
NODE = "gatherd_main"
SENSORS = ["score_a", "score_b", "score", "clock", "remaining", "display", "ends_at", "period", "last_goal",
           "next_plan", "places_left", "going", "waiting", "man_of_the_match", "ratings"]
EVENT_TYPES = {"goal", "undo", "correction", "period_end", "full_time", "gather_start", "gather_end", "man_of_the_match"}
PLAN_EVENT_TYPES = {
    "created", "updated", "cancelled", "started", "joined", "left", "promoted", "checkedIn", "expired", "reminder",
}
BUTTONS = ["start_pause", "goal_a", "goal_b", "undo", "end_gather"]
#: The sensors of text, an enum or a time: "unknown" while their value is absent on Home Assistant 2024.10 and
#: later, and unavailable then on 2024.1 to 2024.9, which cannot show them as unknown.
OPTIONAL = {"score", "clock", "display", "ends_at", "last_goal", "next_plan", "man_of_the_match", "ratings"}
#: The counts, whose statistics Home Assistant keeps; the other numbers (period, remaining) have none.
MEASUREMENTS = {"score_a", "score_b", "places_left", "going", "waiting"}
#: Where each sensor reads its value, beside the state.
TOPICS = {"remaining": "clock", "display": "clock", "ratings": "ratings"}


def config_topics(prefix: str = "homeassistant", node: str = NODE) -> dict[str, str]:
    topics = {f"{prefix}/sensor/{node}/{name}/config": name for name in SENSORS}
    topics[f"{prefix}/binary_sensor/{node}/running/config"] = "running"
    topics[f"{prefix}/event/{node}/match_event/config"] = "match_event"
    topics[f"{prefix}/event/{node}/plan_event/config"] = "plan_event"
    return topics


def render(template: str, payload: dict, release: tuple[int, int] = (2024, 3)) -> str:
    """A value template rendered the way Home Assistant `release` renders it: Jinja2, with the payload as
    value_json, and `merge_response` among the template's functions from 2024.10 on, as in HA."""
    environment = jinja2.Environment()
    if release >= (2024, 10):
        environment.globals["merge_response"] = lambda value: value
    return environment.from_string(template).render(value_json=payload, value=None).strip()


def shown(config: dict, messages: dict, release: tuple[int, int] = (2024, 3)) -> str:
    """What Home Assistant `release` shows for a sensor's config, given the last message of each topic: "unavailable"
    when an availability template says offline; "unknown" for a template's None on a number (every release), or on
    any sensor from 2024.10 on; else what the template renders."""
    for availability in config["availability"]:
        if "value_template" in availability:
            if render(availability["value_template"], messages[availability["topic"]], release) != "online":
                return "unavailable"
    value = render(config["value_template"], messages[config["state_topic"]], release)
    numeric = "state_class" in config or "unit_of_measurement" in config or "suggested_display_precision" in config
    return "unknown" if value == "None" and (numeric or release >= (2024, 10)) else value


def attributes(config: dict, messages: dict) -> dict:
    """The attributes a sensor's json_attributes_template makes of its topic, as Home Assistant reads them."""
    if "json_attributes_template" not in config:
        return {}
    return json.loads(render(config["json_attributes_template"], messages[config["json_attributes_topic"]]))


class Discovery(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_the_discovery_configs_hold_what_home_assistant_requires(self):
        watcher = self.watch("homeassistant/#", f"{PREFIX}/#")
        self.start_daemon()
        configs = {}
        for topic, name in config_topics().items():
            configs[name] = watcher.wait(topic).json()
            self.assertTrue(watcher.wait(topic).retain, f"{topic} is retained")
        unique_ids = set()
        for name, config in configs.items():
            with self.subTest(entity=name):
                self.assertTrue(config["name"])
                self.assertTrue(config["unique_id"].startswith(NODE))
                unique_ids.add(config["unique_id"])
                self.assertEqual(config["device"]["identifiers"], [NODE])
                self.assertEqual(config["device"]["name"], "gatherd (main)")
                self.assertEqual(config["origin"]["name"], "gatherd")
                self.assertIn("sw_version", config["origin"])
                self.assertEqual(config["availability"][0], {"topic": f"{PREFIX}/availability",
                                                             "payload_available": "online",
                                                             "payload_not_available": "offline"})
                # A second availability, for HA before 2024.10, for an entity whose value may be absent.
                self.assertEqual(len(config["availability"]), 2 if name in OPTIONAL else 1)
                if name in OPTIONAL:
                    self.assertEqual(config["availability_mode"], "all")
                self.assertNotIn("command_topic", config, "without --mqtt-control nothing takes commands")
        self.assertEqual(len(unique_ids), len(configs), "every entity has its own unique_id")
        for name in SENSORS + ["running"]:
            self.assertEqual(configs[name]["state_topic"], f"{PREFIX}/{TOPICS.get(name, 'state')}")
        self.assertEqual((configs["remaining"]["device_class"], configs["remaining"]["unit_of_measurement"]),
                         ("duration", "s"))
        self.assertEqual(configs["ends_at"]["device_class"], "timestamp")
        self.assertNotIn("state_class", configs["ends_at"], "a timestamp sensor has no state_class")
        self.assertEqual(configs["match_event"]["state_topic"], f"{PREFIX}/event")
        self.assertEqual(set(configs["match_event"]["event_types"]), EVENT_TYPES)
        self.assertEqual(configs["plan_event"]["state_topic"], f"{PREFIX}/plan")
        self.assertEqual(set(configs["plan_event"]["event_types"]), PLAN_EVENT_TYPES)
        self.assertEqual(configs["next_plan"]["device_class"], "timestamp")
        self.assertEqual({name for name in SENSORS if configs[name].get("state_class") == "measurement"}, MEASUREMENTS)
        self.assertEqual((configs["clock"]["device_class"], configs["clock"]["options"]),
                         ("enum", ["stopped", "running", "paused", "break", "finished"]))
        self.assertNotIn("configuration_url", configs["score"]["device"], "gatherd serves no page here")
        # Buttons an earlier run with --mqtt-control announced are removed: an empty retained config.
        for button in BUTTONS:
            removal = watcher.wait(f"homeassistant/button/{NODE}/{button}/config")
            self.assertEqual((removal.payload, removal.retain), (b"", True))
        availability = watcher.wait(f"{PREFIX}/availability")
        self.assertEqual((availability.text, availability.retain), ("online", True))

    def test_the_value_templates_show_the_match_as_home_assistant_renders_them(self):
        watcher = self.watch("homeassistant/#", f"{PREFIX}/#")
        daemon = self.start_daemon()
        configs = {name: watcher.wait(topic).json() for topic, name in config_topics().items()
                   if name not in ("match_event", "plan_event")}

        def messages(after=0, **checks) -> dict:
            """The message on the state, the live clock and the ratings that `checks` wait for (after `after`), else
            the latest."""
            latest = {}
            for topic in ("state", "clock", "ratings"):
                if topic in checks:
                    latest[f"{PREFIX}/{topic}"] = watcher.wait(f"{PREFIX}/{topic}", checks[topic], after=after).json()
                else:
                    watcher.wait(f"{PREFIX}/{topic}")
                    latest[f"{PREFIX}/{topic}"] = watcher.received(f"{PREFIX}/{topic}")[-1].json()
            return latest

        idle = messages()
        for release in ((2024, 1), (2024, 9)):
            self.assertEqual({name: shown(config, idle, release) for name, config in configs.items() if name != "running"},
                             {name: "unavailable" if name in OPTIONAL else "unknown" for name in SENSORS},
                             f"{release}: without a gather or a plan, never \"None\"")
        self.assertEqual({name: shown(config, idle, (2024, 10)) for name, config in configs.items() if name != "running"},
                         {name: "unknown" for name in SENSORS}, "2024.10 and later show every absent value as unknown")
        self.assertEqual(render(configs["running"]["value_template"], idle[f"{PREFIX}/state"]), "OFF")
        self.assertEqual({name: attributes(config, idle) for name, config in configs.items()},
                         {name: {} for name in configs})
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.start_gather(client, [ana], [bruno], minutes=10, names={"teamA": "Bibs"})
        self.ok(client, "timer.start")
        mark = watcher.mark()
        self.ok(client, "score.goal", {"team": "teamA", "player": ana})
        state = messages(after=mark, state=lambda m: m.json()["score"]["teamA"] == 1)
        for release in ((2024, 3), (2024, 10)):
            shows = {name: shown(config, state, release) for name, config in configs.items() if name != "running"}
            self.assertEqual({name: shows[name] for name in ("score_a", "score_b", "score", "clock", "period", "last_goal")},
                             {"score_a": "1", "score_b": "0", "score": "1-0", "clock": "running", "period": "1",
                              "last_goal": "Ana 1'"})
            self.assertTrue(500 <= int(shows["remaining"]) <= 600, shows["remaining"])
            self.assertRegex(shows["display"], r"^(10:00|09:[0-5]\d|08:\d\d)$")
            self.assertIso(shows["ends_at"], "ends at")
        self.assertEqual(render(configs["running"]["value_template"], state[f"{PREFIX}/state"]), "ON")
        self.assertEqual(attributes(configs["score_a"], state), {"team": "Bibs", "scorers": ["Ana 1'"]})
        self.assertEqual(attributes(configs["score_b"], state), {"team": "Team B", "scorers": []})
        self.assertEqual(attributes(configs["score"], state),
                         {"team_a": "Bibs", "team_b": "Team B", "scorers_a": ["Ana 1'"], "scorers_b": []})
        clock = attributes(configs["clock"], state)
        self.assertRegex(clock.pop("display"), r"^(10:00|09:5\d)$")
        self.assertEqual(clock, {"period": 1, "period_name": None, "periods": 1, "added": None})
        self.assertEqual(shown(configs["ratings"], state), "Ana", "the best rated (by name among equals)")
        self.assertEqual([row["name"] for row in attributes(configs["ratings"], state)["ratings"]], ["Ana", "Bruno"])

    def test_remaining_counts_down_each_second_and_reads_zero_in_the_break(self):
        watcher = self.watch(f"{PREFIX}/#")
        daemon = self.start_daemon()
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        # From before the start: the clock's 00:03 goes out when the match starts, and starting the clock leaves it so.
        mark = watcher.mark()
        self.start_gather(client, [ana], [bruno], periods=2, periodLength=3, breakLength=2)
        self.ok(client, "timer.start")
        half_time = watcher.wait(f"{PREFIX}/clock", lambda m: (m.json()["display"] or "").startswith("HT"), after=mark)
        watcher.wait(f"{PREFIX}/clock", lambda m: m.json()["display"] == "00:03" and m.json()["remaining"] == 3,
                     after=watcher.messages.index(half_time))
        live = watcher.received(f"{PREFIX}/clock", after=mark)
        self.assertTrue(all(m.retain for m in live), "the live clock is retained")
        shown = [(m.json()["remaining"], m.json()["display"]) for m in live if m.json()["display"]]
        first_half = [remaining for remaining, display in shown if not display.startswith("HT")][:-1]
        self.assertEqual(sorted(set(first_half), reverse=True), [3, 2, 1], f"each second of the half: {shown}")
        self.assertEqual(first_half, sorted(first_half, reverse=True), f"never back up: {shown}")
        self.assertEqual({remaining for remaining, display in shown if display.startswith("HT")}, {0},
                         f"the half is over in the break: {shown}")
        self.assertIn((0, "HT 00:01"), shown, "the break's own countdown is in the display")
        self.assertEqual(shown[-1], (3, "00:03"), "the second half, stopped")


class State(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_the_state_follows_json_rpc_changes_at_once(self):
        watcher = self.watch(f"{PREFIX}/state")
        daemon = self.start_daemon()
        first = watcher.wait(f"{PREFIX}/state")
        self.assertTrue(first.retain)
        self.assertIsNone(first.json()["gather"])
        client = daemon.client()
        ana, bruno, carla = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla"))
        latencies = []

        def timed(method, params, check):
            mark = watcher.mark()
            began = time.monotonic()
            reply = self.ok(client, method, params)
            message = watcher.wait(f"{PREFIX}/state", lambda m: check(m.json()), after=mark)
            latencies.append(message.at - began)
            self.assertTrue(message.retain)
            return reply, message.json()

        _, state = timed("gather.start", {"teamA": [ana], "teamB": [bruno], "bench": [carla], "minutes": 10},
                         lambda s: s["gather"] is not None)
        self.assertEqual([m["name"] for m in state["teams"]["teamA"]], ["Ana"])
        self.assertEqual([m["name"] for m in state["teams"]["bench"]], ["Carla"])
        self.assertEqual(state["score"], {"teamA": 0, "teamB": 0, "text": "0-0"})
        self.assertEqual((state["clock"], state["running"], state["period"], state["remaining"], state["endsAt"]),
                         ("stopped", False, 1, 600, None))
        timer, state = timed("timer.start", None, lambda s: s["clock"] == "running")
        self.assertEqual(state["endsAt"], timer["endsAt"])
        self.assertTrue(state["running"])
        for goal in range(1, 6):
            _, state = timed("score.goal", {"team": "teamB", "player": bruno}, lambda s, g=goal: s["score"]["teamB"] == g)
            self.assertEqual(state["gather"]["goals"][-1]["player"]["name"], "Bruno")
        _, state = timed("timer.pause", None, lambda s: s["clock"] == "paused")
        self.assertIsNone(state["endsAt"])
        self.assertFalse(state["running"])
        timed("score.undo", None, lambda s: s["score"]["teamB"] == 4)
        timed("score.set", {"teamA": 2, "teamB": 2}, lambda s: s["score"]["text"] == "2-2")
        timed("gather.assign", {"player": carla, "team": "teamA"},
              lambda s: [m["name"] for m in s["teams"]["teamA"]] == ["Ana", "Carla"])
        timed("gather.end", None, lambda s: s["gather"] is None)
        print("\n    state after a JSON-RPC change: median %.1f ms, max %.1f ms over %d changes"
              % (statistics.median(latencies) * 1000, max(latencies) * 1000, len(latencies)), end="")
        # The aim is 100 ms; the machine is shared, so the bound asserted here is looser.
        self.assertLess(max(latencies), 1.0)

    def test_ticks_come_each_second_while_the_clock_runs_and_the_state_does_not(self):
        watcher = self.watch(f"{PREFIX}/#")
        daemon = self.start_daemon()
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        mark = watcher.mark()
        self.start_gather(client, [ana], [bruno], seconds=3)
        watcher.wait(f"{PREFIX}/state", lambda m: m.json()["clock"] == "stopped", after=mark)
        mark = watcher.mark()
        self.ok(client, "timer.start")
        watcher.wait(f"{PREFIX}/event", lambda m: m.json()["event_type"] == "full_time", after=mark)
        ticks = watcher.received(f"{PREFIX}/tick", after=mark)
        self.assertEqual([t.json()["display"] for t in ticks], ["00:02", "00:01", "FT"], "full time reads FT")
        self.assertFalse(any(t.retain for t in ticks), "ticks are not retained")
        self.assertEqual([t.json()["state"] for t in ticks], ["running", "running", "finished"])
        self.assertTrue(all(t.json()["endsAt"] == ticks[0].json()["endsAt"] for t in ticks))
        states = [m.json() for m in watcher.received(f"{PREFIX}/state", after=mark)]
        self.assertEqual([s["clock"] for s in states], ["running", "finished"],
                         "the state changes with the clock, not with each tick")
        self.assertEqual((states[-1]["display"], states[-1]["added"]), ("FT", None))

    def test_ticks_can_be_turned_off(self):
        watcher = self.watch(f"{PREFIX}/#")
        daemon = self.start_daemon("--mqtt-ticks", "off")
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        mark = watcher.mark()
        self.start_gather(client, [ana], [bruno], seconds=2)
        watcher.wait(f"{PREFIX}/state", lambda m: m.json()["clock"] == "stopped", after=mark)
        mark = watcher.mark()
        self.ok(client, "timer.start")
        watcher.wait(f"{PREFIX}/event", lambda m: m.json()["event_type"] == "full_time", after=mark)
        self.assertEqual(watcher.received(f"{PREFIX}/tick"), [])
        self.assertEqual([m.json()["clock"] for m in watcher.received(f"{PREFIX}/state", after=mark)],
                         ["running", "finished"])


class Events(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_goals_undos_corrections_period_ends_full_time_and_gathers_are_events(self):
        watcher = self.watch(f"{PREFIX}/event")
        daemon = self.start_daemon()
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))

        def expect(event_type, method, params=None):
            mark = watcher.mark()
            self.ok(client, method, params)
            message = watcher.wait(f"{PREFIX}/event", after=mark)
            self.assertFalse(message.retain, "events are not retained")
            self.assertEqual(message.json()["event_type"], event_type)
            return message.json()

        event = expect("gather_start", "gather.start", {"teamA": [ana], "teamB": [bruno], "periods": 2, "periodLength": 1,
                                                        "names": {"teamB": "Colours"}})
        gather = event["gather"]
        self.assertEqual((event["teams"], event["names"], event["score"]["text"]),
                         ({"team_a": ["Ana"], "team_b": ["Bruno"], "bench": []},
                          {"team_a": "Team A", "team_b": "Colours"}, "0-0"), "keys in snake_case, as HA's attributes")
        self.assertRegex(event["event_id"], rf"^\d{{13}}-{event['seq']}$")
        self.assertIsInstance(gather, int, "the gather's id: its whole is in the state, not in every event")
        event = expect("goal", "score.goal", {"team": "teamB", "player": bruno})
        self.assertEqual({key: event[key] for key in ("gather", "team", "team_name", "player", "player_id", "minute")},
                         {"gather": gather, "team": "teamB", "team_name": "Colours", "player": "Bruno",
                          "player_id": bruno, "minute": "1'"})
        self.assertEqual(event["score"]["text"], "0-1")
        self.assertEqual(expect("undo", "score.undo")["score"]["text"], "0-0")
        self.assertEqual(expect("correction", "score.set", {"teamA": 3, "teamB": 1})["score"]["text"], "3-1")
        self.assertEqual(expect("period_end", "timer.start")["period"], 1)
        full_time = expect("full_time", "timer.start")
        self.assertEqual((full_time["period"], full_time["score"]["text"], full_time["names"]["team_b"]),
                         (2, "3-1", "Colours"))
        ended = expect("gather_end", "gather.end")
        self.assertEqual((ended["change"], ended["gather"], ended["winner"], ended["score"]["text"]),
                         ("ended", gather, "teamA", "3-1"))
        expect("gather_start", "gather.start", {"teamA": [ana], "teamB": [bruno]})
        cancelled = expect("gather_end", "gather.cancel")
        self.assertEqual((cancelled["change"], cancelled["winner"], cancelled["score"]), ("cancelled", None, None))
        for message in watcher.received(f"{PREFIX}/event"):
            self.assertLess(len(message.payload), 600, f"a slim event: {message.payload!r}")
        self.assertTrue({m.json()["event_type"] for m in watcher.received(f"{PREFIX}/event")} <= EVENT_TYPES)


if __name__ == "__main__":
    unittest.main()
