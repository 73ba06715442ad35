"""A whole match, from the roster to the history, the way a club night runs it."""

import unittest

from harness import DaemonTestCase


class WholeMatchTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def test_a_whole_match(self):
        watcher = self.client()
        subscribed = self.ok(watcher, "events.subscribe")
        self.assertEqual(subscribed["snapshot"], {"gather": None, "score": None, "timer": None})

        # The roster.
        roster = [
            self.ok(self.c, "players.create", {"name": "Ana", "position": "GK", "skill": "amateur"}),
            self.ok(self.c, "players.create", {"name": "Bruno", "position": "DEF", "age": 31}),
            self.ok(self.c, "players.create", {"name": "Carla", "position": "ST", "favouriteTeam": "Benfica"}),
            self.ok(self.c, "players.create", {"name": "Duarte", "position": "goalkeeper"}),
            self.ok(self.c, "players.create", {"name": "Eva", "position": "W"}),
            self.ok(self.c, "players.create", {"name": "Filipe", "skill": "beginner"}),
            self.ok(self.c, "players.create", {"name": "Gil"}),  # stays home
        ]
        ana, bruno, carla, duarte, eva, filipe, gil = roster
        self.assertEqual(len(self.ok(self.c, "players.list")["players"]), 7)

        # Kick-off with a short clock.
        gather = self.start_gather(self.c, [ana["id"], bruno["id"], carla["id"]], [duarte["id"], eva["id"]], [filipe["id"]])
        self.assertEqual([m["name"] for m in gather["teams"]["teamA"]], ["Ana", "Bruno", "Carla"])
        timer = self.ok(self.c, "timer.set", {"seconds": 3})
        self.assertEqual((timer["state"], timer["display"]), ("stopped", "00:03"))
        self.assertEqual(self.ok(self.c, "timer.start")["state"], "running")

        # Goals, a substitution, a pause.
        first = self.ok(self.c, "score.goal", {"team": "teamA", "player": carla["id"]})
        self.assertEqual(first["score"]["text"], "1-0")
        second = self.ok(self.c, "score.goal", {"team": "teamB", "player": eva["id"]})
        self.assertEqual(second["score"]["text"], "1-1")
        self.ok(self.c, "gather.assign", {"player": filipe["id"], "team": "teamB"})
        paused = self.ok(self.c, "timer.pause")
        self.assertEqual(paused["state"], "paused")
        third = self.ok(self.c, "score.goal", {"team": "teamA", "player": ana["id"]})
        self.assertEqual(third["score"]["text"], "2-1")
        self.assertAlmostEqual(third["goal"]["matchTimeMs"], 3000 - paused["remainingMs"], delta=1)
        resumed = self.ok(self.c, "timer.resume")
        self.assertEqual(resumed["state"], "running")
        times = [g["goal"]["matchTimeMs"] for g in (first, second, third)]
        self.assertEqual(times, sorted(times), "match time never runs backwards")

        # Full time: await the clock's own "finished" event.
        finished, _ = watcher.wait_event(
            lambda e: e["method"] == "timer" and e["params"].get("change") == "finished", timeout=8
        )
        self.assertEqual(finished["params"]["timer"]["state"], "finished")
        current = self.checkGather(self.ok(self.c, "gather.current"))
        self.assertEqual(current["timer"]["state"], "finished")
        self.assertEqual(current["score"]["text"], "2-1")
        self.assertEqual([g["player"]["name"] for g in current["goals"]], ["Carla", "Eva", "Ana"])
        self.assertEqual(self.ok(self.c, "score.get"), {"score": current["score"], "goals": current["goals"]})

        # The final whistle records the gather.
        record = self.checkRecord(self.ok(self.c, "gather.end"))
        self.assertEqual(record["id"], gather["id"])
        self.assertEqual(record["score"], {"teamA": 2, "teamB": 1, "text": "2-1"})
        self.assertEqual(record["winner"], "teamA")
        self.assertEqual(record["goals"], current["goals"])
        self.assertEqual([m["id"] for m in record["teams"]["teamA"]], [ana["id"], bruno["id"], carla["id"]])
        self.assertEqual([m["id"] for m in record["teams"]["teamB"]], [duarte["id"], eva["id"], filipe["id"]])
        self.assertEqual(record["teams"]["bench"], [])
        self.assertIsNone(self.ok(self.c, "gather.current"))

        # History.
        listed = self.ok(self.c, "gathers.list")
        self.assertEqual(listed["next"], None)
        self.assertEqual(len(listed["gathers"]), 1)
        summary = self.checkSummary(listed["gathers"][0])
        for key in ("id", "startedAt", "endedAt", "score", "winner"):
            self.assertEqual(summary[key], record[key], key)
        self.assertEqual(self.ok(self.c, "gathers.get", {"id": record["id"]}), record)
        for player in (ana, eva, filipe):
            with self.subTest(player=player["name"]):
                self.assertEqual(
                    [g["id"] for g in self.ok(self.c, "gathers.list", {"player": player["id"]})["gathers"]], [record["id"]]
                )
        self.assertEqual(self.ok(self.c, "gathers.list", {"player": gil["id"]}), {"gathers": [], "next": None})

        # What the watcher saw: consecutive seqs, the changes in order, the ticks counting down.
        ended, _ = watcher.wait_event(lambda e: e["method"] == "gather" and e["params"].get("change") == "ended")
        events = [e for e in watcher.seen_events if e["params"]["seq"] <= ended["params"]["seq"]]
        seqs = [e["params"]["seq"] for e in events]
        self.assertEqual(seqs, list(range(subscribed["seq"] + 1, subscribed["seq"] + 1 + len(events))), "no event may be lost")
        changes = [(e["method"], e["params"].get("change")) for e in events if e["method"] != "tick"]
        self.assertEqual(
            changes,
            [("players", "created")] * 7
            + [
                ("gather", "started"),
                ("timer", "set"),
                ("timer", "started"),
                ("score", "goal"),
                ("score", "goal"),
                ("gather", "assigned"),
                ("timer", "paused"),
                ("score", "goal"),
                ("timer", "resumed"),
                ("timer", "finished"),
                ("gather", "ended"),
            ],
        )
        ticks = [e["params"]["remaining"] for e in events if e["method"] == "tick"]
        self.assertEqual(ticks, [2, 1, 0], "one tick per whole second crossed, down to 0")
        finished_at = next(i for i, e in enumerate(events) if e["method"] == "timer" and e["params"]["change"] == "finished")
        last_tick_at = max(i for i, e in enumerate(events) if e["method"] == "tick")
        self.assertLess(last_tick_at, finished_at, "the 0 tick comes before the finished event")

    def test_a_match_with_an_undo_and_a_correction(self):
        a, b, c, d = self.make_players(self.c, 4)
        self.start_gather(self.c, [a["id"], b["id"]], [c["id"], d["id"]], minutes=1)
        self.ok(self.c, "timer.toggle")
        self.ok(self.c, "score.goal", {"team": "teamA", "player": a["id"]})
        self.ok(self.c, "score.goal", {"team": "teamA", "player": b["id"]})
        undone = self.ok(self.c, "score.undo")
        self.assertEqual(undone["undone"]["player"]["id"], b["id"])
        self.ok(self.c, "score.goal", {"team": "teamB", "player": d["id"]})
        self.ok(self.c, "score.set", {"teamA": 3, "teamB": 1})
        self.ok(self.c, "timer.toggle")
        record = self.ok(self.c, "gather.end")
        self.assertEqual((record["score"]["text"], record["winner"]), ("3-1", "teamA"))
        self.assertEqual([(g["kind"], g["team"]) for g in record["goals"]], [("goal", "teamA"), ("goal", "teamB"), ("correction", None)])
        self.assertEqual(self.ok(self.c, "gathers.list")["gathers"][0]["score"]["text"], "3-1")


if __name__ == "__main__":
    unittest.main()
