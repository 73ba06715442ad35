"""Match day against the real daemon: periods, breaks and added time; player stats; fair teams."""

import itertools
import unittest

try:
    import jsonschema
except ImportError:  # Debian: python3-jsonschema
    jsonschema = None

from harness import DaemonTestCase, iso_to_epoch


class SchemaMixin:
    def assertMatchesSchema(self, value, name):
        """The value validates against components/schemas/NAME of the daemon's own OpenRPC document."""
        if jsonschema is None:
            self.skipTest("needs the jsonschema module (Debian: python3-jsonschema)")
        document = self.ok(self.c, "rpc.discover")
        schema = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
        errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(value), key=str)
        self.assertEqual([], [f"{list(e.absolute_path)}: {e.message}" for e in errors], f"{name}: {value}")


class PeriodsTests(SchemaMixin, DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.ids = [p["id"] for p in self.make_players(self.c, 4)]

    def subscribe(self):
        watcher = self.client()
        self.addCleanup(watcher.close)
        self.ok(watcher, "events.subscribe", {"topics": ["timer", "tick"]})
        return watcher

    def timer_event(self, watcher, change, timeout=15):
        event, _ = watcher.wait_event(
            lambda e: e["method"] == "timer" and e["params"]["change"] == change, timeout=timeout
        )
        return event["params"]

    def test_two_halves_with_a_break_end_each_half_then_wait_for_the_referee(self):
        gather = self.start_gather(self.c, self.ids[:2], self.ids[2:], periods=2, periodLength=2, breakLength=1)
        timer = self.checkTimer(gather["timer"])
        self.assertEqual((timer["periods"], timer["period"], timer["duration"], timer["breakLength"]), (2, 1, 2, 1))
        self.assertEqual(timer["periodName"], "1st half")
        watcher = self.subscribe()
        self.ok(self.c, "timer.start")
        ended = self.timer_event(watcher, "periodEnded")
        self.assertEqual(ended["period"], 1)
        self.assertEqual(self.checkTimer(ended["timer"])["state"], "break")
        self.assertMatchesSchema(ended["timer"], "Timer")
        after_break = self.timer_event(watcher, "breakEnded")
        self.assertEqual(after_break["period"], 2)
        status = self.checkTimer(self.ok(self.c, "timer.status"))
        self.assertEqual((status["state"], status["period"], status["display"]), ("stopped", 2, "00:02"))
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})
        self.ok(self.c, "timer.start")
        finished = self.timer_event(watcher, "finished")
        self.assertEqual(self.checkTimer(finished["timer"])["period"], 2)
        record = self.checkRecord(self.ok(self.c, "gather.end"))
        self.assertEqual(record["goals"][0]["period"], 1)
        self.assertEqual(record["goals"][0]["when"], "1st half, 00:02")
        self.assertMatchesSchema(record, "GatherRecord")

    def test_added_time_shows_apart_and_moves_the_end(self):
        self.start_gather(self.c, self.ids[:2], self.ids[2:], periods=2, periodLength=60)
        before = self.checkTimer(self.ok(self.c, "timer.start"))
        timer = self.checkTimer(self.ok(self.c, "timer.addTime", {"seconds": 90}))
        self.assertEqual(timer["addedSeconds"], 90)
        self.assertEqual(timer["added"], "+1:30")
        self.assertMatchesSchema(timer, "Timer")
        self.assertGreater(timer["remaining"], 60)
        self.assertAlmostEqual(iso_to_epoch(timer["endsAt"]) - iso_to_epoch(before["endsAt"]), 90, delta=0.01)

    def test_a_break_and_added_time_survive_kill_9(self):
        self.start_gather(self.c, self.ids[:2], self.ids[2:], periods=2, periodLength=1, breakLength=600)
        watcher = self.subscribe()
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.addTime", {"seconds": 1})
        self.timer_event(watcher, "periodEnded")
        watcher.close()
        self.daemon.kill9()
        self.daemon.restart()
        self.c = self.client()
        timer = self.checkTimer(self.ok(self.c, "timer.status"))
        self.assertEqual((timer["state"], timer["period"], timer["addedSeconds"]), ("break", 1, 1))
        self.assertTrue(590 <= timer["remaining"] <= 600, timer)
        # The 2nd half, with time added, survives too.
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.addTime", {"seconds": 120})
        self.daemon.kill9()
        self.daemon.restart()
        self.c = self.client()
        timer = self.checkTimer(self.ok(self.c, "timer.status"))
        self.assertEqual((timer["state"], timer["period"], timer["addedSeconds"], timer["added"]), ("running", 2, 120, "+2:00"))


