"""Weekly schedules, plans that expire and reminders, against the real daemon and its wall clock: a week's plan
opens by itself at its opening, a restart catches up with what fell due while no gatherd ran, a plan long past its
start expires (--plan-expiry), reminders go out (--plan-reminders), and with nothing due no thread of gatherd
wakes. Bad schedules and answers to an expired plan are refused in process, in the method tests."""
import datetime as dt
import os
import time
import unittest

from harness import DaemonTestCase


def utc(seconds):
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc)


def iso(seconds):
    return utc(seconds).strftime("%Y-%m-%dT%H:%M:%SZ")


def week_opening_in(seconds):
    """A schedule whose next week opens `seconds` from now: the start on a whole minute (in UTC, the fixed offset
    used), at least 70 s ahead, and opensBefore the rest; returns (params, opening as epoch seconds, start)."""
    now = time.time()
    start = (int(now + seconds + 70) // 60 + 1) * 60
    opens_before = int(start - now - seconds)
    day = utc(start).strftime("%A").lower()
    params = {"weekday": day, "time": utc(start).strftime("%H:%M"), "utcOffset": "+00:00", "capacity": 10,
              "place": "Astro 2", "opensBefore": opens_before}
    return params, start - opens_before, start


def switches(pid):
    """Every thread's context switches, voluntary and not."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/status") as f:
            total += sum(int(line.split()[1]) for line in f if "ctxt_switches" in line)
    return total


class ScheduleTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def test_a_weeks_plan_opens_by_itself_at_its_opening(self):
        params, opening, start = week_opening_in(3)
        schedule = self.ok(self.c, "plan.schedule", params)
        self.assertEqual(schedule["next"]["startsAt"], iso(start).replace("Z", ".000Z"))
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        event, _ = watcher.wait_event(lambda e: e["method"] == "plan", timeout=15)
        seen = time.time()
        self.assertEqual(event["params"]["change"], "created")
        plan = event["params"]["plan"]
        self.assertEqual((plan["schedule"], plan["place"], plan["capacity"]), (schedule["id"], "Astro 2", 10))
        self.assertEqual(plan["startsAt"], iso(start).replace("Z", ".000Z"))
        self.assertGreaterEqual(seen, opening - 0.01, "not before its opening")
        self.assertLess(seen, opening + 10, "at its opening, not a minute or an hour late")
        self.assertEqual(self.ok(self.c, "plans.list")["plans"], [plan])
        moved = self.ok(self.c, "plan.schedules")["schedules"][0]
        self.assertEqual(moved["lastStart"], plan["startsAt"])
        self.assertEqual(moved["next"]["startsAt"], iso(start + 7 * 86400).replace("Z", ".000Z"))


class CatchUpTests(DaemonTestCase):
    """A daemon whose plans expire a second after their start."""
    fresh_daemon_per_test = True
    daemon_args = ["--plan-expiry", "1s"]

    def test_a_plan_long_past_its_start_expires_by_itself(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 3), "capacity": 4})
        later = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 3600), "capacity": 4})
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        event, _ = watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "expired", timeout=15)
        self.assertEqual((event["params"]["id"], event["params"]["plan"]["status"]), (plan["id"], "expired"))
        self.assertEqual([p["id"] for p in self.ok(self.c, "plans.list")["plans"]], [later["id"]])

    def test_a_restart_opens_the_week_that_fell_due_and_expires_what_passed(self):
        params, opening, start = week_opening_in(3)
        self.ok(self.c, "plan.schedule", params)
        passed = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 2), "capacity": 4})
        self.daemon.stop()
        time.sleep(max(0, opening - time.time()) + 1)
        self.daemon.start()
        c = self.daemon.client()
        plans = self.ok(c, "plans.list")["plans"]
        self.assertEqual([p["startsAt"] for p in plans], [iso(start).replace("Z", ".000Z")])
        self.assertEqual(self.ok(c, "plan.get", {"plan": passed["id"]})["status"], "expired")


class ReminderTests(DaemonTestCase):
    """A daemon that reminds an hour before each plan."""
    fresh_daemon_per_test = True
    daemon_args = ["--plan-reminders", "1h"]

    def test_a_reminder_goes_out_with_the_places_left_and_who_is_going(self):
        ana = self.ok(self.c, "players.create", {"name": "Ana"})
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 3603), "capacity": 4})
        self.ok(self.c, "plan.join", {"plan": plan["id"], "player": ana["id"]})
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        event, _ = watcher.wait_event(
            lambda e: e["method"] == "plan" and e["params"]["change"] == "reminder", timeout=15)
        self.assertEqual(event["params"]["before"], 3600)
        self.assertEqual(event["params"]["plan"]["placesLeft"], 3)
        self.assertEqual([p["name"] for p in event["params"]["plan"]["going"]], ["Ana"])


class IdleTests(DaemonTestCase):
    def test_with_nothing_due_no_thread_wakes(self):
        """A schedule whose next week opens in days, and an open plan: their alarm is days away, so in ten
        seconds no thread of gatherd wakes."""
        params, _, _ = week_opening_in(3 * 86400)
        self.ok(self.c, "plan.schedule", params)
        self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 4 * 86400), "capacity": 10})
        # Settled first: libdispatch's idle worker threads left from start-up end about five seconds after it.
        time.sleep(7)
        before = switches(self.daemon.pid)
        time.sleep(10)
        self.assertEqual(switches(self.daemon.pid) - before, 0, "an idle gatherd with a schedule woke up")


if __name__ == "__main__":
    unittest.main()
