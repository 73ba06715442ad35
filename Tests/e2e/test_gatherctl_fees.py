"""gatherctl fees and the man-of-the-match commands against a real gatherd: a plan's cost split among those who
played (a guest's share to whoever brought them), payments marked by name, the ledger, refusals that change
nothing; the vote link, where the vote stands, and the report's invitation to vote.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_fees.py -v
"""

from __future__ import annotations

import datetime as dt
import os
import unittest

from test_gatherctl import GatherctlTestCase


def in_days(days: int) -> str:
    return (dt.date.today() + dt.timedelta(days=days)).isoformat() + "T19:00+01:00"


class FeesAndVoteCommandTests(GatherctlTestCase):
    daemon_args = ("--http", "127.0.0.1:0", "--public-url", "https://pitch.example/")
    # The server's time zone, which places the vote's close at 12:00: UTC, whatever this machine's.
    daemon_kwargs = {"env": dict(os.environ, TZ="UTC")}

    def setUp(self):
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bruno", "Carla", "Dani")}

    def played_plan(self):
        """A plan costing 40.01 EUR, guests' shares to their hosts: Ana, Bruno, Carla and Ana's guest Zé play."""
        plan = self.ctl_json("plan", "new", in_days(3), "--capacity", "4")
        out = self.ctl("fees", "cost", "--plan", plan["id"], "40.01", "eur", "--guests", "host")
        self.assertEqual(
            out, f"Plan {plan['id']} costs €40.01, split among those who play; guests' shares: whoever brought them.\n")
        for name in ("Ana", "Bruno", "Carla"):
            self.ctl("plan", "join", name)
        zé = self.ok(self.c, "plan.join", {"plan": plan["id"], "guest": "Zé", "broughtBy": self.ids["Ana"]})
        self.ctl("gather", "start", "--plan", plan["id"], "--force")
        self.ended = self.ctl("gather", "end")
        return plan, zé["player"]["id"]

    def test_the_cost_is_split_and_payments_are_marked_by_name(self):
        _, zé = self.played_plan()
        a, b, c = self.ids["Ana"], self.ids["Bruno"], self.ids["Carla"]
        self.assertEqual(self.ctl("fees"), (
            f"Ana #{a}    owes €20.01  charged €20.01, paid €0.00\n"
            f"Bruno #{b}  owes €10.00  charged €10.00, paid €0.00\n"
            f"Carla #{c}  owes €10.00  charged €10.00, paid €0.00\n"))
        self.assertEqual(self.ctl("fees", "pay", "ana", "20", "--note", "Cash"), f"Marked €20.00 paid by Ana #{a}: owes €0.01 now.\n")
        self.assertEqual(self.ctl("fees", "pay", "Bruno", "12.5"), f"Marked €12.50 paid by Bruno #{b}: in credit €2.50 now.\n")
        self.assertEqual(self.ctl("fees", "list", "Bruno"), f"Bruno #{b}  in credit €2.50  charged €10.00, paid €12.50\n")
        history = self.ctl("fees", "history", "Ana")
        self.assertIn(f"charge   Ana #{a}  €10.00   gather 1, for Zé #{zé}", history)
        self.assertIn(f"payment  Ana #{a}  -€20.00  Cash", history)
        owed = {line["player"]["name"]: line["owed"]["amount"] for line in self.ok(self.c, "fees.balance")["balances"]}
        self.assertEqual(owed, {"Ana": 1, "Bruno": -250, "Carla": 1000})

    def test_refused_payments_change_nothing(self):
        self.played_plan()
        ledger = self.ok(self.c, "fees.ledger")
        proc = self.run_ctl("fees", "pay", "Dani", "5")
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("Dani has never been charged a fee", proc.stderr)
        proc = self.run_ctl("fees", "pay", "Ana", "5.555")
        self.assertEqual(proc.returncode, 2, self.describe(proc))
        self.assertIn("at most 2 decimal place(s)", proc.stderr)
        proc = self.run_ctl("fees", "cost", "--plan", "1", "-5", "EUR")
        self.assertEqual(proc.returncode, 2, self.describe(proc))
        self.assertIn("A cost can't be negative", proc.stderr)
        self.assertEqual(self.ok(self.c, "fees.ledger"), ledger)

    def test_the_end_says_who_was_charged_and_a_correction_takes_a_minus_sign_as_typed(self):
        self.played_plan()
        self.assertIn("\nCharged the cost in 4 shares: €10.01 or €10.00 (gatherctl fees history --gather 1).\n",
                      self.ended)
        a = self.ids["Ana"]
        self.assertEqual(self.ctl("fees", "correct", "Ana", "-2.50", "--currency", "EUR", "--note", "Brought the ball"),
                         f"Marked -€2.50 corrected for Ana #{a}: owes €17.51 now.\n")
        # After --, as the help also allows; the socket comes from the environment, as nothing after -- is an option.
        proc = self.run_ctl("fees", "correct", "--currency", "EUR", "--note", "Bibs", "Ana", "--", "-0.01",
                            socket=None, env=dict(self.env, GATHERD_SOCKET=self.daemon.socket_path))
        self.assertEqual((proc.returncode, proc.stdout), (0, f"Marked -€0.01 corrected for Ana #{a}: owes €17.50 now.\n"),
                         self.describe(proc))
        notes = [entry["note"] for entry in self.ok(self.c, "fees.ledger", {"player": a})["entries"]]
        self.assertEqual(notes[-2:], ["Brought the ball", "Bibs"])

    def test_the_vote_link_where_the_vote_stands_and_the_report(self):
        self.ctl("gather", "start", "--team-a", "Ana,Bruno", "--team-b", "Carla")
        self.ctl("gather", "end")
        link = self.ctl("gather", "vote-link")
        self.assertRegex(link, r"^https://pitch\.example/#vote=[A-Za-z0-9_-]{22}\n$")
        self.ok(self.c, "vote.cast", {"gather": 1, "voter": self.ids["Ana"], "player": self.ids["Carla"]})
        vote = self.ctl("gather", "vote")
        self.assertRegex(vote, r"^Man of the match, gather 1 \(Team A 0-0 Team B\): open until \w{3} \d{4}-\d\d-\d\d 12:00 \+00:00; "
                               r"1 of 3 voted\.\nStill to vote: Bruno, Carla\.\n$")
        report = self.ctl("gather", "report")
        self.assertIn("\nMan of the match: vote by ", report)
        self.assertIn(" Vote: " + link.strip() + "\n", report)


