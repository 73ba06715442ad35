"""gatherctl plan against a real gatherd: make a plan, join and leave by name, the soonest open plan
by default or --plan ID, the sign-up link, cancel, gather start --plan, and the night's check-in (who turned up,
walk-ins, fair teams of them, and no-shows in the stats); each checked against the daemon's own state read on the harness's connection.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_plans.py -v
"""

from __future__ import annotations

import datetime as dt
import re
import unittest

from test_gatherctl import GatherctlTestCase


def in_days(days: int) -> str:
    return (dt.date.today() + dt.timedelta(days=days)).isoformat() + "T19:00+01:00"


class PlanCommandTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bruno", "Carla", "Dani")}

    def plan(self, plan_id):
        return self.ok(self.c, "plan.get", {"plan": plan_id})

    def names(self, entries):
        return [entry["name"] for entry in entries]

    def test_new_join_leave_and_the_list_as_people_read_it(self):
        out = self.ctl("plan", "new", in_days(3), "--capacity", "2", "--place", "Astro 2")
        plan_id = self.ok(self.c, "plans.list")["plans"][0]["id"]
        self.assertIn(f"Made plan {plan_id}.", out)
        self.assertIn("19:00 +01:00, Astro 2: 0 going, 0 waiting, 2 places left of 2", out)
        self.assertIn("is going to plan", self.ctl("plan", "join", "ana"))
        self.ctl("plan", "join", "BRUNO")
        self.assertIn("Carla is on the waiting list (number 1)", self.ctl("plan", "join", str(self.ids["Carla"])))
        self.assertIn("nothing changed", self.ctl("plan", "join", "Ana"))
        left = self.ctl("plan", "leave", "ana")
        self.assertIn("Ana can't make it", left)
        self.assertIn("Carla moves up from the waiting list: going.", left)
        plan = self.plan(plan_id)
        self.assertEqual(self.names(plan["going"]), ["Bruno", "Carla"])
        self.assertEqual(self.names(plan["notGoing"]), ["Ana"])
        listing = self.ctl("plan")
        self.assertIn("  Going: Bruno, Carla\n  Not going: Ana\n", listing)
        self.assertIn(": 2 going, 0 waiting, no places left of 2", listing)

    def test_commands_act_on_the_soonest_open_plan_unless_given_one(self):
        sunday = self.ctl_json("plan", "new", in_days(6), "--capacity", "10")
        thursday = self.ctl_json("plan", "new", in_days(3), "--capacity", "10")
        self.ctl("plan", "join", "Dani")
        self.ctl("plan", "join", "Dani", "--plan", sunday["id"])
        self.ctl("plan", "join", "--guest", "Zé", "--plan", sunday["id"])
        self.assertEqual(self.names(self.plan(thursday["id"])["going"]), ["Dani"])
        self.assertEqual(self.names(self.plan(sunday["id"])["going"]), ["Dani", "Zé"])
        self.assertIn("Zé (guest)", self.ctl("plan", "show", "--plan", sunday["id"]))
        self.ctl("plan", "update", "--capacity", "3", "--note", "Bibs")
        self.assertEqual((self.plan(thursday["id"])["capacity"], self.plan(thursday["id"])["note"]), (3, "Bibs"))
        self.assertEqual(self.ctl("plan", "cancel", "--yes").splitlines()[0],
                         f"Cancelled plan {thursday['id']}. Called off by mistake? gatherctl plan restore "
                         f"{thursday['id']} opens it again, until its start.")
        self.assertEqual([p["id"] for p in self.ok(self.c, "plans.list")["plans"]], [sunday["id"]])

    def test_without_an_open_plan_commands_say_how_to_make_one(self):
        self.assertIn("No plan is open", self.ctl("plan"))
        proc = self.run_ctl("plan", "join", "Ana")
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("No plan is open; make one with: gatherctl plan new", proc.stderr)

    def test_refusals_exit_1_with_the_daemons_message(self):
        proc = self.run_ctl("plan", "new", in_days(3), "--capacity", "41")
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("2 to 40", proc.stderr)
        proc = self.run_ctl("plan", "new", "2020-01-01T19:00Z", "--capacity", "10")
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("future", proc.stderr)
        self.assertEqual(self.ok(self.c, "plans.list")["plans"], [])
        proc = self.run_ctl("plan", "join", "Ana", "--guest", "Zé")
        self.assertEqual(proc.returncode, 2, self.describe(proc))

    def test_accept_and_decline_answer_a_place_offered_close_to_kick_off(self):
        # Two places, freed ones offered from 8 days before: Ana and Bruno going, Carla then Dani waiting.
        plan_id = self.ok(self.c, "plan.create",
                          {"startsAt": in_days(3), "capacity": 2, "offerPeriod": 8 * 24 * 3600})["id"]
        for name in ("Ana", "Bruno", "Carla", "Dani"):
            self.ctl("plan", "join", name)
        left = self.ctl("plan", "leave", "Ana")
        self.assertIn("Carla is offered the place", left)
        self.assertNotIn("moves up", left)
        self.assertIn("  Offered: Carla, ", self.ctl("plan", "show"))
        self.ctl_refused(["plan", "accept", "Dani"], "plan.accept", {"plan": plan_id, "player": self.ids["Dani"]},
                         reason="invalid_params")
        declined = self.ctl("plan", "decline", "carla")
        self.assertIn("Carla can't make it", declined)
        self.assertIn("Dani is offered the place", declined)
        self.assertEqual([offer["name"] for offer in self.plan(plan_id)["attendance"]["offers"]], ["Dani"])
        self.assertIn("did you mean accept?", self.ctl_usage("plan", "take", "Dani"))
        accepted = self.ctl_json("plan", "accept", "Dani", "--plan", plan_id)
        self.assertEqual((accepted["answer"], accepted["changed"]), ("going", True))
        plan = self.plan(plan_id)
        self.assertEqual(self.names(plan["going"]), ["Bruno", "Dani"])
        self.assertEqual(plan["attendance"]["offers"], [])
        self.assertIn("Dani was already going", self.ctl("plan", "accept", "Dani"))
        for command in ("accept", "decline"):
            usage = self.ctl("plan", command, "--help")
            self.assertIn("offer period", usage)
            self.assertIn("--plan", usage)

    def test_the_link_is_the_daemons(self):
        self.ctl("plan", "new", in_days(3), "--capacity", "10")
        proc = self.run_ctl("plan", "link")
        # No --http: the daemon says it serves no page.
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("--http", proc.stderr)

    def test_gather_start_from_a_plan(self):
        plan = self.ctl_json("plan", "new", in_days(3), "--capacity", "2")
        for name in ("Ana", "Bruno", "Carla"):
            self.ctl("plan", "join", name)
        # Three days early: --force (test_gatherctl_touchline checks the refusal without it).
        out = self.ctl("gather", "start", "--plan", plan["id"], "--duration", "7:00", "--force")
        self.assertIn(f"Started from plan {plan['id']} with fair teams.", out)
        gather = self.ok(self.c, "gather.current")
        players = sorted(m["name"] for side in ("teamA", "teamB") for m in gather["teams"][side])
        self.assertEqual(players, ["Ana", "Bruno"], "Carla waited: she does not play")
        self.assertEqual((gather["plan"], gather["timer"]["duration"]), (plan["id"], 420))
        self.assertIn("(started as gather", self.ctl("plan", "show", "--plan", plan["id"]))
        proc = self.run_ctl("gather", "start", "--plan", plan["id"], "--team-a", "Ana")
        self.assertEqual(proc.returncode, 2, self.describe(proc))

    def test_check_in_lists_the_plan_marks_who_came_and_starts_fair_teams_of_them(self):
        plan = self.ctl_json("plan", "new", in_days(3), "--capacity", "3", "--place", "Astro 2")
        for name in ("Ana", "Bruno", "Carla", "Dani"):
            self.ctl("plan", "join", name)
        listing = self.ctl("plan", "check-in")
        self.assertIn(f"Plan {plan['id']}, ", listing)
        self.assertIn(f"Astro 2: who is here?\nGoing:\n  [ ]    {self.ids['Ana']}  Ana\n", listing)
        self.assertIn(f"Waiting (name them to bring them in):\n  [ ]    {self.ids['Dani']}  Dani\n", listing)
        # Ana by name, Carla by id, Dani from the waiting list, Zé new to the roster; a --walk-in that is a roster
        # player's name just marks them here.
        out = self.ctl("plan", "check-in", "ana", str(self.ids["Carla"]), "--walk-in", "Zé", "--walk-in", "dani")
        self.assertIn("Checked in 4 for plan", out)
        self.assertIn("Ana, Carla, Dani (from the waiting list), Zé (walked in, new).\nNot here: Bruno.\n", out)
        check_in = self.plan(plan["id"])["checkIn"]
        self.assertEqual(self.names(check_in["present"]), ["Ana", "Carla", "Dani", "Zé"])
        self.assertEqual(self.names(check_in["noShows"]), ["Bruno"])
        self.assertIn("  [x]", self.ctl("plan", "check-in").split("Walked in:")[1])
        started = self.ctl("plan", "check-in", "Ana,Carla", "Dani", "--start", "--periods", "2", "--duration", "20:00",
                           "--force")
        self.assertIn(f"Started from plan {plan['id']} with fair teams.", started)
        gather = self.ok(self.c, "gather.current")
        players = sorted(m["name"] for side in ("teamA", "teamB", "bench") for m in gather["teams"][side])
        self.assertEqual(players, ["Ana", "Carla", "Dani"], "those here play, whoever was going")
        self.assertEqual([m["name"] for m in gather["teams"]["bench"]], ["Dani"], "the odd one out, last here, on the bench")
        self.assertEqual((gather["plan"], gather["timer"]["periods"], gather["timer"]["duration"]), (plan["id"], 2, 1200))

    def test_a_check_in_of_fewer_than_two_says_how_many_more_are_needed(self):
        plan = self.ctl_json("plan", "new", in_days(3), "--capacity", "4")
        self.ctl("plan", "join", "Ana")
        for here, hint in ((("Ana",), "A gather needs at least 2 players: check in 1 more to start fair teams.\n"),
                           (("Ana", "Bruno"), f"Start fair teams of them with: gatherctl gather start --plan {plan['id']}\n")):
            with self.subTest(here=here):
                out = self.ctl("plan", "check-in", *here)
                self.assertTrue(out.endswith(hint), out)

    def test_check_in_start_json_is_one_document_and_no_shows_show_in_stats(self):
        plan = self.ctl_json("plan", "new", in_days(3), "--capacity", "4")
        for name in ("Ana", "Bruno", "Carla"):
            self.ctl("plan", "join", name)
        started = self.ctl_json("plan", "check-in", "Ana", "Carla", "--start", "--force")
        self.assertEqual(sorted(started), ["gather", "plan"])
        self.assertEqual(self.names(started["plan"]["checkIn"]["noShows"]), ["Bruno"])
        self.assertEqual((started["gather"]["id"], started["gather"]["plan"]),
                         (self.ok(self.c, "gather.current")["id"], plan["id"]))
        self.ok(self.c, "gather.end")
        # By attendance the whole roster is listed, played or not.
        lines = self.ctl("stats", "--order", "attendance").splitlines()
        table = [re.split(r"\s{2,}", line.strip()) for line in lines]
        self.assertEqual(table[0], ["ID", "NAME", "PLANS JOINED", "PLANS PLAYED", "NO-SHOWS", "LEFT LATE",
                                    "LATE DROP-OUTS", "STRIKES", "PLAYED"])
        rows = {row[1]: row[2:] for row in table[1:]}
        self.assertEqual((rows["Ana"], rows["Bruno"]),
                         (["1", "1", "0", "0", "0", "0", "1"], ["1", "0", "1", "0", "0", "1", "0"]))
        self.assertEqual([row[1] for row in table[1:]][-2:], ["Dani", "Bruno"], "a no-show sorts last")
        # The default table lists Bruno too, who never played, with the strike that says why; not Dani.
        default = [re.split(r"\s{2,}", line.strip()) for line in self.ctl("stats").splitlines()]
        self.assertEqual(default[0][-2:], ["MOTM", "STRIKES"])
        listed = {row[1]: row for row in default[1:]}
        self.assertEqual(sorted(listed), ["Ana", "Bruno", "Carla"])
        self.assertEqual((listed["Bruno"][4], listed["Bruno"][-1], listed["Ana"][-1]), ("0", "1", "0"))
        self.assertIn("Plans: joined 1, played 0, no-shows 1, left within 24 h of the start 0, "
                      "late drop-outs (after the plan's cut-off) 0\n"
                      "Strikes (late drop-outs and no-shows that count now): 1\n",
                      self.ctl("stats", "player", "Bruno"))

    def test_check_in_refuses_what_it_cannot_do(self):
        self.ctl("plan", "new", in_days(3), "--capacity", "3")
        for args in (("--start",), ("--periods", "2", "Ana"), ("--walk-in", " ")):
            proc = self.run_ctl("plan", "check-in", *args)
            self.assertEqual(proc.returncode, 2, self.describe(proc))
        proc = self.run_ctl("plan", "check-in", "Zoe")
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIsNone(self.ok(self.c, "plans.list")["plans"][0]["checkIn"])


