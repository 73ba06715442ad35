"""The sign-up link for the group chat, on the real daemon's web listener: plan.link's code
presented over a WebSocket (auth.token) or as Authorization: Bearer on POST /rpc lets a peer join or leave
that one plan for any roster player, or add a guest, and nothing else; plan.cancel voids it; wrong codes count
toward the same per-address limit as wrong control tokens."""
import datetime as dt
import json
import unittest
from urllib.parse import urlsplit

from webcase import TOKEN, WebCase, loopback

CONTROL_METHODS = {
    "players.create": {"name": "Mallory"},
    "players.update": {"id": 1, "name": "Hacked"},
    "players.delete": {"id": 1},
    "gather.start": {"teamA": [1], "teamB": [2]},
    "score.goal": {"team": "teamA"},
    "timer.start": {},
    "plan.create": {"startsAt": "2099-01-01T19:00Z", "capacity": 10},
    "plan.update": {"plan": 1, "capacity": 3},
    "plan.cancel": {"plan": 1},
    "plan.link": {"plan": 1},
    "web.link": {},
}


def in_days(days):
    return (dt.date.today() + dt.timedelta(days=days)).isoformat() + "T19:00+01:00"


class SignUpCase(WebCase):
    def setUp(self):
        super().setUp()
        self.ids = [p["id"] for p in self.make_players(self.c, 4)]
        self.thursday = self.ok(self.c, "plan.create", {"startsAt": in_days(3), "capacity": 2, "place": "Astro 2"})
        self.sunday = self.ok(self.c, "plan.create", {"startsAt": in_days(6), "capacity": 10})
        self.link = self.ok(self.c, "plan.link", {"plan": self.thursday["id"]})["url"]
        self.code = urlsplit(self.link).fragment.partition("signup=")[2]

    def signed_up(self, code=None, **kwargs):
        ws = self.ws(**kwargs)
        reply = ws.call("auth.token", {"token": code or self.code}, id=1)
        self.assertIn("result", reply, reply)
        return ws, reply["result"]

    def post_with(self, message, code, **kwargs):
        status, _, body = self.post(message, {"Authorization": "Bearer " + code}, **kwargs)
        return status, (json.loads(body) if status == 200 else None)

    def plan(self, plan=None):
        return self.ok(self.c, "plan.get", {"plan": (plan or self.thursday)["id"]})


class SignUpLinkTests(SignUpCase):
    def test_the_link_is_the_page_with_the_plans_code_in_its_fragment(self):
        parts = urlsplit(self.link)
        self.assertEqual((parts.scheme, parts.netloc, parts.path), ("http", "127.0.0.1:%d" % self.port, "/"))
        self.assertRegex(self.code, r"^[A-Za-z0-9_-]{22}$")
        self.assertEqual(self.ok(self.c, "plan.link", {"plan": self.thursday["id"]})["url"], self.link,
                         "the same link for the plan's life")
        other = self.ok(self.c, "plan.link", {"plan": self.sunday["id"]})["url"]
        self.assertNotEqual(other, self.link, "each plan has its own code")
        self.assertNotIn(self.code, json.dumps(self.plan()), "the code is never part of a plan")
        self.assertNotIn(self.code, json.dumps(self.ok(self.c, "plans.list")))

    def test_only_a_controller_gets_the_link(self):
        ws = self.ws()
        self.assertRpcError(ws.call("plan.link", {"plan": self.thursday["id"]}, id=1), -32003, "forbidden")
        ws, _ = self.signed_up()
        self.assertRpcError(ws.call("plan.link", {"plan": self.thursday["id"]}, id=2), -32003, "forbidden")


