"""JSON-RPC over MQTT and Home Assistant's buttons, on a real mosquitto with a real paho-mqtt client.
Only with --mqtt-control; without it gatherd subscribes to no command topic at all (the broker's own log says
what gatherd subscribed to)."""

import json
import unittest

from harness import RpcAssertions
from mqttbroker import MQTTTestCase, wait_for_output

PREFIX = "gatherd/main"
BUTTONS = ["start_pause", "goal_a", "goal_b", "undo", "end_gather"]


def request(id, method, params=None):
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message)


class WithoutControl(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_nothing_is_taken_from_the_rpc_topic_and_no_buttons_are_announced(self):
        watcher = self.watch(f"{PREFIX}/#", "homeassistant/#")
        daemon = self.start_daemon()
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.start_gather(client, [ana], [bruno])
        watcher.wait(f"{PREFIX}/state", lambda m: m.json()["gather"] is not None)
        self.broker.wait_for_line(r"^gatherd_main 1 homeassistant/status$")
        mark = watcher.mark()
        watcher.publish(f"{PREFIX}/rpc", request(1, "score.goal", {"team": "teamA"}))
        # Home Assistant's birth message, published after the request, comes back as a fresh state: by then
        # gatherd would have had the request too, had it subscribed.
        watcher.publish("homeassistant/status", "online")
        state = watcher.wait(f"{PREFIX}/state", after=mark).json()
        self.assertEqual(state["score"]["text"], "0-0")
        self.assertEqual(watcher.received(f"{PREFIX}/rpc/reply"), [], "no reply: nobody took the request")
        self.assertEqual(self.ok(client, "score.get")["score"]["text"], "0-0")
        subscriptions = [line for line in self.broker.lines if line.startswith("gatherd_main ")]
        self.assertEqual(subscriptions, ["gatherd_main 1 homeassistant/status"], "Home Assistant's status only")
        for button in BUTTONS:
            self.assertEqual(watcher.wait(f"homeassistant/button/gatherd_main/{button}/config").payload, b"")


class WithControl(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def setUp(self):
        super().setUp()
        self.watcher = self.watch(f"{PREFIX}/#", "homeassistant/#", "replies/#")
        self.daemon = self.start_daemon("--mqtt-control")
        self.client = self.daemon.client()
        self.broker.wait_for_line(rf"^gatherd_main 1 {PREFIX}/rpc$")

    def call(self, id, method, params=None):
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", request(id, method, params))
        reply = self.watcher.wait(f"{PREFIX}/rpc/reply", lambda m: m.json().get("id") == id, after=mark)
        self.assertFalse(reply.retain)
        return reply.json()

    def test_a_request_on_the_rpc_topic_is_answered_on_the_reply_topic_as_a_controller(self):
        ana = self.assertResult(self.call(1, "players.create", {"name": "Ana"}), id=1)["id"]
        bruno = self.assertResult(self.call(2, "players.create", {"name": "Bruno"}), id=2)["id"]
        self.assertResult(self.call(3, "gather.start", {"teamA": [ana], "teamB": [bruno]}), id=3)
        self.assertEqual(self.assertResult(self.call(4, "score.goal", {"team": "teamB", "player": bruno}), id=4)
                         ["score"]["text"], "0-1")
        self.assertEqual(self.ok(self.client, "score.get")["score"]["text"], "0-1", "the socket sees the change")
        self.assertRpcError(self.call(5, "players.get", {"id": 99}), -32001, reason="player_not_found", id=5)
        self.assertRpcError(self.call(6, "score.goal", {"team": "teamC"}), -32602, id=6)

    def test_requests_are_answered_in_order_and_a_read_sees_the_change_before_it(self):
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", request("a", "players.create", {"name": "Ana"}))
        self.watcher.publish(f"{PREFIX}/rpc", request("b", "players.list"))
        self.watcher.publish(f"{PREFIX}/rpc", json.dumps([json.loads(request("c", "daemon.ping")),
                                                          {"jsonrpc": "2.0", "method": "daemon.ping"}]))
        self.watcher.publish(f"{PREFIX}/rpc", "{not json")
        self.watcher.wait(f"{PREFIX}/rpc/reply", lambda m: isinstance(m.json(), dict) and "error" in m.json(), after=mark)
        replies = [m.json() for m in self.watcher.received(f"{PREFIX}/rpc/reply", after=mark)]
        self.assertEqual(len(replies), 4)
        self.assertEqual(replies[0]["id"], "a")
        self.assertEqual([p["name"] for p in replies[1]["result"]["players"]], ["Ana"])
        self.assertEqual(replies[2], [{"jsonrpc": "2.0", "id": "c", "result": {"pong": True}}],
                         "a batch is answered as one message, without the notification")
        self.assertRpcError(replies[3], -32700, id=None)

    def test_an_mqtt5_response_topic_gets_the_reply_with_its_correlation_data(self):
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", request(7, "daemon.ping"), response_topic="replies/phone",
                             correlation=b"\x00call-7")
        reply = self.watcher.wait("replies/phone", after=mark)
        self.assertEqual(reply.json(), {"jsonrpc": "2.0", "id": 7, "result": {"pong": True}})
        self.assertEqual(reply.properties.CorrelationData, b"\x00call-7")
        self.assertEqual(self.watcher.received(f"{PREFIX}/rpc/reply", after=mark), [])

    def test_the_buttons_publish_requests_that_change_the_match(self):
        buttons = {name: self.watcher.wait(f"homeassistant/button/gatherd_main/{name}/config").json() for name in BUTTONS}
        for name, config in buttons.items():
            self.assertEqual(config["command_topic"], f"{PREFIX}/rpc", name)
            self.assertEqual(config["unique_id"], f"gatherd_main_{name}")
            self.assertEqual(config["availability"][0]["topic"], f"{PREFIX}/availability")
            self.assertEqual(config["device"]["identifiers"], ["gatherd_main"])
        # A press of these cannot be taken back at once: they sit with the device's settings, off the dashboard.
        self.assertEqual({name: config.get("entity_category") for name, config in buttons.items()},
                         {"start_pause": None, "goal_a": None, "goal_b": None, "undo": "config", "end_gather": "config"})
        ana, bruno = (self.ok(self.client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.start_gather(self.client, [ana], [bruno], minutes=10)

        def press(name, check):
            mark = self.watcher.mark()
            # What Home Assistant does when the button is pressed: publish payload_press on command_topic.
            self.watcher.publish(buttons[name]["command_topic"], buttons[name]["payload_press"])
            return self.watcher.wait(f"{PREFIX}/state", lambda m: check(m.json()), after=mark).json()

        self.assertTrue(press("start_pause", lambda s: s["clock"] == "running")["running"])
        self.assertEqual(press("goal_a", lambda s: s["score"] and s["score"]["teamA"] == 1)["score"]["text"], "1-0")
        self.assertEqual(press("goal_b", lambda s: s["score"] and s["score"]["teamB"] == 1)["score"]["text"], "1-1")
        self.assertEqual(press("undo", lambda s: s["score"] and s["score"]["teamB"] == 0)["score"]["text"], "1-0")
        self.assertFalse(press("start_pause", lambda s: s["clock"] == "paused")["running"])
        self.assertIsNone(press("end_gather", lambda s: s["gather"] is None)["score"])
        self.assertEqual(self.ok(self.client, "gathers.list")["gathers"][0]["score"]["text"], "1-0")


class MQTTDelivery(MQTTTestCase, RpcAssertions, unittest.TestCase):
    """What MQTT's delivery may do to a request: the broker keeps a retained one and hands it over at every
    connection, and QoS 1 may deliver one twice. Neither may change the match twice."""

    RETAINED = r"MQTT: ignored a retained request on gatherd/main/rpc"

    def setUp(self):
        super().setUp()
        self.watcher = self.watch(f"{PREFIX}/#", "replies/#")
        self.daemon = self.start_daemon("--mqtt-control")
        self.client = self.daemon.client()
        self.broker.wait_for_line(rf"^gatherd_main 1 {PREFIX}/rpc$")
        ana, bruno = (self.ok(self.client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.start_gather(self.client, [ana], [bruno])

    def ping(self, id):
        """A request answered after everything published before it: requests are taken in order."""
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", request(id, "daemon.ping"))
        self.watcher.wait(f"{PREFIX}/rpc/reply", lambda m: m.json().get("id") == id, after=mark)

    def score(self, client=None):
        return self.ok(client or self.client, "score.get")["score"]["text"]

    def replies(self, id, after, topic=f"{PREFIX}/rpc/reply"):
        return [m for m in self.watcher.received(topic, after=after) if m.json().get("id") == id]

    def test_a_retained_request_is_not_run_when_published_nor_after_a_restart_and_is_logged_once(self):
        goal = request("kept", "score.goal", {"team": "teamA"})
        mark = self.watcher.mark()
        for _ in range(3):
            self.watcher.publish(f"{PREFIX}/rpc", goal, retain=True)
        self.ping("after-publishing")
        self.assertEqual(self.score(), "0-0")
        self.assertEqual(self.replies("kept", mark), [], "a retained request gets no reply")
        lines = wait_for_output(self.daemon, self.RETAINED)
        self.assertEqual(len(lines), 1, "one line for the burst")
        self.assertIn(f"mosquitto_pub -r -t {PREFIX}/rpc -n", lines[0])

        # The broker hands the kept request to the restarted gatherd as it subscribes, before the ping.
        self.daemon.restart()
        self.broker.wait_for_line(rf"^gatherd_main 1 {PREFIX}/rpc$", count=2)
        self.ping("after-restarting")
        self.assertEqual(self.score(self.daemon.client()), "0-0")
        self.assertEqual(len(wait_for_output(self.daemon, self.RETAINED)), 1)

        # Clearing it, as the line says, is no request either.
        self.watcher.publish(f"{PREFIX}/rpc", b"", retain=True)
        self.ping("after-clearing")
        self.assertEqual(len(wait_for_output(self.daemon, self.RETAINED)), 1)
        self.assertEqual(self.replies(None, mark), [], "nothing answered the empty message")

    def test_a_request_delivered_twice_is_run_once_and_both_get_the_same_reply(self):
        goal = request("goal-1", "score.goal", {"team": "teamA"})
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", goal)
        self.watcher.publish(f"{PREFIX}/rpc", goal)
        self.ping("after-twice")
        replies = self.replies("goal-1", mark)
        self.assertEqual(len(replies), 2)
        self.assertEqual(replies[0].payload, replies[1].payload)
        self.assertEqual(self.assertResult(replies[0].json(), id="goal-1")["score"]["text"], "1-0")
        self.assertEqual(self.score(), "1-0")

        # Other ids are other requests.
        for id in ("goal-2", "goal-3"):
            self.watcher.publish(f"{PREFIX}/rpc", request(id, "score.goal", {"team": "teamA"}))
        self.ping("after-others")
        self.assertEqual(self.score(), "3-0")

        # The same id from another requester (its own response topic) is another request too.
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", goal, response_topic="replies/phone")
        self.watcher.wait("replies/phone", after=mark)
        self.assertEqual(self.score(), "4-0")

    def test_a_refused_request_sent_again_runs_again(self):
        undo = request("undo-1", "score.undo")
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", undo)
        self.ping("after-refusal")
        self.assertEqual(len(self.replies("undo-1", mark)), 1)
        self.assertIn("error", self.replies("undo-1", mark)[0].json(), "nothing to undo yet")
        self.ok(self.client, "score.goal", {"team": "teamA"})
        mark = self.watcher.mark()
        self.watcher.publish(f"{PREFIX}/rpc", undo)
        self.ping("after-retry")
        [reply] = self.replies("undo-1", mark)
        self.assertEqual(self.assertResult(reply.json(), id="undo-1")["score"]["text"], "0-0")
        self.assertEqual(self.score(), "0-0", "the retry ran: the refusal was not kept as its answer")

    def test_a_notification_cannot_be_told_from_a_second_press_and_runs_each_time(self):
        press = json.dumps({"jsonrpc": "2.0", "method": "score.goal", "params": {"team": "teamB"}})
        self.watcher.publish(f"{PREFIX}/rpc", press)
        self.watcher.publish(f"{PREFIX}/rpc", press)
        self.ping("after-pressing")
        self.assertEqual(self.score(), "0-2")


if __name__ == "__main__":
    unittest.main()
