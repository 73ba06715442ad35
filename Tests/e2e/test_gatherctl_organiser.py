"""The organiser's corrections and settings through gatherctl, against a real gatherd:

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_organiser.py -v

- `players merge FROM INTO --yes`: FROM's gathers and ledger lines are INTO's, FROM leaves the roster; without
  --yes and no terminal it refuses (exit 2) in plain words and changes nothing.
- `players confirm`, `players regular`: a new name confirmed, a player marked regular.
- `gather reopen` plays the last gather again; `gather delete ID` (or `gathers delete`) needs --yes off a terminal.
- `plan restore ID`: a cancelled plan open again with the same sign-up link.
- `plan new --schedule ID` takes the weekly game's place, note and cost; `plan schedule` takes --cost, --guests,
  --paid-by and --first-week this.
- `fees cost --paid-by`, `fees how-to-pay`.
Bad input gets a clear error, a non-zero status, and nothing changes.
"""

from __future__ import annotations

import datetime as dt
import unittest
from typing import Any

import test_gatherctl_plan_times as plan_times
from test_gatherctl import GatherctlTestCase


class OrganiserCommandTests(GatherctlTestCase):
    daemon_args = ("--http", "127.0.0.1:0", "--public-url", "https://pitch.example/")
    daemon_kwargs = {"env": {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Pacific/Honolulu"}}

    def setUp(self):
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla")}

    on_terminal = plan_times.PlanTimesTests.on_terminal

    def refused(self, *args: Any, status: int | None = None) -> str:
        """A command that must fail: a non-zero status (or `status`), nothing on stdout; returns stderr."""
        proc = self.run_ctl(*args)
        self.assertNotEqual(proc.returncode, 0, self.describe(proc))
        if status is not None:
            self.assertEqual(proc.returncode, status, self.describe(proc))
        self.assertEqual(proc.stdout, "", self.describe(proc))
        self.assertRegex(proc.stderr, r"^(Error|gatherctl): \S", self.describe(proc))
        return proc.stderr

    def played(self, team_a: list[int], team_b: list[int]) -> int:
        """A gather started and ended through gatherctl; its id."""
        self.ctl("gather", "start", "--team-a", ",".join(map(str, team_a)), "--team-b", ",".join(map(str, team_b)))
        return self.ctl_json("gather", "end")["id"]

    def test_a_player_on_the_roster_twice_is_merged_with_their_games_and_balance(self):
        twin = self.ok(self.c, "players.create", {"name": "Ana (link)"})["id"]
        ana, bruno = self.ids["Ana"], self.ids["Bruno"]
        gather = self.played([twin], [bruno])
        self.ctl("fees", "cost", "--gather", gather, "30", "EUR")
        before = (self.ok(self.c, "players.list"), self.ok(self.c, "fees.ledger"))
        stderr = self.refused("players", "merge", twin, "Ana", status=2)
        self.assertIn(f"players merge would merge Ana (link) #{twin} into Ana #{ana} for good; confirm with --yes.",
                      stderr)
        self.assertEqual((self.ok(self.c, "players.list"), self.ok(self.c, "fees.ledger")), before)

        out = self.ctl("players", "merge", twin, "Ana", "--yes")
        self.assertTrue(out.startswith(f"Merged Ana (link) #{twin} into Ana #{ana}: "), out)
        self.assertIn(f"Moved Ana (link) #{twin}'s balance to Ana #{ana}: €15.00 (gatherctl fees history {ana}).", out)
        self.assertNotIn(twin, [p["id"] for p in self.ok(self.c, "players.list")["players"]])
        teams = self.ok(self.c, "gathers.get", {"id": gather})["teams"]
        self.assertIn(ana, [p["id"] for p in teams["teamA"]])
        self.assertIn("owes €15.00", self.ctl("fees", "Ana"))
        self.assertTrue(all(e["player"]["id"] != twin for e in self.ctl_json("fees", "history", ana)["entries"]))
        # The one who is gone cannot be merged again: gatherd's refusal, and nothing changes.
        before = self.ok(self.c, "fees.ledger")
        self.refused("players", "merge", twin, ana, "--yes")
        self.refused("players", "merge", "Nobody", "Ana", "--yes")
        self.assertEqual(self.ok(self.c, "fees.ledger"), before)

    def test_a_new_name_is_confirmed_and_a_player_marked_regular(self):
        carla = self.ids["Carla"]
        self.ok(self.c, "players.update", {"id": carla, "confirmed": False})
        self.assertIn(f"New: Carla #{carla} is a name typed on a sign-up link.", self.ctl("players"))
        self.assertEqual(self.ctl("players", "confirm", "Carla"), f"Confirmed Carla #{carla}.\n")
        self.assertTrue(self.ok(self.c, "players.get", {"id": carla})["confirmed"])
        self.assertNotIn("New:", self.ctl("players"))
        self.assertEqual(self.ctl("players", "confirm", "--all"),
                         "No player is new: everyone on the roster is confirmed.\n")
        self.assertEqual(self.ctl("players", "regular", "Bruno"), f"Bruno #{self.ids['Bruno']} is a regular.\n")
        self.assertTrue(self.ok(self.c, "players.get", {"id": self.ids["Bruno"]})["regular"])
        before = self.ok(self.c, "players.list")
        self.refused("players", "confirm", status=2)
        self.refused("players", "regular", "Nobody")
        self.refused("players", "confirm", "999")
        self.assertEqual(self.ok(self.c, "players.list"), before)

    def test_the_last_gather_is_reopened_and_an_ended_one_deleted_only_when_confirmed(self):
        first = self.played([self.ids["Ana"]], [self.ids["Bruno"]])
        out = self.ctl("gather", "reopen")
        self.assertTrue(out.startswith(f"Reopened gather {first}: it is being played again, at full time.\n"), out)
        self.assertEqual(self.ok(self.c, "gather.current")["id"], first)
        self.assertEqual(self.ok(self.c, "gathers.list")["gathers"], [])
        # A gather being played is neither reopened nor deleted.
        self.refused("gather", "reopen", first)
        self.refused("gather", "delete", first, "--yes")
        self.ctl("gather", "end")

        before = self.ok(self.c, "gathers.list")
        stderr = self.refused("gather", "delete", first, status=2)
        self.assertIn(f"gather delete would delete gather {first} from history for good; confirm with --yes "
                      f"(gatherctl gather delete {first} --yes).", stderr)
        self.assertEqual(self.ok(self.c, "gathers.list"), before)
        self.refused("gathers", "delete", 999, "--yes")
        self.assertEqual(self.ok(self.c, "gathers.list"), before)
        self.assertEqual(self.ctl("gathers", "delete", first, "--yes"),
                         f"Deleted gather {first} from history; the ratings and stats are worked out again without it.\n")
        self.assertEqual(self.ok(self.c, "gathers.list")["gathers"], [])
        self.assertEqual(self.refused("gather", "reopen"), "gatherctl: No gather has ended yet.\n")

    def test_on_a_terminal_delete_and_merge_ask_and_a_no_changes_nothing(self):
        ana, bruno = self.ids["Ana"], self.ids["Bruno"]
        gather = self.played([ana], [bruno])
        status, out = self.on_terminal(b"n", "gather", "delete", str(gather))
        self.assertRegex(out, rf"^Delete gather {gather} \(\d{{4}}-\d\d-\d\d \d\d:\d\d, Team A 0-0 Team B\) from "
                              r"history\? Its result, goals and vote go")
        self.assertEqual(status, 1, out)
        self.assertIn("Nothing was deleted.", out)
        self.assertEqual(len(self.ok(self.c, "gathers.list")["gathers"]), 1)
        status, out = self.on_terminal(b"y", "gather", "delete", str(gather))
        self.assertEqual(status, 0, out)
        self.assertEqual(self.ok(self.c, "gathers.list")["gathers"], [])

        twin = self.ok(self.c, "players.create", {"name": "Ana (link)"})["id"]
        status, out = self.on_terminal(b"", "players", "merge", str(twin), "Ana")
        self.assertIn(f"Merge Ana (link) #{twin} into Ana #{ana}? ", out)
        self.assertEqual(status, 1, out)
        self.assertIn("Nothing was merged.", out)
        self.assertIn(twin, [p["id"] for p in self.ok(self.c, "players.list")["players"]])
        status, out = self.on_terminal(b"yes", "players", "merge", str(twin), "Ana")
        self.assertEqual(status, 0, out)
        self.assertNotIn(twin, [p["id"] for p in self.ok(self.c, "players.list")["players"]])

    def test_a_cancelled_plan_is_restored_with_its_answers_and_its_link(self):
        plan = self.ctl_json("plan", "new", "tomorrow", "19:00", "--capacity", "10", "--place", "Astro 2")
        for name in ("Ana", "Bruno"):
            self.ctl("plan", "join", name)
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        self.refused("plan", "restore", plan["id"])
        self.ctl("plan", "cancel", "--plan", plan["id"])
        out = self.ctl("plan", "restore", plan["id"])
        self.assertTrue(out.startswith(f"Restored plan {plan['id']}: open again, with its lists and the same "
                                       "sign-up link.\n"), out)
        restored = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual((restored["status"], [p["name"] for p in restored["going"]]), ("open", ["Ana", "Bruno"]))
        self.assertEqual(self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"], link)
        self.refused("plan", "restore", 999)

    def test_a_weekly_game_with_a_cost_opens_this_weeks_plan_and_plan_new_takes_its_terms(self):
        now = dt.datetime.fromisoformat(self.ok(self.c, "daemon.time")["local"])
        if now.time() >= dt.time(23, 0):
            self.skipTest("this week's game at 23:59 must still be to come on the server's clock")
        day = now.strftime("%a").lower()
        before = self.ok(self.c, "plan.schedules")
        self.refused("plan", "schedule", day, "23:59", "--capacity", "10", "--opens-before", "6d", "--cost", "sixty",
                     status=2)
        self.refused("plan", "schedule", day, "23:59", "--capacity", "10", "--opens-before", "6d", "--guests", "host",
                     status=2)
        self.refused("plan", "schedule", day, "23:59", "--capacity", "10", "--opens-before", "6d", "--cost", "60 EUR",
                     "--paid-by", "Nobody")
        self.assertEqual(self.ok(self.c, "plan.schedules"), before)
        self.assertEqual(self.ok(self.c, "plans.list")["plans"], [])

        out = self.ctl("plan", "schedule", day, "23:59", "--capacity", "10", "--opens-before", "6d",
                       "--place", "Astro 2", "--note", "Bibs", "--cost", "60 EUR", "--guests", "host",
                       "--paid-by", "Ana", "--first-week", "this")
        ana = self.ids["Ana"]
        self.assertIn(f"  Cost each week: €60.00, split among those who play; guests' shares: whoever brought them; "
                      f"paid by Ana #{ana} (credited the whole cost when it is charged).\n", out)
        schedule = self.ok(self.c, "plan.schedules")["schedules"][0]
        self.assertEqual(schedule["fee"]["paidBy"]["id"], ana)
        plans = self.ok(self.c, "plans.list")["plans"]
        self.assertEqual(len(plans), 1, plans)
        self.assertTrue(plans[0]["startsAtLocal"].startswith(now.date().isoformat() + "T23:59"), plans)
        self.assertEqual((plans[0]["fee"]["cost"]["amount"], plans[0]["fee"]["guests"]), (6000, "host"))

        made = self.ctl_json("plan", "new", "--schedule", schedule["id"], "next", day, "20:00")
        self.assertEqual((made["place"], made["note"], made["capacity"]), ("Astro 2", "Bibs", 10))
        self.assertEqual((made["fee"]["cost"]["amount"], made["fee"]["paidBy"]["id"]), (6000, ana))
        self.assertEqual(self.refused("plan", "new", "--schedule", 99),
                         "gatherctl: There is no weekly game 99; gatherctl plan schedules lists them.\n")
        self.refused("plan", "new", "--capacity", "10", status=2)

    def test_who_paid_for_the_pitch_and_how_to_pay_are_said_and_shown(self):
        plan = self.ctl_json("plan", "new", "tomorrow", "19:00", "--capacity", "10")
        ana = self.ids["Ana"]
        self.refused("fees", "cost", "--plan", plan["id"], "60", "EUR", "--paid-by", "Nobody")
        self.refused("fees", "cost", "--plan", plan["id"], "--clear", "--paid-by", "Ana", status=2)
        self.assertIsNone(self.ok(self.c, "plan.get", {"plan": plan["id"]})["fee"])
        out = self.ctl("fees", "cost", "--plan", plan["id"], "60", "EUR", "--paid-by", "Ana")
        self.assertEqual(out, f"Plan {plan['id']} costs €60.00, split among those who play; guests' shares: "
                              f"themselves; paid by Ana #{ana} (credited the whole cost when it is charged).\n")
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": plan["id"]})["fee"]["paidBy"]["id"], ana)

        self.assertIn("Players are told nothing about how to pay", self.ctl("fees", "how-to-pay"))
        note = "Cash at the pitch, or IBAN DE44 5001 0517 5407 3249 31"
        self.assertEqual(self.ctl("fees", "how-to-pay", note),
                         f"Players now see how to pay beside what they owe: {note}\n")
        self.assertEqual(self.ctl("fees", "how-to-pay"), f"Players are told how to pay: {note}\n")
        self.assertEqual(self.ok(self.c, "fees.balance")["howToPay"], note)
        self.refused("fees", "how-to-pay", "x" * 301)
        self.refused("fees", "how-to-pay", note, "--clear", status=2)
        self.assertEqual(self.ok(self.c, "fees.balance")["howToPay"], note)
        self.assertEqual(self.ctl("fees", "how-to-pay", "--clear"), "Players are told nothing about how to pay now.\n")
        self.assertIsNone(self.ok(self.c, "fees.balance")["howToPay"])


if __name__ == "__main__":
    unittest.main()