class VoteInTheServersTimeTests(GatherctlTestCase):
    """A server in Los Angeles, where the vote closes at 12:00 the next day on its clock."""
    daemon_args = ("--http", "127.0.0.1:0", "--public-url", "https://pitch.example/")
    daemon_kwargs = {"env": dict(os.environ, TZ="America/Los_Angeles")}

    def test_the_end_and_the_vote_give_the_close_on_the_servers_clock(self):
        for name in ("Ana", "Bruno", "Carla"):
            self.ok(self.c, "players.create", {"name": name})
        self.ctl("gather", "start", "--team-a", "Ana,Bruno", "--team-b", "Carla")
        ended = self.ctl("gather", "end")
        close = r"\w{3} \d{4}-\d\d-\d\d 12:00 -0[78]:00"
        self.assertRegex(ended, rf"\nMan of the match: those who played vote until {close}; share the vote's link "
                                r"with: gatherctl gather vote-link 1\n"
                                r"Ended too soon\? gatherctl gather reopen plays it again, within 30 minutes\.\n$")
        self.assertNotIn("Charged", ended)
        self.assertRegex(self.ctl("gather", "vote"), rf"^Man of the match, gather 1 \(Team A 0-0 Team B\): open until "
                                                     rf"{close}; 0 of 3 voted\.\n")


if __name__ == "__main__":
    unittest.main()
