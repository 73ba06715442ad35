"""events.subscribe / events.unsubscribe and the notifications: topics, seq, snapshot, ticks."""

import threading
import time
import unittest

from harness import TOPICS, DaemonTestCase, ceil_seconds, display, encode, iso_to_epoch


class EventTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.p = self.make_players(self.c, 5)
        self.ids = [p["id"] for p in self.p]

    def assertNextLineIsReplyTo(self, client, id):
        client.send({"jsonrpc": "2.0", "method": "daemon.ping", "id": id})
        msg = client.read_message()
        self.assertIsInstance(msg, dict, msg)
        self.assertEqual(msg.get("id"), id, f"expected nothing before the ping's reply, got {msg!r}")

    def next_non_tick(self, client, timeout=None):
        event, _ = client.wait_event(lambda e: e.get("method") != "tick", timeout)
        return event

    # -- subscribe ---------------------------------------------------------------------------------

    def test_subscribe_without_a_gather(self):
        result = self.ok(self.c, "events.subscribe")
        self.assertKeys(result, ("subscription", "seq", "snapshot"), "events.subscribe result")
        self.assertIsInstance(result["subscription"], int)
        self.assertIsInstance(result["seq"], int)
        self.assertEqual(result["snapshot"], {"gather": None, "score": None, "timer": None})

    def test_subscribe_snapshot_is_the_current_gather(self):
        self.start_gather(self.c, self.ids[0:2], self.ids[2:4], [self.ids[4]], seconds=300)
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.pause")
        watcher = self.client()
        result = self.ok(watcher, "events.subscribe")
        current = self.ok(self.c, "gather.current")
        snapshot = result["snapshot"]
        self.assertEqual(snapshot["gather"], current)
        self.assertEqual(snapshot["score"], current["score"])
        self.assertEqual(snapshot["timer"], current["timer"])
        self.assertEqual(snapshot["score"]["text"], "1-0")
        self.assertEqual(snapshot["timer"]["state"], "paused")

    def test_subscriptions_get_distinct_ids(self):
        first = self.ok(self.c, "events.subscribe")["subscription"]
        second = self.ok(self.c, "events.subscribe", {"topics": ["tick"]})["subscription"]
        third = self.ok(self.client(), "events.subscribe")["subscription"]
        self.assertEqual(len({first, second, third}), 3)

    # -- what each topic says ----------------------------------------------------------------------

    def test_every_change_is_announced_with_its_shape(self):
        watcher = self.client()
        seq = self.ok(watcher, "events.subscribe")["seq"]
        all_events = []

        def expect(topic, change, action=None):
            event = self.next_non_tick(watcher)
            params = self.checkEvent(event, topic)
            self.assertEqual(params.get("change"), change, event)
            all_events.append(event)
            return params

        created = self.ok(self.c, "players.create", {"name": "Hugo", "position": "W"})
        params = expect("players", "created")
        self.assertEqual((params["player"], params["id"]), (created, created["id"]))
        updated = self.ok(self.c, "players.update", {"id": created["id"], "age": 40})
        params = expect("players", "updated")
        self.assertEqual((params["player"], params["id"]), (updated, created["id"]))
        self.ok(self.c, "players.delete", {"id": created["id"]})
        params = expect("players", "deleted")
        self.assertEqual((params["player"], params["id"]), (None, created["id"]))

        gather = self.start_gather(self.c, self.ids[0:2], self.ids[2:4])
        params = expect("gather", "started")
        self.assertEqual((params["gather"], params["id"]), (gather, gather["id"]))
        assigned = self.ok(self.c, "gather.assign", {"player": self.ids[4], "team": "bench"})
        params = expect("gather", "assigned")
        self.assertEqual((params["gather"], params["id"]), (assigned, gather["id"]))

        for method, change, call_params in (
            ("timer.set", "set", {"seconds": 120}),
            ("timer.start", "started", None),
            ("timer.pause", "paused", None),
            ("timer.resume", "resumed", None),
            ("timer.toggle", "paused", None),
            ("timer.reset", "reset", None),
        ):
            timer = self.ok(self.c, method, call_params)
            params = expect("timer", change)
            self.checkTimer(params["timer"])
            self.assertEqual((params["timer"]["state"], params["timer"]["duration"]), (timer["state"], timer["duration"]))
            if timer["state"] != "running":
                self.assertEqual(params["timer"], timer)

        goal = self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[1]})
        params = expect("score", "goal")
        self.assertEqual((params["score"], params["goal"]), (goal["score"], goal["goal"]))
        undone = self.ok(self.c, "score.undo")
        params = expect("score", "undo")
        self.assertEqual((params["score"], params["goal"]), (undone["score"], undone["undone"]))
        corrected = self.ok(self.c, "score.set", {"teamA": 2, "teamB": 5})
        params = expect("score", "correction")
        self.assertEqual((params["score"], params["goal"]), (corrected["score"], corrected["goal"]))

        record = self.ok(self.c, "gather.end")
        params = expect("gather", "ended")
        self.assertEqual((params["gather"], params["id"]), (record, record["id"]))
        # Its man-of-the-match vote opens: those who played, none of them voted yet.
        params = expect("vote", "opened")
        self.assertEqual((params["gather"], params["vote"]["status"], params["vote"]["voted"]), (record["id"], "open", 0))
        self.assertEqual([p["id"] for p in params["vote"]["players"]], sorted(self.ids[0:4]))
        second = self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        expect("gather", "started")
        self.ok(self.c, "gather.cancel")
        params = expect("gather", "cancelled")
        self.assertEqual((params["gather"], params["id"]), (None, second["id"]))

        # Every event counted, ticks included, with nothing lost in between.
        seqs = [e["params"]["seq"] for e in watcher.seen_events]
        self.assertEqual(seqs, list(range(seq + 1, seq + 1 + len(seqs))))
        self.assertEqual({e["params"]["subscription"] for e in watcher.seen_events}, {watcher.seen_events[0]["params"]["subscription"]})

    def test_topics_filter_what_arrives(self):
        watcher = self.client()
        sub = self.ok(watcher, "events.subscribe", {"topics": ["score"]})
        self.ok(self.c, "players.create", {"name": "Ignored"})
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.ok(self.c, "timer.set", {"seconds": 60})
        goal = self.ok(self.c, "score.goal", {"team": "teamB"})
        event = watcher.next_event()
        params = self.checkEvent(event, "score")
        self.assertEqual(params["subscription"], sub["subscription"])
        self.assertEqual(params["goal"], goal["goal"])
        self.assertGreater(params["seq"], sub["seq"] + 1, "the skipped topics still used up seqs")
        self.assertNextLineIsReplyTo(watcher, "only-score")

    # -- seq continuity and ordering ---------------------------------------------------------------

    def test_a_subscriber_joining_mid_match_continues_from_the_snapshot_seq(self):
        self.start_gather(self.c, self.ids[0:2], self.ids[2:4])
        self.ok(self.c, "timer.start")
        self.ok(self.c, "score.goal", {"team": "teamA"})
        watcher = self.client()
        joined = self.ok(watcher, "events.subscribe", {"topics": list(TOPICS)})
        self.assertEqual(joined["snapshot"]["score"]["text"], "1-0")
        self.assertEqual(joined["snapshot"]["timer"]["state"], "running")
        for team in ("teamB", "teamB", "teamA"):
            self.ok(self.c, "score.goal", {"team": team})
        self.ok(self.c, "players.create", {"name": "Late"})
        expected = joined["seq"]
        non_ticks = 0
        ticks = 0
        while non_ticks < 4 or ticks < 1:
            event = watcher.next_event(timeout=3)
            expected += 1
            self.assertEqual(event["params"]["seq"], expected, f"seqs must continue by exactly +1: {event}")
            if event["method"] == "tick":
                ticks += 1
            else:
                non_ticks += 1

    def test_nothing_arrives_before_the_subscribe_reply(self):
        self.start_gather(self.c, self.ids[0:2], self.ids[2:4])
        self.ok(self.c, "timer.start")
        stop = threading.Event()
        failures = []

        def churn():
            try:
                with self.daemon.client() as busy:
                    index = 0
                    while not stop.is_set():
                        index += 1
                        busy.result("players.update", {"id": self.ids[index % 5], "age": 20 + index % 50})
            except Exception as error:  # noqa: BLE001 - reported below
                failures.append(error)

        thread = threading.Thread(target=churn, daemon=True)
        thread.start()
        try:
            for attempt in range(25):
                with self.daemon.client() as joiner:
                    joiner.send_raw(encode({"jsonrpc": "2.0", "method": "events.subscribe", "id": f"sub-{attempt}"}) + b"\n")
                    first = joiner.read_message()
                    self.assertIsInstance(first, dict, first)
                    self.assertEqual(first.get("id"), f"sub-{attempt}", f"something came before the subscribe reply: {first}")
                    seq = self.assertResult(first)["seq"]
                    event = joiner.next_event(timeout=3)
                    self.assertEqual(event["params"]["seq"], seq + 1, f"the first event follows the snapshot: {event}")
        finally:
            stop.set()
            thread.join(10)
        self.assertFalse(failures, failures)

    # -- ticks -------------------------------------------------------------------------------------

    def test_ticks_count_down_once_a_second_with_a_consistent_deadline(self):
        self.start_gather(self.c, self.ids[0:2], self.ids[2:4], minutes=10)
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick"]})
        self.ok(self.c, "timer.start")
        received = []
        for _ in range(4):
            event = watcher.next_event(timeout=3)
            received.append((time.time(), self.checkEvent(event, "tick")))
        deadlines = []
        for (now, params), index in zip(received, range(len(received))):
            with self.subTest(tick=index, params=params):
                self.assertKeys(params, ("state", "remaining", "remainingMs", "display", "endsAt"), "tick params")
                self.assertEqual(params["state"], "running")
                self.assertEqual(params["remaining"], ceil_seconds(params["remainingMs"]))
                self.assertEqual(params["display"], display(params["remaining"]))
                late = params["remaining"] * 1000 - params["remainingMs"]
                self.assertGreaterEqual(late, 0, "a tick comes once the whole second is crossed")
                self.assertLess(late, 500, "a tick comes when the whole second is crossed")
                ends_at = iso_to_epoch(params["endsAt"])
                deadlines.append(ends_at)
                self.assertAlmostEqual(
                    (ends_at - now) * 1000, params["remainingMs"], delta=100, msg="endsAt - now must match remainingMs"
                )
        self.assertEqual([p["remaining"] for _, p in received], list(range(599, 595, -1)))
        self.assertLess(max(deadlines) - min(deadlines), 0.02, "the deadline does not move while running")
        intervals = [b[0] - a[0] for a, b in zip(received, received[1:])]
        for interval in intervals:
            self.assertGreater(interval, 0.5, intervals)
            self.assertLess(interval, 1.5, intervals)
        print(f"\n    tick intervals: {', '.join(f'{i * 1000:.1f} ms' for i in intervals)}", flush=True)
        status = self.ok(self.c, "timer.status")
        self.assertAlmostEqual(iso_to_epoch(status["endsAt"]), deadlines[0], delta=0.02)

    def test_the_last_ticks_and_the_finish(self):
        self.start_gather(self.c, self.ids[0:2], self.ids[2:4], seconds=2)
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["tick", "timer"]})
        self.ok(self.c, "timer.start")
        watcher.wait_event(lambda e: e["method"] == "timer" and e["params"]["change"] == "started")
        seen = []
        while True:
            event = watcher.next_event(timeout=4)
            seen.append(event)
            if event["method"] == "timer":
                break
        self.assertEqual([(e["method"], e["params"].get("remaining")) for e in seen], [("tick", 1), ("tick", 0), ("timer", None)])
        self.assertIn(seen[1]["params"]["state"], ("running", "finished"))
        self.assertEqual(seen[1]["params"]["display"], "00:00")
        self.assertEqual(seen[2]["params"]["change"], "finished")
        self.assertEqual(seen[2]["params"]["timer"]["state"], "finished")
        self.assertGreater(seen[2]["params"]["seq"], seen[1]["params"]["seq"])

    # -- unsubscribe -------------------------------------------------------------------------------

    def test_unsubscribe_stops_the_events(self):
        watcher = self.client()
        control = self.client()
        sub = self.ok(watcher, "events.subscribe", {"topics": ["players"]})
        self.ok(control, "events.subscribe", {"topics": ["players"]})
        self.assertEqual(self.ok(watcher, "events.unsubscribe", {"subscription": sub["subscription"]}), {"unsubscribed": sub["subscription"]})
        created = self.ok(self.c, "players.create", {"name": "Unseen"})
        self.assertEqual(control.next_event()["params"]["player"], created, "the event was emitted")
        self.assertNextLineIsReplyTo(watcher, "after-unsubscribe")
        self.assertEqual(self.ok(self.c, "daemon.status")["subscriptions"], 1)

    def test_several_subscriptions_on_one_connection(self):
        watcher = self.client()
        only_players = self.ok(watcher, "events.subscribe", {"topics": ["players"]})["subscription"]
        players_and_score = self.ok(watcher, "events.subscribe", {"topics": ["players", "score"]})["subscription"]
        created = self.ok(self.c, "players.create", {"name": "Twice"})
        events = [watcher.next_event(), watcher.next_event()]
        self.assertEqual(sorted(e["params"]["subscription"] for e in events), sorted([only_players, players_and_score]))
        self.assertEqual(events[0]["params"]["seq"], events[1]["params"]["seq"], "one event, one seq, delivered to each subscription")
        for event in events:
            self.assertEqual(event["params"]["player"], created)
        self.start_gather(self.c, [self.ids[0]], [self.ids[1]])
        self.ok(self.c, "score.goal", {"team": "teamA"})
        event = watcher.next_event()
        self.assertEqual((event["method"], event["params"]["subscription"]), ("score", players_and_score))
        self.ok(watcher, "events.unsubscribe", {"subscription": only_players})
        self.ok(self.c, "players.create", {"name": "Once"})
        event = watcher.next_event()
        self.assertEqual(event["params"]["subscription"], players_and_score)
        self.assertNextLineIsReplyTo(watcher, "only-one-copy")

    def test_a_subscribed_connection_still_answers_requests(self):
        self.start_gather(self.c, self.ids[0:2], self.ids[2:4])
        watcher = self.client()
        self.ok(watcher, "events.subscribe")
        self.ok(self.c, "timer.start")
        for round in range(20):
            self.ok(self.c, "score.goal", {"team": "teamA" if round % 2 else "teamB"})
            self.assertEqual(self.ok(watcher, "daemon.ping"), {"pong": True})
            self.assertEqual(len(self.ok(watcher, "players.list")["players"]), 5)
        # The watcher's own changes are answered too, and announced to it.
        goal = self.ok(watcher, "score.goal", {"team": "teamA", "player": self.ids[0]})
        event, _ = watcher.wait_event(lambda e: e["method"] == "score" and e["params"]["goal"] == goal["goal"])
        seqs = [e["params"]["seq"] for e in watcher.seen_events]
        self.assertEqual(seqs, sorted(seqs))
        self.assertEqual(len([e for e in watcher.seen_events if e["method"] == "score"]), 21)

    def test_events_are_notifications_on_the_subscribed_connection_only(self):
        watcher = self.client()
        bystander = self.client()
        self.ok(watcher, "events.subscribe")
        self.ok(self.c, "players.create", {"name": "Quiet"})
        event = watcher.next_event()
        self.assertNotIn("id", event)
        self.assertNextLineIsReplyTo(bystander, "bystander")
        self.assertNextLineIsReplyTo(self.c, "actor")


if __name__ == "__main__":
    unittest.main()
