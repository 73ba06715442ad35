"""kill -9 in the middle of a match, then a restart on the same database: nothing acknowledged is lost."""

import contextlib
import datetime as dt
import os
import sqlite3
import time
import unittest

from harness import DaemonTestCase, iso_to_epoch


class CrashRecoveryTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.roster = [
            self.ok(self.c, "players.create", {"name": "Ana", "age": 27, "position": "ST", "skill": "amateur", "favouriteTeam": "Arsenal"}),
            self.ok(self.c, "players.create", {"name": "Bruno", "position": "GK"}),
            self.ok(self.c, "players.create", {"name": "Carla"}),
            self.ok(self.c, "players.create", {"name": "Duarte", "skill": "professional"}),
            self.ok(self.c, "players.create", {"name": "Eva"}),
        ]
        self.ids = [p["id"] for p in self.roster]

    def crash_and_restart(self):
        """kill -9, then start again on the same socket and database; returns a fresh client."""
        self.daemon.kill9()
        self.assertTrue(os.path.exists(self.daemon.socket_path), "kill -9 leaves the socket file behind")
        self.daemon.restart()
        self.c = self.client()
        return self.c

    def test_an_offer_a_late_drop_out_and_a_phone_survive_kill_9(self):
        # Kick-off in two days: places offered from 8 days before, leaving late from 3 days before.
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=2)).isoformat(timespec="minutes")
        plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 2, "offerPeriod": 8 * 86400,
                                               "cutOff": 3 * 86400})["id"]
        for player in self.ids[:4]:
            self.ok(self.c, "plan.join", {"plan": plan, "player": player})
        self.ok(self.c, "plan.leave", {"plan": plan, "player": self.ids[0]})
        offers = self.ok(self.c, "plan.get", {"plan": plan})["attendance"]["offers"]
        self.assertEqual([offer["player"] for offer in offers], [self.ids[2]])
        endpoint = "https://fcm.googleapis.com/fcm/send/phone-of-carla"
        self.ok(self.c, "push.subscribe", {"player": self.ids[2], "subscription": {"endpoint": endpoint, "keys": {
            "p256dh": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
            "auth": "BTBZMqHH6r4Tts7J_aSIgg"}}})
        late = self.ok(self.c, "stats.player", {"id": self.ids[0]})["attendance"]["lateDropOuts"]
        self.assertEqual(late, 1)
        c = self.crash_and_restart()
        self.assertEqual(self.ok(c, "plan.get", {"plan": plan})["attendance"]["offers"], offers,
                         "the same offer, with the same window")
        self.assertEqual(self.ok(c, "stats.player", {"id": self.ids[0]})["attendance"]["lateDropOuts"], 1)
        self.assertTrue(self.ok(c, "push.unsubscribe", {"endpoint": endpoint})["removed"], "the phone was kept")
        accepted = self.ok(c, "plan.accept", {"plan": plan, "player": self.ids[2]})
        self.assertEqual([member["id"] for member in accepted["plan"]["going"]], [self.ids[1], self.ids[2]])

    def play_some(self, seconds):
        ended = None
        # One finished gather in the history first.
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.ok(self.c, "score.goal", {"team": "teamB", "player": self.ids[1]})
        ended = self.ok(self.c, "gather.end")
        # Then the match that will be interrupted.
        gather = self.start_gather(self.c, self.ids[0:2], self.ids[2:4], [self.ids[4]], seconds=seconds)
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})
        self.ok(self.c, "score.goal", {"team": "teamB"})
        self.ok(self.c, "score.set", {"teamA": 3, "teamB": 1})
        self.ok(self.c, "score.goal", {"team": "teamB", "player": self.ids[3]})
        self.ok(self.c, "gather.assign", {"player": self.ids[4], "team": "teamA"})
        return gather, ended

    def assertSameExceptClock(self, after, before):
        self.assertEqual({k: v for k, v in after.items() if k != "timer"}, {k: v for k, v in before.items() if k != "timer"})

    def test_a_running_clock_keeps_running_through_a_crash(self):
        _, ended = self.play_some(seconds=120)
        self.ok(self.c, "timer.start")
        before = self.ok(self.c, "gather.current")
        players_before = self.ok(self.c, "players.list")
        ends_at = iso_to_epoch(before["timer"]["endsAt"])

        self.crash_and_restart()

        after = self.checkGather(self.ok(self.c, "gather.current"))
        self.assertEqual(self.ok(self.c, "players.list"), players_before)
        self.assertSameExceptClock(after, before)
        self.assertEqual(after["score"]["text"], "3-2")
        self.assertEqual([g["kind"] for g in after["goals"]], ["goal", "goal", "correction", "goal"])
        timer = after["timer"]
        self.assertEqual(timer["state"], "running")
        self.assertEqual(timer["duration"], 120)
        expected_ms = (ends_at - time.time()) * 1000
        self.assertAlmostEqual(timer["remainingMs"], expected_ms, delta=1000, msg="the clock kept counting while the daemon was down")
        print(
            f"\n    after restart: remainingMs {timer['remainingMs']} vs {expected_ms:.0f} expected from endsAt; "
            f"endsAt moved by {(iso_to_epoch(timer['endsAt']) - ends_at) * 1000:.1f} ms",
            flush=True,
        )
        self.assertEqual(self.ok(self.c, "gathers.get", {"id": ended["id"]}), ended)
        self.assertEqual([g["id"] for g in self.ok(self.c, "gathers.list")["gathers"]], [ended["id"]])

        # It really runs: ticks come, and the match goes on.
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick"]})
        tick = watcher.next_event(timeout=3)
        self.assertEqual(tick["params"]["state"], "running")
        self.assertLess(tick["params"]["remaining"], 120)
        self.assertEqual(self.ok(self.c, "score.goal", {"team": "teamA"})["score"]["text"], "4-2")
        self.assertEqual(self.ok(self.c, "timer.pause")["state"], "paused")

    def test_a_paused_clock_comes_back_paused_with_the_same_time_left(self):
        self.play_some(seconds=300)
        self.ok(self.c, "timer.start")
        paused = self.ok(self.c, "timer.pause")
        before = self.ok(self.c, "gather.current")

        self.crash_and_restart()

        after = self.ok(self.c, "gather.current")
        self.assertSameExceptClock(after, before)
        timer = self.checkTimer(after["timer"])
        self.assertEqual(timer["state"], "paused")
        self.assertAlmostEqual(timer["remainingMs"], paused["remainingMs"], delta=1)
        self.assertEqual(self.ok(self.c, "timer.resume")["state"], "running")

    def test_a_stopped_clock_comes_back_stopped(self):
        self.play_some(seconds=200)
        before = self.ok(self.c, "gather.current")
        self.crash_and_restart()
        after = self.ok(self.c, "gather.current")
        self.assertEqual(after, before)
        self.assertEqual(after["timer"]["state"], "stopped")

    def test_a_clock_whose_deadline_passed_while_down_comes_back_finished(self):
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]], seconds=1)
        timer = self.ok(self.c, "timer.start")
        ends_at = iso_to_epoch(timer["endsAt"])
        self.daemon.kill9()
        # No process runs, so there is no event to await: let the deadline pass on the wall clock.
        time.sleep(max(0.0, ends_at - time.time()) + 0.3)
        self.daemon.restart()
        self.c = self.client()
        status = self.checkTimer(self.ok(self.c, "timer.status"))
        self.assertEqual((status["state"], status["remainingMs"], status["display"]), ("finished", 0, "00:00"))
        self.assertEqual(self.ok(self.c, "timer.reset")["state"], "stopped")

    def test_an_acknowledged_change_survives_an_immediate_kill(self):
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        created = self.ok(self.c, "players.create", {"name": "Last Second"})
        goal = self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})
        self.crash_and_restart()
        self.assertEqual(self.ok(self.c, "players.get", {"id": created["id"]}), created)
        self.assertEqual(self.ok(self.c, "score.get"), {"score": goal["score"], "goals": [goal["goal"]]})

    def counted(self, gather):
        """(voters flagged, votes counted) in the database file itself, read beside the running daemon."""
        with contextlib.closing(sqlite3.connect(f"file:{self.daemon.db_path}?mode=ro", uri=True)) as db:
            voters = db.execute("SELECT COUNT(*) FROM motmVoter WHERE gatherId = ? AND voted = 1", (gather,)).fetchone()
            votes = db.execute("SELECT COALESCE(SUM(votes), 0) FROM motmTally WHERE gatherId = ?", (gather,)).fetchone()
        return voters[0], votes[0]

    def test_a_vote_acknowledged_is_kept_one_in_flight_may_be_and_none_counts_twice(self):
        ids = self.ids
        gather = self.start_gather(self.c, ids[0:3], ids[3:5])["id"]
        self.ok(self.c, "gather.end")
        ballots = [(ids[0], ids[3]), (ids[1], ids[3]), (ids[2], ids[4]), (ids[3], ids[0]), (ids[4], ids[0])]
        cast = lambda voter, player: {"gather": gather, "voter": voter, "player": player}
        self.ok(self.c, "vote.cast", cast(*ballots[0]))
        # The rest are sent at once and gatherd is killed before any reply is read: each may or may not be kept.
        for voter, player in ballots[1:]:
            self.c.request("vote.cast", cast(voter, player))
        self.crash_and_restart()
        status = self.ok(self.c, "vote.status", {"gather": gather})
        voted = {p["id"] for p in status["players"] if p["voted"]}
        self.assertIn(ids[0], voted, "the vote acknowledged is kept")
        self.assertEqual(self.counted(gather), (len(voted), len(voted)), "each vote kept is counted once")
        # Everyone votes again, not knowing whether theirs was kept: refused if it was, counted if not.
        for voter, player in ballots:
            reply = self.c.call("vote.cast", cast(voter, player))
            if voter in voted:
                self.assertRpcError(reply, -32602, "invalid_params", "voter")
            else:
                self.assertResult(reply)
        self.assertEqual(self.ok(self.c, "vote.status", {"gather": gather})["voted"], 5)
        self.assertEqual(self.counted(gather), (5, 5), "never twice")

    def test_deleted_and_ended_things_stay_that_way(self):
        self.ok(self.c, "players.delete", {"id": self.ids[4]})
        gather = self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.ok(self.c, "gather.cancel")
        self.crash_and_restart()
        self.refused(self.c, "players.get", {"id": self.ids[4]}, -32001, "player_not_found")
        self.assertIsNone(self.ok(self.c, "gather.current"))
        self.refused(self.c, "gathers.get", {"id": gather["id"]}, -32001, "gather_not_found")
        newer = self.ok(self.c, "players.create", {"name": "After"})
        self.assertNotIn(newer["id"], self.ids, "ids are not reused after a restart")

    def test_what_was_taken_back_stays_taken_back(self):
        """gather.reopen, gathers.delete, plan.restore and players.merge are each one transaction: kill -9 right
        after their reply keeps all of it."""
        deleted = self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.ok(self.c, "gather.end")
        reopened = self.start_gather(self.c, [self.ids[0]], [self.ids[2]])
        self.ok(self.c, "score.goal", {"team": "teamA"})
        self.ok(self.c, "gather.end")
        plan = self.ok(self.c, "plan.create", {"startsAt": "2999-01-07T19:00:00Z", "capacity": 4})
        self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids[3]})
        self.ok(self.c, "plan.cancel", {"plan": plan["id"]})
        self.ok(self.c, "gathers.delete", {"gather": deleted["id"]})
        self.ok(self.c, "gather.reopen", {"gather": reopened["id"]})
        self.ok(self.c, "plan.restore", {"plan": plan["id"]})
        self.ok(self.c, "players.merge", {"from": self.ids[4], "into": self.ids[3]})
        self.crash_and_restart()
        current = self.ok(self.c, "gather.current")
        self.assertEqual((current["id"], current["score"]["text"]), (reopened["id"], "1-0"))
        self.assertEqual(self.ok(self.c, "gathers.list")["gathers"], [])
        self.refused(self.c, "gathers.get", {"id": deleted["id"]}, -32001, "gather_not_found")
        restored = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual((restored["status"], [p["name"] for p in restored["going"]]), ("open", ["Duarte"]))
        self.refused(self.c, "players.get", {"id": self.ids[4]}, -32001, "player_not_found")


if __name__ == "__main__":
    unittest.main()
