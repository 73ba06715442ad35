"""gatherd's link to a real mosquitto broker: Home Assistant's birth message brings discovery and the state again,
the instance names the topics and the device, an idle connection wakes no thread but for its keep-alive, and the
metrics follow the broker."""

import os
import time
import unittest
import urllib.request

import test_metrics
from harness import RpcAssertions
from mqttbroker import MQTTTestCase, wait_for_output
from test_mqtt import PREFIX, config_topics


class HomeAssistantRestarts(MQTTTestCase, unittest.TestCase):
    def test_the_birth_message_brings_discovery_and_state_again(self):
        watcher = self.watch("homeassistant/#", f"{PREFIX}/state")
        self.start_daemon()
        watcher.wait(f"{PREFIX}/state")
        mark = watcher.mark()
        watcher.publish("homeassistant/status", "offline")
        watcher.publish("homeassistant/status", "online")
        for topic in config_topics():
            watcher.wait(topic, after=mark)
        watcher.wait(f"{PREFIX}/state", after=mark)
        self.assertEqual(len(watcher.received(f"{PREFIX}/state", after=mark)), 1, "once, for the online message only")


class Naming(MQTTTestCase, unittest.TestCase):
    def test_the_template_units_instance_names_the_topics_and_the_device(self):
        watcher = self.watch("#")
        self.start_daemon(env={**os.environ, "GATHERD_INSTANCE": "pitch1"})
        config = watcher.wait(f"homeassistant/sensor/gatherd_pitch1/score/config").json()
        self.assertEqual(config["device"]["name"], "gatherd (pitch1)")
        self.assertEqual(config["state_topic"], "gatherd/pitch1/state")
        self.assertEqual(config["unique_id"], "gatherd_pitch1_score")
        self.assertEqual(watcher.wait("gatherd/pitch1/availability").text, "online")

    def test_the_topic_and_the_discovery_prefix_can_be_chosen(self):
        watcher = self.watch("#")
        self.start_daemon("--mqtt-topic", "club/pitch-2", "--mqtt-discovery-prefix", "ha")
        config = watcher.wait("ha/event/club_pitch-2/match_event/config").json()
        self.assertEqual(config["state_topic"], "club/pitch-2/event")
        self.assertEqual(config["availability"][0]["topic"], "club/pitch-2/availability")
        self.assertEqual(watcher.wait("club/pitch-2/availability").text, "online")
        self.assertEqual(watcher.received("homeassistant/#"), [])
        self.broker.wait_for_line(r"^club_pitch-2 1 ha/status$")


class Quiet(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_connected_and_idle_no_thread_wakes(self):
        """With MQTT on, the only idle wake-up is the keep-alive (60 s): none in a two-second window."""
        watcher = self.watch(f"{PREFIX}/state")
        daemon = self.start_daemon()
        watcher.wait(f"{PREFIX}/state")
        self.broker.wait_for_line(r"^gatherd_main 1 homeassistant/status$")

        def switches():
            total = 0
            for task in os.listdir(f"/proc/{daemon.pid}/task"):
                with open(f"/proc/{daemon.pid}/task/{task}/status") as f:
                    for line in f:
                        if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                            total += int(line.split()[1])
            return total

        # Settle first: the connection's start-up (subscriptions and publishes acknowledged) is over, and so is the
        # memory release gatherd makes a second after a Unix-socket connection closes (the harness's readiness probe).
        time.sleep(2)
        before = switches()
        time.sleep(2)
        self.assertEqual(switches() - before, 0, "an idle gatherd with MQTT on woke up")


class KeepAlive(MQTTTestCase, RpcAssertions, unittest.TestCase):
    """A broker that asks for a 10-second keep-alive (MQTT 5's Server Keep Alive, from max_keepalive, whose least
    is 10) drops a client that says nothing for 15 s: gatherd's pings keep it connected, and are its only
    wake-ups."""

    broker_kwargs = {"extra": ["max_keepalive 10"]}

    def test_the_keep_alive_holds_an_idle_connection_with_one_wake_up_per_period(self):
        watcher = self.watch(f"{PREFIX}/state")
        daemon = self.start_daemon()
        watcher.wait(f"{PREFIX}/state")
        self.broker.wait_for_line(r"as gatherd_main \(p5, c1, k60")
        def name(task):
            with open(f"/proc/{daemon.pid}/task/{task}/comm") as f:
                return f.read().strip()

        thread = next(task for task in os.listdir(f"/proc/{daemon.pid}/task") if name(task) == "gatherd-mqtt")

        def wake_ups():
            with open(f"/proc/{daemon.pid}/task/{thread}/status") as f:
                return sum(int(line.split()[1]) for line in f if "ctxt_switches" in line)

        # Past the connection's start-up (the broker's PUBACKs for discovery and state), then past the broker's
        # patience: without a PINGREQ 10 s after the start-up, it would have dropped gatherd at 15 s.
        time.sleep(1)
        before = wake_ups()
        time.sleep(15)
        woken = wake_ups() - before
        print("\n    the MQTT thread woke %d times in 15 s with a 10 s keep-alive" % woken, end="")
        self.assertNotIn("lost the broker", daemon.output())
        self.assertFalse([line for line in self.broker.lines if "gatherd_main" in line and "disconnect" in line])
        self.assertGreaterEqual(woken, 1, "it sent a PINGREQ")
        self.assertLessEqual(woken, 3, "a ping and its answer, nothing more (one wake-up to spare)")
        mark = watcher.mark()
        self.ok(daemon.client(), "players.create", {"name": "Ana"})
        watcher.wait(f"{PREFIX}/state", after=mark)


class Metrics(MQTTTestCase, RpcAssertions, unittest.TestCase):
    """The metrics for MQTT, scraped from the real /metrics: connected 0/1 and messages published."""

    def scrape(self, port):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            return test_metrics.parse(response.read().decode())

    def test_connected_and_published_follow_the_broker(self):
        port = test_metrics.free_port()
        watcher = self.watch(f"{PREFIX}/state", f"{PREFIX}/ratings")
        daemon = self.start_daemon("--metrics", f"127.0.0.1:{port}")
        test_metrics.wait_for_port(port)
        watcher.wait(f"{PREFIX}/ratings")
        values = self.scrape(port)
        self.assertEqual(values["gatherd_mqtt_connected"], 1)
        # Availability, the discovery configs, the state and the ratings, at least.
        published = values["gatherd_mqtt_messages_published_total"]
        self.assertGreaterEqual(published, 1 + 14 + 2)
        mark = watcher.mark()
        self.ok(daemon.client(), "players.create", {"name": "Ana"})
        watcher.wait(f"{PREFIX}/ratings", after=mark)
        self.assertEqual(self.scrape(port)["gatherd_mqtt_messages_published_total"], published + 2,
                         "the state and the ratings, each once")
        self.broker.stop()
        wait_for_output(daemon, r"MQTT: lost the broker")
        self.assertEqual(self.scrape(port)["gatherd_mqtt_connected"], 0)


if __name__ == "__main__":
    unittest.main()
