"""Brokers that go away, come back, start late, refuse the password or show the wrong certificate.
gatherd keeps serving its socket through all of it, tells the journal once per outage and once when the
broker is back, and on every reconnection publishes availability, discovery and the state again."""

import os
import threading
import time
import unittest

from harness import RpcAssertions
from mqttbroker import WAIT, Broker, MQTTTestCase, wait_for_output

PREFIX = "gatherd/main"
LOST = r"MQTT: lost the broker"
CANNOT = r"MQTT: cannot connect to the broker"
BACK = r"MQTT: the broker at \S+ is back after"
FIRST = r"MQTT: connected to the broker at \S+ after"


class SocketRequests(threading.Thread):
    """Sends timer.status and daemon.ping one after the other on one connection until stopped, and records
    every request that went unanswered (or took longer than a second)."""

    def __init__(self, daemon):
        super().__init__(daemon=True)
        self.client = daemon.client(timeout=1.0)
        self.stopping = threading.Event()
        self.answered = 0
        self.failures: list[str] = []
        self.slowest = 0.0

    def run(self):
        while not self.stopping.is_set():
            method = "daemon.ping" if self.answered % 2 else "gather.current"
            began = time.monotonic()
            try:
                reply = self.client.call(method)
                if "result" not in reply:
                    self.failures.append(f"{method}: {reply}")
            except Exception as error:  # a timeout or a closed socket: the request was missed
                self.failures.append(f"{method}: {error!r}")
                return
            self.slowest = max(self.slowest, time.monotonic() - began)
            self.answered += 1

    def finish(self):
        self.stopping.set()
        self.join(5)


