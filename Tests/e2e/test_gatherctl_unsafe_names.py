"""gatherctl prints names safely, even those an older database holds: control and formatting characters (Cc,
Cf, Zl, Zp) are shown as `\\u{1B}`-style escapes in every human output and every status-bar format, no name
breaks a line or a status bar's format, and --json stays exact.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_unsafe_names.py -v

The names the rule refuses today are written straight into the database file with Python's sqlite3 while the
daemon is stopped, as a database from another release would hold them; the daemon then starts on it. Every
check is on the bytes gatherctl wrote.
"""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
import unittest

from test_gatherctl import GatherctlTestCase
from test_plan_signup import in_days

ATTACK = "Evil\u001b[2J\u001b]0;owned\u0007\nroot# "
ATTACK_SHOWN = "Evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}\\u{A}root#"
TEAM_A = "Bibs\u001b]0;x\u0007"
TEAM_A_SHOWN = "Bibs\\u{1B}]0;x\\u{7}"
TEAM_B = "Col\u2028ours"
TEAM_B_SHOWN = "Col\\u{2028}ours"
CARLA = "Carla\u202e"
CARLA_SHOWN = "Carla\\u{202E}"
PLACE = "Astro\u001b[2J 2"
NOTE = "Bring\nshirts\u200b"


