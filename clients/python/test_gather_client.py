"""Tests for gather_client.py and example_match.py against a real gatherd.

    GATHERD_BIN=/path/to/gatherd python3 -m unittest discover -s clients/python -v

GATHERD_BIN defaults to <repo>/.build/debug/gatherd. Each test class runs its own daemon in a fresh
temporary folder, removed afterwards. The only polling is the readiness wait (connect and ping every
10 ms, for at most 10 s); everything else waits for a message with a timeout.
"""

import itertools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gather_client  # noqa: E402
from gather_client import (ConnectionLost, GatherClient, InvalidParams, MethodNotFound, NotFound,  # noqa: E402
                           Overflow, Unreachable, WrongState)

REPO = os.path.dirname(os.path.dirname(HERE))
BINARY = os.environ.get("GATHERD_BIN") or os.path.join(REPO, ".build", "debug", "gatherd")
EVENT_TIMEOUT = 10.0


class Daemon:
    """gatherd in a temporary folder of its own."""

    def __init__(self, *args):
        self.dir = tempfile.mkdtemp(prefix="gather-client-test.")
        self.socket = os.path.join(self.dir, "gatherd.sock")
        self.log = open(os.path.join(self.dir, "gatherd.log"), "wb")
        self.process = subprocess.Popen(
            [BINARY, "--socket", self.socket, "--database", os.path.join(self.dir, "gather.sqlite"),
             "--log-level", "warning", *args], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while True:
            try:
                with GatherClient(self.socket, timeout=2) as client:
                    client.call("daemon.ping")
                return
            except (Unreachable, ConnectionLost):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("gatherd did not come up on %s" % self.socket)
                time.sleep(0.01)  # readiness polling, the one place a test sleeps

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


class DaemonTestCase(unittest.TestCase):
    """Starts one daemon for the class; ``self.client()`` opens a connection closed after the test."""

    daemon_args = ()
    names = itertools.count(1)

    @classmethod
    def setUpClass(cls):
        if not os.access(BINARY, os.X_OK):
            raise unittest.SkipTest("no gatherd binary at %s (set GATHERD_BIN)" % BINARY)
        cls.daemon = Daemon(*cls.daemon_args)
        cls.addClassCleanup(cls.daemon.stop)

    def client(self):
        client = GatherClient(self.daemon.socket, timeout=5)
        self.addCleanup(client.close)
        return client

    def start_gather(self, client, seconds):
        """Two new players, a gather with a clock of ``seconds``, cancelled after the test."""
        a = client.call("players.create", name="A%d" % next(self.names))["id"]
        b = client.call("players.create", name="B%d" % next(self.names))["id"]
        client.call("gather.start", teamA=[a], teamB=[b], seconds=seconds)
        self.addCleanup(self.cancel_gather)
        return a, b

    def cancel_gather(self):
        with GatherClient(self.daemon.socket, timeout=5) as client:
            try:
                client.call("gather.cancel")
            except WrongState:
                pass

    def events_until(self, subscription, topic, change):
        """Events up to and including the first ``topic`` event with ``change``."""
        events = []
        while True:
            event = subscription.next(timeout=EVENT_TIMEOUT)
            events.append(event)
            if event.topic == topic and event.params.get("change") == change:
                return events


class CallTests(DaemonTestCase):
    daemon_args = ("--max-line-bytes", "4096")

    def test_create_and_list_players(self):
        client = self.client()
        ana = client.call("players.create", name="Ana", position="ST", age=27)
        self.assertEqual((ana["name"], ana["position"], ana["positionAcronym"], ana["age"]),
                         ("Ana", "striker", "ST", 27))
        players = client.call("players.list")["players"]
        self.assertIn(ana, players)
        self.assertEqual(client.call("players.get", id=ana["id"]), ana)

    def test_no_active_gather(self):
        with self.assertRaises(WrongState) as caught:
            self.client().call("timer.start")
        error = caught.exception
        self.assertEqual((error.code, error.reason, error.field), (-32002, "no_active_gather", None))
        self.assertTrue(error.message.endswith("."))
        self.assertEqual(str(error), error.message)

    def test_player_not_found(self):
        with self.assertRaises(NotFound) as caught:
            self.client().call("players.get", id=999999)
        self.assertEqual((caught.exception.code, caught.exception.reason), (-32001, "player_not_found"))

    def test_invalid_params_names_the_field(self):
        client = self.client()
        with self.assertRaises(InvalidParams) as caught:
            client.call("players.create", name="Old", age=300)
        self.assertEqual((caught.exception.code, caught.exception.reason, caught.exception.field),
                         (-32602, "invalid_params", "age"))
        with self.assertRaises(InvalidParams) as caught:
            client.call("players.create", name="X", shoeSize=44)
        self.assertEqual(caught.exception.field, "shoeSize")

    def test_method_not_found(self):
        with self.assertRaises(MethodNotFound) as caught:
            self.client().call("players.fly")
        self.assertEqual((caught.exception.code, caught.exception.reason), (-32601, "method_not_found"))

    def test_errors_share_a_base(self):
        for cls in (NotFound, WrongState, InvalidParams, ConnectionLost, Overflow, Unreachable):
            self.assertTrue(issubclass(cls, gather_client.GatherError))

    def test_notify_runs_without_a_reply(self):
        client = self.client()
        client.notify("players.create", name="Quiet")
        client.notify("players.fly")  # an error too comes back as nothing
        # Requests on one connection are handled in order, so the next call sees the player.
        names = [player["name"] for player in client.call("players.list")["players"]]
        self.assertIn("Quiet", names)

    def test_a_reply_without_id_goes_to_the_waiting_call(self):
        client = self.client()
        with self.assertRaises(gather_client.InvalidRequest) as caught:
            client.call("daemon.ping", padding="x" * 5000)
        self.assertEqual(caught.exception.reason, "line_too_long")
        with self.assertRaises(ConnectionLost):  # the daemon hangs up after a line too long
            client.call("daemon.ping")


class PrintableTests(unittest.TestCase):
    def test_control_and_formatting_characters_print_as_escapes(self):
        attack = "Evil\x1b[2J\x1b]0;owned\x07\nroot# "
        self.assertEqual(gather_client.printable(attack), "Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}\\u{A}root# ")
        self.assertEqual(gather_client.printable("Ana\u202e\u200b\u2028"), "Ana\\u{202E}\\u{200B}\\u{2028}")
        for name in ("Zé", "Łukasz", "李小龙", "⚽️ Ana", "back\\slash"):
            self.assertEqual(gather_client.printable(name), name)


class UnreachableTests(unittest.TestCase):
    def test_missing_socket(self):
        folder = tempfile.mkdtemp(prefix="gather-client-test.")
        self.addCleanup(shutil.rmtree, folder, True)
        path = os.path.join(folder, "gatherd.sock")
        with self.assertRaises(Unreachable) as caught:
            GatherClient(path)
        self.assertIn(path, str(caught.exception))
        self.assertIsInstance(caught.exception, ConnectionError)

    def test_socket_resolution(self):
        saved = dict(os.environ)
        self.addCleanup(lambda: (os.environ.clear(), os.environ.update(saved)))
        os.environ["GATHERD_SOCKET"] = "/env/gatherd.sock"
        os.environ["XDG_RUNTIME_DIR"] = "/run/user/1234"
        self.assertEqual(gather_client.default_socket_path("/arg.sock"), "/arg.sock")
        self.assertEqual(gather_client.default_socket_path(), "/env/gatherd.sock")
        del os.environ["GATHERD_SOCKET"]
        expected = "/run/gatherd/gatherd.sock" if os.geteuid() == 0 else "/run/user/1234/gatherd/gatherd.sock"
        self.assertEqual(gather_client.default_socket_path(), expected)


class FakeDaemonTests(unittest.TestCase):
    """Endings that are hard to provoke in a real daemon, played by a scripted socket."""

    def serve(self, lines):
        """A one-connection server that answers the first request with ``lines`` and hangs up."""
        folder = tempfile.mkdtemp(prefix="gather-client-test.")
        self.addCleanup(shutil.rmtree, folder, True)
        path = os.path.join(folder, "fake.sock")
        server = socket.socket(socket.AF_UNIX)
        server.bind(path)
        server.listen(1)
        self.addCleanup(server.close)

        def run():
            connection, _ = server.accept()
            with connection:
                connection.makefile("rb").readline()
                connection.sendall("".join(line + "\n" for line in lines).encode())
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        self.addCleanup(thread.join, 5)
        return path

    def test_overflow(self):
        path = self.serve([
            '{"jsonrpc":"2.0","id":1,"result":{"subscription":4,"seq":9,"snapshot":{"gather":null,"score":null,"timer":null}}}',
            '{"jsonrpc":"2.0","method":"players","params":{"subscription":4,"seq":10,"change":"deleted","player":null,"id":2}}',
            '{"jsonrpc":"2.0","method":"events.overflow","params":{"subscription":4,"reason":"queue_overflow","message":"Too slow."}}',
        ])
        with GatherClient(path, timeout=5) as client:
            subscription = client.subscribe()
            self.assertEqual((subscription.id, subscription.seq), (4, 9))
            self.assertEqual(subscription.next(timeout=5).seq, 10)
            with self.assertRaises(Overflow) as caught:
                subscription.next(timeout=5)
            self.assertEqual((caught.exception.reason, caught.exception.message), ("queue_overflow", "Too slow."))
            with self.assertRaises(ConnectionLost):
                subscription.next(timeout=5)


class EventTests(DaemonTestCase):
    def test_ticks_down_to_the_end(self):
        client = self.client()
        self.start_gather(client, 10)
        self.assertEqual(client.call("timer.set", seconds=3)["display"], "00:03")
        subscription = client.subscribe(["tick", "timer"])
        self.assertEqual(subscription.snapshot["timer"]["display"], "00:03")
        client.call("timer.start")
        events = self.events_until(subscription, "timer", "finished")
        ticks = [event["display"] for event in events if event.topic == "tick"]
        self.assertEqual(ticks, ["00:02", "00:01", "00:00"])
        self.assertEqual(events[0].params["change"], "started")
        seqs = [event.seq for event in events]
        self.assertGreater(seqs[0], subscription.seq)
        self.assertEqual(seqs, sorted(set(seqs)))
        self.assertEqual(subscription.last_seq, seqs[-1])
        self.assertEqual(events[-1]["timer"]["state"], "finished")

    def test_events_that_arrive_during_calls_are_kept(self):
        client = self.client()
        self.start_gather(client, 2)
        subscription = client.subscribe()
        client.call("timer.start")
        # Keep calling until the clock has run out: the ticks arrive while calls wait for replies.
        goals = 0
        while client.call("timer.status")["state"] == "running":
            if goals < 3:
                client.call("score.goal", team="teamA")
                goals += 1
        self.assertGreaterEqual(subscription.pending, 4)  # started, three goals, the 00:01 tick ...
        events = self.events_until(subscription, "timer", "finished")
        self.assertEqual([event["score"]["text"] for event in events if event.topic == "score"], ["1-0", "2-0", "3-0"])
        self.assertEqual([event["display"] for event in events if event.topic == "tick"], ["00:01", "00:00"])
        seqs = [event.seq for event in events]
        self.assertEqual(seqs, list(range(subscription.seq + 1, subscription.seq + 1 + len(seqs))))

    def test_calls_from_another_thread_while_iterating(self):
        client = self.client()
        self.start_gather(client, 60)
        subscription = client.subscribe(["score"])
        results, failures = [], []

        def score():
            try:
                for team in ("teamA", "teamB"):
                    results.append(client.call("score.goal", team=team)["score"]["text"])
            except Exception as error:  # reported below
                failures.append(error)
        thread = threading.Thread(target=score)
        thread.start()
        texts = [subscription.next(timeout=EVENT_TIMEOUT)["score"]["text"] for _ in range(2)]
        thread.join(EVENT_TIMEOUT)
        self.assertEqual((texts, results, failures), (["1-0", "1-1"], ["1-0", "1-1"], []))

    def test_close_unsubscribes(self):
        client = self.client()
        subscription = client.subscribe(["players"])
        other = client.subscribe(["players"])
        subscription.close()
        with self.assertRaises(NotFound) as caught:
            client.call("events.unsubscribe", subscription=subscription.id)
        self.assertEqual(caught.exception.reason, "subscription_not_found")
        self.assertEqual(list(subscription), [])  # a closed subscription ends iteration
        created = client.call("players.create", name="Late")
        self.assertEqual(other.next(timeout=EVENT_TIMEOUT)["player"], created)
        with self.assertRaises(TimeoutError):
            other.next(timeout=0.05)


class ShutdownTests(DaemonTestCase):
    def test_connection_lost_when_the_daemon_stops(self):
        client = self.client()
        subscription = client.subscribe()
        client.call("players.create", name="Last")
        self.daemon.process.send_signal(signal.SIGTERM)
        self.assertEqual(subscription.next(timeout=EVENT_TIMEOUT).topic, "players")  # buffered events first
        with self.assertRaises(ConnectionLost):
            subscription.next(timeout=EVENT_TIMEOUT)
        with self.assertRaises(ConnectionLost):
            client.call("daemon.ping")
        self.assertEqual(self.daemon.process.wait(10), 0)


class ExampleTests(DaemonTestCase):
    def test_example_match(self):
        done = subprocess.run(
            [sys.executable, os.path.join(HERE, "example_match.py"), "--socket", self.daemon.socket, "--seconds", "3"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("tick  00:01\n", done.stdout)
        self.assertIn("tick  FT\n", done.stdout, "the last tick is full time")
        self.assertIn("timer paused", done.stdout)
        self.assertIn("final: Team A 2-1 Team B, Team A wins", done.stdout)
        self.assertRegex(done.stdout, r"history: #1\t\S+\t2-1\tteamA")
        with GatherClient(self.daemon.socket) as client:
            self.assertIsNone(client.call("gather.current"))
            self.assertEqual(client.call("gathers.list")["gathers"][0]["score"]["text"], "2-1")


if __name__ == "__main__":
    unittest.main()