class BrokerGoesAway(MQTTTestCase, RpcAssertions, unittest.TestCase):
    def test_kill_9_of_gatherd_makes_the_broker_publish_offline(self):
        watcher = self.watch(f"{PREFIX}/availability")
        daemon = self.start_daemon()
        self.assertEqual(watcher.wait(f"{PREFIX}/availability").text, "online")
        mark = watcher.mark()
        daemon.kill9()
        offline = watcher.wait(f"{PREFIX}/availability", after=mark)
        self.assertEqual((offline.text, offline.retain), ("offline", True), "the last will")

    def test_a_clean_stop_says_offline_too(self):
        watcher = self.watch(f"{PREFIX}/availability")
        daemon = self.start_daemon()
        watcher.wait(f"{PREFIX}/availability", lambda m: m.text == "online")
        mark = watcher.mark()
        self.assertEqual(daemon.stop()[0], 0)
        self.assertEqual(watcher.wait(f"{PREFIX}/availability", after=mark).text, "offline")
        self.broker.wait_for_line(r"^Client gatherd_main disconnected\.$")

    def test_a_restarted_broker_gets_everything_again_and_no_socket_request_is_missed(self):
        watcher = self.watch(f"{PREFIX}/state")
        daemon = self.start_daemon()
        client = daemon.client()
        ana, bruno = (self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.start_gather(client, [ana], [bruno], minutes=10)
        watcher.wait(f"{PREFIX}/state", lambda m: m.json()["gather"] is not None)
        watcher.close()
        requests = SocketRequests(daemon)
        requests.start()
        self.broker.stop()
        wait_for_output(daemon, LOST)
        # Changed while the broker is away: the state published on reconnection has it.
        self.ok(client, "score.goal", {"team": "teamA", "player": ana})
        self.broker.start()
        watcher = self.watch("#")
        state = watcher.wait(f"{PREFIX}/state", timeout=WAIT + 5)
        self.assertTrue(state.retain)
        self.assertEqual(state.json()["score"]["text"], "1-0")
        self.assertEqual(watcher.wait(f"{PREFIX}/availability").text, "online")
        watcher.wait("homeassistant/sensor/gatherd_main/score/config")
        watcher.wait("homeassistant/event/gatherd_main/match_event/config")
        wait_for_output(daemon, BACK)
        requests.finish()
        self.assertEqual(requests.failures, [])
        self.assertGreater(requests.answered, 10)
        print("\n    %d socket requests answered meanwhile, the slowest in %.1f ms"
              % (requests.answered, requests.slowest * 1000), end="")
        self.assertEqual(len(wait_for_output(daemon, LOST)), 1, "one line for the outage")
        self.assertEqual(len(wait_for_output(daemon, BACK)), 1, "one line when the broker is back")
        # And it is as good as before: a change reaches the broker at once.
        mark = watcher.mark()
        self.ok(client, "score.goal", {"team": "teamB", "player": bruno})
        self.assertEqual(watcher.wait(f"{PREFIX}/state", after=mark).json()["score"]["text"], "1-1")


class BrokerStartsLate(MQTTTestCase, RpcAssertions, unittest.TestCase):
    start_broker = False

    def test_gatherd_serves_without_a_broker_and_connects_once_it_is_up(self):
        daemon = self.start_daemon()
        wait_for_output(daemon, CANNOT)
        client = daemon.client()
        self.ok(client, "players.create", {"name": "Ana"})
        self.broker.start()
        watcher = self.watch(f"{PREFIX}/#")
        self.assertEqual(watcher.wait(f"{PREFIX}/availability", timeout=WAIT + 5).text, "online")
        self.assertIsNone(watcher.wait(f"{PREFIX}/state").json()["gather"])
        wait_for_output(daemon, FIRST)
        self.assertEqual(len(wait_for_output(daemon, CANNOT)), 1)


class PasswordBroker(MQTTTestCase, RpcAssertions, unittest.TestCase):
    broker_kwargs = {"users": {"gatherd": "right horse battery staple"}}

    def password_file(self, text):
        path = os.path.join(self.broker.tmp, "password-for-gatherd")
        with open(path, "w") as f:
            f.write(text + "\n")
        return path

    def test_a_wrong_password_is_refused_logged_once_and_gatherd_keeps_serving(self):
        url = f"mqtt://gatherd@127.0.0.1:{self.broker.port}"
        daemon = self.start_daemon("--mqtt-password-file", self.password_file("wrong"), url=url)
        requests = SocketRequests(daemon)
        requests.start()
        # Three refusals: the first attempt and two retries (after 1 s and 2 s more).
        self.broker.wait_for_line(r"not authori[sz]ed", count=3)
        requests.finish()
        self.assertEqual(requests.failures, [])
        refusals = wait_for_output(daemon, CANNOT)
        self.assertEqual(len(refusals), 1, refusals)
        self.assertIn("not authorized", refusals[0])
        self.assertNotIn("wrong", daemon.output(), "the password is never logged")

    def test_the_right_password_is_let_in(self):
        # The broker refuses anonymous watchers: its log tells who came in, and what they subscribed to.
        url = f"mqtt://gatherd@127.0.0.1:{self.broker.port}"
        daemon = self.start_daemon("--mqtt-password-file", self.password_file("right horse battery staple"), url=url)
        self.broker.wait_for_line(r"New client connected from \S+ as gatherd_main .*u'gatherd'")
        self.broker.wait_for_line(r"^gatherd_main 1 homeassistant/status$")
        self.assertEqual(len(wait_for_output(daemon, r"MQTT: connected to the broker")), 1)


class TLSBroker(MQTTTestCase, RpcAssertions, unittest.TestCase):
    broker_kwargs = {"tls": True}

    def test_mqtts_with_the_brokers_ca_connects(self):
        watcher = self.watch(f"{PREFIX}/#", ca_file=self.broker.certificate)
        self.start_daemon("--mqtt-ca-file", self.broker.certificate)
        self.assertEqual(watcher.wait(f"{PREFIX}/availability").text, "online")
        watcher.wait(f"{PREFIX}/state")

    def test_a_certificate_from_another_ca_is_refused_logged_once_and_gatherd_keeps_serving(self):
        other = Broker(tls=True)
        self.addCleanup(other.cleanup)
        daemon = self.start_daemon("--mqtt-ca-file", other.certificate)
        refusal = wait_for_output(daemon, CANNOT)
        self.assertIn("TLS", refusal[0])
        self.broker.wait_for_line(r"OpenSSL Error|protocol error|Client \S+ disconnected", count=2)
        self.assertEqual(self.ok(daemon.client(), "daemon.ping"), {"pong": True})
        self.assertEqual(len(wait_for_output(daemon, CANNOT)), 1)


if __name__ == "__main__":
    unittest.main()
