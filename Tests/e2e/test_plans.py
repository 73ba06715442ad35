"""Who's coming over the real socket: plans, the waiting list, plan events, a gather started from a plan,
attendance in stats, and nothing acknowledged lost across kill -9. Bad input, refused and changing nothing, is
checked in process by the method tests (Tests/GatherDaemonTests/Methods/PlanBadInputMethodTests.swift)."""
import datetime as dt
import unittest

from harness import DaemonTestCase


def in_days(days, hour=19, offset="+01:00"):
    """A start `days` from today at `hour` o'clock, written in a zone (`offset`), as people type it."""
    day = dt.date.today() + dt.timedelta(days=days)
    return f"{day.isoformat()}T{hour:02d}:00{offset}"


class PlanCase(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.players = self.make_players(self.c, 6)
        self.ids = [p["id"] for p in self.players]
        self.names = {p["id"]: p["name"] for p in self.players}

    def plan(self, capacity=10, days=3, **extra):
        return self.ok(self.c, "plan.create", {"startsAt": in_days(days), "capacity": capacity, **extra})

    def join(self, plan, *players):
        return [self.ok(self.c, "plan.join", {"plan": plan["id"], "player": p}) for p in players]

    def ids_of(self, entries):
        return [entry["id"] for entry in entries]

    def marker(self, watcher):
        """A change that publishes an event of its own (a player's name set to what it is): the next event a
        watcher of every topic sees must be it, so nothing was published before it."""
        player = self.players[-1]
        self.ok(self.c, "players.update", {"id": player["id"], "name": player["name"]})
        event = watcher.next_event(timeout=5)
        self.assertEqual((event["method"], event["params"]["change"], event["params"]["id"]),
                         ("players", "updated", player["id"]), f"an event came before the marker: {event}")

    def state(self):
        """Everything a refused call must leave as it was."""
        return {
            "plans": self.ok(self.c, "plans.list"),
            "players": self.ok(self.c, "players.list"),
            "gather": self.ok(self.c, "gather.current"),
        }


class PlanTests(PlanCase):
    def test_a_plan_has_a_date_a_capacity_a_place_and_empty_lists(self):
        plan = self.plan(capacity=10, place="Astro 2", note="Bibs in the bag")
        self.assertEqual(plan["status"], "open")
        self.assertEqual(plan["capacity"], 10)
        self.assertEqual((plan["place"], plan["note"]), ("Astro 2", "Bibs in the bag"))
        self.assertEqual((plan["going"], plan["waiting"], plan["notGoing"], plan["placesLeft"]), ([], [], [], 10))
        self.assertIsNone(plan["gather"])
        start = dt.datetime.fromisoformat(in_days(3))
        self.assertEqual(self.assertIso(plan["startsAt"]), start.timestamp(), "startsAt is the same instant, in UTC")
        self.assertEqual(dt.datetime.fromisoformat(plan["startsAtLocal"]), start)
        self.assertTrue(plan["startsAtLocal"].endswith("+01:00"), "the start reads back in the zone it was written in")
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": plan["id"]}), plan)

    def test_several_plans_are_open_at_once_soonest_first(self):
        sunday = self.plan(days=6)
        thursday = self.plan(days=3)
        self.assertEqual([p["id"] for p in self.ok(self.c, "plans.list")["plans"]], [thursday["id"], sunday["id"]])
        self.ok(self.c, "plan.cancel", {"plan": thursday["id"]})
        self.assertEqual([p["id"] for p in self.ok(self.c, "plans.list")["plans"]], [sunday["id"]])
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": thursday["id"]})["status"], "cancelled")

    def test_past_the_capacity_players_wait_and_move_up_in_order(self):
        plan = self.plan(capacity=3)
        answers = self.join(plan, *self.ids[:5])
        self.assertEqual([a["answer"] for a in answers], ["going"] * 3 + ["waiting"] * 2)
        now = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual(self.ids_of(now["going"]), self.ids[:3])
        self.assertEqual(self.ids_of(now["waiting"]), self.ids[3:5])
        self.assertEqual([e["name"] for e in now["going"]], [self.names[i] for i in self.ids[:3]])
        times = [self.assertIso(e["at"]) for e in now["going"] + now["waiting"]]
        self.assertEqual(times, sorted(times), "each with the time they answered, in the order they joined")

        left = self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": self.ids[1]})
        self.assertEqual((left["answer"], left["changed"]), ("notGoing", True))
        self.assertEqual(self.ids_of(left["promoted"]), [self.ids[3]])
        self.assertEqual(self.ids_of(left["plan"]["going"]), [self.ids[0], self.ids[2], self.ids[3]])
        self.assertEqual(self.ids_of(left["plan"]["waiting"]), [self.ids[4]])
        self.assertEqual(self.ids_of(left["plan"]["notGoing"]), [self.ids[1]])
        self.assertIso(left["plan"]["notGoing"][0]["at"])

    def test_capacity_up_and_down_moves_people_in_the_order_they_joined(self):
        plan = self.plan(capacity=4)
        self.join(plan, *self.ids)
        down = self.ok(self.c, "plan.update", {"plan": plan["id"], "capacity": 2})
        self.assertEqual(self.ids_of(down["going"]), self.ids[:2])
        self.assertEqual(self.ids_of(down["waiting"]), self.ids[2:], "the demoted stay at the head of the waiting list")
        up = self.ok(self.c, "plan.update", {"plan": plan["id"], "capacity": 5, "place": "Astro 3"})
        self.assertEqual(self.ids_of(up["going"]), self.ids[:5])
        self.assertEqual((up["place"], up["capacity"]), ("Astro 3", 5))
        cleared = self.ok(self.c, "plan.update", {"plan": plan["id"], "place": None})
        self.assertIsNone(cleared["place"])

    def test_joining_twice_changes_nothing_and_says_so(self):
        plan = self.plan(capacity=2)
        self.join(plan, self.ids[0])
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        before = self.state()
        again = self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids[0]})
        self.assertEqual((again["answer"], again["changed"]), ("going", False))
        self.assertEqual(self.state(), before)
        left = self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": self.ids[1]})
        self.assertEqual((left["answer"], left["changed"]), ("notGoing", True), "saying no without joining")
        event = watcher.next_event(timeout=5)
        self.assertEqual(event["params"]["change"], "left", "joining again published nothing")
        twice = self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": self.ids[1]})
        self.assertFalse(twice["changed"])
        self.ok(watcher, "events.subscribe", {"topics": ["players"]})
        self.marker(watcher)

    def test_plan_events_say_who_joined_left_and_moved_up(self):
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        plan = self.plan(capacity=2)
        self.join(plan, self.ids[4], self.ids[0], self.ids[1])
        self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": self.ids[0]})
        self.ok(self.c, "plan.update", {"plan": plan["id"], "capacity": 3})
        self.join(plan, self.ids[2], self.ids[3])
        self.ok(self.c, "plan.update", {"plan": plan["id"], "capacity": 4})
        self.ok(self.c, "plan.cancel", {"plan": plan["id"]})
        seen = []
        for _ in range(11):
            params = self.checkEvent(watcher.next_event(timeout=5), "plan")
            self.assertEqual(params["id"], plan["id"])
            self.assertEqual(params["plan"]["id"], plan["id"])
            player = params.get("player")
            seen.append(params["change"] + (":" + player["name"] if player else "") +
                        (":" + params["answer"] if "answer" in params else ""))
        n = self.names
        self.assertEqual(seen, [
            "created", f"joined:{n[self.ids[4]]}:going",
            f"joined:{n[self.ids[0]]}:going", f"joined:{n[self.ids[1]]}:waiting",
            f"left:{n[self.ids[0]]}:notGoing", f"promoted:{n[self.ids[1]]}",
            "updated",
            f"joined:{n[self.ids[2]]}:going", f"joined:{n[self.ids[3]]}:waiting",
            "updated", f"promoted:{n[self.ids[3]]}",
        ])
        cancelled = self.checkEvent(watcher.next_event(timeout=5), "plan")
        self.assertEqual((cancelled["change"], cancelled["plan"]["status"]), ("cancelled", "cancelled"))

    def test_a_deleted_player_comes_off_the_list_and_the_first_waiting_moves_up(self):
        plan = self.plan(capacity=2)
        self.join(plan, *self.ids[:3])
        self.ok(self.c, "players.delete", {"id": self.ids[0]})
        now = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual(self.ids_of(now["going"]), self.ids[1:3])


