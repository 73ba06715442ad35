"""gatherctl at the touchline, against a real gatherd: what a hurried referee types is understood, or refused
with what was meant.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_touchline.py -v

- `score goal NAME` (or `--player NAME` alone) scores for the side the player is on; a side is a, b or its name in
  any case (`score goal bibs`); refusals name the sides by their names and change nothing.
- A word where a subcommand goes that is none of them is a usage error (exit 2) that offers what it may have meant
  and lists the subcommands, instead of the default subcommand's usage; `timer add-time` is `timer add`.
- A player given twice is named in the refusal, not numbered.
- Full time reads "FT" with the result, in `gather status`, `status`, `timer` and every status-bar format.
- Of four quarters only the middle break reads "HT" (half time); the others read "Break", everywhere.
Each check compares with the daemon's own state, read on the harness's connection.
"""

from __future__ import annotations

import unittest

from test_gatherctl import TEXT_FORMATS, GatherctlTestCase


class TouchlineTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        names = ("Ana", "Bruno", "Carla", "Dani", "Fatima", "Mo")
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in names}

    def start_named(self, **clock):
        ids = self.ids
        return self.ok(self.c, "gather.start", {
            "teamA": [ids["Ana"], ids["Bruno"]], "teamB": [ids["Carla"], ids["Fatima"]], "bench": [ids["Mo"]],
            "names": {"teamA": "Bibs", "teamB": "Colours"}, **clock})

    def goals(self):
        return [(goal["team"], (goal.get("player") or {}).get("name")) for goal in self.ok(self.c, "score.get")["goals"]]

    def refused(self, *args, status=1) -> str:
        """Exit `status`, nothing on stdout, no goal scored; returns stderr."""
        before = self.ok(self.c, "daemon.status")["seq"]
        proc = self.run_ctl(*args)
        self.assertEqual((proc.returncode, proc.stdout), (status, ""), self.describe(proc))
        self.assertEqual(self.ok(self.c, "daemon.status")["seq"], before, "a refusal changes nothing")
        return proc.stderr

    def test_a_goal_goes_to_the_scorers_side_or_to_a_side_named_as_the_board_names_it(self):
        self.start_named()
        self.assertEqual(self.ctl("score", "goal", "--player", "ana"), "Goal! Ana (1') — Bibs 1-0 Colours\n")
        self.assertEqual(self.ctl("score", "goal", "fatima"), "Goal! Fatima (1') — Bibs 1-1 Colours\n")
        self.assertEqual(self.ctl("score", "goal", "Bibs"), "Goal! Bibs (1') — Bibs 2-1 Colours\n")
        self.assertEqual(self.ctl("score", "goal", "COLOURS", "--player", "carla"), "Goal! Carla (1') — Bibs 2-2 Colours\n")
        self.assertEqual(self.ctl("score", "goal", "b"), "Goal! Colours (1') — Bibs 2-3 Colours\n")
        self.assertEqual(self.ctl_json("score", "goal", str(self.ids["Bruno"]))["goal"]["team"], "teamA")
        self.assertEqual(self.goals(), [("teamA", "Ana"), ("teamB", "Fatima"), ("teamA", None), ("teamB", "Carla"),
                                        ("teamB", None), ("teamA", "Bruno")])

    def test_refusals_name_the_sides_and_what_was_meant(self):
        self.start_named()
        self.assertEqual(self.refused("score", "goal", "bibs", "--player", "fatima"),
                         "gatherctl: Fatima plays for Colours, not Bibs.\n")
        self.assertEqual(self.refused("score", "goal", "b", "--player", "fatma"),
                         'gatherctl: No player is named "fatma"; did you mean Fatima?\n')
        self.assertEqual(self.refused("score", "goal", "colors"),
                         'gatherctl: No side or player is named "colors"; did you mean Colours?\n')
        self.assertEqual(self.refused("score", "goal", "Mo"),
                         "gatherctl: Mo is on the bench; bring them on first with gatherctl gather move Mo a (or b), "
                         "or score for Bibs or Colours.\n")
        self.assertEqual(self.refused("score", "goal", "Dani"),
                         "gatherctl: Dani does not play in this gather; score for a side, Bibs or Colours, or name "
                         "one of its players.\n")
        self.assertIn('"zz" is not a side', self.refused("score", "goal", "zz", "--player", "Ana"))
        self.assertIn("Say who scored", self.refused("score", "goal", status=2))
        self.assertEqual(self.goals(), [])
        self.ok(self.c, "gather.cancel")
        self.assertEqual(self.refused("score", "goal", "ana"), "gatherctl: There is no active gather; start one first.\n")

    def test_an_unknown_subcommand_says_what_it_may_have_meant_and_lists_them(self):
        err = self.refused("players", "remove", "Mo", status=2)
        self.assertEqual(err.splitlines()[:2], [
            'Error: players has no subcommand "remove"; did you mean delete?',
            "The subcommands of gatherctl players: add, list, show, edit (or update), rm (or delete), confirm, "
            "regular, merge; without one, it is list.",
        ])
        self.assertIn("Mo", [p["name"] for p in self.ok(self.c, "players.list")["players"]])
        for args, first in ((("timer", "stop"), 'Error: timer has no subcommand "stop"; did you mean pause?'),
                            (("gather", "list"), 'Error: gather has no subcommand "list"; did you mean history?'),
                            (("plan", "create", "thu"), 'Error: plan has no subcommand "create"; did you mean new?'),
                            (("pleyers",), 'Error: gatherctl has no command "pleyers"; did you mean players?')):
            with self.subTest(args=args):
                self.assertEqual(self.refused(*args, status=2).splitlines()[0], first)
        # Options still belong to the default subcommand, and the real subcommands work as ever.
        self.assertIn("No gather", self.ctl("gather"))
        self.assertIn("Fatima", self.ctl("players"))

    def test_timer_add_time_adds_time(self):
        self.start_named(seconds=600)
        self.ok(self.c, "timer.start")
        self.assertRegex(self.ctl("timer", "add-time", "30"), r"^\d\d:\d\d \+0:30 left, running\n$")
        self.assertRegex(self.ctl("timer", "add", "1:30"), r"^\d\d:\d\d \+2:00 left, running\n$")
        self.assertEqual(self.ok(self.c, "timer.status")["addedSeconds"], 120)

    def test_a_player_given_twice_is_named(self):
        err = self.refused("gather", "start", "--team-a", "Ana,Bruno", "--team-b", "Carla,ana")
        self.assertEqual(err, "gatherctl: Ana appears more than once in the gather.\n")
        self.assertEqual(self.refused("gather", "suggest", "Ana,Bruno,Ana"), "gatherctl: Ana is given more than once.\n")
        reply = self.c.call("gather.predict", {"teamA": [self.ids["Carla"]], "teamB": [self.ids["Carla"]]})
        self.assertEqual(reply["error"]["message"], "Carla is given more than once.", reply)

    def test_full_time_reads_ft_with_the_result_everywhere(self):
        self.start_named(seconds=1)
        self.ctl("score", "goal", "ana")
        self.ctl("score", "goal", "carla")
        watches = {fmt: self.watch("--format", fmt) for fmt in (*TEXT_FORMATS, "waybar", "json")}
        self.ok(self.c, "timer.start")
        for fmt, watch in watches.items():
            view = self.wait_view(watch, fmt, lambda v: v.state == "finished" if v.obj else v.line.startswith("FT"),
                                  what="full time")
            if fmt == "json":
                self.assertEqual((view.obj["display"], view.obj["score"]["text"]), ("00:00", "1-1"), view)
                continue
            text = view.obj["text"] if view.obj else view.line
            self.assertEqual(text, "FT · Bibs 1-1 Colours", view)
            if fmt == "waybar":
                self.assertEqual(view.obj["tooltip"].splitlines()[:2], ["Bibs 1-1 Colours", "FT, full time"], view)
        gather = self.ok(self.c, "gather.current")["id"]
        self.assertEqual(self.ctl("gather", "status").splitlines()[0], f"Gather {gather}: FT · Bibs 1-1 Colours")
        self.assertEqual(self.ctl("status").splitlines()[2], f"Gather {gather}: FT · Bibs 1-1 Colours")
        self.assertEqual(self.ctl("timer"), "FT, full time\n")
        self.assertNotIn("00:00", self.ctl("gather", "status"))

    def test_of_four_quarters_only_the_middle_break_reads_ht(self):
        # Quarters of 1 s with breaks of 5 min: each break stands until the next quarter is started.
        self.start_named(seconds=1, periods=4, breakLength=300)
        watches = {fmt: self.watch("--format", fmt) for fmt in (*TEXT_FORMATS, "waybar")}
        for quarter, (word, name) in enumerate((("Break", "1st"), ("HT", "2nd"), ("Break", "3rd")), start=1):
            with self.subTest(quarter=quarter):
                self.ok(self.c, "timer.start")
                for fmt, watch in watches.items():
                    view = self.wait_view(watch, fmt, lambda v: (v.obj["text"] if v.obj else v.line).startswith(word + " "),
                                          what=f"the break after the {name} quarter")
                    text = view.obj["text"] if view.obj else view.line
                    self.assertRegex(text, rf"^{word} 0[45]:\d\d · Bibs 0-0 Colours$", view)
                timer = self.ok(self.c, "timer.status")
                self.assertEqual((timer["state"], timer["period"], timer["breakName"]), ("break", quarter, word))
                self.assertRegex(self.ctl("timer"), rf"^{word} 0[45]:\d\d left, break after the {name} quarter\n$")
                self.assertRegex(self.ctl("status").splitlines()[2], rf"^Gather \d+: Bibs 0-0 Colours, {word} 0[45]:")


if __name__ == "__main__":
    unittest.main()
