"""gatherctl speaks football, against a real gatherd: `timer end-half`, team names on `gather start`
and `gather rename`, goals by their minute, and the names in every status-bar format of `gatherctl watch`.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_football.py -v

Every output is compared with what the daemon says on the harness's own connection.
"""

from __future__ import annotations

import unittest

from test_gatherctl import GatherctlTestCase


class FootballCtlTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla")}

    def seq(self) -> int:
        return self.ok(self.c, "daemon.status")["seq"]

    def test_end_half_then_the_second_half_at_its_minute(self):
        started = self.ctl("gather", "start", "--team-a", "Ana", "--team-b", "Bruno", "--periods", "2",
                           "--duration", "25:00", "--break", "5:00", "--team-a-name", "Bibs", "--team-b-name", "Colours")
        self.assertTrue(started.startswith("Started. Gather 1: Bibs 0-0 Colours, 25:00 left, stopped, 1st half\n"), started)
        self.assertIn("\nBibs: Ana #", started)
        self.assertIn("\nColours: Bruno #", started)
        # Refused before kick-off: exit 1, the daemon's reason, nothing changed.
        seq = self.seq()
        proc = self.run_ctl("timer", "end-half")
        self.assertEqual((proc.returncode, proc.stdout), (1, ""), self.describe(proc))
        self.assertIn("not kicked off", proc.stderr)
        self.assertEqual(self.seq(), seq)

        self.ok(self.c, "timer.start")
        self.assertEqual(self.ctl("timer", "end-half"), "HT 05:00 left, break after the 1st half\n")
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "break")
        self.ok(self.c, "timer.start")
        out = self.ctl("score", "goal", "b", "--player", "Bruno")
        goal = self.ok(self.c, "score.get")["goals"][-1]
        self.assertEqual(goal["minute"], "26'", goal)
        self.assertEqual(out, "Goal! Bruno (26') — Bibs 0-1 Colours\n")
        self.assertEqual(self.ctl("score"), "Bibs 0-1 Colours\n  26'  Colours  Bruno  (0-1)\n")
        # end-period is the same command; in the last period it is full time.
        self.assertEqual(self.ctl("timer", "end-period"), "FT, full time\n")
        # Full time as the board and MQTT read it, the result first.
        self.assertTrue(self.ctl("gather", "status").startswith("Gather 1: FT · Bibs 0-1 Colours\n"))
        self.assertEqual(self.ctl("status").splitlines()[2], "Gather 1: FT · Bibs 0-1 Colours")
        self.assertEqual(self.ctl("score", "undo"), "Taken back: Bruno's goal (26'). Bibs 0-0 Colours\n")
        proc = self.run_ctl("timer", "end-half")
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("finished", proc.stderr)

    def test_rename_and_history_by_name(self):
        self.ctl("gather", "start", "--team-a", "Ana", "--team-b", "Bruno", "--bench", "Carla", "--team-a-name", "Bibs")
        self.assertEqual(self.ctl("gather", "rename", "b", "Colours"), "Renamed: Bibs 0-0 Colours\n")
        self.assertEqual(self.ok(self.c, "gather.current")["names"], {"teamA": "Bibs", "teamB": "Colours"})
        renamed = self.ctl_json("gather", "rename", "a", "Red Bibs", "b", "Blues")
        self.assertEqual(renamed, self.ok(self.c, "gather.current") | {"timer": renamed["timer"]})
        self.assertEqual(renamed["names"], {"teamA": "Red Bibs", "teamB": "Blues"})
        # Refused: by gatherctl (usage, exit 2) or by the daemon (exit 1); nothing changes either way.
        seq = self.seq()
        for args, status in [(("a",), 2), (("c", "X"), 2), (("a", "X", "a", "Y"), 2), (("a", "blues"), 1),
                             (("b", "x" * 25), 1)]:
            with self.subTest(args=args):
                proc = self.run_ctl("gather", "rename", *args)
                self.assertEqual((proc.returncode, proc.stdout), (status, ""), self.describe(proc))
        self.assertEqual(self.seq(), seq)
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids["Ana"]})
        ended = self.ctl("gather", "end")
        self.assertTrue(ended.startswith("Ended. Gather 1: Red Bibs 1-0 Blues, won by Red Bibs\n"), ended)
        history = self.ctl("gather", "history").splitlines()
        self.assertEqual(history[0].split(), ["ID", "ENDED", "SCORE", "WINNER"])
        self.assertTrue(history[1].endswith("Red Bibs 1-0 Blues  Red Bibs"), history)
        shown = self.ctl("gather", "show", "1")
        self.assertIn("\nRed Bibs: Ana #", shown)
        self.assertIn("\n  1'  Red Bibs  Ana  (1-0)", shown)
        self.assertEqual(self.ok(self.c, "gathers.get", {"id": 1})["names"], {"teamA": "Red Bibs", "teamB": "Blues"})

    def test_start_balanced_with_names(self):
        gather = self.ctl_json("gather", "start", "--balanced", "--players", "ana,bruno,carla",
                               "--team-a-name", "Bibs", "--team-b-name", "Colours")
        self.assertEqual(gather["names"], {"teamA": "Bibs", "teamB": "Colours"})
        self.assertEqual(gather, self.ok(self.c, "gather.current") | {"timer": gather["timer"]})
        self.ok(self.c, "gather.cancel")
        # A name the daemon refuses starts nothing.
        proc = self.run_ctl("gather", "start", "--team-a", "ana", "--team-b", "bruno", "--team-b-name", "Team A")
        self.assertEqual((proc.returncode, proc.stdout), (1, ""), self.describe(proc))
        self.assertIn("different names", proc.stderr)
        self.assertIsNone(self.ok(self.c, "gather.current"))

    def test_every_status_bar_format_shows_the_names(self):
        formats = ("plain", "polybar", "i3blocks", "waybar", "json")
        self.ok(self.c, "gather.start", {"teamA": [self.ids["Ana"]], "teamB": [self.ids["Bruno"]], "minutes": 10})
        watches = {fmt: self.watch("--format", fmt) for fmt in formats}
        for fmt, watch in watches.items():
            view = self.view(watch, fmt)
            if fmt == "json":
                self.assertEqual(view.obj["names"], {"teamA": "Team A", "teamB": "Team B"})
            else:
                # The default names go without saying: the line stays short.
                self.assertEqual(view.text, "10:00 · 0-0", fmt)
        self.ok(self.c, "gather.rename", {"names": {"teamA": "Bibs", "teamB": "Colours"}})
        self.ok(self.c, "score.goal", {"team": "teamB", "player": self.ids["Bruno"]})
        for fmt, watch in watches.items():
            view = self.wait_view(watch, fmt, lambda v: v.shows(score="0-1"), what="the goal")
            if fmt == "json":
                self.assertEqual(view.obj["names"], {"teamA": "Bibs", "teamB": "Colours"})
            else:
                self.assertEqual(view.text, "10:00 · Bibs 0-1 Colours", fmt)
            if fmt == "waybar":
                tooltip = view.obj["tooltip"].splitlines()
                self.assertEqual(tooltip[0], "Bibs 0-1 Colours")
                self.assertEqual(tooltip[-1], "1'  Colours  Bruno  (0-1)")


if __name__ == "__main__":
    unittest.main()
