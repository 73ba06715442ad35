"""Football as it is spoken against the real daemon: goals carry their minute, timer.endPeriod ends a half
into its break or the wait for the next one, and full time, and team names go through start, rename, the events,
end, history, daemon.status and a restart after kill -9. Where timer.endPeriod and the names are refused, the method
tests check it in process (Tests/GatherDaemonTests/Methods).

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_football.py -v
"""

from __future__ import annotations

import unittest

from harness import DaemonTestCase
from test_match_day import SchemaMixin


class FootballTestCase(SchemaMixin, DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self) -> None:
        super().setUp()
        self.ids = [p["id"] for p in self.make_players(self.c, 4)]
        self.watcher = self.client()
        self.ok(self.watcher, "events.subscribe", {"topics": ["timer", "tick", "gather", "players"]})

    def until(self, method: str, change: str | None = None) -> tuple[dict, list[dict]]:
        """The next event of `method` (with `change`), and the events before it."""
        return self.watcher.wait_event(
            lambda e: e["method"] == method and (change is None or e["params"].get("change") == change), timeout=10
        )


class EndPeriodTests(FootballTestCase):
    def test_a_running_half_ends_into_its_break_and_a_paused_last_one_at_full_time(self) -> None:
        self.start_gather(self.c, self.ids[:2], self.ids[2:], periods=2, periodLength=1500, breakLength=300)
        self.ok(self.c, "timer.start")
        timer = self.checkTimer(self.ok(self.c, "timer.endPeriod"))
        self.assertEqual((timer["state"], timer["period"], timer["display"]), ("break", 1, "05:00"), timer)
        self.assertMatchesSchema(timer, "Timer")
        ended, skipped = self.until("timer", "periodEnded")
        self.assertEqual(ended["params"]["period"], 1)
        self.assertEqual(ended["params"]["timer"]["state"], "break")
        zero = [e["params"] for e in skipped if e["method"] == "tick"][-1]
        self.assertEqual((zero["display"], zero["remaining"], zero["state"]), ("00:00", 0, "break"), zero)

        # The second half starts at its regular minute: 2nd half, 00:00 is 26'.
        self.ok(self.c, "timer.start")
        goal = self.checkGoal(self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})["goal"])
        self.assertEqual(goal["minute"], "26'", goal)
        self.ok(self.c, "timer.pause")
        timer = self.checkTimer(self.ok(self.c, "timer.endPeriod"))  # paused, in the last period: full time
        self.assertEqual((timer["state"], timer["display"]), ("finished", "00:00"), timer)
        self.until("timer", "finished")
        # A goal noted after the whistle is in the period's last minute.
        late = self.ok(self.c, "score.goal", {"team": "teamB"})["goal"]
        self.assertEqual(late["minute"], "50'", late)

    def test_a_half_without_a_break_waits_stopped_and_survives_kill_9(self) -> None:
        self.start_gather(self.c, self.ids[:2], self.ids[2:], periods=2, periodLength=600)
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.addTime", {"seconds": 60})
        timer = self.checkTimer(self.ok(self.c, "timer.endPeriod"))
        self.assertEqual((timer["state"], timer["period"], timer["display"]), ("stopped", 2, "10:00"), timer)
        self.until("timer", "periodEnded")
        self.daemon.kill9()
        self.daemon.start()
        c = self.client()
        timer = self.ok(c, "timer.status")
        self.assertEqual((timer["state"], timer["period"], timer["display"]), ("stopped", 2, "10:00"), timer)


class TeamNamesTests(FootballTestCase):
    def test_names_go_through_start_rename_events_end_and_history(self) -> None:
        started = self.checkGather(self.start_gather(self.c, self.ids[:2], self.ids[2:], names={"teamA": " Bibs "}))
        self.assertEqual(started["names"], {"teamA": "Bibs", "teamB": "Team B"})
        self.assertMatchesSchema(started, "Gather")
        event, _ = self.until("gather", "started")
        self.assertEqual(event["params"]["gather"]["names"], started["names"])

        renamed = self.checkGather(self.ok(self.c, "gather.rename", {"names": {"teamB": "Colours"}}))
        self.assertEqual(renamed["names"], {"teamA": "Bibs", "teamB": "Colours"})
        event, _ = self.until("gather", "renamed")
        self.assertEqual(event["params"]["gather"]["names"], renamed["names"])
        self.assertEqual(event["params"]["id"], started["id"])
        # The sides directly, as another way to say it.
        self.ok(self.c, "gather.rename", {"teamA": "Red Bibs"})
        self.assertEqual(self.ok(self.c, "daemon.status")["gather"]["names"], {"teamA": "Red Bibs", "teamB": "Colours"})
        self.assertEqual(self.ok(self.c, "events.subscribe", {"topics": ["gather"]})["snapshot"]["gather"]["names"]["teamA"],
                         "Red Bibs")

        # A restart after kill -9 keeps them.
        self.daemon.kill9()
        self.daemon.start()
        c = self.c = self.client()
        self.assertEqual(self.ok(c, "gather.current")["names"], {"teamA": "Red Bibs", "teamB": "Colours"})
        record = self.checkRecord(self.ok(c, "gather.end"))
        self.assertEqual(record["names"], {"teamA": "Red Bibs", "teamB": "Colours"})
        self.assertMatchesSchema(record, "GatherRecord")
        self.assertEqual(self.checkRecord(self.ok(c, "gathers.get", {"id": record["id"]}))["names"], record["names"])
        summary = self.checkSummary(self.ok(c, "gathers.list")["gathers"][0])
        self.assertEqual(summary["names"], record["names"])
        self.assertMatchesSchema(summary, "GatherSummary")

    def test_the_default_names_are_team_a_and_team_b(self) -> None:
        gather = self.start_gather(self.c, self.ids[:2], self.ids[2:])
        self.assertEqual(gather["names"], {"teamA": "Team A", "teamB": "Team B"})
        self.assertEqual(self.ok(self.c, "gather.end")["names"], {"teamA": "Team A", "teamB": "Team B"})

    def test_the_same_name_twenty_four_characters_long_and_unicode(self) -> None:
        name = "Ñandú Futebol Clube 1908"
        self.assertEqual(len(name), 24)
        gather = self.start_gather(self.c, self.ids[:2], self.ids[2:], names={"teamA": name, "teamB": "Águias"})
        self.assertEqual(gather["names"], {"teamA": name, "teamB": "Águias"})


if __name__ == "__main__":
    unittest.main()
