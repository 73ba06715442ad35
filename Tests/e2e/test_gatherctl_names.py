"""gatherctl takes a player's name wherever it takes a player, against a real gatherd.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_names.py -v

Names match exactly, ignoring case; a word of digits is an id, and --name reads it as a name. A name that
matches no player is refused by gatherctl itself (exit 1) with the closest names ("did you mean Fatima?"), one
that several players have with each of them and their id, and neither changes anything. `players add` of a name on the roster warns and needs --allow-duplicate. Goals and undos
are confirmed with the scorer and the goal's time. Every check compares with the daemon's own state, read on
the harness's connection.
"""

from __future__ import annotations

import re
import unittest

from test_gatherctl import GatherctlTestCase


def listed_ids(text: str) -> set[int]:
    """The ids of the candidates table in an error message (lines "  ID  NAME  POSITION")."""
    return {int(match) for match in re.findall(r"^\s+(\d+)\s{2,}\S", text, re.M)}


class NamesTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        names = ("Ana", "Bruno", "Carla", "Dani")
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in names}

    def state(self) -> dict:
        """What a refused command must leave as it was: the event counter, the roster and the gather."""
        return {
            "seq": self.ok(self.c, "daemon.status")["seq"],
            "players": self.ok(self.c, "players.list"),
            "gather": self.ok(self.c, "gather.current"),
        }

    def refused_by_gatherctl(self, *args) -> str:
        """Exit 1, nothing on stdout, nothing changed; returns stderr."""
        before = self.state()
        proc = self.run_ctl(*args)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertEqual(proc.stdout, "", self.describe(proc))
        self.assertEqual(self.state(), before, "a refused name changes nothing")
        return proc.stderr

    def test_names_match_exactly_ignoring_case_everywhere_a_player_is_taken(self):
        ana, bruno, carla, dani = (self.ids[name] for name in ("Ana", "Bruno", "Carla", "Dani"))
        gather = self.ctl_json("gather", "start", "--team-a", "ana, BRUNO", "--team-b", "Carla", "--bench", "dANI")
        self.assertEqual(self.member_ids(gather["teams"], "teamA"), [ana, bruno])
        self.assertEqual(self.member_ids(gather["teams"], "teamB"), [carla])
        self.assertEqual(self.member_ids(gather["teams"], "bench"), [dani])
        # Names and ids mix in one list.
        self.ok(self.c, "gather.cancel")
        gather = self.ctl_json("gather", "start", "--team-a", f"{ana},bruno", "--team-b", f"carla,{dani}")
        self.assertEqual(self.member_ids(gather["teams"], "teamB"), [carla, dani])

        moved = self.ctl_json("gather", "move", "DANI", "a")
        self.assertEqual(self.member_ids(moved["teams"], "teamA"), [ana, bruno, dani])
        scored = self.ctl_json("score", "goal", "b", "--player", "carla")
        self.assertEqual(scored["goal"]["player"]["id"], carla)
        self.assertEqual(self.ok(self.c, "score.get")["goals"][-1]["player"]["id"], carla)
        self.ok(self.c, "gather.end")

        self.assertEqual(self.ctl_json("stats", "player", "carla"), self.ok(self.c, "stats.player", {"id": carla}))
        self.assertEqual(self.ctl_json("gather", "history", "--player", "ANA"),
                         self.ok(self.c, "gathers.list", {"player": ana}))
        self.assertEqual(self.ctl_json("players", "show", "bruno"), self.ok(self.c, "players.get", {"id": bruno}))
        self.assertEqual(self.ctl_json("gather", "suggest", "ana,bruno,carla", "--bench", "Dani", "--seed", 1),
                         self.ok(self.c, "gather.suggest", {"players": [ana, bruno, carla], "bench": [dani], "seed": 1}))
        self.assertEqual(self.ctl_json("players", "edit", "BRUNO", "--age", 30)["age"], 30)
        self.assertEqual(self.ctl_json("players", "update", "bruno", "--age", 31)["age"], 31)
        self.assertEqual(self.ok(self.c, "players.get", {"id": bruno})["age"], 31)
        self.assertEqual(self.ctl_json("players", "rm", "dani"), {"deleted": dani})
        self.assertEqual(self.ctl_json("players", "delete", "BRUNO"), {"deleted": bruno})
        self.assertEqual([p["id"] for p in self.ok(self.c, "players.list")["players"]], [ana, carla])

    def test_start_balanced_takes_names(self):
        gather = self.ctl_json("gather", "start", "--balanced", "--players", "ana,bruno,carla,dani", "--seed", 2)
        expected = self.ok(self.c, "gather.suggest", {"players": list(self.ids.values()), "seed": 2})
        self.assertEqual(self.member_ids(gather["teams"], "teamA"), [p["id"] for p in expected["teamA"]["players"]])
        self.assertEqual(self.member_ids(gather["teams"], "teamB"), [p["id"] for p in expected["teamB"]["players"]])

    def test_an_unknown_name_offers_the_closest_names_not_the_roster(self):
        for name in ("Federico", "Fatima", "Eva", "Gil", "Hugo", "Ines", "Joao", "Mo Salah", "Nuno"):
            self.ok(self.c, "players.create", {"name": name})
        self.start_gather(self.c, [self.ids["Ana"]], [self.ids["Bruno"]])
        # A letter dropped, two swapped, the start of a name or of a word of it: the closest few, by name alone.
        for typed, meant in (("fatma", "Fatima"), ("Fede", "Federico"), ("Carals", "Carla"), ("mo", "Mo Salah"),
                             ("BRUNNO", "Bruno")):
            with self.subTest(typed=typed):
                err = self.refused_by_gatherctl("score", "goal", "a", "--player", typed)
                self.assertEqual(err, f'gatherctl: No player is named "{typed}"; did you mean {meant}?\n')
        self.assertEqual(listed_ids(err), set(), "no table of the roster")
        err = self.refused_by_gatherctl("players", "show", "Ev")
        self.assertIn("did you mean Eva?", err)
        # Nothing like it: no roster dump, a pointer to it.
        err = self.refused_by_gatherctl("gather", "move", "Zed", "b")
        self.assertEqual(err, 'gatherctl: No player is named "Zed", nor one like it; gatherctl players lists the roster.\n')
        for args in (("players", "show", "Zed"), ("players", "rm", "Zed"), ("players", "edit", "Zed", "--age", 3),
                     ("stats", "player", "Zed"), ("gather", "history", "--player", "Zed"),
                     ("gather", "suggest", "Ana,Zed")):
            with self.subTest(args=args):
                self.assertIn('"Zed"', self.refused_by_gatherctl(*args))
        self.ok(self.c, "gather.cancel")
        err = self.refused_by_gatherctl("gather", "start", "--team-a", "Ana", "--team-b", "Bruno,Fatma")
        self.assertIn('"Fatma"; did you mean Fatima?', err)

    def test_two_players_of_a_close_name_are_told_apart_by_id(self):
        second = self.ok(self.c, "players.create", {"name": "Dani"})["id"]
        err = self.refused_by_gatherctl("players", "show", "Danni")
        self.assertEqual(err, f'gatherctl: No player is named "Danni"; did you mean Dani (#{self.ids["Dani"]}) '
                              f'or Dani (#{second})?\n')

    def test_an_ambiguous_name_lists_every_player_of_that_name(self):
        second = self.ok(self.c, "players.create", {"name": "ANA"})["id"]
        self.start_gather(self.c, [self.ids["Ana"], second], [self.ids["Bruno"]])
        err = self.refused_by_gatherctl("score", "goal", "a", "--player", "ana")
        self.assertEqual(listed_ids(err), {self.ids["Ana"], second}, err)
        self.assertIn("2 players", err)
        # The id tells them apart.
        scored = self.ctl_json("score", "goal", "a", "--player", second)
        self.assertEqual(scored["goal"]["player"]["id"], second)

    def test_a_name_of_digits_is_an_id_unless_name_is_given(self):
        for index in range(3):
            self.ok(self.c, "players.create", {"name": f"Extra {index}"})
        seven = self.ok(self.c, "players.get", {"id": 7})
        named = self.ok(self.c, "players.create", {"name": "7"})
        self.assertNotEqual(named["id"], 7)
        self.assertEqual(self.ctl_json("players", "show", "7"), seven)
        self.assertEqual(self.ctl_json("players", "show", "7", "--name"), named)
        self.assertEqual(self.ctl_json("players", "show", "--name", "7"), named)
        # A number nobody has as an id is still an id: the daemon's player_not_found, not a name search.
        self.ctl_refused(["players", "show", "42"], "players.get", {"id": 42}, "player_not_found")
        self.refused_by_gatherctl("players", "show", "42", "--name")

        self.start_gather(self.c, [self.ids["Ana"], named["id"]], [7])
        self.assertEqual(self.ctl_json("score", "goal", "b", "--player", "7")["goal"]["player"]["id"], 7)
        self.assertEqual(self.ctl_json("score", "goal", "a", "--player", "7", "--name")["goal"]["player"]["id"], named["id"])
        moved = self.ctl_json("gather", "move", "7", "bench", "--name")
        self.assertEqual(self.member_ids(moved["teams"], "bench"), [named["id"]])
        self.ok(self.c, "gather.cancel")
        gather = self.ctl_json("gather", "start", "--team-a", "7", "--team-b", "Ana", "--name")
        self.assertEqual(self.member_ids(gather["teams"], "teamA"), [named["id"]])
        self.ctl_usage("score", "goal", "a", "--name")  # --name goes with --player

    def test_adding_a_name_already_on_the_roster_needs_allow_duplicate(self):
        err = self.refused_by_gatherctl("players", "add", "ana", "--position", "GK")
        self.assertIn("--allow-duplicate", err)
        self.assertEqual(listed_ids(err), {self.ids["Ana"]}, err)
        added = self.ctl_json("players", "add", "ana", "--position", "GK", "--allow-duplicate")
        self.assertEqual(added, self.ok(self.c, "players.get", {"id": added["id"]}))
        self.assertEqual([p["name"] for p in self.ok(self.c, "players.list")["players"]].count("ana"), 1)
        out = self.ctl("players", "add", "Eve")
        self.assertIn("Eve", out)
        # The protocol is as it was: players.create takes a name twice.
        self.ok(self.c, "players.create", {"name": "Eve"})

    def test_goal_and_undo_confirmations_name_the_scorer_and_the_goal(self):
        self.start_gather(self.c, [self.ids["Ana"]], [self.ids["Bruno"]], periods=2, periodLength=600)
        self.ok(self.c, "timer.start")
        out = self.ctl("score", "goal", "a", "--player", "Ana")
        goal = self.ok(self.c, "score.get")["goals"][-1]
        # The goal's minute as football writes it: the first minute of the first half.
        self.assertEqual(goal["minute"], "1'", goal)
        self.assertEqual(out, "Goal! Ana (1') — Team A 1-0 Team B\n")
        out = self.ctl("score", "goal", "b")
        team_goal = self.ok(self.c, "score.get")["goals"][-1]
        self.assertEqual(out, f"Goal! Team B ({team_goal['minute']}) — Team A 1-1 Team B\n")
        self.assertEqual(self.ctl("score", "undo"), f"Taken back: Team B's goal ({team_goal['minute']}). Team A 1-0 Team B\n")
        self.assertEqual(self.ctl("score", "undo"), "Taken back: Ana's goal (1'). Team A 0-0 Team B\n")


if __name__ == "__main__":
    unittest.main()
