"""Names from anywhere, on the real daemon: what people type for others to read (players' and guests' names,
favourite teams, team names, a plan's place and note) is normalised to NFC and trimmed, over the socket and from a
sign-up link over POST /rpc, and the page never parses a name as HTML. Text refused for a control or formatting
character or its length, and a guest passing for a roster player, are checked in process by the method tests
(TypedNamesMethodTests).

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_typed_names.py -v
"""
import glob
import json
import os
import re
import unittest

from harness import DaemonTestCase
from test_plan_signup import SignUpCase, in_days


class GuestNamesThroughTheSignUpLinkTests(SignUpCase):
    """The stranger's surface: a leaked sign-up code, over POST /rpc."""

    def join_by_post(self, guest, id=1):
        message = {"jsonrpc": "2.0", "id": id, "method": "plan.join", "params": {"plan": self.thursday["id"], "guest": guest}}
        status, reply = self.post_with(message, self.code)
        self.assertEqual(status, 200, reply)
        return reply

    def test_a_guest_name_is_kept_in_nfc_and_trimmed(self):
        reply = self.join_by_post("  Ze\u0301 from work \n")
        self.assertEqual(reply["result"]["player"]["name"], "Z\u00e9 from work")
        listed = [p["name"] for p in self.ok(self.c, "players.list")["players"]]
        self.assertIn("Z\u00e9 from work", listed)


class TypedTextOverTheSocketTests(DaemonTestCase):
    """A controller's surface: typed text as it is kept."""

    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.ana = self.ok(self.c, "players.create", {"name": "Ana"})
        self.bruno = self.ok(self.c, "players.create", {"name": "Bruno"})
        self.plan = self.ok(self.c, "plan.create", {"startsAt": in_days(3), "capacity": 10, "place": "Astro 2"})

    def test_accepted_text_is_stored_in_nfc_and_trimmed(self):
        carla = self.ok(self.c, "players.create", {"name": "  Carla Este\u0301va\u0303o\t", "favouriteTeam": " Benfica "})
        self.assertEqual((carla["name"], carla["favouriteTeam"]), ("Carla Est\u00e9v\u00e3o", "Benfica"))
        self.assertEqual(json.dumps(carla["name"]), json.dumps("Carla Est\u00e9v\u00e3o"))
        plan = self.ok(self.c, "plan.update", {"plan": self.plan["id"], "place": " Esta\u0301dio ", "note": "\n"})
        self.assertEqual((plan["place"], plan["note"]), ("Est\u00e1dio", None))
        # Forty characters of four bytes each: 160 bytes, the most a name may take.
        self.assertEqual(self.ok(self.c, "players.create", {"name": "\U0001D538" * 40})["name"], "\U0001D538" * 40)


class ScoreboardPageTests(unittest.TestCase):
    """The page shows names as text: its scripts set textContent and attributes, and never parse a string as HTML,
    so a name such as "<img src=x onerror=…>" is shown, not run."""

    SCOREBOARD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "GatherDaemon",
                              "Scoreboard")
    HTML_SINKS = re.compile(r"\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment"
                            r"|srcdoc)\b")

    def test_no_script_of_the_page_parses_a_string_as_html(self):
        scripts = (glob.glob(os.path.join(self.SCOREBOARD, "js", "*.js")) + [os.path.join(self.SCOREBOARD, "sw.js")]
                   + glob.glob(os.path.join(self.SCOREBOARD, "*.html")))
        self.assertGreater(len(scripts), 5)
        for path in scripts:
            with open(path, encoding="utf-8") as handle:
                for number, line in enumerate(handle, start=1):
                    with self.subTest(file=os.path.basename(path), line=number):
                        self.assertIsNone(self.HTML_SINKS.search(line), line)


if __name__ == "__main__":
    unittest.main()
