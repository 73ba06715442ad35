"""The page as one app in a real browser: a sign-up or control link opened in a tab that already shows the page
works at once (the fragment changes, the page does not reload) and the back button goes back; a goal tapped while
gatherd is down shows pending and is sent once when the page reconnects; a name pressed on the sign-up view, a
player ticked at check-in or picked for a new game, while someone else's answer draws the list again, still
counts; and the page speaks the phone's language, or the one chosen on it, remembered.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_links_page.py -v

Headless Chromium over the DevTools protocol against the real gatherd; every wait is for the page or a reply.
"""

from __future__ import annotations

import datetime as dt
import json
import unittest

from cdp import chromium_binary
from scoreboard_support import PHONE, STATE_JS, PageCase, js_text, js_visible, open_page, testid, wait_online

PORTRAIT = (390, 844)


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class LinksInAnOpenTabTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bea", "Carla")}

    def open(self, url: str, size=PORTRAIT, language: str | None = None):
        page = self.browser.new_page(width=size[0], height=size[1], mobile=True)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        if language:
            page.send("Emulation.setUserAgentOverride", {"userAgent": page.evaluate("navigator.userAgent"),
                                                         "acceptLanguage": language})
        page.navigate(url)
        wait_online(page)
        return page

    def follow(self, page, fragment: str) -> None:
        """Opens a link to this page with `fragment` in the tab, as tapping it in a chat does: the same document,
        a new entry in the history, no reload."""
        page.evaluate("window.__sameDocument = true")
        page.send("Page.navigate", {"url": self.daemon.base_url + "/" + fragment})

    def wait(self, page, condition: str, what: str, timeout: float = 5.0):
        return page.wait_for(condition, what, timeout=timeout, state=STATE_JS)

    def test_a_sign_up_link_opened_in_a_tab_showing_the_board_works_at_once_and_back_returns(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10, "place": "Astro 2"})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        page = self.open(self.daemon.base_url + "/")
        self.wait(page, js_visible("no-gather"), "the board between matches")
        self.follow(page, "#" + link.split("#", 1)[1])
        self.wait(page, f"{js_visible('signup')} && {js_text('mode')} === 'sign-up'", "the sign-up view, at once")
        self.assertTrue(page.evaluate("window.__sameDocument === true"), "the page did not reload")
        self.pick(page, self.ids["Bea"])
        page.click(testid("btn-in"))
        self.wait(page, f"{js_text('signup-result')}.startsWith(\"You're in, Bea\")", "Bea's answer, through the link's code")
        self.assertEqual([e["name"] for e in self.ok(self.c, "plan.get", {"plan": plan["id"]})["going"]], ["Bea"])
        page.evaluate("history.back()")
        self.wait(page, f"{js_visible('no-gather')} && !{js_visible('signup')} && {js_text('mode')} === 'view only'",
                  "the board again, with the back button")

    def press_while(self, page, selector: str, meanwhile) -> None:
        """A finger held on `selector` while `meanwhile()` happens elsewhere (and the page shows it), then lifted."""
        box = page.evaluate(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect(); "
                            "return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()")
        press = {"x": box["x"], "y": box["y"], "button": "left", "clickCount": 1}
        page.send("Input.dispatchMouseEvent", dict(press, type="mousePressed"))
        meanwhile()
        page.send("Input.dispatchMouseEvent", dict(press, type="mouseReleased"))

    def test_a_name_held_while_someone_else_answers_is_still_the_name_picked(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        page = self.open(link)
        self.wait(page, js_visible(f"signup-player-{self.ids['Bea']}"), "the sign-up view's names")
        ana = testid(f"signup-player-{self.ids['Ana']}")

        def ana_answers():
            # Bea's finger is down on her name when Ana says she is in from her own phone: the names are drawn again.
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids["Ana"]})
            self.wait(page, f"document.querySelector({json.dumps(ana)}).textContent.includes('going')", "Ana shown going")

        self.press_while(page, testid(f"signup-player-{self.ids['Bea']}"), ana_answers)
        self.wait(page, f"{js_visible('btn-in')} && {js_text('signup-you')} === 'Bea'", "Bea picked: her tap was not lost")

    def test_a_tick_held_at_check_in_while_a_player_answers_still_ticks(self):
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=2)).isoformat(timespec="minutes")
        plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 4})["id"]
        self.ok(self.c, "plan.join", {"plan": plan, "player": self.ids["Ana"]})
        self.ok(self.c, "plan.join", {"plan": plan, "player": self.ids["Bea"]})
        page = self.open(self.daemon.control_url())
        self.wait(page, js_visible(f"btn-plan-checkin-{plan}"), "the plan's buttons")
        page.click(testid(f"btn-plan-checkin-{plan}"))
        self.wait(page, f"{js_visible('checkin')} && {js_text('checkin-count')} === '0 of 2 here'", "the check-in")

        def carla_answers():
            # The referee's finger is down on Ana when Carla says she is coming: the check-in is drawn again.
            self.ok(self.c, "plan.join", {"plan": plan, "player": self.ids["Carla"]})
            self.wait(page, f"{js_text('checkin-count')} === '0 of 3 here'", "Carla on the list")

        self.press_while(page, testid(f"checkin-{self.ids['Ana']}"), carla_answers)
        self.wait(page, f"{js_text('checkin-count')} === '1 of 3 here'", "Ana ticked: the tap was not lost")
        self.assertEqual(page.evaluate(f"document.querySelector({json.dumps(testid('checkin-' + str(self.ids['Ana'])))})"
                                       ".getAttribute('aria-pressed')"), "true")

    def test_a_name_held_when_picking_a_new_games_players_while_a_player_answers_is_still_picked(self):
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=3)).isoformat(timespec="minutes")
        plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 4})["id"]
        page = self.open(self.daemon.control_url())
        self.wait(page, js_visible("btn-new-gather"), "the start button")
        page.click(testid("btn-new-gather"))
        self.wait(page, f"{js_visible('setup')} && {js_text('setup-count')}.startsWith('0')", "the new game's players")
        counts = json.dumps(f"{testid(f'plan-{plan}')} {testid('plan-counts')}")

        def carla_answers():
            # The referee's finger is down on Bea when Carla says she is coming to next week's game: the page's
            # plans change, and the new game's players are drawn again.
            self.ok(self.c, "plan.join", {"plan": plan, "player": self.ids["Carla"]})
            self.wait(page, f"document.querySelector({counts}).textContent.startsWith('1')", "Carla's answer on the page")

        bea = testid(f"pick-{self.ids['Bea']}")
        self.press_while(page, bea, carla_answers)
        self.wait(page, f"document.querySelector({json.dumps(bea)}).getAttribute('aria-pressed') === 'true'",
                  "Bea picked: the tap was not lost")
        self.assertTrue(page.evaluate(f"{js_text('setup-count')}.startsWith('1')"))

    def test_a_control_link_opened_in_the_tab_takes_control_and_leaves_the_address_bar(self):
        self.ok(self.c, "gather.start", {"teamA": [self.ids["Ana"]], "teamB": [self.ids["Bea"]], "minutes": 10})
        page = self.open(self.daemon.base_url + "/")
        self.wait(page, f"{js_visible('board')} && {js_text('mode')} === 'view only'", "the view-only board")
        self.follow(page, f"#token={self.daemon.token}")
        self.wait(page, f"{js_text('mode')} === 'control' && {js_visible('controls')}", "control, at once")
        self.assertNotIn(self.daemon.token, page.evaluate("location.href + JSON.stringify(history.state)"))
        page.click(testid("btn-toggle"))
        self.wait(page, f"{js_text('btn-toggle')} === 'Pause'", "the clock started from the page")
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")

    def test_the_back_button_closes_the_referees_view(self):
        page = self.open(self.daemon.control_url())
        self.wait(page, js_visible("btn-new-plan"), "the referee's buttons")
        page.click(testid("btn-new-plan"))
        self.wait(page, f"{js_visible('plan-form')} && location.hash === '#plan=new'", "the plan form, at its address")
        page.evaluate("history.back()")
        self.wait(page, f"!{js_visible('plan-form')} && {js_visible('plans')} && location.hash === ''", "the form closed")
        page.evaluate("history.forward()")
        self.wait(page, js_visible("plan-form"), "forward opens it again")

    def test_a_goal_tapped_while_gatherd_is_down_shows_pending_and_is_sent_once_on_reconnect(self):
        self.ok(self.c, "gather.start", {"teamA": [self.ids["Ana"]], "teamB": [self.ids["Bea"]], "minutes": 10})
        page = self.open(self.daemon.control_url(), size=PHONE)
        self.wait(page, js_visible("controls"), "the controls")
        self.c.close()
        self.daemon.kill9()
        self.wait(page, "document.querySelector('[data-testid=status]').dataset.state === 'offline'", "offline")
        page.click(testid("btn-goal-a"))
        page.click(testid(f"scorer-{self.ids['Ana']}"))
        pending = "[...document.querySelectorAll('[data-testid=pending-command]')].map((e) => e.textContent)"
        self.wait(page, f"{js_visible('pending')} && {pending}.join() === 'Offline — will send when back: Goal for Team A (Ana)'",
                  "the goal, pending")
        self.assertEqual(page.evaluate(js_text("score-a")), "0", "not counted before gatherd has it")
        self.daemon.start()
        self.c = self.daemon.client()
        wait_online(page, timeout=15.0)
        self.wait(page, f"{js_text('score-a')} === '1' && !{js_visible('pending')}", "the goal confirmed", timeout=5.0)
        score = self.ok(self.c, "score.get")
        self.assertEqual(score["score"]["text"], "1-0", "sent once")
        self.assertEqual(score["goals"][0]["player"]["id"], self.ids["Ana"])
        self.assertFalse(page.evaluate(js_visible("notice")), "no message is left over once it is back")

    def test_the_page_speaks_the_phones_language_and_remembers_the_one_chosen(self):
        page = self.open(self.daemon.base_url + "/", language="pt-BR,pt;q=0.9")
        self.wait(page, f"{js_text('status')} === 'online' && document.documentElement.lang === 'pt-BR'", "Portuguese")
        self.wait(page, f"document.querySelector('.between-head .big').textContent === 'Nenhum jogo rolando'",
                  "the page's words in Portuguese")
        self.assertEqual(page.evaluate(js_text("language")), "PT")
        page.click(testid("language"))
        page.click(testid("language-es"))
        self.wait(page, "document.querySelector('.between-head .big').textContent === 'No hay partido en juego'", "Spanish")
        page.navigate(self.daemon.base_url + "/")
        wait_online(page)
        self.wait(page, "document.documentElement.lang === 'es' && "
                        "document.querySelector('.between-head .big').textContent === 'No hay partido en juego'",
                  "the choice remembered after a reload")


if __name__ == "__main__":
    unittest.main()
