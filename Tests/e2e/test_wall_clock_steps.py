"""The wall clock stepped while gatherd runs, as NTP steps a clock that booted wrong: gatherd's plans' times (a weekly
opening, an expiry) follow at once, forward and back, rather than when a timer set for the old distance rings; the
running match clock's wall-clock end moves with the step, at once, on MQTT's retained state and to subscribers.

gatherd runs under libfaketime (Debian's `faketime`), whose offset file moves gatherd's wall clock by the test's
choice while its monotonic clock runs on untouched, as in a real step. The kernel tells a process that the clock was
set through a timerfd with TFD_TIMER_CANCEL_ON_SET, which libfaketime does not fake, so the test also sets the real
clock to the time it already reads (clock_settime: a step of a few microseconds, which needs CAP_SYS_TIME): the
kernel's notice of a step, with no step on the machine worth the name. Without faketime or that capability the
tests are skipped, saying why."""

import os
import time
import unittest
from datetime import datetime

from harness import Daemon, DaemonTestCase, RpcAssertions
from mqttbroker import MQTTTestCase
from test_plan_schedules import iso, week_opening_in


#: libfaketime, as Debian's faketime installs it.
LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"


def skip_reason():
    if not os.path.exists(LIBFAKETIME):
        return "libfaketime is not installed (Debian's faketime; make deps)"
    try:
        time.clock_settime(time.CLOCK_REALTIME, time.clock_gettime(time.CLOCK_REALTIME))
    except PermissionError:
        return "setting the clock needs CAP_SYS_TIME (run as root)"
    return None


class SteppedClock:
    """Mixin: gatherd under libfaketime, and `step` to set its wall clock."""

    def faketime_daemon(self, **settings):
        """A gatherd (not started) under libfaketime, with `settings` as GATHERD_* variables besides its paths."""
        # libfaketime preloaded as it is, reading its offset from a file the test rewrites; the settings go as
        # GATHERD_* variables, since a Swift program under a bare preload sees no arguments.
        daemon = Daemon([], pass_paths=False, log_level=None)
        self.offset_file = os.path.join(daemon.tmp, "faketime-offset")
        with open(self.offset_file, "w") as f:
            f.write("%+-6d\n" % 0)
        daemon.env = dict(os.environ, LD_PRELOAD=LIBFAKETIME, FAKETIME_TIMESTAMP_FILE=self.offset_file,
                          FAKETIME_NO_CACHE="1", FAKETIME_DISABLE_SHM="1", FAKETIME_DONT_FAKE_MONOTONIC="1",
                          GATHERD_SOCKET=daemon.socket_path, GATHERD_DATABASE=daemon.db_path,
                          GATHERD_LOG_LEVEL="info", **settings)
        return daemon

    def step(self, seconds):
        """gatherd's wall clock `seconds` from the real one, and the kernel's notice that the clock was set."""
        # In place: libfaketime reads the file it opened again, not a new one put in its place.
        with open(self.offset_file, "r+") as f:
            f.write("%+-6d\n" % seconds)
        time.clock_settime(time.CLOCK_REALTIME, time.clock_gettime(time.CLOCK_REALTIME))


class WallClockStepTests(SteppedClock, DaemonTestCase):
    fresh_daemon_per_test = True

    def make_daemon(self):
        return self.faketime_daemon(GATHERD_PLAN_EXPIRY="1s")

    def setUp(self):
        reason = skip_reason()
        if reason:
            self.skipTest(reason)
        super().setUp()

    def plan_events(self):
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        return watcher

    def test_a_step_forward_expires_and_opens_at_once_what_fell_due(self):
        # Due in five minutes: an expiry, and a weekly opening.
        passing = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 300), "capacity": 4})
        params, opening, start = week_opening_in(300)
        self.ok(self.c, "plan.schedule", params)
        watcher = self.plan_events()
        # Past both, and short of the week's start (70 s or more after its opening).
        self.step(+330)
        changes = {}
        while len(changes) < 2:
            event, _ = watcher.wait_event(lambda e: e["method"] == "plan", timeout=10)
            changes[event["params"]["change"]] = event["params"]["plan"]
        self.assertEqual((changes["expired"]["id"], changes["created"]["startsAt"]),
                         (passing["id"], iso(start).replace("Z", ".000Z")))
        self.assertEqual([p["startsAt"] for p in self.ok(self.c, "plans.list")["plans"]],
                         [iso(start).replace("Z", ".000Z")], "the passed plan is gone from the list at once")

    def test_a_step_back_holds_what_is_not_due_and_a_step_forward_again_does_it_at_once(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 4), "capacity": 4})
        watcher = self.plan_events()
        self.step(-600)
        # Its expiry was due 5 s after the plan was made; back by 10 minutes, it is not due for 10 more.
        with self.assertRaises(TimeoutError):
            watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "expired", timeout=8)
        self.assertEqual([p["id"] for p in self.ok(self.c, "plans.list")["plans"]], [plan["id"]])
        self.step(0)
        event, _ = watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "expired",
                                      timeout=10)
        self.assertEqual(event["params"]["id"], plan["id"])


def instant(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


class WallClockStepOnMQTTTests(SteppedClock, MQTTTestCase, RpcAssertions, unittest.TestCase):
    """A real mosquitto and a JSON-RPC subscriber watch a running clock while gatherd's wall clock is set."""

    STATE = "gatherd/main/state"

    def setUp(self):
        reason = skip_reason()
        if reason:
            self.skipTest(reason)
        super().setUp()

    def test_the_running_clocks_end_moves_with_a_step_on_mqtt_and_to_subscribers_at_once(self):
        daemon = self.faketime_daemon(GATHERD_MQTT=self.broker.url)
        self.addCleanup(daemon.cleanup)
        daemon.start()
        client = daemon.client()
        ids = [self.ok(client, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno")]
        self.start_gather(client, [ids[0]], [ids[1]])
        watcher = self.watch(self.STATE)
        subscriber = daemon.client()
        self.ok(subscriber, "events.subscribe", {"topics": ["timer"]})
        ends = instant(self.ok(client, "timer.start")["endsAt"])
        first = watcher.wait(self.STATE, lambda m: m.json()["running"])
        self.assertEqual(instant(first.json()["endsAt"]), ends)

        for seconds in (+600, -300):
            mark = watcher.mark()
            self.step(seconds)
            event, _ = subscriber.wait_event(
                lambda e: e["method"] == "timer" and e["params"]["change"] == "wallClockSet", timeout=10)
            moved = instant(event["params"]["timer"]["endsAt"])
            # The clock ran on meanwhile: the new end is the old one moved by the step, within the test's own time.
            self.assertAlmostEqual(moved, ends + seconds, delta=1.0)
            self.assertEqual(event["params"]["timer"]["state"], "running")
            state = watcher.wait(self.STATE, lambda m: m.json()["endsAt"] != first.json()["endsAt"], after=mark,
                                 timeout=10)
            self.assertEqual(instant(state.json()["endsAt"]), moved, "Home Assistant's Ends at shows the new time")
            self.assertTrue(state.retain)
            first = state


if __name__ == "__main__":
    unittest.main()