if __name__ == "__main__":
    unittest.main()


class FinedAttendanceTests(GatherctlTestCase):
    """gatherd run with fines, as an administrator sets them: a late drop-out and a no-show each write their fine to
    the fee ledger, which gatherctl shows the organiser."""

    daemon_args = ("--fine-late-drop-out", "2.50 EUR", "--fine-no-show", "5 EUR")

    def test_a_late_drop_out_and_a_no_show_are_fined_on_the_ledger(self):
        for name in ("Ana", "Bruno", "Carla"):
            self.ok(self.c, "players.create", {"name": name})
        soon = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=3)).strftime("%Y-%m-%dT%H:%MZ")
        self.ctl("plan", "new", soon, "--capacity", "4")
        for name in ("Ana", "Bruno", "Carla"):
            self.ctl("plan", "join", name)
        self.assertIn("Ana can't make it to plan 1, ", self.ctl("plan", "leave", "Ana"))
        self.assertIn("That is a late drop-out (after the plan's cut-off), fined €2.50 on the fee ledger.\n",
                      self.ctl("plan", "leave", "Bruno"))
        self.ctl("plan", "join", "Bruno")
        self.assertIn("Not here: Carla.", self.ctl("plan", "check-in", "Bruno"))
        owed = self.ctl("fees")
        self.assertRegex(owed, r"Ana #1 +owes €2\.50")
        self.assertRegex(owed, r"Carla #3 +owes €5\.00")
        history = self.ctl("fees", "history")
        self.assertIn("Fine: dropped out of plan 1 after its cut-off", history)
        self.assertIn("Fine withdrawn: back in plan 1", history, "Bruno came back: his fine is put right")
        self.assertIn("Fine: not there for plan 1", history)
