"""gather.* and gathers.* : starting, changing, ending and cancelling gathers, and the history. Their refusals are
checked in process, by the method tests (Tests/GatherDaemonTests/Methods)."""

import time
import unittest

from harness import ONE_PERIOD, DaemonTestCase, iso_to_epoch


class GatherTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.players = self.make_players(self.c, 6)
        self.ids = [p["id"] for p in self.players]

    def current(self):
        return self.ok(self.c, "gather.current")

    # -- gather.start ------------------------------------------------------------------------------

    def test_no_gather_at_first(self):
        self.assertIsNone(self.current())

    def test_start_returns_the_gather_with_a_stopped_ten_minute_clock(self):
        p = self.players
        self.ok(self.c, "players.update", {"id": p[0]["id"], "position": "GK"})
        before = time.time()
        gather = self.checkGather(self.start_gather(self.c, self.ids[0:2], self.ids[2:4], self.ids[4:5]))
        after = time.time()
        self.assertEqual(self.member_ids(gather["teams"], "teamA"), self.ids[0:2])
        self.assertEqual(self.member_ids(gather["teams"], "teamB"), self.ids[2:4])
        self.assertEqual(self.member_ids(gather["teams"], "bench"), self.ids[4:5])
        self.assertEqual(gather["teams"]["teamA"][0], {"id": p[0]["id"], "name": p[0]["name"], "position": "goalkeeper"})
        self.assertEqual(gather["teams"]["teamA"][1], {"id": p[1]["id"], "name": p[1]["name"], "position": None})
        self.assertEqual(gather["score"], {"teamA": 0, "teamB": 0, "text": "0-0"})
        self.assertEqual(gather["goals"], [])
        self.assertEqual(
            gather["timer"],
            {"state": "stopped", "duration": 600, "remaining": 600, "remainingMs": 600000, "display": "10:00", "endsAt": None}
            | ONE_PERIOD,
        )
        self.assertLessEqual(before - 1, iso_to_epoch(gather["startedAt"]))
        self.assertLessEqual(iso_to_epoch(gather["startedAt"]), after + 1)
        self.assertEqual(self.current(), gather)

    def test_start_without_bench(self):
        gather = self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.assertEqual(gather["teams"]["bench"], [])

    def test_start_with_a_clock_duration(self):
        for clock, duration, shown in (
            ({"minutes": 5}, 300, "05:00"),
            ({"minutes": 1, "seconds": 30}, 90, "01:30"),
            ({"seconds": 45}, 45, "00:45"),
            ({"seconds": 5999}, 5999, "99:59"),
            ({"seconds": 1}, 1, "00:01"),
        ):
            with self.subTest(clock=clock):
                gather = self.start_gather(self.c, [self.ids[0]], [self.ids[1]], **clock)
                self.assertEqual(gather["timer"]["duration"], duration)
                self.assertEqual(gather["timer"]["display"], shown)
                self.assertEqual(gather["timer"]["state"], "stopped")
                self.ok(self.c, "gather.cancel")

    # -- gather.assign -----------------------------------------------------------------------------

    def test_assign_moves_a_player_between_teams(self):
        self.start_gather(self.c, self.ids[0:2], self.ids[2:4], self.ids[4:5])
        gather = self.checkGather(self.ok(self.c, "gather.assign", {"player": self.ids[4], "team": "teamA"}))
        self.assertEqual(self.member_ids(gather["teams"], "teamA"), self.ids[0:2] + [self.ids[4]])
        self.assertEqual(gather["teams"]["bench"], [])
        gather = self.ok(self.c, "gather.assign", {"player": self.ids[0], "team": "bench"})
        self.assertNotIn(self.ids[0], self.member_ids(gather["teams"], "teamA"))
        self.assertEqual(self.member_ids(gather["teams"], "bench"), [self.ids[0]])
        gather = self.ok(self.c, "gather.assign", {"player": self.ids[2], "team": "teamA"})
        self.assertIn(self.ids[2], self.member_ids(gather["teams"], "teamA"))
        self.assertNotIn(self.ids[2], self.member_ids(gather["teams"], "teamB"))
        self.assertEqual(self.current(), gather)

    def test_assign_adds_a_roster_player_who_is_not_in_the_gather(self):
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        gather = self.ok(self.c, "gather.assign", {"player": self.ids[5], "team": "bench"})
        self.assertEqual(self.member_ids(gather["teams"], "bench"), [self.ids[5]])
        gather = self.ok(self.c, "gather.assign", {"player": self.ids[4], "team": "teamB"})
        self.assertEqual(self.member_ids(gather["teams"], "teamB"), [self.ids[1], self.ids[4]])

    # -- gather.end --------------------------------------------------------------------------------

    def test_end_records_the_result(self):
        started = self.start_gather(self.c, self.ids[0:2], self.ids[2:4], [self.ids[4]])
        self.ok(self.c, "score.goal", {"team": "teamB", "player": self.ids[2]})
        self.ok(self.c, "timer.start")
        record = self.checkRecord(self.ok(self.c, "gather.end"))
        self.assertEqual(record["id"], started["id"])
        self.assertEqual(record["startedAt"], started["startedAt"])
        self.assertEqual(record["score"], {"teamA": 0, "teamB": 1, "text": "0-1"})
        self.assertEqual(record["winner"], "teamB")
        self.assertEqual(record["teams"], started["teams"])
        self.assertEqual(len(record["goals"]), 1)
        self.assertEqual(record["goals"][0]["player"], {"id": self.ids[2], "name": self.players[2]["name"]})
        self.assertIsNone(self.current())
        self.assertEqual(self.ok(self.c, "gathers.get", {"id": record["id"]}), record)
        # Its players may be deleted now, and a new gather may start.
        self.ok(self.c, "players.delete", {"id": self.ids[4]})
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])

    def test_a_draw_has_no_winner(self):
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.assertEqual(self.ok(self.c, "gather.end")["winner"], "none")
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.ok(self.c, "score.set", {"teamA": 2, "teamB": 2})
        record = self.ok(self.c, "gather.end")
        self.assertEqual((record["winner"], record["score"]["text"]), ("none", "2-2"))

    # -- gather.cancel -----------------------------------------------------------------------------

    def test_cancel_leaves_no_history(self):
        gather = self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.ok(self.c, "score.goal", {"team": "teamA"})
        self.assertEqual(self.ok(self.c, "gather.cancel"), {"cancelled": gather["id"]})
        self.assertIsNone(self.current())
        self.assertEqual(self.ok(self.c, "gathers.list"), {"gathers": [], "next": None})

    # -- gathers.list / gathers.get ----------------------------------------------------------------

    def play(self, team_a, team_b, goals_a=0, goals_b=0):
        self.start_gather(self.c, team_a, team_b)
        if goals_a or goals_b:
            self.ok(self.c, "score.set", {"teamA": goals_a, "teamB": goals_b})
        return self.ok(self.c, "gather.end")

    def test_history_is_newest_first_with_summaries(self):
        first = self.play([self.ids[0]], [self.ids[1]], 2, 1)
        second = self.play([self.ids[2]], [self.ids[3]], 0, 3)
        third = self.play([self.ids[0]], [self.ids[3]])
        listed = self.ok(self.c, "gathers.list")
        self.assertIsNone(listed["next"])
        self.assertEqual([g["id"] for g in listed["gathers"]], [third["id"], second["id"], first["id"]])
        for summary, record in zip(listed["gathers"], (third, second, first)):
            self.checkSummary(summary)
            for key in ("id", "startedAt", "endedAt", "score", "winner"):
                self.assertEqual(summary[key], record[key], key)
        self.assertEqual([g["winner"] for g in listed["gathers"]], ["none", "teamB", "teamA"])
        self.assertEqual(self.ok(self.c, "gathers.get", {"id": second["id"]}), second)

    def test_history_pages_with_limit_and_before(self):
        records = [self.play([self.ids[0]], [self.ids[1]]) for _ in range(5)]
        newest_first = [r["id"] for r in reversed(records)]
        page1 = self.ok(self.c, "gathers.list", {"limit": 2})
        self.assertEqual([g["id"] for g in page1["gathers"]], newest_first[0:2])
        self.assertIsNotNone(page1["next"])
        page2 = self.ok(self.c, "gathers.list", {"limit": 2, "before": page1["next"]})
        self.assertEqual([g["id"] for g in page2["gathers"]], newest_first[2:4])
        self.assertIsNotNone(page2["next"])
        page3 = self.ok(self.c, "gathers.list", {"limit": 2, "before": page2["next"]})
        self.assertEqual([g["id"] for g in page3["gathers"]], newest_first[4:5])
        self.assertIsNone(page3["next"])
        exact = self.ok(self.c, "gathers.list", {"limit": 5})
        self.assertEqual([g["id"] for g in exact["gathers"]], newest_first)
        self.assertIsNone(exact["next"], "next is null when there are no more gathers")
        self.assertEqual(
            [g["id"] for g in self.ok(self.c, "gathers.list", {"before": newest_first[1]})["gathers"]], newest_first[2:]
        )

    def test_history_lists_twenty_by_default_and_at_most_one_hundred(self):
        records = [self.play([self.ids[0]], [self.ids[1]]) for _ in range(21)]
        listed = self.ok(self.c, "gathers.list")
        self.assertEqual(len(listed["gathers"]), 20)
        self.assertIsNotNone(listed["next"])
        rest = self.ok(self.c, "gathers.list", {"before": listed["next"]})
        self.assertEqual([g["id"] for g in rest["gathers"]], [records[0]["id"]])
        self.assertIsNone(rest["next"])
        self.assertEqual(len(self.ok(self.c, "gathers.list", {"limit": 100})["gathers"]), 21)
        self.assertEqual(len(self.ok(self.c, "gathers.list", {"limit": 1})["gathers"]), 1)

    def test_history_by_player(self):
        one = self.play([self.ids[0]], [self.ids[1]])
        two = self.play([self.ids[2]], [self.ids[0]])
        three = self.play([self.ids[2]], [self.ids[3]])
        self.assertEqual([g["id"] for g in self.ok(self.c, "gathers.list", {"player": self.ids[0]})["gathers"]], [two["id"], one["id"]])
        self.assertEqual([g["id"] for g in self.ok(self.c, "gathers.list", {"player": self.ids[3]})["gathers"]], [three["id"]])
        self.assertEqual(self.ok(self.c, "gathers.list", {"player": self.ids[5]}), {"gathers": [], "next": None})
        paged = self.ok(self.c, "gathers.list", {"player": self.ids[2], "limit": 1})
        self.assertEqual([g["id"] for g in paged["gathers"]], [three["id"]])
        rest = self.ok(self.c, "gathers.list", {"player": self.ids[2], "limit": 1, "before": paged["next"]})
        self.assertEqual([g["id"] for g in rest["gathers"]], [two["id"]])
        self.assertIsNone(rest["next"])

    def test_history_keeps_the_names_and_positions_of_deleted_players(self):
        ana, bruno = self.players[0], self.players[1]
        self.ok(self.c, "players.update", {"id": ana["id"], "position": "ST"})
        self.start_gather(self.c, [ana["id"]], [bruno["id"]])
        self.ok(self.c, "score.goal", {"team": "teamA", "player": ana["id"]})
        record = self.ok(self.c, "gather.end")
        self.assertEqual(self.ok(self.c, "players.delete", {"id": ana["id"]}), {"deleted": ana["id"]})
        kept = self.checkRecord(self.ok(self.c, "gathers.get", {"id": record["id"]}))
        self.assertEqual(kept["teams"]["teamA"], [{"id": None, "name": ana["name"], "position": "striker"}])
        self.assertEqual(kept["teams"]["teamB"], record["teams"]["teamB"])
        self.assertEqual(kept["goals"][0]["player"], {"id": None, "name": ana["name"]})
        self.assertEqual(kept["score"], record["score"])
        self.assertEqual([g["id"] for g in self.ok(self.c, "gathers.list", {"player": bruno["id"]})["gathers"]], [record["id"]])


if __name__ == "__main__":
    unittest.main()
