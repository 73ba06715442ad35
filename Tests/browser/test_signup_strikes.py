"""Late drop-outs and strikes on the sign-up view: a going player past the game's cut-off is warned that dropping
out now counts as a late drop-out, and drops out; with that strike, reaching gatherd's strikes setting, the regular
opens a weekly game's link while it is still for regulars, says "I'm in", and is told in words why they wait and
until when; nothing changes. And on the organiser's control page, a player whose late drop-out came before
their first game is in the players' table with their strike, held back.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p 'test_signup_strikes.py' -v

Headless Chromium over the DevTools protocol against the real gatherd, run with --strikes 1 as an administrator
would set it; the late drop-out is made from the phone (a going place left three hours before its game). That the player is
let in once the game opens to everyone is RegularsMethodTests' (a test clock); every wait here is for the page.
"""

from __future__ import annotations

import datetime as dt
import unittest

from cdp import chromium_binary
from scoreboard_support import STATE_JS, PageCase, js_text, js_visible, open_page, testid

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class SignUpStrikesTest(PageCase):
    daemon_args = ["--strikes", "1", "--strike-days", "30"]

    def test_a_regular_held_back_by_a_late_drop_out_is_told_why_and_until_when(self) -> None:
        ana, bruno = (self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.ok(self.c, "players.update", {"id": ana, "regular": True})
        now = dt.datetime.now(dt.timezone.utc)
        tonight = self.ok(self.c, "plan.create", {"startsAt": (now + dt.timedelta(hours=3)).strftime("%Y-%m-%dT%H:%MZ"),
                                                  "capacity": 10})["id"]
        self.ok(self.c, "plan.join", {"plan": tonight, "player": ana})
        # Three hours before the game, Ana's phone warns her before she drops out; she drops out all the same.
        tonight_link = self.ok(self.c, "plan.link", {"plan": tonight})["url"]
        phone = self.signup_phone(tonight_link, ana)
        phone.wait_for(js_visible("signup-late"), "the cut-off's warning", state=STATE_JS)
        self.assertIn("dropping out now counts as a late drop-out", phone.evaluate(js_text("signup-late")))
        phone.click(testid("btn-out"))
        phone.wait_for(f"!{js_visible('signup-late')}", "Ana out, with nothing left to warn of", state=STATE_JS)
        self.assertIn("That counts as a late drop-out.", phone.evaluate(js_text("signup-result")))
        self.assertEqual(self.ok(self.c, "stats.player", {"id": ana})["attendance"]["lateDropOuts"], 1)
        # Next week's game of a weekly schedule that gives regulars three days first.
        day = (now + dt.timedelta(days=7)).date()
        schedule = self.ok(self.c, "plan.schedule", {"weekday": WEEKDAYS[day.weekday()], "time": "19:00",
                                                     "utcOffset": "+00:00", "capacity": 10, "opensBefore": 8 * 86400,
                                                     "regularsFirst": 3 * 86400})["id"]
        plan = self.ok(self.c, "plan.create", {"startsAt": day.isoformat() + "T19:00Z", "schedule": schedule})
        self.assertIsNotNone(plan.get("regularsFirst"), "the week is for regulars first")
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]

        page = self.signup_phone(link, ana)
        self.assertFalse(page.evaluate(js_visible("signup-late")), "nothing to warn of before answering")
        page.click(testid("btn-in"))
        page.wait_for(f"{js_text('notice')}.includes('late drop-outs and no-shows')", "Ana told why she waits",
                      state=STATE_JS)
        notice = page.evaluate(js_text("notice"))
        self.assertIn("you wait for everyone else: you can join from", notice)
        self.assertNotIn("held_back", notice)
        self.assertNotIn("regulars only", notice, "Ana is a regular: that is not why")
        answers = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual(answers["going"] + answers["waiting"], [], "nothing changed")
        # Bruno, not a regular, is told the plain rule.
        self.assertEqual(self.c.call("plan.join", {"plan": plan["id"], "player": bruno})["error"]["data"]["reason"],
                         "regulars_only")

    def test_the_organisers_table_lists_a_late_drop_out_who_never_played(self) -> None:
        # Ana is on the roster and has done nothing yet; Bruno and Carla play a game; Dani drops out late.
        _, bruno, carla, dani = (self.ok(self.c, "players.create", {"name": name})["id"]
                                 for name in ("Ana", "Bruno", "Carla", "Dani"))
        now = dt.datetime.now(dt.timezone.utc)
        tonight = self.ok(self.c, "plan.create", {"startsAt": (now + dt.timedelta(hours=3)).strftime("%Y-%m-%dT%H:%MZ"),
                                                  "capacity": 10})["id"]
        self.ok(self.c, "plan.join", {"plan": tonight, "player": dani})
        self.ok(self.c, "plan.leave", {"plan": tonight, "player": dani})  # three hours before: a late drop-out
        self.ok(self.c, "gather.start", {"teamA": [bruno], "teamB": [carla]})
        self.ok(self.c, "gather.end")

        page = open_page(self.browser, self.daemon.control_url())
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        rows = ("[...document.querySelectorAll('[data-testid=player-row]')].map(r => ({id: +r.dataset.player, "
                "played: r.children[1].textContent, line: r.querySelector('[data-testid=player-attendance]')?.textContent "
                "?? '', held: r.querySelector('[data-testid=player-attendance]')?.dataset.heldBack ?? ''}))")
        page.wait_for(f"{rows}.length === 3", "Bruno, Carla and Dani in the players' table", state=STATE_JS)
        shown = {row["id"]: row for row in page.evaluate(rows)}
        self.assertEqual(set(shown), {bruno, carla, dani}, "Ana never played and has no strike: not listed")
        self.assertEqual(shown[dani]["played"], "0")
        self.assertEqual(shown[dani]["line"], "1 late drop-out \u00b7 1 strike: waits for the opening")
        self.assertEqual(shown[dani]["held"], "true", "held back: shown in the warning colour")
        self.assertEqual(shown[bruno]["line"], "", "nothing to say of a player who kept their word")


if __name__ == "__main__":
    unittest.main()
