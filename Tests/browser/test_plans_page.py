"""Who's coming on the page: the sign-up view opened by a plan's sign-up link, where a phone picks a
name and answers "I'm in" or "Can't make it" or adds a guest, seen live on a second page's "Who's coming"; a
link whose plan is cancelled (it says so, and shows the next game) or started (the live score, then the result);
and the referee starting a gather from a plan.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p 'test_plans_page.py' -v

Headless Chromium over the DevTools protocol against the real gatherd; every wait is for the page or a reply.
"""

from __future__ import annotations

import datetime as dt
import json
import unittest

from cdp import chromium_binary
from scoreboard_support import TABLET, PageCase, js_text, js_visible, open_page, testid

PORTRAIT = (390, 844)

#: What the plan views show, for failure messages.
PLANS_JS = (
    "(() => { const t = (n) => (document.querySelector(`[data-testid=\"${n}\"]`)?.textContent ?? null); "
    "return {mode: t('mode'), notice: t('notice'), when: t('signup-when'), counts: t('signup-counts'), "
    "result: t('signup-result'), you: t('signup-you'), plans: t('plan-list'), "
    "setup: document.getElementById('setup-title')?.textContent, "
    "href: location.href}; })()"
)


def next_thursday(weeks: int = 0) -> str:
    day = dt.date.today() + dt.timedelta(days=1)
    while day.weekday() != 3:
        day += dt.timedelta(days=1)
    return (day + dt.timedelta(weeks=weeks)).isoformat() + "T19:00+01:00"


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class PlansPageTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bruno", "Carla", "Dani")}
        self.plan = self.ok(self.c, "plan.create", {"startsAt": next_thursday(), "capacity": 2, "place": "Astro 2"})
        self.link = self.ok(self.c, "plan.link", {"plan": self.plan["id"]})["url"]

    def open(self, url: str, size: tuple[int, int] = TABLET):
        page = open_page(self.browser, url, size=size)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        return page

    def wait(self, page, condition: str, what: str, timeout: float = 5.0) -> None:
        page.wait_for(condition, what, timeout=timeout, state=PLANS_JS)

    def text_is(self, name: str, expected: str) -> str:
        return f"{js_text(name)} === {json.dumps(expected)}"

    def text_has(self, name: str, part: str) -> str:
        return f"{js_text(name)}.includes({json.dumps(part)})"

    def going(self) -> list[str]:
        return [entry["name"] for entry in self.ok(self.c, "plan.get", {"plan": self.plan["id"]})["going"]]

    def test_join_from_the_sign_up_view_and_see_it_live_on_a_second_page(self):
        phone = self.open(self.link, size=PORTRAIT)
        watcher = self.open(self.daemon.base_url + "/")
        self.wait(phone, f"{js_visible('signup')} && {self.text_has('signup-counts', '0 going')}", "the sign-up view")
        self.wait(phone, self.text_is("mode", "sign-up"), "the sign-up mode")
        self.assertFalse(phone.evaluate(js_visible("board")) or phone.evaluate(js_visible("no-gather")))
        # The page is for answering: no sound switch, share or full-screen button in the way.
        self.assertFalse(any(phone.evaluate(js_visible(switch)) for switch in ("btn-sound", "btn-share", "awake")))
        self.assertIn("Astro 2", phone.evaluate(js_text("signup-place")))
        self.wait(watcher, f"{js_visible('plans')} && {self.text_has('plan-counts', '0 going')}", "who's coming")
        self.assertIn("Astro 2", watcher.evaluate(js_text("plan-when")))

        phone.click(testid(f"signup-player-{self.ids['Ana']}"))
        self.wait(phone, js_visible("btn-in"), "the answer buttons")
        phone.click(testid("btn-in"))
        self.wait(phone, self.text_has("signup-result", "You're in, Ana"), "the confirmation")
        self.wait(watcher, f"{self.text_has('plan-going', 'Ana')} && {self.text_has('plan-counts', '1 going')}",
                  "Ana going, live on the second page")
        self.assertEqual(self.going(), ["Ana"])

        # Ana brings a guest (who may be Ana's to pay for), then the plan is full: the next one waits.
        self.assertIn("as your guest", phone.evaluate("document.querySelector('label[for=guest-name]').textContent"))
        phone.fill(testid("guest-name"), "Zé from work")
        phone.click(testid("btn-guest"))
        self.wait(phone, self.text_has("signup-result", "Zé from work is in, as Ana's guest"), "the guest's confirmation")
        self.wait(watcher, self.text_has("plan-going", "Zé from work (guest)"), "the guest, live")
        going = self.ok(self.c, "plan.get", {"plan": self.plan["id"]})["going"]
        self.assertEqual(going[-1]["broughtBy"], {"id": self.ids["Ana"], "name": "Ana"})
        self.pick(phone, self.ids["Bruno"])
        phone.click(testid("btn-in"))
        self.wait(phone, self.text_has("signup-result", "waiting list (number 1)"), "Bruno waiting")
        self.wait(watcher, self.text_has("plan-waiting", "Bruno"), "Bruno waiting, live")

        # Ana can't make it after all: Bruno moves up, on both pages.
        phone.click(testid(f"signup-player-{self.ids['Ana']}"))
        phone.click(testid("btn-out"))
        self.wait(phone, self.text_has("signup-result", "can't make it"), "Ana's no")
        self.wait(watcher, f"{self.text_has('plan-going', 'Bruno')} && !{self.text_has('plan-going', 'Ana')}",
                  "Bruno moved up, live")
        self.assertEqual(self.going(), ["Zé from work", "Bruno"])

    def test_a_cancelled_plans_link_says_so_and_shows_the_next_game(self):
        nxt = self.ok(self.c, "plan.create", {"startsAt": next_thursday(weeks=1), "capacity": 10, "place": "Park"})
        self.ok(self.c, "plan.join", {"plan": nxt["id"], "player": self.ids["Bruno"]})
        phone = self.open(self.link, size=PORTRAIT)
        self.wait(phone, self.text_has("signup-counts", "0 going"), "the sign-up view")
        self.pick(phone, self.ids["Dani"])
        phone.click(testid("btn-in"))
        self.wait(phone, self.text_has("signup-result", "You're in, Dani"), "Dani's answer")
        self.ok(self.c, "plan.cancel", {"plan": self.plan["id"]})
        ended = (f"{self.text_is('signup-when', 'This game was cancelled')} && "
                 f"{self.text_has('outcome-next-when', 'Park')} && {self.text_has('outcome-next-counts', '1 going')}")
        ended += f" && {self.text_has('signup-place', 'Astro 2')}"  # which game it was
        self.wait(phone, ended, "what became of the game, and the next one, at once")
        # Nothing stale: no answer, no names to pick, no guest form, no answer bar; and no sign-up any more.
        self.assertEqual(phone.evaluate(js_text("signup-result")), "")
        for gone in ("signup-who", "guest-form", "btn-in", "signup-lists"):
            self.assertFalse(phone.evaluate(js_visible(gone)), gone)
        self.assertEqual(phone.evaluate(js_text("mode")), "view only")
        later = self.open(self.link, size=PORTRAIT)
        self.wait(later, ended, "the same on a page opened later")
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": nxt["id"]})["going"][0]["name"], "Bruno",
                         "the old link answers for no other game")

    def test_a_started_plans_link_shows_the_live_score_then_the_result(self):
        for name in ("Ana", "Bruno"):
            self.ok(self.c, "plan.join", {"plan": self.plan["id"], "player": self.ids[name]})
        phone = self.open(self.link, size=PORTRAIT)
        self.wait(phone, self.text_has("signup-counts", "2 going"), "the sign-up view")
        self.ok(self.c, "gather.start", {"plan": self.plan["id"], "names": {"teamA": "Bibs", "teamB": "Colours"}, "force": True})
        live = f"{self.text_is('signup-when', 'This game has started')} && {self.text_is('outcome-numbers', '0–0')}"
        self.wait(phone, live, "the game started, and its score")
        self.assertEqual([phone.evaluate(js_text(n)) for n in ("outcome-name-a", "outcome-name-b")], ["Bibs", "Colours"])
        self.ok(self.c, "score.goal", {"team": "teamB"})
        self.wait(phone, self.text_is("outcome-numbers", "0–1"), "the goal, live")
        later = self.open(self.link, size=PORTRAIT)
        self.wait(later, f"{self.text_is('signup-when', 'This game has started')} && {self.text_is('outcome-numbers', '0–1')}",
                  "the live score on a page opened during the game")
        self.ok(self.c, "gather.end")
        over = (f"{self.text_is('signup-when', 'This game is over')} && "
                f"{self.text_has('outcome-detail', 'Full time: Colours win')}")
        self.wait(phone, over, "the result, at once")
        self.wait(self.open(self.link, size=PORTRAIT), over, "the result on a page opened after the game")
        self.assertFalse(phone.evaluate(js_visible("signup-who")))

    def test_the_referee_starts_a_gather_from_a_plan(self):
        for name in ("Ana", "Bruno", "Carla"):
            self.ok(self.c, "plan.join", {"plan": self.plan["id"], "player": self.ids[name]})
        referee = self.open(self.daemon.control_url(), size=PORTRAIT)
        button = f"btn-plan-start-{self.plan['id']}"
        self.wait(referee, js_visible(button), "the plan's start button")
        referee.click(testid(button))
        title = "document.getElementById('setup-title').textContent === 'Start from the plan'"
        self.wait(referee, f"{title} && {js_visible('suggestion')}",
                  "the plan's fair teams")
        referee.click(testid("btn-start"))
        # Thursday is a day or more away: the page asks first (test_organise_page has the answer No).
        self.wait(referee, "document.querySelector('[data-testid=dialog-confirm]').open", "the question")
        referee.click(testid("confirm-ok"))
        self.wait(referee, js_visible("board"), "the board of the new gather")
        gather = self.ok(self.c, "gather.current")
        self.assertEqual(gather["plan"], self.plan["id"])
        players = sorted(m["name"] for side in ("teamA", "teamB") for m in gather["teams"][side])
        self.assertEqual(players, ["Ana", "Bruno"], "Carla waited: she does not play")
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": self.plan["id"]})["status"], "started")


if __name__ == "__main__":
    unittest.main()
