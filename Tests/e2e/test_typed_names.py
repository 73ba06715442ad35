"""Names from anywhere, on the real daemon: what people type for others to read (players' and guests' names,
favourite teams, team names, a plan's place and note) is normalised to NFC and trimmed, and refused with
-32602 naming the field when it holds a control or formatting character (Cc, Cf, Zl, Zp) or is past its limit
in characters or in UTF-8 bytes; a guest added through a sign-up link cannot pass for a roster player.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_typed_names.py -v

Every refusal leaves the daemon's state as it was: the event counter, the roster and the plan.
"""
import glob
import json
import os
import re
import unittest

from harness import DaemonTestCase
from test_plan_signup import SignUpCase, in_days

#: A code holder's guest name that clears the organiser's terminal, retitles it and shows a fake prompt.
TERMINAL_ATTACK = "Evil\u001b[2J\u001b]0;owned\u0007\nroot# "
#: Hidden characters, refused wherever people type text, whatever its length.
HIDDEN = {
    "the issue's escape codes": TERMINAL_ATTACK,
    "a right-to-left override": "Ana\u202egnaM",
    "a directional isolate": "Ana\u2066x\u2069",
    "a zero-width space": "Ana\u200b",
    "a line separator": "Ana\u2028Lima",
}
FLAG = "\U0001F1F5\U0001F1F9"  # one character of eight bytes


def oversized(characters):
    """Text past a limit of `characters` characters and 4 bytes a character: by characters, by bytes with fewer
    characters (flags), and one character flooded with combining marks."""
    return {
        "%d characters" % (characters + 1): "x" * (characters + 1),
        "%d flags" % (characters // 2 + 1): FLAG * (characters // 2 + 1),
        "a combining-mark flood": "e" + "\u0301" * (2 * characters + 1),  # "é" and 2 bytes a mark once in NFC
    }


class GuestNamesThroughTheSignUpLinkTests(SignUpCase):
    """The stranger's surface: a leaked sign-up code, over the WebSocket and over POST /rpc."""

    def state(self):
        return {
            "seq": self.ok(self.c, "daemon.status")["seq"],
            "players": self.ok(self.c, "players.list"),
            "plan": self.plan(),
        }

    def join_by_post(self, guest, id=1):
        message = {"jsonrpc": "2.0", "id": id, "method": "plan.join", "params": {"plan": self.thursday["id"], "guest": guest}}
        status, reply = self.post_with(message, self.code)
        self.assertEqual(status, 200, reply)
        return reply

    def test_the_issues_guest_name_is_refused_naming_the_field_and_nothing_changes(self):
        before = self.state()
        ws, _ = self.signed_up()
        over_ws = ws.call("plan.join", {"plan": self.thursday["id"], "guest": TERMINAL_ATTACK}, id=2)
        error = self.assertRpcError(over_ws, -32602, "invalid_params", field="guest")
        self.assertIn("control characters", error["message"])
        self.assertIn("U+001B", error["message"])
        self.assertNotIn("\u001b", error["message"], "the refusal does not echo the escape codes")
        self.assertRpcError(self.join_by_post(TERMINAL_ATTACK), -32602, "invalid_params", field="guest")
        self.assertEqual(self.state(), before)
        # The link keeps working for a good name.
        self.assertIn("result", ws.call("plan.join", {"plan": self.thursday["id"], "guest": "Zé"}, id=3))

    def test_every_kind_of_hidden_character_and_oversized_name_is_refused(self):
        before = self.state()
        ws, _ = self.signed_up()
        for n, (why, name) in enumerate({**HIDDEN, **oversized(40)}.items(), start=2):
            with self.subTest(why):
                self.assertRpcError(
                    ws.call("plan.join", {"plan": self.thursday["id"], "guest": name}, id=n), -32602, "invalid_params",
                    field="guest")
                self.assertRpcError(self.join_by_post(name, id=n), -32602, "invalid_params", field="guest")
        self.assertEqual(self.state(), before)

    def test_a_guest_cannot_pass_for_a_roster_player(self):
        before = self.state()
        ws, _ = self.signed_up()
        roster = self.ok(self.c, "players.list")["players"][0]
        self.assertEqual(roster["name"], "Player 1")
        for n, name in enumerate(("PLAYER 1", "player 1", "Player\u115f 1", "Play\u034fer 1"), start=2):
            with self.subTest(name=name):
                error = self.assertRpcError(
                    ws.call("plan.join", {"plan": self.thursday["id"], "guest": name}, id=n), -32602, "invalid_params",
                    field="guest")
                self.assertIn('"Player 1" (player %d)' % roster["id"], error["message"])
        self.assertEqual(self.state(), before)

    def test_a_guest_name_is_kept_in_nfc_and_trimmed(self):
        reply = self.join_by_post("  Ze\u0301 from work \n")
        self.assertEqual(reply["result"]["player"]["name"], "Z\u00e9 from work")
        listed = [p["name"] for p in self.ok(self.c, "players.list")["players"]]
        self.assertIn("Z\u00e9 from work", listed)
        # And the composed form now collides with the decomposed one.
        self.assertRpcError(self.join_by_post("ZE\u0301 FROM WORK", id=2), -32602, "invalid_params", field="guest")


class TypedTextOverTheSocketTests(DaemonTestCase):
    """A controller's surface: every param that carries typed text takes the same rule."""

    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.ana = self.ok(self.c, "players.create", {"name": "Ana"})
        self.bruno = self.ok(self.c, "players.create", {"name": "Bruno"})
        self.plan = self.ok(self.c, "plan.create", {"startsAt": in_days(3), "capacity": 10, "place": "Astro 2"})

    def state(self):
        return {
            "seq": self.ok(self.c, "daemon.status")["seq"],
            "players": self.ok(self.c, "players.list"),
            "plan": self.ok(self.c, "plan.get", {"plan": self.plan["id"]}),
            "gather": self.ok(self.c, "gather.current"),
        }

    def test_every_typed_param_refuses_hidden_characters_and_oversized_text(self):
        self.ok(self.c, "gather.start", {"teamA": [self.ana["id"]], "teamB": [self.bruno["id"]]})
        before = self.state()
        calls = [
            ("players.create", lambda text: {"name": text}, "name", 40),
            ("players.create", lambda text: {"name": "Carla", "favouriteTeam": text}, "favouriteTeam", 100),
            ("players.update", lambda text: {"id": self.ana["id"], "name": text}, "name", 40),
            ("gather.rename", lambda text: {"teamA": text}, "teamA", 24),
            ("gather.rename", lambda text: {"names": {"teamB": text}}, "names", 24),
            ("plan.create", lambda text: {"startsAt": in_days(4), "capacity": 10, "place": text}, "place", 100),
            ("plan.update", lambda text: {"plan": self.plan["id"], "place": text}, "place", 100),
            ("plan.update", lambda text: {"plan": self.plan["id"], "note": text}, "note", 500),
        ]
        for method, params, field, characters in calls:
            for why, text in {**HIDDEN, **oversized(characters)}.items():
                with self.subTest(method=method, field=field, why=why):
                    self.invalid_params(self.c, method, params(text), field=field)
        self.assertEqual(self.state(), before)

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
