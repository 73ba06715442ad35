"""timer.* and score.* : the match clock and the score, on their happy paths and their refusals."""

import time
import unittest

from harness import ONE_PERIOD, DaemonTestCase, ceil_seconds, iso_to_epoch


class WithoutGatherTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def test_timer_and_score_need_an_active_gather(self):
        calls = (
            ("timer.set", {"seconds": 60}),
            ("timer.start", None),
            ("timer.pause", None),
            ("timer.resume", None),
            ("timer.toggle", None),
            ("timer.reset", None),
            ("timer.status", None),
            ("score.goal", {"team": "teamA"}),
            ("score.undo", None),
            ("score.set", {"teamA": 1, "teamB": 0}),
            ("score.get", None),
        )
        for method, params in calls:
            with self.subTest(method=method):
                self.refused(self.c, method, params, -32002, "no_active_gather")
        self.assertIsNone(self.ok(self.c, "gather.current"))

    def test_after_the_gather_ends_the_clock_is_gone(self):
        a, b = self.make_players(self.c, 2)
        self.start_gather(self.c, [a["id"]], [b["id"]])
        self.ok(self.c, "timer.start")
        self.ok(self.c, "gather.end")
        self.refused(self.c, "timer.status", None, -32002, "no_active_gather")
        self.refused(self.c, "timer.pause", None, -32002, "no_active_gather")


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

    def test_set_refusals_name_the_field_and_change_nothing(self):
        self.ok(self.c, "timer.set", {"seconds": 300})
        before = self.status()
        for params, fields in (
            ({"seconds": 0}, ("seconds",)),
            ({"seconds": 6000}, ("seconds",)),
            ({"seconds": -5}, ("seconds",)),
            ({"seconds": "60"}, ("seconds",)),
            ({"seconds": 1.5}, ("seconds",)),
            ({"seconds": None}, ("seconds",)),
            ({"minutes": 100, "seconds": 0}, ("minutes", "seconds")),
            ({"minutes": 0, "seconds": 0}, ("minutes", "seconds")),
            ({"minutes": "1", "seconds": 0}, ("minutes",)),
            ({"seconds": 60, "hours": 1}, ("hours",)),
            ({}, ("seconds", "minutes")),
        ):
            with self.subTest(params=params):
                error = self.invalid_params(self.c, "timer.set", params)
                self.assertIn(error["data"]["field"], fields, error)
        self.assertEqual(self.status(), before)

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

    def test_every_transition_and_its_refusals(self):
        self.ok(self.c, "timer.set", {"seconds": 300})
        steps = (
            ("timer.pause", "stopped"),
            ("timer.resume", "stopped"),
            ("timer.start", None),  # -> running
            ("timer.start", "running"),
            ("timer.resume", "running"),
            ("timer.set", "running"),
            ("timer.pause", None),  # -> paused
            ("timer.pause", "paused"),
            ("timer.start", "paused"),
            ("timer.resume", None),  # -> running
            ("timer.toggle", None),  # -> paused
            ("timer.toggle", None),  # -> running
            ("timer.reset", None),  # -> stopped
            ("timer.toggle", None),  # -> running
            ("timer.reset", None),  # -> stopped
        )
        expected_state = {"timer.start": "running", "timer.resume": "running", "timer.pause": "paused", "timer.reset": "stopped"}
        state = "stopped"
        for index, (method, refused_in) in enumerate(steps):
            with self.subTest(step=index, method=method, state=state):
                params = {"seconds": 60} if method == "timer.set" else None
                if refused_in is not None:
                    self.assertEqual(state, refused_in)
                    before = self.status()
                    self.refused(self.c, method, params, -32002, "invalid_transition")
                    after = self.status()
                    self.assertEqual((after["state"], after["duration"]), (before["state"], before["duration"]))
                    if before["state"] == "running":
                        # endsAt is recomputed from the wall clock on each call: equal to the millisecond or so.
                        self.assertAlmostEqual(iso_to_epoch(after["endsAt"]), iso_to_epoch(before["endsAt"]), delta=0.02)
                    else:
                        self.assertEqual(after, before)
                    continue
                timer = self.checkTimer(self.ok(self.c, method, params))
                if method == "timer.toggle":
                    new_state = {"stopped": "running", "running": "paused", "paused": "running"}[state]
                else:
                    new_state = expected_state[method]
                self.assertEqual(timer["state"], new_state, timer)
                self.assertEqual(timer["duration"], 300)
                if new_state == "stopped":
                    self.assertEqual(timer["remainingMs"], 300000)
                state = new_state

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
        for method in ("timer.start", "timer.pause", "timer.resume", "timer.toggle"):
            with self.subTest(method=method):
                self.refused(self.c, method, None, -32002, "invalid_transition")
        self.assertEqual(self.status(), finished)
        reset = self.ok(self.c, "timer.reset")
        self.assertEqual((reset["state"], reset["remainingMs"], reset["display"]), ("stopped", 1000, "00:01"))
        self.assertEqual(self.ok(self.c, "timer.set", {"seconds": 30})["duration"], 30)

    def test_unknown_params_are_refused(self):
        before = self.status()
        for method in ("timer.start", "timer.pause", "timer.resume", "timer.toggle", "timer.reset", "timer.status"):
            with self.subTest(method=method):
                self.invalid_params(self.c, method, {"now": True}, "now")
        self.assertEqual(self.status(), before)


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

    def test_goal_refusals_change_nothing(self):
        self.ok(self.c, "score.goal", {"team": "teamA"})
        before = self.score()
        for params, field in (
            ({"team": "bench"}, "team"),
            ({"team": "bench", "player": self.ids[4]}, "team"),
            ({"team": "teamC"}, "team"),
            ({"team": "TEAMA"}, "team"),
            ({"team": 1}, "team"),
            ({}, "team"),
            ({"player": self.ids[0]}, "team"),
            ({"team": "teamA", "player": self.ids[2]}, "player"),  # plays for Team B
            ({"team": "teamB", "player": self.ids[4]}, "player"),  # on the bench
            ({"team": "teamA", "player": self.ids[5]}, "player"),  # not in the gather
            ({"team": "teamA", "player": str(self.ids[0])}, "player"),
            ({"team": "teamA", "minute": 12}, "minute"),
        ):
            with self.subTest(params=params):
                self.invalid_params(self.c, "score.goal", params, field)
        self.refused(self.c, "score.goal", {"team": "teamA", "player": 9999}, -32001, "player_not_found")
        self.assertEqual(self.score(), before)

    def test_a_side_cannot_pass_ninety_nine(self):
        self.ok(self.c, "score.set", {"teamA": 99, "teamB": 0})
        before = self.score()
        self.invalid_params(self.c, "score.goal", {"team": "teamA"}, "team")
        self.assertEqual(self.score(), before)
        self.assertEqual(self.ok(self.c, "score.goal", {"team": "teamB"})["score"]["text"], "99-1")

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

    def test_set_refusals_change_nothing(self):
        self.ok(self.c, "score.set", {"teamA": 1, "teamB": 1})
        before = self.score()
        for params, field in (
            ({"teamA": 100, "teamB": 0}, "teamA"),
            ({"teamA": 0, "teamB": 100}, "teamB"),
            ({"teamA": -1, "teamB": 0}, "teamA"),
            ({"teamA": "3", "teamB": 0}, "teamA"),
            ({"teamA": 3}, "teamB"),
            ({"teamB": 3}, "teamA"),
            ({"teamA": 1.5, "teamB": 0}, "teamA"),
            ({"teamA": 1, "teamB": 0, "bench": 0}, "bench"),
        ):
            with self.subTest(params=params):
                self.invalid_params(self.c, "score.set", params, field)
        self.assertEqual(self.score(), before)

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

    def test_undo_refusals_change_nothing(self):
        self.refused(self.c, "score.undo", None, -32002, "invalid_transition")
        self.assertEqual(self.score(), {"score": {"teamA": 0, "teamB": 0, "text": "0-0"}, "goals": []})
        self.ok(self.c, "score.goal", {"team": "teamA"})
        self.ok(self.c, "score.set", {"teamA": 4, "teamB": 4})
        before = self.score()
        self.refused(self.c, "score.undo", None, -32002, "invalid_transition")
        self.assertEqual(self.score(), before)
        self.invalid_params(self.c, "score.undo", {"count": 2}, "count")
        self.invalid_params(self.c, "score.get", {"verbose": True}, "verbose")
        self.assertEqual(self.score(), before)


if __name__ == "__main__":
    unittest.main()
