"""gatherctl plan schedule, schedules and unschedule, players edit --regular, and plan calendar against a real
gatherd: the weekly game set up and changed from the command line, with durations as people write them, each
checked against the daemon's own state read on the harness's connection.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_schedules.py -v
"""

from __future__ import annotations

import unittest

from test_gatherctl import GatherctlTestCase


class ScheduleCommandTests(GatherctlTestCase):
    def test_a_weekly_game_set_up_changed_and_ended(self):
        out = self.ctl("plan", "schedule", "thu", "19:00", "--capacity", "10", "--place", "Astro 2",
                       "--opens-before", "6d", "--utc-offset", "+01:00", "--regulars-first", "1d",
                       "--regulars-played", "3", "--regulars-of-last", "5", "--reminders", "48h,3h")
        schedule = self.ok(self.c, "plan.schedules")["schedules"][0]
        self.assertEqual((schedule["weekday"], schedule["time"], schedule["utcOffset"]), ("thursday", "19:00", "+01:00"))
        self.assertEqual((schedule["opensBefore"], schedule["reminders"]), (518400, [172800, 10800]))
        self.assertEqual(schedule["regularsFirst"]["headStart"], 86400)
        self.assertIn(f"Set up schedule {schedule['id']}.\nSchedule {schedule['id']}: Thursdays at 19:00 (UTC+01:00), "
                      "10 players, Astro 2\n  Opens 6 days before the start.\n  Regulars first for 1 day: Players "
                      "marked regular, or who played 3 of the last 5 gathers.\n  Reminders 2 days and 3 h before.\n", out)
        changed = self.ctl("plan", "schedule", "--schedule", str(schedule["id"]), "--place", "", "--reminders", "none",
                           "--regulars-first", "0", "--utc-offset", "server")
        self.assertIn("Changed schedule", changed)
        now = self.ok(self.c, "plan.schedules")["schedules"][0]
        self.assertEqual((now["place"], now["reminders"], now["regularsFirst"], now["utcOffset"]), (None, [], None, None))
        self.assertIn("No reminders.", self.ctl("plan", "schedules"))
        self.assertIn("the plans it opened stay", self.ctl("plan", "unschedule", str(schedule["id"])))
        self.assertEqual(self.ok(self.c, "plan.schedules"), {"schedules": []})
        self.assertIn("No weekly game", self.ctl("plan", "schedules"))

    def test_bad_input_is_refused_and_nothing_changes(self):
        base = {"weekday": "thu", "time": "19:00", "capacity": 10, "opensBefore": 518400}
        self.ctl_refused(["plan", "schedule", "thu", "25:00", "--capacity", "10", "--opens-before", "6d"],
                         "plan.schedule", dict(base, time="25:00"), "invalid_params")
        self.ctl_refused(["plan", "schedule", "thu", "19:00", "--capacity", "10", "--opens-before", "2h",
                          "--regulars-first", "3h"],
                         "plan.schedule", dict(base, opensBefore=7200, regularsFirst=10800), "invalid_params")
        self.assertIn("is not a duration", self.ctl_usage("plan", "schedule", "thu", "19:00", "--capacity", "10",
                                                          "--opens-before", "soon"))
        self.assertIn("--opens-before", self.ctl_usage("plan", "schedule", "thu", "19:00", "--capacity", "10"))
        self.assertEqual(self.ok(self.c, "plan.schedules"), {"schedules": []})

    def test_a_regular_is_marked_from_the_command_line(self):
        player = self.ok(self.c, "players.create", {"name": "Ana"})
        self.ctl("players", "edit", "Ana", "--regular")
        self.assertTrue(self.ok(self.c, "players.get", {"id": player["id"]})["regular"])
        self.ctl("players", "edit", "Ana", "--no-regular")
        self.assertFalse(self.ok(self.c, "players.get", {"id": player["id"]})["regular"])


if __name__ == "__main__":
    unittest.main()
