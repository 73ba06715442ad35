"""Football as it is spoken, on the page: goals by their minute (28', 45+2'), team names, the last
result and the players' table between matches (also for a page opened after the gather ended, or after a
restart), a gather started from the control page's suggestion, and the referee's add time, end half and move.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p 'test_scoreboard_football.py' -v

Headless Chromium over the DevTools protocol against the real gatherd; every wait is for the page or a reply.
A match minute like 28' needs 27 minutes of play: the tests pause the clock, stop gatherd, and write the time
left into its database file as a daemon that had run that long would have left it, then start gatherd again
(the restored clock is the product's own restart path).
"""

from __future__ import annotations

import json
import sqlite3
import unittest

from cdp import chromium_binary
from scoreboard_support import PHONE, STATE_JS, TABLET, PageCase, js_text, js_visible, open_page, testid

#: The page's last result, players' table and suggestion, for failure messages.
BETWEEN_JS = (
    "(() => { const t = (n) => (document.querySelector(`[data-testid=\"${n}\"]`)?.textContent ?? null); "
    "return {last: t('last-result'), rows: [...document.querySelectorAll('[data-testid=player-row]')].map(r => r.textContent), "
    "notice: t('notice'), suggestion: t('suggestion'), setup: !document.querySelector('[data-testid=setup]').hidden}; })()"
)