class StatsTests(SchemaMixin, DaemonTestCase):
    fresh_daemon_per_test = True

    def play(self, team_a, team_b, goals, bench=()):
        self.start_gather(self.c, team_a, team_b, bench)
        for team, player in goals:
            self.ok(self.c, "score.goal", {"team": team, **({"player": player} if player else {})})
        return self.ok(self.c, "gather.end")

    def test_stats_add_up_ended_gathers_only(self):
        ana, bruno, carla, dani = (p["id"] for p in self.make_players(self.c, 4))
        self.play([ana], [bruno], [("teamA", ana), ("teamA", ana)], bench=[carla])
        self.play([ana, carla], [bruno], [("teamB", bruno)])
        self.start_gather(self.c, [ana], [dani])
        self.ok(self.c, "score.goal", {"team": "teamA", "player": ana})  # not ended: does not count
        table = self.ok(self.c, "stats.players")
        self.assertEqual(table["order"], "rating", "the default order is by rating")
        rows = {row["id"]: row for row in table["players"]}
        self.assertEqual(set(rows), {ana, bruno, carla}, "Dani has no ended gather and Carla's bench one does not count")
        self.assertEqual(
            {k: rows[ana][k] for k in ("played", "wins", "draws", "losses", "goals", "goalsPerGather", "winRate")},
            {"played": 2, "wins": 1, "draws": 0, "losses": 1, "goals": 2, "goalsPerGather": 1.0, "winRate": 0.5},
        )
        self.assertEqual(rows[carla]["played"], 1)
        self.assertEqual([row["id"] for row in self.ok(self.c, "stats.players", {"order": "goals"})["players"]][0], ana)
        everyone = self.ok(self.c, "stats.players", {"minGathers": 0, "since": "2000-01-01", "until": "2100-01-01T00:00:00Z"})
        self.assertEqual(len(everyone["players"]), 4)
        self.assertEqual(self.ok(self.c, "stats.players", {"since": "2100-01-01"})["players"], [])
        for row in table["players"]:
            self.assertMatchesSchema(row, "PlayerStats")
        report = self.ok(self.c, "stats.player", {"id": ana})
        self.assertMatchesSchema(report, "PlayerReport")
        self.assertEqual([r["result"] for r in report["recent"]], ["loss", "win"])
        self.assertEqual(report["recent"][1]["goals"], 2)
        self.assertEqual(report["teammates"], [])
        self.assertEqual(self.ok(self.c, "stats.player", {"id": bruno})["teammates"], [])


class SuggestTests(SchemaMixin, DaemonTestCase):
    def test_a_suggestion_is_a_valid_fair_split_and_the_seed_repeats_it(self):
        skills = ["beginner", "amateur", "professional"]
        positions = ["GK", "DEF", "MID", "ST"]
        players = [
            self.ok(self.c, "players.create", {"name": f"S{i}", "skill": skills[i % 3], "position": positions[i % 4]})
            for i in range(10)
        ]
        ids = [p["id"] for p in players]
        # By skill: each player's rating is their points.
        suggestion = self.ok(self.c, "gather.suggest", {"players": ids, "seed": 7, "by": "skill"})
        side_a = [p["id"] for p in suggestion["teamA"]["players"]]
        side_b = [p["id"] for p in suggestion["teamB"]["players"]]
        self.assertEqual(sorted(side_a + side_b), sorted(ids))
        self.assertEqual(len(side_a), 5)
        # Three goalkeepers: as even as can be.
        self.assertEqual(sorted([suggestion["teamA"]["goalkeepers"], suggestion["teamB"]["goalkeepers"]]), [1, 2])
        self.assertTrue(suggestion["exact"])
        rating = {p["id"]: p["rating"] for p in suggestion["teamA"]["players"] + suggestion["teamB"]["players"]}
        self.assertEqual(suggestion["difference"], abs(sum(rating[i] for i in side_a) - sum(rating[i] for i in side_b)))
        # Nothing fairer exists among valid splits (sizes 5/5, each position split within one).
        group = {p["id"]: p["position"] for p in players}
        best = min(
            abs(2 * sum(rating[i] for i in combo) - sum(rating.values()))
            for combo in itertools.combinations(ids, 5)
            if all(abs(2 * sum(group[i] == pos for i in combo) - sum(group[i] == pos for i in ids)) <= 1 for pos in set(group.values()))
        )
        self.assertEqual(suggestion["difference"], best)
        self.assertEqual(self.ok(self.c, "gather.suggest", {"players": ids, "seed": 7, "by": "skill"}), suggestion)
        with_bench = self.ok(self.c, "gather.suggest", {"players": ids[1:], "bench": ids[:1], "seed": 7, "by": "skill"})
        self.assertEqual([(p["id"], p["rating"]) for p in with_bench["bench"]], [(ids[0], 100)])
        self.assertMatchesSchema(suggestion, "Suggestion")
        self.assertMatchesSchema(with_bench, "Suggestion")
        self.assertEqual(self.ok(self.c, "gather.current"), None, "a suggestion changes nothing")


if __name__ == "__main__":
    unittest.main()