class PlanToKickOffTests(PlanCase):
    def test_a_gather_from_a_plan_plays_the_going_players_in_fair_teams(self):
        skills = ["professional", "professional", "beginner", "beginner"]
        for player, skill in zip(self.ids, skills):
            self.ok(self.c, "players.update", {"id": player, "skill": skill})
        plan = self.plan(capacity=4)
        self.join(plan, *self.ids)  # the last two wait
        gather = self.checkGather(self.ok(self.c, "gather.start", {"plan": plan["id"], "minutes": 7, "force": True}))
        a, b = self.member_ids(gather["teams"], "teamA"), self.member_ids(gather["teams"], "teamB")
        self.assertEqual(sorted(a + b), sorted(self.ids[:4]), "the going players play; the waiting do not")
        self.assertEqual(gather["teams"]["bench"], [])
        self.assertEqual(len(a), 2)
        self.assertTrue(any(p in a for p in self.ids[:2]) and any(p in b for p in self.ids[:2]),
                        "fair teams: one professional on each side")
        self.assertEqual(gather["plan"], plan["id"])
        self.assertEqual(gather["timer"]["duration"], 420)
        suggested = self.ok(self.c, "gather.suggest", {"players": self.ids[:4]})
        self.assertEqual(sorted(a), sorted(p["id"] for p in suggested["teamA"]["players"]),
                         "split by gather.suggest's rules")
        started = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual((started["status"], started["gather"]), ("started", gather["id"]))
        self.assertEqual(self.ok(self.c, "plans.list")["plans"], [])
        record = self.ok(self.c, "gather.end")
        self.assertEqual(record["plan"], plan["id"])
        self.assertEqual(self.ok(self.c, "gathers.get", {"id": gather["id"]})["plan"], plan["id"])

    def test_a_cancelled_gather_gives_its_plan_back(self):
        plan = self.plan(capacity=2)
        self.join(plan, *self.ids[:2])
        self.ok(self.c, "gather.start", {"plan": plan["id"], "force": True})  # days early: forced
        self.ok(self.c, "gather.cancel")
        back = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual((back["status"], back["gather"]), ("open", None))
        self.assertEqual(self.ids_of(back["going"]), self.ids[:2])

    def test_attendance_counts_plans_joined_played_and_left_late(self):
        open_plan = self.plan(capacity=3, days=2)
        self.join(open_plan, *self.ids[:4])
        soon = self.ok(self.c, "plan.create", {
            "startsAt": (dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=3)).isoformat(timespec="minutes"),
            "capacity": 4})
        self.join(soon, self.ids[0], self.ids[1], self.ids[2])
        self.ok(self.c, "plan.leave", {"plan": soon["id"], "player": self.ids[2]})  # 3 h before: late
        self.ok(self.c, "gather.start", {"plan": soon["id"]})
        self.ok(self.c, "gather.end")
        report = self.ok(self.c, "stats.player", {"id": self.ids[2]})
        self.assertEqual(report["attendance"],
                         {"joined": 2, "played": 0, "noShows": 0, "leftLate": 1, "lateDropOuts": 1, "strikes": 1,
                          "heldBack": False})
        self.assertEqual(self.ok(self.c, "stats.player", {"id": self.ids[0]})["attendance"],
                         {"joined": 2, "played": 1, "noShows": 0, "leftLate": 0, "lateDropOuts": 0, "strikes": 0,
                          "heldBack": False})
        self.assertEqual(self.ok(self.c, "stats.player", {"id": self.ids[5]})["attendance"],
                         {"joined": 0, "played": 0, "noShows": 0, "leftLate": 0, "lateDropOuts": 0, "strikes": 0,
                          "heldBack": False})
        rows = self.ok(self.c, "stats.players", {"order": "attendance", "minGathers": 0})
        self.assertEqual(rows["order"], "attendance")
        order = [r["id"] for r in rows["players"]]
        self.assertEqual(order[:2], [self.ids[0], self.ids[1]], "those who played first")
        self.assertEqual(order[-1], self.ids[2], "the late leaver last")