class SignUpOverWebSocketTests(SignUpCase):
    def test_the_code_grants_answering_for_its_plan_and_says_so(self):
        ws, granted = self.signed_up()
        self.assertEqual(granted, {"control": False, "signUp": {"plan": self.thursday["id"], "status": "open",
                                                                "methods": ["plan.join", "plan.leave"]}})
        joined = ws.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[0]}, id=2)["result"]
        self.assertEqual((joined["answer"], joined["changed"]), ("going", True))
        ws.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[1]}, id=3)
        waiting = ws.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[2]}, id=4)["result"]
        self.assertEqual(waiting["answer"], "waiting")
        left = ws.call("plan.leave", {"plan": self.thursday["id"], "player": self.ids[0]}, id=5)["result"]
        self.assertEqual([p["id"] for p in left["promoted"]], [self.ids[2]])
        guest = ws.call("plan.join", {"plan": self.thursday["id"], "guest": "Zé from work"}, id=6)["result"]
        self.assertEqual((guest["player"]["name"], guest["answer"]), ("Zé from work", "waiting"))
        self.assertTrue(guest["plan"]["waiting"][0]["guest"])
        plan = self.plan()
        self.assertEqual([p["id"] for p in plan["going"]], [self.ids[1], self.ids[2]])
        self.assertEqual([p["name"] for p in plan["waiting"]], ["Zé from work"])
        self.assertEqual([p["id"] for p in plan["notGoing"]], [self.ids[0]])
        self.assertIn("Zé from work", [p["name"] for p in self.ok(self.c, "players.list")["players"]])
        # Reads still work, as for anyone.
        self.assertEqual(ws.call("plans.list", id=7)["result"]["plans"][0]["id"], self.thursday["id"])

    def test_the_code_grants_nothing_else(self):
        ws, _ = self.signed_up()
        before = (self.ok(self.c, "players.list"), self.ok(self.c, "plans.list"), self.ok(self.c, "gather.current"))
        for number, (method, params) in enumerate(CONTROL_METHODS.items(), start=10):
            with self.subTest(method=method):
                self.assertRpcError(ws.call(method, params, id=number), -32003)
        other = ws.call("plan.join", {"plan": self.sunday["id"], "player": self.ids[0]}, id=50)
        self.assertRpcError(other, -32003, "forbidden")
        self.assertIn(str(self.thursday["id"]), other["error"]["message"])
        self.assertRpcError(ws.call("plan.join", {"plan": self.sunday["id"], "guest": "Zé"}, id=51), -32003)
        self.assertRpcError(ws.call("plan.leave", {"plan": self.sunday["id"], "player": self.ids[0]}, id=52), -32003)
        after = (self.ok(self.c, "players.list"), self.ok(self.c, "plans.list"), self.ok(self.c, "gather.current"))
        self.assertEqual(after, before, "nothing the code may not do was done")

    def test_a_wrong_code_is_refused_and_grants_nothing(self):
        ws = self.ws()
        wrong = self.code[:-1] + ("A" if self.code[-1] != "A" else "B")
        self.assertRpcError(ws.call("auth.token", {"token": wrong}, id=1), -32003, "invalid_token")
        self.assertRpcError(ws.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[0]}, id=2), -32003)
        self.assertEqual(self.plan()["going"], [])

    def test_cancelling_the_plan_voids_the_code_at_once(self):
        ws, _ = self.signed_up()
        self.ok(self.c, "plan.cancel", {"plan": self.thursday["id"]})
        refused = ws.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[0]}, id=2)
        self.assertRpcError(refused, -32003)
        # Presented later, the code only says what became of its plan, and grants nothing.
        late, told = self.signed_up()
        self.assertEqual(told, {"control": False, "signUp": {"plan": self.thursday["id"], "status": "cancelled",
                                                             "methods": []}})
        self.assertRpcError(late.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[0]}, id=3), -32003)
        status, reply = self.post_with({"jsonrpc": "2.0", "id": 4, "method": "plan.join",
                                        "params": {"plan": self.thursday["id"], "player": self.ids[0]}}, self.code)
        self.assertEqual(status, 200)
        self.assertRpcError(reply, -32003)
        self.assertEqual(self.plan()["going"], [])

    def test_a_bad_guest_or_unknown_player_gets_its_error(self):
        ws, _ = self.signed_up()
        plan = self.thursday["id"]
        self.assertRpcError(ws.call("plan.join", {"plan": plan, "guest": ""}, id=2), -32602)
        self.assertRpcError(ws.call("plan.join", {"plan": plan, "guest": "x" * 41}, id=3), -32602)
        self.assertRpcError(ws.call("plan.join", {"plan": plan, "player": 999}, id=4), -32001, "player_not_found")
        self.assertEqual(len(self.ok(self.c, "players.list")["players"]), 4)

    def test_a_watcher_sees_the_answer_live(self):
        watcher = self.ws()
        watcher.call("events.subscribe", {"topics": ["plan"]}, id=1)
        ws, _ = self.signed_up()
        ws.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[3]}, id=2)
        event = watcher.recv()
        self.assertEqual((event["method"], event["params"]["change"]), ("plan", "joined"))
        self.assertEqual(event["params"]["player"]["id"], self.ids[3])
        self.assertEqual([p["id"] for p in event["params"]["plan"]["going"]], [self.ids[3]])


