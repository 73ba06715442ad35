"""gatherctl's views of the weekly game against a real gatherd: a plan that expired shows as expired, a plan in
its regulars-only window says until when, a plan's cost is shown, the players table says who is marked regular,
a schedule's time changes alone, a negative duration gets the daemon's range, "no plan is open" names the weekly
game's next plan, and a second schedule at another's day and time is refused unless --force.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_weekly.py -v
"""

from __future__ import annotations

import datetime as dt
import time
import unittest

from test_gatherctl import PLAYER_COLUMNS, GatherctlTestCase
from test_plan_schedules import iso, week_opening_in


def shown(local: str) -> str:
    """A `...Local` time as gatherctl shows it: "Thu 2026-12-03 19:00 +01:00"."""
    return dt.datetime.fromisoformat(local).strftime("%a %Y-%m-%d %H:%M ") + local[19:]


class PlanViewTests(GatherctlTestCase):
    """A daemon whose plans expire a second after their start."""
    daemon_args = ("--plan-expiry", "1s")

    def test_an_expired_plan_shows_as_expired(self):
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 2), "capacity": 4})
        watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "expired", timeout=15)
        head = self.ctl("plan", "show", "--plan", plan["id"]).splitlines()[0]
        self.assertTrue(head.endswith(" (expired: its time has passed)"), head)

    def test_a_plan_in_its_regulars_window_says_until_when(self):
        params, _, _ = week_opening_in(2)
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        self.ok(self.c, "plan.schedule", dict(params, regularsFirst=60))
        event, _ = watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "created", timeout=15)
        plan = event["params"]["plan"]
        line = (f"  Regulars only until {shown(plan['regularsFirst']['opensToAllAtLocal'])} (Players marked regular); "
                "then everyone may join.")
        self.assertIn(line, self.ctl("plan", "show", "--plan", plan["id"]).splitlines())
        self.assertIn(line, self.ctl("plan", "list").splitlines())

    def test_a_plans_cost_is_shown(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 86400), "capacity": 10})
        self.ctl("fees", "cost", "--plan", plan["id"], "45.50", "EUR", "--guests", "host")
        self.assertIn("  Cost: €45.50, split among those who play; guests' shares: whoever brought them.",
                      self.ctl("plan", "show").splitlines())

    def test_the_players_table_says_who_is_marked_regular(self):
        ana = self.ok(self.c, "players.create", {"name": "Ana"})
        bruno = self.ok(self.c, "players.create", {"name": "Bruno"})
        self.ctl("players", "edit", "Ana", "--regular")
        self.assertIn("REGULAR", PLAYER_COLUMNS)
        players = [self.ok(self.c, "players.get", {"id": ana["id"]}), self.ok(self.c, "players.get", {"id": bruno["id"]})]
        out = self.ctl("players", "list")
        self.check_players_table(out, players)
        rows = self.parse_table(out.splitlines(), PLAYER_COLUMNS)
        self.assertEqual([row["REGULAR"] for row in rows], ["yes", "no"])
        shown_ana = self.parse_table(self.ctl("players", "show", "Ana").splitlines(), PLAYER_COLUMNS)
        self.assertEqual(shown_ana[0]["REGULAR"], "yes")


class ScheduleCommandTests(GatherctlTestCase):
    def test_a_time_alone_changes_only_the_time(self):
        self.ctl("plan", "schedule", "thu", "19:00", "--capacity", "10", "--opens-before", "6d")
        self.ctl("plan", "schedule", "--schedule", "1", "20:00")
        schedule = self.ok(self.c, "plan.schedules")["schedules"][0]
        self.assertEqual((schedule["weekday"], schedule["time"]), ("thursday", "20:00"))

    def test_a_negative_duration_gets_the_range(self):
        stderr = self.ctl_refused(
            ["plan", "schedule", "thu", "19:00", "--capacity", "10", "--opens-before", "-5"],
            "plan.schedule", {"weekday": "thu", "time": "19:00", "capacity": 10, "opensBefore": -5}, "invalid_params")
        self.assertIn("from 1 minute to 28 days", stderr)
        self.assertEqual(self.ok(self.c, "plan.schedules"), {"schedules": []})

    def test_no_plan_open_names_the_weekly_games_next_plan(self):
        self.ctl("plan", "schedule", "thu", "19:00", "--capacity", "10", "--opens-before", "6d")
        schedule = self.ok(self.c, "plan.schedules")["schedules"][0]
        message = (f"No plan is open; the weekly game's next plan (schedule {schedule['id']}), for "
                   f"{shown(schedule['next']['startsAtLocal'])}, opens by itself 6 days before it. To make one now: "
                   "gatherctl plan new thu 19:00 --capacity 10\n")
        self.assertEqual(self.ctl("plan", "list"), message)
        proc = self.run_ctl("plan", "show")
        self.assertEqual((proc.returncode, proc.stdout), (1, ""), self.describe(proc))
        self.assertIn(message, proc.stderr)

    def test_a_second_schedule_at_the_same_day_and_time_needs_force(self):
        args = ["plan", "schedule", "thu", "19:00", "--capacity", "10", "--opens-before", "6d", "--place", "Astro 2"]
        self.ctl(*args)
        stderr = self.ctl_refused(args, "plan.schedule",
                                  {"weekday": "thursday", "time": "19:00", "capacity": 10, "opensBefore": 518400},
                                  "same_time")
        self.assertIn("Schedule 1 plans a game then too (Thursdays at 19:00, Astro 2)", stderr)
        self.assertIn("add --force", stderr)
        self.assertEqual(len(self.ok(self.c, "plan.schedules")["schedules"]), 1)
        # Another day is free; moving it onto Thursday 19:00 is refused the same way and changes nothing.
        self.ctl("plan", "schedule", "fri", "19:00", "--capacity", "10", "--opens-before", "6d")
        before = self.ok(self.c, "plan.schedules")
        self.ctl_refused(["plan", "schedule", "--schedule", "2", "thu", "19:00"], "plan.reschedule",
                         {"schedule": 2, "weekday": "thu"}, "same_time")
        self.assertEqual(self.ok(self.c, "plan.schedules"), before)
        self.ctl(*args, "--force")
        self.assertEqual(len(self.ok(self.c, "plan.schedules")["schedules"]), 3)


if __name__ == "__main__":
    unittest.main()