class PlanDurabilityTests(PlanCase):
    def test_plans_and_answers_survive_a_restart_and_a_crash(self):
        plan = self.plan(capacity=2, place="Astro 2")
        self.join(plan, *self.ids[:3])
        self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": self.ids[3]})
        before = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.daemon.kill9()
        self.daemon.restart()
        self.c = self.client()
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": plan["id"]}), before)
        self.assertEqual(self.ok(self.c, "plans.list")["plans"], [before])

    def test_kill_9_between_join_and_reply_loses_no_acknowledged_join(self):
        """Joins pipelined on one connection; gatherd is killed as soon as the tenth reply arrives, so later
        joins are committed, in flight or never read when it dies. Every join whose reply the client got is
        there after a restart, and what is there is the first joins in order: a prefix, no gap."""
        more = self.make_players(self.c, 34, prefix="Late")
        everyone = self.ids + [p["id"] for p in more]
        plan = self.plan(capacity=40)
        flood = self.client()
        for player in everyone:
            flood.request("plan.join", {"plan": plan["id"], "player": player})
        first = [flood.read_reply(timeout=10) for _ in range(10)]
        self.assertTrue(all("result" in reply for reply in first), first)
        self.daemon.kill9()
        acknowledged = first + [m for m in flood.expect_eof(timeout=5) if isinstance(m, dict) and "result" in m]
        acknowledged_ids = [reply["result"]["player"]["id"] for reply in acknowledged]
        self.daemon.restart()
        self.c = self.client()
        kept = self.ids_of(self.ok(self.c, "plan.get", {"plan": plan["id"]})["going"])
        print(f"\n    kill -9 after the tenth reply: {len(acknowledged_ids)} joins acknowledged, "
              f"{len(kept)} of {len(everyone)} on disk", flush=True)
        self.assertEqual(kept, everyone[:len(kept)], "the joins on disk are the first ones, in order")
        self.assertEqual(kept[:len(acknowledged_ids)], acknowledged_ids, "every acknowledged join is kept")


if __name__ == "__main__":
    unittest.main()