def hidden(text: str) -> list[str]:
    """The control and formatting characters of `text` (Cc, Cf, Zl, Zp) but the line feeds between lines."""
    return [char for char in text if char != "\n" and unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")]


class UnsafeNamesFromAnOldDatabaseTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ana = self.ok(self.c, "players.create", {"name": "Ana"})
        self.bruno = self.ok(self.c, "players.create", {"name": "Bruno", "favouriteTeam": "Benfica"})
        self.carla = self.ok(self.c, "players.create", {"name": "Carla"})
        plan = self.ok(self.c, "plan.create", {"startsAt": in_days(3), "capacity": 10, "place": "Astro 2", "note": "x"})
        self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.carla["id"]})
        self.ok(self.c, "gather.start", {"teamA": [self.ana["id"]], "teamB": [self.bruno["id"]], "names": {"teamA": "Bibs"}})
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ana["id"]})
        self.daemon.stop()
        with sqlite3.connect(self.daemon.db_path) as db:
            db.execute("UPDATE player SET name = ? WHERE id = ?", (ATTACK, self.ana["id"]))
            db.execute("UPDATE player SET favouriteTeam = ? WHERE id = ?", ("Benfica\u202e", self.bruno["id"]))
            db.execute("UPDATE player SET name = ? WHERE id = ?", (CARLA, self.carla["id"]))
            db.execute("UPDATE gatherPlayer SET playerName = ? WHERE playerId = ?", (ATTACK, self.ana["id"]))
            db.execute("UPDATE scoreEvent SET scorerName = ?", (ATTACK,))
            db.execute("UPDATE planSignUp SET playerName = ?", (CARLA,))
            db.execute("UPDATE gather SET teamAName = ?, teamBName = ?", (TEAM_A, TEAM_B))
            db.execute("UPDATE plan SET place = ?, note = ?", (PLACE, NOTE))
        db.close()
        self.daemon.start()
        self.c = self.client()

    def assertSafe(self, text: str, what: str) -> None:
        raw = text.encode("utf-8")
        self.assertNotIn(b"\x1b", raw, f"{what}: a raw ESC")
        self.assertNotIn(b"\x07", raw, f"{what}: a raw BEL")
        self.assertFalse(hidden(text), f"{what} printed hidden characters: {text!r}")

    def test_the_daemon_loads_the_names_and_json_gives_them_exactly(self):
        players = {p["id"]: p for p in self.ok(self.c, "players.list")["players"]}
        self.assertEqual(players[self.ana["id"]]["name"], ATTACK)
        self.assertEqual(self.ctl_json("players"), self.ok(self.c, "players.list"))
        self.assertEqual(self.ctl_json("plan"), self.ok(self.c, "plans.list"))

    def test_players_shows_each_name_on_its_own_line_escaped(self):
        out = self.ctl("players")
        self.assertSafe(out, "gatherctl players")
        lines = out.rstrip("\n").split("\n")
        self.assertEqual(len(lines), 4, f"a header and one line per player: {out!r}")
        for player, shown in ((self.ana, ATTACK_SHOWN), (self.bruno, "Benfica\\u{202E}"), (self.carla, CARLA_SHOWN)):
            line = next(line for line in lines if line.startswith(f"{player['id']} "))
            self.assertIn(shown, line)

    def test_plan_shows_the_place_note_and_names_escaped(self):
        out = self.ctl("plan")
        self.assertSafe(out, "gatherctl plan")
        self.assertIn("Astro\\u{1B}[2J 2", out)
        self.assertIn("  Note: Bring\\u{A}shirts\\u{200B}\n", out)
        self.assertIn("  Going: " + CARLA_SHOWN + "\n", out)
        self.assertEqual(len(out.rstrip("\n").split("\n")), 3, out)

    def test_the_gather_and_status_show_team_and_scorer_names_escaped(self):
        for args in (("gather",), ("status",), ("gather", "history")):
            out = self.ctl(*args)
            self.assertSafe(out, "gatherctl " + " ".join(args))
        gather = self.ctl("gather")
        self.assertIn(f"{TEAM_A_SHOWN} 1-0 {TEAM_B_SHOWN}", gather)
        self.assertIn(ATTACK_SHOWN, gather)

    def test_a_refusal_naming_a_stored_name_is_printed_escaped(self):
        proc = self.run_ctl("plan", "join", "--guest", "carla")
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn(CARLA_SHOWN, proc.stderr)
        self.assertSafe(proc.stderr, "the refusal on stderr")

    def test_every_status_bar_format_shows_one_line_with_the_names_escaped(self):
        for fmt in ("plain", "i3blocks", "polybar", "waybar"):
            with self.subTest(fmt=fmt):
                watch = self.watch("--format", fmt)
                line = watch.read_line()
                self.assertSafe(line, f"watch --format {fmt}")
                text = json.loads(line)["text"] if fmt == "waybar" else line
                self.assertSafe(text, f"watch --format {fmt}'s text")
                self.assertRegex(text, r"^\d\d:\d\d · " + re.escape(f"{TEAM_A_SHOWN} 1-0 {TEAM_B_SHOWN}") + "$")
                if fmt == "waybar":
                    tooltip = json.loads(line)["tooltip"]
                    self.assertSafe(tooltip, "waybar's tooltip")
                    lines = tooltip.split("\n")
                    self.assertEqual(len(lines), 3, f"score, clock and one goal: {tooltip!r}")
                    self.assertIn(ATTACK_SHOWN, lines[2])
                watch.kill()
        # --format json stays exact.
        obj = json.loads(self.watch("--format", "json").read_line())
        self.assertEqual(obj["names"], {"teamA": TEAM_A, "teamB": TEAM_B})


class PolybarTagsTests(GatherctlTestCase):
    def test_a_team_name_cannot_become_a_polybar_tag(self):
        ana, bruno = (self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        # Printable characters only, so the daemon takes it: polybar alone would read it as a click action.
        tag = "%{A1:xterm:}X%{A}"
        self.ok(self.c, "gather.start", {"teamA": [ana], "teamB": [bruno], "names": {"teamB": tag}})
        line = self.watch("--format", "polybar").read_line()
        self.assertNotIn("%{", line)
        self.assertTrue(line.endswith(" · Team A 0-0 %\\u{7B}A1:xterm:}X%\\u{7B}A}"), line)
        self.assertIn(tag, self.watch("--format", "plain").read_line(), "other formats show it as it is")


if __name__ == "__main__":
    unittest.main()
