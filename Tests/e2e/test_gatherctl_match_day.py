"""gatherctl for match day: stats (the rating as every screen shows it, form), gather suggest, gather start
--balanced, gather report, timer format and add."""

import unittest

from test_gatherctl import GatherctlTestCase


class MatchDayCtlTests(GatherctlTestCase):
    def roster(self, count):
        skills = ("beginner", "amateur", "professional")
        return [
            self.ok(self.c, "players.create", {"name": f"P{i}", "skill": skills[i % 3], "position": ("GK", "DEF", "ST")[i % 3]})["id"]
            for i in range(count)
        ]

    def test_stats_table_player_report_and_json(self):
        a, b, c = self.roster(3)
        self.start_gather(self.c, [a, c], [b])
        self.ok(self.c, "score.goal", {"team": "teamA", "player": a})
        self.ok(self.c, "gather.end")
        columns = ("ID", "NAME", "RATING", "FORM", "PLAYED", "W", "D", "L", "GOALS", "PER GATHER", "WIN RATE", "MOTM")
        lines = self.ctl("stats").splitlines()
        table = self.parse_table(lines, columns)
        # By rating by default: the order and the numbers of stats.players, the 0-100 number the page shows too,
        # "settling" before 5 gathers; form newest first.
        rows = self.ok(self.c, "stats.players")["players"]
        self.assertEqual([row["NAME"] for row in table], [row["name"] for row in rows])
        self.assertEqual([row["RATING"] for row in table], ["%d settling" % row["rating"]["display"] for row in rows])
        shown = [row["rating"]["display"] for row in rows]
        self.assertEqual(shown, sorted(shown, reverse=True), "sorted by the number shown")
        self.assertEqual([row["FORM"] for row in table], [{"win": "W", "loss": "L"}[row["form"][0]] for row in rows])
        self.assertEqual([row["MOTM"] for row in table], ["0", "0", "0"], "no vote has closed")
        self.assertEqual(table[0]["NAME"], "P2", "the professional who won is rated highest")
        self.assertEqual(self.parse_table(self.ctl("stats", "--order", "rating").splitlines(), columns), table)
        by_wins = self.parse_table(self.ctl("stats", "--order", "wins").splitlines(), columns)
        self.assertEqual([row["NAME"] for row in by_wins], ["P0", "P2", "P1"])
        self.assertEqual((by_wins[0]["W"], by_wins[0]["GOALS"], by_wins[0]["PER GATHER"], by_wins[0]["WIN RATE"]), ("1", "1", "1.00", "100.0%"))
        self.assertEqual(self.ctl_json("stats", "--order", "goals"), self.ok(self.c, "stats.players", {"order": "goals"}))
        self.assertEqual(
            self.ctl_json("stats", "--since", "2000-01-01", "--min-gathers", "0"),
            self.ok(self.c, "stats.players", {"since": "2000-01-01", "minGathers": 0}),
        )
        out = self.ctl("stats", "player", a)
        self.assertIn("P0 #%d: played 1, won 1" % a, out)
        self.assertIn("Won most with: P2 (1 win)", out)
        report = self.ok(self.c, "stats.player", {"id": a})
        self.assertIn("Rating %d, settling (1 of 5 gathers; mu %.1f, sigma %.1f); after each gather: %d\n" % (
            report["rating"]["display"], report["rating"]["mu"], report["rating"]["sigma"], report["ratings"][-1]["display"]), out)
        self.assertIn("Form (last 5, newest first): W\n", out)
        self.assertRegex(out, r"\n  gather %d  win  Team A 1-0 Team B  for Team A  1 goal\n" % report["recent"][0]["gather"])
        self.assertEqual(self.ctl_json("stats", "player", a), self.ok(self.c, "stats.player", {"id": a}))
        self.ctl_usage("stats", "--order", "fame")
        self.ctl_refused(["stats", "player", "99"], "stats.player", {"id": 99}, "player_not_found")
        self.ctl_refused(["stats", "--since", "soon"], "stats.players", {"since": "soon"}, "invalid_params")
        # `stats players` (the method's name) is the table too.
        self.assertEqual(self.ctl("stats", "players").splitlines(), lines)
        self.assertIn("No player matches", self.ctl("stats", "--since", "2100-01-01"))

    def test_suggest_shows_the_split_and_start_balanced_plays_it(self):
        ids = self.roster(6)
        listed = ",".join(map(str, ids))
        out = self.ctl("gather", "suggest", listed, "--seed", 3)
        self.assertRegex(out, r"Team A, strength \d+\.\d, the sum of mu: ")
        self.assertIn("1 goalkeeper", out)
        self.assertIn("the fairest split", out)
        suggestion = self.ctl_json("gather", "suggest", listed, "--seed", 3)
        self.assertEqual(suggestion, self.ok(self.c, "gather.suggest", {"players": ids, "seed": 3}))
        # The predicted result: the reply's whole percentages, which add up to 100.
        percent = suggestion["percent"]
        self.assertIn("Predicted: Team A wins %d%%, a draw %d%%, Team B wins %d%%" % (
            percent["teamA"], percent["draw"], percent["teamB"]), out)
        self.assertEqual(sum(percent.values()), 100)
        first = suggestion["teamA"]["players"][0]
        self.assertIn("%s #%d rating %d settling" % (first["name"], first["id"], first["rating"]["display"]), out)
        by_skill = self.ctl("gather", "suggest", listed, "--seed", 3, "--by", "skill")
        self.assertRegex(by_skill, r"Team A, strength \d+ skill points: P\d #\d+ \d+ pts")
        self.ctl_refused(["gather", "suggest", str(ids[0])], "gather.suggest", {"players": ids[:1]}, "invalid_params")

        gather = self.ctl_json("gather", "start", "--balanced", "--players", listed, "--seed", 3, "--periods", 2, "--break", "5:00")
        self.assertEqual([m["id"] for m in gather["teams"]["teamA"]], [p["id"] for p in suggestion["teamA"]["players"]])
        self.assertEqual([m["id"] for m in gather["teams"]["teamB"]], [p["id"] for p in suggestion["teamB"]["players"]])
        self.assertEqual((gather["timer"]["periods"], gather["timer"]["breakLength"]), (2, 300))
        self.ctl_usage("gather", "start", "--balanced")
        self.ctl_usage("gather", "start", "--balanced", "--players", listed, "--team-a", "1")

    def test_gather_report_prints_the_message_to_share(self):
        a, b = self.roster(2)
        self.start_gather(self.c, [a], [b], names={"teamA": "Reds", "teamB": "Blues"})
        self.ok(self.c, "score.goal", {"team": "teamA", "player": a})
        first = self.ok(self.c, "gather.end")["id"]
        self.start_gather(self.c, [a], [b])
        self.ok(self.c, "gather.end")
        # Each ended with its man-of-the-match vote open: the report says until when.
        vote = r"Man of the match: vote by \w{3} \d{1,2} \w{3} 12:00\.\n$"
        self.assertRegex(self.ctl("gather", "report"), "^Full time: Team A 0\u20130 Team B\n" + vote, "the last to end")
        self.assertRegex(self.ctl("gather", "report", first), "^Full time: Reds 1\u20130 Blues\nReds: P0 1'\n" + vote)
        self.assertEqual(self.ctl_json("gather", "report", first), self.ok(self.c, "gather.report", {"gather": first}))
        self.ctl_refused(["gather", "report", "99"], "gather.report", {"gather": 99}, "gather_not_found")

    def test_timer_format_and_added_time(self):
        a, b = self.roster(2)
        self.start_gather(self.c, [a], [b])
        out = self.ctl("timer", "format", "--periods", 2, "--length", "45:00", "--break", "15:00")
        self.assertEqual(out, "45:00 left, stopped, 1st half\n")
        self.ctl_refused(["timer", "add", "1:30"], "timer.addTime", {"seconds": 90}, "invalid_transition")
        self.ok(self.c, "timer.start")
        timer = self.ctl_json("timer", "add", "1:30")
        self.assertEqual(timer["added"], "+1:30")
        self.assertIn("+1:30 left, running, 1st half", self.ctl("timer", "status"))
        self.ctl_refused(["timer", "format", "--periods", "3"], "timer.format", {"periods": 3}, "invalid_transition")
        self.ctl_usage("timer", "format")
        self.ctl_usage("timer", "add", "soon")


if __name__ == "__main__":
    unittest.main()
