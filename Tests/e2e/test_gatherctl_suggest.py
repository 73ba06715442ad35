"""`gatherctl gather suggest` asks for a split by rating or by skill, and for the next fairest different splits,
against a real gatherd: what it sends is what the daemon answers to the same request.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_suggest.py -v
"""

from __future__ import annotations

import unittest

from test_gatherctl import GatherctlTestCase


class SuggestOptionsTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        skills = ["beginner", "amateur", "professional", "amateur"]
        self.names = [f"P{i}" for i in range(8)]
        for i, name in enumerate(self.names):
            self.ok(self.c, "players.create", {"name": name, "skill": skills[i % 4]})
        ids = [p["id"] for p in self.ok(self.c, "players.list")["players"]]
        self.ids = ids
        # One result, so that learned ratings and declared skill disagree.
        self.start_gather(self.c, ids[:4], ids[4:])
        self.ok(self.c, "score.set", {"teamA": 0, "teamB": 3})
        self.ok(self.c, "gather.end")

    def test_alternatives_and_by_reach_the_daemon_and_are_shown(self):
        players = ",".join(self.names)
        shown = self.ctl_json("gather", "suggest", players, "--alternatives", "2", "--seed", "4")
        expected = self.ok(self.c, "gather.suggest", {"players": self.ids, "alternatives": 2, "seed": 4})
        self.assertEqual(shown, expected)
        self.assertEqual(len(shown["alternatives"]), 2)
        text = self.ctl("gather", "suggest", players, "--alternatives", "2", "--seed", "4")
        self.assertIn("Alternative 1", text)
        self.assertIn("Alternative 2", text)
        self.assertNotIn("Alternative 3", text)
        by_skill = self.ctl_json("gather", "suggest", players, "--by", "skill")
        self.assertEqual(by_skill, self.ok(self.c, "gather.suggest", {"players": self.ids, "by": "skill"}))
        self.assertEqual(by_skill["by"], "skill")
        # By skill the difference is whole skill points, labelled; by rating it is mu, to one decimal.
        text = self.ctl("gather", "suggest", players, "--by", "skill", "--alternatives", "1", "--seed", "4")
        shown = self.ok(self.c, "gather.suggest", {"players": self.ids, "by": "skill", "alternatives": 1, "seed": 4})
        self.assertIn(f"Difference in strength {round(shown['difference'])} skill points, seed 4, ", text)
        self.assertIn(f"Alternative 1, difference in strength {round(shown['alternatives'][0]['difference'])} skill "
                      "points:", text)
        self.assertRegex(self.ctl("gather", "suggest", players), r"Difference in strength \d+\.\d, seed ")

    def test_bad_values_are_usage_errors_that_send_nothing(self):
        seq = self.ok(self.c, "daemon.status")["seq"]
        for args in (["--by", "luck"], ["--alternatives", "0"], ["--alternatives", "6"]):
            proc = self.run_ctl("gather", "suggest", ",".join(self.names), *args)
            self.assertEqual(proc.returncode, 2, self.describe(proc))
            self.assertEqual(proc.stdout, "", self.describe(proc))
            self.assertIn(args[0], proc.stderr, self.describe(proc))
        self.assertEqual(self.ok(self.c, "daemon.status")["seq"], seq)


if __name__ == "__main__":
    unittest.main()
