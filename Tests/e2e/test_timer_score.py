"""timer.* and score.* : the match clock and the score, on their happy paths, on the daemon's real clock. Their
refusals are checked in process, by the method tests (Tests/GatherDaemonTests/Methods)."""

import time
import unittest

from harness import ONE_PERIOD, DaemonTestCase, ceil_seconds, iso_to_epoch


class TimerTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.a, self.b = self.make_players(self.c, 2)
        self.start_gather(self.c, [self.a["id"]], [self.b["id"]])

    def status(self):
        return self.checkTimer(self.ok(self.c, "timer.status"))

    def test_a_new_gather_has_a_stopped_ten_minute_clock(self):
        self.assertEqual(
            self.status(),
            {"state": "stopped", "duration": 600, "remaining": 600, "remainingMs": 600000, "display": "10:00", "endsAt": None}
            | ONE_PERIOD,
        )

    def test_set_in_seconds_or_minutes_and_seconds(self):
        for params, duration, shown in (
            ({"seconds": 90}, 90, "01:30"),
            ({"minutes": 2, "seconds": 5}, 125, "02:05"),
            ({"minutes": 0, "seconds": 1}, 1, "00:01"),
            ({"seconds": 5999}, 5999, "99:59"),
            ({"minutes": 99, "seconds": 59}, 5999, "99:59"),
            ({"minutes": 1, "seconds": 0}, 60, "01:00"),
        ):
            with self.subTest(params=params):
                timer = self.checkTimer(self.ok(self.c, "timer.set", params))
                expected = {
                    "state": "stopped",
                    "duration": duration,
                    "remaining": duration,
                    "remainingMs": duration * 1000,
                    "display": shown,
                    "endsAt": None,
                } | ONE_PERIOD
                self.assertEqual(timer, expected)
                self.assertEqual(self.status(), expected)

    def test_start_runs_the_clock_until_its_deadline(self):
        self.ok(self.c, "timer.set", {"seconds": 120})
        begin = time.time()
        timer = self.checkTimer(self.ok(self.c, "timer.start"))
        end = time.time()
        self.assertEqual(timer["state"], "running")
        self.assertEqual(timer["duration"], 120)
        self.assertGreater(timer["remainingMs"], 118000)
        self.assertLessEqual(timer["remainingMs"], 120000)
        ends_at = iso_to_epoch(timer["endsAt"])
        self.assertGreaterEqual(ends_at, begin + 120 - 1.0)
        self.assertLessEqual(ends_at, end + 120 + 0.1)
        status = self.status()
        self.assertEqual(status["state"], "running")
        self.assertAlmostEqual(
            iso_to_epoch(status["endsAt"]), iso_to_epoch(timer["endsAt"]), delta=0.02, msg="the deadline of a running clock does not move"
        )
        self.assertLessEqual(status["remainingMs"], timer["remainingMs"])

    def test_a_paused_clock_keeps_its_time_and_does_not_tick(self):
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick"]})
        self.ok(self.c, "timer.start")
        first = watcher.next_event(timeout=3)
        self.assertEqual(first["method"], "tick")
        paused = self.checkTimer(self.ok(self.c, "timer.pause"))
        self.assertEqual(paused["state"], "paused")
        self.assertIsNone(paused["endsAt"])
        self.assertLess(paused["remainingMs"], 600000)
        # Ticks emitted before the pause may still be on their way; none may come from after it.
        floor = ceil_seconds(paused["remainingMs"])
        late = []
        try:
            while True:
                late.append(watcher.next_event(timeout=1.5))
        except TimeoutError:
            pass
        for event in late:
            self.assertGreaterEqual(event["params"]["remaining"], floor, f"a paused clock ticked: {event}")
        self.assertEqual(self.status(), paused)
        resumed = self.checkTimer(self.ok(self.c, "timer.resume"))
        self.assertEqual(resumed["state"], "running")
        self.assertLessEqual(resumed["remainingMs"], paused["remainingMs"])
        self.assertGreater(resumed["remainingMs"], paused["remainingMs"] - 500)
        self.assertAlmostEqual(iso_to_epoch(resumed["endsAt"]) - time.time(), resumed["remainingMs"] / 1000, delta=0.5)

    def test_set_while_paused_stops_the_clock_at_the_new_duration(self):
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.pause")
        timer = self.ok(self.c, "timer.set", {"seconds": 30})
        self.assertEqual((timer["state"], timer["duration"], timer["remainingMs"]), ("stopped", 30, 30000))

    def test_reset_from_running_goes_back_to_the_full_duration(self):
        self.ok(self.c, "timer.set", {"minutes": 3, "seconds": 0})
        self.ok(self.c, "timer.start")
        timer = self.checkTimer(self.ok(self.c, "timer.reset"))
        self.assertEqual(
            timer, {"state": "stopped", "duration": 180, "remaining": 180, "remainingMs": 180000, "display": "03:00", "endsAt": None}
            | ONE_PERIOD
        )

    def test_a_finished_clock(self):
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["timer"]})
        self.ok(self.c, "timer.set", {"seconds": 1})
        watcher.wait_event(lambda e: e["params"].get("change") == "set")
        self.ok(self.c, "timer.start")
        event, _ = watcher.wait_event(lambda e: e["params"].get("change") == "finished", timeout=5)
        finished = {"state": "finished", "duration": 1, "remaining": 0, "remainingMs": 0, "display": "00:00", "endsAt": None} | ONE_PERIOD
        self.assertEqual(event["params"]["timer"], finished)
        self.assertEqual(self.status(), finished)
        reset = self.ok(self.c, "timer.reset")
        self.assertEqual((reset["state"], reset["remainingMs"], reset["display"]), ("stopped", 1000, "00:01"))
        self.assertEqual(self.ok(self.c, "timer.set", {"seconds": 30})["duration"], 30)


class ScoreTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.p = self.make_players(self.c, 6)
        self.ids = [p["id"] for p in self.p]
        # teamA: 0, 1; teamB: 2, 3; bench: 4; 5 is on the roster only.
        self.gather = self.start_gather(self.c, self.ids[0:2], self.ids[2:4], [self.ids[4]])

    def score(self):
        return self.ok(self.c, "score.get")

    def test_goals_with_and_without_a_scorer(self):
        before = time.time()
        first = self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[1]})
        after = time.time()
        self.assertEqual(first["score"], {"teamA": 1, "teamB": 0, "text": "1-0"})
        goal = self.checkGoal(first["goal"])
        self.assertEqual(
            {k: goal[k] for k in ("kind", "team", "player", "matchTimeMs", "matchTime", "score")},
            {
                "kind": "goal",
                "team": "teamA",
                "player": {"id": self.ids[1], "name": self.p[1]["name"]},
                "matchTimeMs": 0,
                "matchTime": "00:00",
                "score": first["score"],
            },
        )
        self.assertGreaterEqual(iso_to_epoch(goal["at"]), before - 1)
        self.assertLessEqual(iso_to_epoch(goal["at"]), after + 1)
        second = self.ok(self.c, "score.goal", {"team": "teamB"})
        self.assertEqual(second["score"]["text"], "1-1")
        self.assertEqual((second["goal"]["team"], second["goal"]["player"]), ("teamB", None))
        got = self.score()
        self.assertEqual(got["score"], second["score"])
        self.assertEqual(got["goals"], [first["goal"], second["goal"]])
        self.assertEqual(self.ok(self.c, "gather.current")["goals"], got["goals"])

    def test_match_time_follows_the_clock(self):
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick"]})
        self.ok(self.c, "timer.start")
        watcher.next_event(timeout=3)  # at least one second has run
        goal = self.checkGoal(self.ok(self.c, "score.goal", {"team": "teamB", "player": self.ids[3]})["goal"])
        status = self.ok(self.c, "timer.status")
        elapsed = 600000 - status["remainingMs"]
        self.assertGreaterEqual(goal["matchTimeMs"], 1000)
        self.assertLessEqual(goal["matchTimeMs"], elapsed)
        self.assertGreater(goal["matchTimeMs"], elapsed - 1000)
        paused = self.ok(self.c, "timer.pause")
        goal = self.ok(self.c, "score.goal", {"team": "teamA"})["goal"]
        self.assertAlmostEqual(goal["matchTimeMs"], 600000 - paused["remainingMs"], delta=1)

    def test_set_is_logged_as_a_correction(self):
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})
        result = self.ok(self.c, "score.set", {"teamA": 3, "teamB": 2})
        self.assertEqual(result["score"], {"teamA": 3, "teamB": 2, "text": "3-2"})
        correction = self.checkGoal(result["goal"])
        self.assertEqual((correction["kind"], correction["team"], correction["player"]), ("correction", None, None))
        self.assertEqual(correction["score"], result["score"])
        got = self.score()
        self.assertEqual([g["kind"] for g in got["goals"]], ["goal", "correction"])
        self.assertEqual(got["score"], result["score"])
        self.assertEqual(self.ok(self.c, "score.set", {"teamA": 0, "teamB": 0})["score"]["text"], "0-0")

    def test_undo_takes_back_the_last_goal(self):
        first = self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})
        second = self.ok(self.c, "score.goal", {"team": "teamB", "player": self.ids[3]})
        undone = self.ok(self.c, "score.undo")
        self.assertEqual(undone["score"], first["score"])
        self.assertEqual(undone["undone"], second["goal"])
        self.assertEqual(self.score(), {"score": first["score"], "goals": [first["goal"]]})
        undone = self.ok(self.c, "score.undo")
        self.assertEqual(undone["score"], {"teamA": 0, "teamB": 0, "text": "0-0"})
        self.assertEqual(undone["undone"], first["goal"])
        self.assertEqual(self.score()["goals"], [])


if __name__ == "__main__":
    unittest.main()