class SignUpOverPostTests(SignUpCase):
    def test_a_bearer_code_answers_for_its_plan_only(self):
        status, reply = self.post_with(
            {"jsonrpc": "2.0", "id": 1, "method": "plan.join", "params": {"plan": self.thursday["id"], "player": self.ids[0]}},
            self.code)
        self.assertEqual(status, 200)
        self.assertEqual(reply["result"]["answer"], "going")
        status, reply = self.post_with(
            {"jsonrpc": "2.0", "id": 2, "method": "plan.join", "params": {"plan": self.sunday["id"], "player": self.ids[0]}},
            self.code)
        self.assertRpcError(reply, -32003)
        status, reply = self.post_with({"jsonrpc": "2.0", "id": 3, "method": "players.create", "params": {"name": "M"}}, self.code)
        self.assertRpcError(reply, -32003, "forbidden")
        status, _ = self.post_with({"jsonrpc": "2.0", "id": 4, "method": "daemon.ping"}, "not-a-code-not-a-token")
        self.assertEqual(status, 401)
        self.assertEqual([p["id"] for p in self.plan()["going"]], [self.ids[0]])
        self.assertEqual(self.plan(self.sunday)["going"], [])


class SignUpGuessTests(SignUpCase):
    def test_wrong_codes_count_toward_the_wrong_token_limit(self):
        ws = self.ws()
        for index in range(5):
            wrong = "x" * 21 + "ABCDE"[index]
            self.assertRpcError(ws.call("auth.token", {"token": wrong}, id=index), -32003, "invalid_token")
        reply = self.ws().call("auth.token", {"token": self.code}, id=9)
        self.assertRpcError(reply, -32003, "too_many_attempts")
        self.assertNotIn("result", reply, "even the right code is not checked now")
        status, _ = self.post_with(
            {"jsonrpc": "2.0", "id": 1, "method": "plan.join", "params": {"plan": self.thursday["id"], "player": 1}},
            self.code)
        self.assertEqual(status, 429)
        self.assertEqual(self.plan()["going"], [])
        _, granted = self.signed_up(source=loopback(3))
        self.assertEqual(granted["signUp"]["plan"], self.thursday["id"], "another address is not held up")

    def test_a_right_code_does_not_forget_wrong_control_tokens(self):
        ws = self.ws(source=loopback(4))
        for index in range(4):
            self.assertRpcError(ws.call("auth.token", {"token": "guess-%02d-guess-guess" % index}, id=index), -32003)
        self.assertIn("signUp", ws.call("auth.token", {"token": self.code}, id=5)["result"])
        self.assertRpcError(ws.call("auth.token", {"token": "guess-99-guess-guess"}, id=6), -32003, "invalid_token")
        self.assertRpcError(self.ws(source=loopback(4)).call("auth.token", {"token": TOKEN}, id=7), -32003,
                            "too_many_attempts")



class SignUpLogTests(SignUpCase):
    daemon_log_level = "debug"

    def test_the_code_never_appears_in_the_log(self):
        ws, _ = self.signed_up()
        ws.call("plan.join", {"plan": self.thursday["id"], "player": self.ids[0]}, id=2)
        ws.call("plan.join", {"plan": self.sunday["id"], "player": self.ids[0]}, id=3)
        self.post_with({"jsonrpc": "2.0", "id": 1, "method": "players.list"}, self.code)
        self.ok(self.c, "plan.cancel", {"plan": self.thursday["id"]})
        self.ws().call("auth.token", {"token": self.code}, id=1)
        log = self.daemon.output()
        self.assertIn("plan.join", log, "the calls were logged, at debug level")
        self.assertNotIn(self.code, log)


if __name__ == "__main__":
    unittest.main()
