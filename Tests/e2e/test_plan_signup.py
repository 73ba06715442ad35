"""The sign-up link for the group chat, on the real daemon's web listener: plan.link's code
presented over a WebSocket (auth.token) or as Authorization: Bearer on POST /rpc lets a peer join or leave
that one plan for any roster player, or add a guest, and nothing else; plan.cancel voids it; wrong codes count
toward the same per-address limit as wrong control tokens. What a code opens and what it is refused is checked in
process by the method tests (LinkCodeMethodTests, PlanAnswerMethodTests); here, it goes over the real listener."""
import datetime as dt
import json
import unittest
from urllib.parse import urlsplit

from webcase import TOKEN, WebCase, loopback


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


class SignUpOverWebSocketTests(SignUpCase):
    def test_the_code_grants_answering_for_its_plan_and_says_so(self):
        ws, granted = self.signed_up()
        self.assertEqual(granted, {"control": False, "signUp": {"plan": self.thursday["id"], "status": "open",
                                                                "methods": ["plan.accept", "plan.decline", "plan.join", "plan.leave",
                                                                            "push.subscribe", "push.unsubscribe"]}})
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

    def test_a_cancelled_plans_code_posted_as_bearer_is_refused(self):
        self.ok(self.c, "plan.cancel", {"plan": self.thursday["id"]})
        status, reply = self.post_with({"jsonrpc": "2.0", "id": 4, "method": "plan.join",
                                        "params": {"plan": self.thursday["id"], "player": self.ids[0]}}, self.code)
        self.assertEqual(status, 200)
        self.assertRpcError(reply, -32003)
        self.assertEqual(self.plan()["going"], [])


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
