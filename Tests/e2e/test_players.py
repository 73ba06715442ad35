"""players.* : the roster, on its happy paths. Its refusals are checked in process, by the method tests
(Tests/GatherDaemonTests/Methods/PlayersRefusalMethodTests.swift)."""

import unittest

from harness import DaemonTestCase


class PlayersTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def roster(self):
        return self.ok(self.c, "players.list")["players"]

    def test_create_with_a_name_only_fills_the_rest_with_null(self):
        player = self.checkPlayer(self.ok(self.c, "players.create", {"name": "Ana"}))
        self.assertEqual(player["name"], "Ana")
        for key in ("age", "position", "positionAcronym", "skill", "favouriteTeam"):
            self.assertIsNone(player[key], key)
        self.assertEqual(self.ok(self.c, "players.get", {"id": player["id"]}), player)
        self.assertEqual(self.roster(), [player])

    def test_create_with_every_detail(self):
        params = {"name": "Bruno", "age": 27, "position": "striker", "skill": "amateur", "favouriteTeam": "Arsenal"}
        player = self.checkPlayer(self.ok(self.c, "players.create", params))
        expected = dict(params, id=player["id"], positionAcronym="ST", regular=False, confirmed=True)
        self.assertEqual(player, expected)
        self.assertEqual(self.ok(self.c, "players.get", {"id": player["id"]}), expected)

    def test_positions_accept_names_and_acronyms_in_any_case(self):
        cases = {
            "goalkeeper": ("goalkeeper", "GK"),
            "GK": ("goalkeeper", "GK"),
            "gk": ("goalkeeper", "GK"),
            "DEF": ("defender", "DEF"),
            "Mid": ("midfielder", "MID"),
            "w": ("winger", "W"),
            "sT": ("striker", "ST"),
            "defender": ("defender", "DEF"),
            "winger": ("winger", "W"),
        }
        for given, (position, acronym) in cases.items():
            with self.subTest(position=given):
                player = self.ok(self.c, "players.create", {"name": f"P {given}", "position": given})
                self.assertEqual((player["position"], player["positionAcronym"]), (position, acronym))

    def test_every_skill_is_accepted(self):
        for skill in ("beginner", "amateur", "professional"):
            with self.subTest(skill=skill):
                self.assertEqual(self.ok(self.c, "players.create", {"name": skill, "skill": skill})["skill"], skill)

    def test_boundary_values_are_accepted(self):
        for params in (
            {"name": "Young", "age": 1},
            {"name": "Old", "age": 120},
            {"name": "N" * 40},
            {"name": "Fan", "favouriteTeam": "T" * 100},
        ):
            with self.subTest(params={k: (v if len(str(v)) < 20 else f"{len(v)} chars") for k, v in params.items()}):
                player = self.ok(self.c, "players.create", params)
                for key, value in params.items():
                    self.assertEqual(player[key], value)

    def test_names_keep_unicode(self):
        player = self.ok(self.c, "players.create", {"name": "Zoë Ñandú 🙂", "favouriteTeam": "Atlético"})
        fetched = self.ok(self.c, "players.get", {"id": player["id"]})
        self.assertEqual(fetched["name"], "Zoë Ñandú 🙂")
        self.assertEqual(fetched["favouriteTeam"], "Atlético")

    def test_list_is_ordered_by_id(self):
        created = [self.ok(self.c, "players.create", {"name": name}) for name in ("Carla", "Ana", "Bruno")]
        listed = self.roster()
        self.assertEqual([p["id"] for p in listed], sorted(p["id"] for p in created))
        self.assertEqual(sorted(listed, key=lambda p: p["id"]), sorted(created, key=lambda p: p["id"]))
        self.assertEqual(len({p["id"] for p in created}), 3, "every player gets its own id")

    def test_list_of_an_empty_roster(self):
        self.assertEqual(self.ok(self.c, "players.list"), {"players": []})

    def test_update_changes_only_what_is_given(self):
        player = self.ok(
            self.c, "players.create", {"name": "Ana", "age": 27, "position": "GK", "skill": "beginner", "favouriteTeam": "Benfica"}
        )
        updated = self.checkPlayer(self.ok(self.c, "players.update", {"id": player["id"], "name": "Ana Maria", "age": 28}))
        self.assertEqual(updated, dict(player, name="Ana Maria", age=28))
        self.assertEqual(self.ok(self.c, "players.get", {"id": player["id"]}), updated)
        moved = self.ok(self.c, "players.update", {"id": player["id"], "position": "mid", "skill": "professional"})
        self.assertEqual(moved, dict(updated, position="midfielder", positionAcronym="MID", skill="professional"))
        # Marked regular, the player may join a weekly schedule's plans first; the mark stays until changed.
        regular = self.ok(self.c, "players.update", {"id": player["id"], "regular": True})
        self.assertEqual(regular, dict(moved, regular=True))
        self.assertEqual(self.ok(self.c, "players.update", {"id": player["id"], "age": 29})["regular"], True)

    def test_update_with_null_clears_the_optional_details(self):
        player = self.ok(
            self.c, "players.create", {"name": "Ana", "age": 27, "position": "ST", "skill": "amateur", "favouriteTeam": "Benfica"}
        )
        cleared = self.ok(
            self.c,
            "players.update",
            {"id": player["id"], "age": None, "position": None, "skill": None, "favouriteTeam": None},
        )
        self.assertEqual(
            cleared,
            {"id": player["id"], "name": "Ana", "age": None, "position": None, "positionAcronym": None, "skill": None, "favouriteTeam": None,
             "regular": False, "confirmed": True},
        )
        self.assertEqual(self.ok(self.c, "players.get", {"id": player["id"]}), cleared)

    def test_update_with_only_an_id_changes_nothing(self):
        player = self.ok(self.c, "players.create", {"name": "Ana", "age": 30})
        self.assertEqual(self.ok(self.c, "players.update", {"id": player["id"]}), player)

    def test_delete_removes_the_player(self):
        keep = self.ok(self.c, "players.create", {"name": "Keep"})
        gone = self.ok(self.c, "players.create", {"name": "Gone"})
        self.assertEqual(self.ok(self.c, "players.delete", {"id": gone["id"]}), {"deleted": gone["id"]})
        self.assertEqual(self.roster(), [keep])

    def test_ids_are_not_reused_after_a_delete(self):
        first = self.ok(self.c, "players.create", {"name": "First"})
        second = self.ok(self.c, "players.create", {"name": "Second"})
        self.ok(self.c, "players.delete", {"id": second["id"]})
        third = self.ok(self.c, "players.create", {"name": "Third"})
        self.assertNotIn(third["id"], (first["id"], second["id"]))


if __name__ == "__main__":
    unittest.main()
