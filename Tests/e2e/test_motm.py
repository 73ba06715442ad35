"""The man-of-the-match vote on the real daemon: gather.voteLink's code presented over a WebSocket (auth.token) or
as Authorization: Bearer on POST /rpc votes in that gather's vote; the code is never logged; and a vote still open
when gatherd is killed closes at its time after the restart, on the daemon's own timer. Who may vote for whom, and
what else a vote code is refused, is checked in process by the method tests (VoteMethodTests, LinkCodeMethodTests).

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_motm.py -v
"""
import json
import subprocess
import time
import unittest
from urllib.parse import urlsplit

from harness import iso_to_epoch
from test_gatherctl import gatherctl_path
from webcase import WebCase


class VoteCase(WebCase):
    """Ana and Bruno against Carla and Dani, Eli on the bench: ended, with its vote open."""
    daemon_log_level = "debug"

    def setUp(self):
        super().setUp()
        self.ids = [self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bruno", "Carla", "Dani", "Eli")]
        self.gather = self.start_gather(self.c, self.ids[0:2], self.ids[2:4], [self.ids[4]])["id"]
        self.ended = self.ok(self.c, "gather.end")
        self.code = self.vote_code(self.gather)

    def vote_code(self, gather):
        link = self.ok(self.c, "gather.voteLink", {"gather": gather})
        self.assertEqual(urlsplit(link["url"]).netloc, "127.0.0.1:%d" % self.port)
        return urlsplit(link["url"]).fragment.partition("vote=")[2]

    def voter(self, code=None):
        ws = self.ws()
        reply = ws.call("auth.token", {"token": code or self.code}, id=1)
        self.assertIn("result", reply, reply)
        return ws, reply["result"]

    def cast(self, ws, voter, player, id=2, gather=None):
        return ws.call("vote.cast", {"gather": gather or self.gather, "voter": voter, "player": player}, id=id)


class VoteLinkTests(VoteCase):
    def test_the_link_opens_the_vote_of_its_gather(self):
        self.assertRegex(self.code, r"^[A-Za-z0-9_-]{22}$")
        self.assertEqual(self.ended["manOfTheMatch"]["status"], "open")
        ws, granted = self.voter()
        self.assertEqual(granted, {"control": False, "vote": {"gather": self.gather, "status": "open",
                                                              "methods": ["vote.cast"]}})
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["vote"]})
        status = self.assertResult(self.cast(ws, self.ids[0], self.ids[2]), id=2)
        self.assertEqual((status["voted"], status["eligible"]), (1, 4))
        event = watcher.next_event()
        self.assertEqual((event["method"], event["params"]["change"]), ("vote", "cast"))
        self.assertEqual(event["params"]["vote"], status)

    def test_a_vote_posted_with_the_code_as_bearer(self):
        message = {"jsonrpc": "2.0", "id": 1, "method": "vote.cast",
                   "params": {"gather": self.gather, "voter": self.ids[3], "player": self.ids[0]}}
        status, _, body = self.post(message, {"Authorization": "Bearer " + self.code})
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["result"]["voted"], 1)
        status, _, body = self.post(message)
        self.assertRpcError(json.loads(body), -32003, "forbidden")

    def test_the_code_is_never_logged(self):
        ws, _ = self.voter()
        self.assertResult(self.cast(ws, self.ids[1], self.ids[3]), id=2)
        self.post({"jsonrpc": "2.0", "id": 1, "method": "vote.status", "params": {"gather": self.gather}},
                  {"Authorization": "Bearer " + self.code})
        output = self.daemon.output()
        self.assertIn("vote.cast", output, "the debug log is on")
        self.assertNotIn(self.code, output)


class VoteAfterACrashTests(VoteCase):
    """Votes close a minute after the gather ends (the shortest --vote-closes takes)."""
    web_args = ("--vote-closes", "1m")

    def test_a_vote_still_open_after_kill_9_closes_at_its_time(self):
        closes_at = self.ended["manOfTheMatch"]["closesAt"]
        self.assertAlmostEqual(iso_to_epoch(closes_at) - iso_to_epoch(self.ended["endedAt"]), 60, delta=0.01)
        ws, _ = self.voter()
        for voter, player in ((0, 2), (1, 2), (3, 0)):
            self.assertResult(self.cast(ws, self.ids[voter], self.ids[player]), id=2)
        self.daemon.kill9()
        self.daemon.restart()
        self.c = self.client()
        self.assertEqual(self.ok(self.c, "vote.status", {"gather": self.gather})["voted"], 3, "every vote kept")
        watcher = self.client(timeout=90)
        self.ok(watcher, "events.subscribe", {"topics": ["vote"]})
        event = watcher.next_event(timeout=max(5.0, iso_to_epoch(closes_at) - time.time() + 10))
        self.assertEqual(event["params"]["change"], "closed")
        best = event["params"]["vote"]["manOfTheMatch"]
        self.assertEqual([p["name"] for p in best["players"]], ["Carla"])
        self.assertEqual((best["votes"], best["voters"], best["eligible"], best["closedAt"]), (2, 3, 4, closes_at))
        self.assertGreaterEqual(time.time(), iso_to_epoch(closes_at), "not before its time")
        self.assertEqual(self.ok(self.c, "gathers.get", {"id": self.gather})["manOfTheMatch"]["players"],
                         best["players"])
        report = self.ok(self.c, "gather.report", {"gather": self.gather})
        self.assertIn("\nMan of the match: Carla", report["text"])
        # gatherctl's stats count the award.
        ctl = lambda *args: subprocess.run([gatherctl_path(), *args, "--socket", self.daemon.socket_path],
                                           capture_output=True, encoding="utf-8", timeout=30, check=True).stdout
        header, *rows = ctl("stats").splitlines()
        self.assertTrue(header.rstrip().endswith("MOTM"), header)
        self.assertEqual({row.split()[1]: row.split()[-1] for row in rows},
                         {"Ana": "0", "Bruno": "0", "Carla": "1", "Dani": "0"})
        self.assertIn(", man of the match 1 time\n", ctl("stats", "player", "Carla"))
        stats = {p["name"]: p["manOfTheMatch"] for p in self.ok(self.c, "stats.players")["players"]}
        self.assertEqual(stats, {"Ana": 0, "Bruno": 0, "Carla": 1, "Dani": 0})


if __name__ == "__main__":
    unittest.main()