#: The letters form shows, newest first.
LETTERS = {"win": "W", "draw": "D", "loss": "L"}


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class FootballPageTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        roster = [("Ana", "ST"), ("Bea", "GK"), ("Carla", "MID"), ("Dani", "DEF"), ("Eli", "W"), ("Fay", "GK")]
        self.ids = {name: self.ok(self.c, "players.create", {"name": name, "position": pos})["id"] for name, pos in roster}

    def open(self, url: str | None = None, size: tuple[int, int] = TABLET):
        page = open_page(self.browser, url or self.daemon.base_url + "/", size=size)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        return page

    def wait_text(self, page, name: str, expected: str, what: str | None = None, timeout: float = 5.0) -> None:
        page.wait_for(f"{js_text(name)} === {json.dumps(expected)}", what or f"{name} to read {expected!r}",
                      timeout=timeout, state=STATE_JS)

    def texts(self, page, selector: str) -> list[str]:
        return page.evaluate(f"[...document.querySelectorAll({json.dumps(selector)})].map(e => e.textContent.trim())")

    def wind_paused_clock(self, remaining_ms: int) -> None:
        """Stops gatherd and leaves the paused clock with `remaining_ms` left in its file, then starts it again."""
        self.c.close()
        self.assertEqual(self.daemon.stop()[0], 0)
        with sqlite3.connect(self.daemon.db_path) as db:
            changed = db.execute(
                "UPDATE gather SET clockRemainingMs = ? WHERE status = 'active' AND clockState = 'paused'", (remaining_ms,)
            ).rowcount
        db.close()
        self.assertEqual(changed, 1, "a paused clock to wind")
        self.daemon.start()
        self.c = self.daemon.client()

    # -- tests -------------------------------------------------------------------------------------

    def test_goals_read_28_and_45_plus_2(self) -> None:
        ids = self.ids
        # 2 x 25: half time called early, then 2:07 into the second half, which starts at 25:00.
        self.ok(self.c, "gather.start", {"teamA": [ids["Ana"]], "teamB": [ids["Bea"]], "periods": 2, "periodLength": 1500})
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.endPeriod")
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.pause")
        self.wind_paused_clock((25 * 60 - 127) * 1000)
        goal = self.ok(self.c, "score.goal", {"team": "teamA", "player": ids["Ana"]})["goal"]
        self.assertEqual((goal["minute"], goal["when"]), ("28'", "2nd half, 02:07"), goal)
        page = self.open()
        page.wait_for(f"{js_text('goals-a')}.includes(\"Ana 28'\")", "Ana's goal at 28'", state=STATE_JS)
        self.assertNotIn("02:07", self.text_of(page, "goals"), "the minute, not the time into the half")

        # 2 x 45 with two minutes added to the first half: 1:10 into them is 45+2'.
        self.ok(self.c, "gather.end")
        self.ok(self.c, "gather.start", {"teamA": [ids["Carla"]], "teamB": [ids["Dani"]], "periods": 2, "periodLength": 2700})
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.addTime", {"seconds": 120})
        self.ok(self.c, "timer.pause")
        self.wind_paused_clock(50_000)
        self.assertEqual(self.ok(self.c, "timer.status")["added"], "+0:50")
        goal = self.ok(self.c, "score.goal", {"team": "teamB", "player": ids["Dani"]})["goal"]
        self.assertEqual(goal["minute"], "45+2'", goal)
        page.wait_for(f"{js_text('goals-b')}.includes(\"Dani 45+2'\")", "Dani's goal at 45+2'", state=STATE_JS)
        self.assertEqual(self.text_of(page, "team-b-name"), "Team B")

    def text_of(self, page, name: str) -> str:
        return page.evaluate(js_text(name))

    def test_team_names_on_the_board_and_when_renamed(self) -> None:
        ids = self.ids
        self.ok(self.c, "gather.start", {"teamA": [ids["Ana"], ids["Carla"]], "teamB": [ids["Bea"]],
                                          "names": {"teamA": "Bibs", "teamB": "Colours"}})
        page = self.open(self.daemon.control_url())
        self.wait_text(page, "team-a-name", "Bibs")
        self.assertEqual(self.text_of(page, "team-b-name"), "Colours")
        # The controls load after the board.
        page.wait_for(js_visible("controls"), "the controls with the token", state=STATE_JS)
        self.assertEqual(self.text_of(page, "btn-goal-a"), "Goal Bibs")
        self.ok(self.c, "score.goal", {"team": "teamA", "player": ids["Carla"]})
        page.wait_for(f"{js_text('announce')}.includes('Goal for Bibs by Carla')", "the goal announced by name",
                      state=STATE_JS)
        self.assertEqual(self.texts(page, "[data-testid=goals] li"), ["Bibs: Carla 1'"])
        self.ok(self.c, "gather.rename", {"names": {"teamB": "Red Wine and Blue Cheese"}})
        self.wait_text(page, "team-b-name", "Red Wine and Blue Cheese", "the new name, live")
        # A long name fits its column: no part of it is cut off.
        fits = page.evaluate("(() => { const e = document.querySelector('[data-testid=team-b-name]'); "
                             "return e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1; })()")
        self.assertTrue(fits, "the long team name overflows its column")
        page.click(testid("btn-goal-b"))
        page.wait_for("document.getElementById('scorer-title').textContent === 'Goal for Red Wine and Blue Cheese: who scored?'",
                      "the scorer picker by the team's name", state=STATE_JS)
        page.click(testid("scorer-cancel"))

    def test_a_page_opened_after_the_gather_ended_shows_the_last_result_and_the_table(self) -> None:
        ids = self.ids
        self.ok(self.c, "gather.start", {"teamA": [ids["Ana"], ids["Carla"]], "teamB": [ids["Bea"], ids["Dani"]],
                                          "names": {"teamA": "Bibs", "teamB": "Colours"}})
        self.ok(self.c, "timer.start")
        for team, player in (("teamA", "Ana"), ("teamB", "Dani"), ("teamA", "Carla")):
            self.ok(self.c, "score.goal", {"team": team, "player": ids[player]})
        record = self.ok(self.c, "gather.end")
        for url in (self.daemon.base_url + "/", None):
            if url is None:  # and again after a restart: it comes from history
                self.c.close()
                self.daemon.kill9()
                self.daemon.start()
                self.c = self.daemon.client()
                url = self.daemon.base_url + "/"
            page = self.open(url, size=PHONE)
            page.wait_for(js_visible("last-result"), "the last result", state=BETWEEN_JS)
            self.assertEqual(self.text_of(page, "last-name-a"), "Bibs")
            self.assertEqual(self.text_of(page, "last-score"), "2\u20131")
            self.assertEqual(self.text_of(page, "last-name-b"), "Colours")
            minutes = [g["minute"] for g in record["goals"]]
            self.assertEqual(self.texts(page, "[data-testid=last-goals-a] li"),
                             [f"Ana {minutes[0]}", f"Carla {minutes[2]}"])
            self.assertEqual(self.texts(page, "[data-testid=last-goals-b] li"), [f"Dani {minutes[1]}"])
            # The players' table: as stats.players has it by wins (the view-only board shows no ratings).
            stats = self.ok(self.c, "stats.players", {"order": "wins"})["players"]
            page.wait_for(js_visible("players-table"), "the players' table", state=BETWEEN_JS)
            rows = page.evaluate("[...document.querySelectorAll('[data-testid=player-row]')].map("
                                 "r => [...r.children].map(c => c.textContent))")
            self.assertEqual(rows, [[p["name"], str(p["played"]), str(p["wins"]), str(p["draws"]), str(p["losses"]),
                                     str(p["goals"]), "".join(LETTERS[r] for r in p["form"])]
                                    for p in stats])
            self.assertEqual([r[0] for r in rows[:2]], ["Ana", "Carla"], "winners first")

    def test_a_gather_started_from_the_control_pages_suggestion(self) -> None:
        ids = self.ids
        page = self.open(self.daemon.control_url(), size=(390, 844))
        page.wait_for(f"{js_visible('btn-new-gather')} && {js_visible('players-table')} && {js_visible('plans-empty')}",
                      "the start button for the referee, and the (empty) players' table", state=BETWEEN_JS)
        self.assertIn("No results yet", self.text_of(page, "players-table"))
        page.click(testid("btn-new-gather"))
        page.wait_for(js_visible("setup"), "the start-a-gather view", state=BETWEEN_JS)
        players = [ids[name] for name in ("Ana", "Bea", "Carla", "Dani", "Eli", "Fay")]
        for player in players:
            page.click(testid(f"pick-{player}"))
        self.wait_text(page, "setup-count", "6 ticked")
        page.choose(testid("setup-periods"), "2")
        page.fill(testid("setup-length"), "20")
        page.fill(testid("setup-break"), "3")
        page.fill(testid("setup-name-a"), "Bibs")
        page.fill(testid("setup-name-b"), "Colours")
        page.click(testid("btn-suggest"))
        page.wait_for(js_visible("suggestion"), "the suggestion", state=BETWEEN_JS)
        # The same split gather.suggest gives for these players, seed 0.
        expected = self.ok(self.c, "gather.suggest", {"players": players, "seed": 0})
        shown = {side: page.evaluate(f"[...document.querySelectorAll('[data-testid=suggestion-{side}] li')]"
                                     ".map(li => Number(li.dataset.testid.slice(10)))") for side in ("a", "b")}
        self.assertEqual(shown["a"], [p["id"] for p in expected["teamA"]["players"]])
        self.assertEqual(shown["b"], [p["id"] for p in expected["teamB"]["players"]])
        self.assertEqual(self.text_of(page, "suggestion-name-a"), "Bibs")
        self.assertIsNone(self.ok(self.c, "gather.current"), "a suggestion changes nothing")
        page.click(testid("btn-start"))
        page.wait_for(js_visible("board"), "the board once the gather started", state=STATE_JS)
        gather = self.ok(self.c, "gather.current")
        self.assertEqual([m["id"] for m in gather["teams"]["teamA"]], shown["a"])
        self.assertEqual([m["id"] for m in gather["teams"]["teamB"]], shown["b"])
        self.assertEqual(gather["names"], {"teamA": "Bibs", "teamB": "Colours"})
        timer = gather["timer"]
        self.assertEqual((timer["periods"], timer["duration"], timer["breakLength"]), (2, 1200, 180), timer)
        self.wait_text(page, "team-a-name", "Bibs")
        self.assertEqual(self.text_of(page, "clock"), "20:00")

    def test_the_referee_adds_time_ends_the_half_and_moves_a_player(self) -> None:
        ids = self.ids
        self.ok(self.c, "gather.start", {"teamA": [ids["Ana"]], "teamB": [ids["Bea"]], "bench": [ids["Carla"]],
                                          "periods": 2, "periodLength": 600, "breakLength": 120})
        page = self.open(self.daemon.control_url())
        page.wait_for(js_visible("controls"), "the controls", state=STATE_JS)
        self.assertTrue(page.evaluate("document.querySelector('[data-testid=btn-end-period]').disabled"),
                        "no half to end before kick-off")
        self.ok(self.c, "timer.start")
        page.wait_for("!document.querySelector('[data-testid=btn-end-period]').disabled", "End half once it runs",
                      state=STATE_JS)
        self.assertEqual(self.text_of(page, "btn-end-period"), "End half")

        page.click(testid("btn-add-time"))
        page.wait_for(js_visible("add-60"), "the added-time choices", state=STATE_JS)
        page.click(testid("add-60"))
        page.wait_for(f"/^\\+1:0\\d$/.test({js_text('added')})", "a minute added", state=STATE_JS)
        self.assertEqual(self.ok(self.c, "timer.status")["addedSeconds"], 60)

        page.click(testid("btn-move"))
        page.wait_for(js_visible(f"move-{ids['Carla']}"), "the players to move", state=STATE_JS)
        page.click(testid(f"move-{ids['Carla']}"))
        page.wait_for(js_visible("move-to-teamA"), "the places", state=STATE_JS)
        self.assertTrue(page.evaluate("document.querySelector('[data-testid=move-to-bench]').disabled"),
                        "Carla is on the bench already")
        page.click(testid("move-to-teamA"))
        page.wait_for(f"{js_text('roster-a')}.includes('Carla')", "Carla in Team A", state=STATE_JS)
        self.assertEqual([m["id"] for m in self.ok(self.c, "gather.current")["teams"]["teamA"]], [ids["Ana"], ids["Carla"]])

        page.click(testid("btn-end-period"))
        page.wait_for("document.querySelector('[data-testid=dialog-confirm]').open", "the confirmation", state=STATE_JS)
        page.click(testid("confirm-cancel"))
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running", "Cancel ends nothing")
        page.click(testid("btn-end-period"))
        page.wait_for("document.querySelector('[data-testid=dialog-confirm]').open", "the confirmation", state=STATE_JS)
        page.click(testid("confirm-ok"))
        self.wait_text(page, "clock", "HT", "half time, at once")
        status = self.ok(self.c, "timer.status")
        self.assertEqual((status["state"], status["period"], status["display"]), ("break", 1, "02:00"), status)
        self.assertTrue(page.evaluate("document.querySelector('[data-testid=btn-end-period]').disabled"))

    def test_of_four_quarters_only_the_middle_break_reads_ht(self) -> None:
        ids = self.ids
        self.ok(self.c, "gather.start", {"teamA": [ids["Ana"]], "teamB": [ids["Bea"]], "periods": 4, "periodLength": 600,
                                          "breakLength": 300})
        page = self.open(size=PHONE)
        for quarter, (word, label) in enumerate((("Break", "Break"), ("HT", "Half time"), ("Break", "Break")), start=1):
            with self.subTest(quarter=quarter):
                self.ok(self.c, "timer.start")
                page.wait_for(f"{js_text('clock')} !== {json.dumps(word)}", "the quarter under way", state=STATE_JS)
                self.ok(self.c, "timer.endPeriod")
                page.wait_for(f"{js_text('clock')} === {json.dumps(word)} && /^0[45]:\\d\\d$/.test({js_text('break-left')})",
                              f"{word} and the break counting down", state=STATE_JS)
                self.assertEqual(
                    page.evaluate("document.querySelector('[data-testid=clock]').getAttribute('aria-label')"), label)

    def test_half_time_reads_ht_with_the_breaks_countdown_and_full_time_ft_with_the_result(self) -> None:
        ids = self.ids
        self.ok(self.c, "gather.start", {"teamA": [ids["Ana"]], "teamB": [ids["Bea"]], "periods": 2, "periodLength": 600,
                                          "breakLength": 300, "names": {"teamA": "Bibs", "teamB": "Colours"}})
        page = self.open(size=PHONE)
        self.ok(self.c, "timer.start")
        self.ok(self.c, "score.goal", {"team": "teamB", "player": ids["Bea"]})
        self.ok(self.c, "timer.endPeriod")
        page.wait_for(f"{js_text('clock')} === 'HT' && /^0[45]:\\d\\d$/.test({js_text('break-left')})",
                      "HT and the break counting down", state=STATE_JS)
        self.assertEqual((self.text_of(page, "period"), self.text_of(page, "added"), self.text_of(page, "timer-state")),
                         ("2nd half next", "", ""))
        self.assertEqual(page.evaluate("document.querySelector('[data-testid=clock]').getAttribute('aria-label')"),
                         "Half time")
        first = self.text_of(page, "break-left")
        page.wait_for(f"{js_text('break-left')} !== {json.dumps(first)}", "the break's countdown moving", state=STATE_JS)
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.addTime", {"seconds": 60})
        self.ok(self.c, "timer.endPeriod")
        page.wait_for(f"{js_text('clock')} === 'FT'", "FT at full time", state=STATE_JS)
        # No 00:00, no +0:00, no small grey "Full time": FT, who won, and the winner's score in the accent colour.
        self.assertEqual((self.text_of(page, "added"), self.text_of(page, "break-left"), self.text_of(page, "timer-state"),
                          self.text_of(page, "period")), ("", "", "", "Colours win"))
        board = "document.querySelector('[data-testid=board]')"
        self.assertEqual(page.evaluate(f"[{board}.dataset.phase, {board}.dataset.winner]"), ["full-time", "teamB"])
        colours = page.evaluate("[getComputedStyle(document.querySelector('[data-testid=score-b]')).color, "
                                "getComputedStyle(document.querySelector('[data-testid=score-a]')).color]")
        self.assertNotEqual(colours[0], colours[1], "the winner's score stands out")


if __name__ == "__main__":
    unittest.main()
