"""The man-of-the-match vote on the page: a gather's vote link opened on a phone (pick yourself among those who
played, then someone else, vote, thanks), the same vote through the plan's sign-up link once its gather ended, what
a player owes for the pitch on their sign-up view, and, once the vote closed, the result on the plan's sign-up link,
between matches and on the card shared through the Web Share API (a spy stands in for the phone's share sheet).

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p 'test_vote_page.py' -v
"""

from __future__ import annotations

import json
import sqlite3
import time
import unittest
from urllib.parse import urlsplit

from cdp import chromium_binary
from scoreboard_support import PHONE, STATE_JS, PageCase, js_text, js_visible, open_page, testid
from test_results_page import SHARE_SPY_JS

PORTRAIT = (390, 844)


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class VotePageTest(PageCase):
    daemon_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"}

    def setUp(self) -> None:
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bea", "Carla", "Dani", "Eli")}

    def open(self, url: str, size=PORTRAIT):
        page = open_page(self.browser, url, size=size)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        return page

    def text_is(self, name: str, text: str) -> str:
        return f"{js_text(name)} === {json.dumps(text)}"

    def text_has(self, name: str, text: str) -> str:
        return f"{js_text(name)}.includes({json.dumps(text)})"

    def play(self, plan: int | None = None, cost: int | None = None) -> int:
        """Reds (Ana, Bea) 2-1 Blues (Carla, Dani), Eli on the bench, or the plan's gather, the pitch costing `cost`
        euro cents; ended."""
        ids = self.ids
        if plan is None:
            started = self.ok(self.c, "gather.start", {"teamA": [ids["Ana"], ids["Bea"]], "teamB": [ids["Carla"], ids["Dani"]],
                                                       "bench": [ids["Eli"]], "names": {"teamA": "Reds", "teamB": "Blues"}})
        else:
            started = self.ok(self.c, "gather.start", {"plan": plan, "force": True})
        self.ok(self.c, "score.set", {"teamA": 2, "teamB": 1})
        if cost is not None:
            self.ok(self.c, "fees.setCost", {"gather": started["id"], "cost": {"amount": cost, "currency": "EUR"}})
        self.ok(self.c, "gather.end")
        return started["id"]

    def vote_link(self, gather: int) -> str:
        return self.ok(self.c, "gather.voteLink", {"gather": gather})["url"]

    def close_votes(self) -> None:
        """Stops gatherd, moves every open vote's close to a moment ago and starts it again: as a daemon finds a
        vote whose time came while it was down, which it closes at once."""
        self.c.close()
        self.daemon.stop()
        with sqlite3.connect(self.daemon.db_path) as db:
            db.execute("UPDATE motmVote SET closesAt = ? WHERE closedAt IS NULL", (int(time.time() * 1000) - 1000,))
        db.close()
        self.daemon.start()
        self.c = self.daemon.client()

    def test_a_player_votes_through_the_link_and_the_board_follows(self) -> None:
        gather = self.play()
        board = self.open(self.daemon.base_url + "/", size=PHONE)
        board.wait_for(self.text_is("last-motm", "Voting for the man of the match: 0 of 4 have voted"),
                       "the vote under the last result", state=STATE_JS)
        phone = self.open(self.vote_link(gather))
        phone.wait_for(f"{self.text_is('vote-title', 'Reds 2–1 Blues')} && {self.text_is('vote-counts', '0 of 4 have voted')}",
                       "the vote view", state=STATE_JS)
        self.assertRegex(phone.evaluate(js_text("vote-when")), r"^Vote by .+12:00", "the next day at noon")
        self.assertFalse(phone.evaluate(js_visible(f"vote-player-{self.ids['Eli']}")), "the bench does not vote")
        phone.click(testid(f"vote-player-{self.ids['Ana']}"))
        phone.wait_for(self.text_is("vote-step", "Who was the man of the match?"), "the choice", state=STATE_JS)
        self.assertFalse(phone.evaluate(js_visible(f"vote-player-{self.ids['Ana']}")), "not for oneself")
        phone.click(testid(f"vote-player-{self.ids['Carla']}"))
        phone.wait_for(self.text_is("btn-vote", "Vote for Carla"), "the vote button", state=STATE_JS)
        phone.click(testid("btn-vote"))
        phone.wait_for(self.text_has("vote-result", "Thanks, Ana! The man of the match is announced"), "the thanks",
                       state=STATE_JS)
        self.assertFalse(phone.evaluate(js_visible("vote-who")), "one vote each")
        status = self.ok(self.c, "vote.status", {"gather": gather})
        self.assertEqual([p["name"] for p in status["players"] if p["voted"]], ["Ana"])
        board.wait_for(self.text_is("last-motm", "Voting for the man of the match: 1 of 4 have voted"),
                       "the count, live", state=STATE_JS)
        self.assertEqual(phone.evaluate(js_text("mode")), "view only")

    def test_the_plans_sign_up_link_votes_once_its_gather_ended_and_shows_what_is_owed(self) -> None:
        ids = self.ids
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-01-08T19:00+01:00", "capacity": 4, "place": "Astro 2"})
        self.ok(self.c, "fees.setCost", {"plan": plan["id"], "cost": {"amount": 4000, "currency": "EUR"}})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        for name in ("Ana", "Bea", "Carla", "Dani"):
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": ids[name]})
        phone = self.open(link)
        phone.wait_for(js_visible(f"signup-player-{ids['Dani']}"), "the sign-up view", state=STATE_JS)
        phone.click(testid(f"signup-player-{ids['Dani']}"))
        phone.wait_for(js_visible("btn-in"), "Dani picked", state=STATE_JS)
        self.assertFalse(phone.evaluate(js_visible("signup-owed")), "Dani owes nothing yet")
        gather = self.play(plan["id"])
        phone.wait_for(f"{self.text_is('signup-when', 'This game is over')} && {js_visible('vote-who')}",
                       "the result and the vote on the same link", state=STATE_JS)
        phone.wait_for(self.text_is("vote-step", "Who was the man of the match?"), "Dani, remembered", state=STATE_JS)
        phone.wait_for(self.text_is("vote-owed", "Dani, you owe €10.00 for the pitch: pay the organiser."),
                       "what Dani owes, loaded beside the vote", state=STATE_JS)
        phone.click(testid(f"vote-player-{ids['Ana']}"))
        phone.click(testid("btn-vote"))
        phone.wait_for(self.text_has("vote-result", "Thanks, Dani!"), "the thanks", state=STATE_JS)
        self.assertEqual(self.ok(self.c, "vote.status", {"gather": gather})["voted"], 1)
        self.assertFalse(phone.evaluate(js_visible("outcome-motm")), "while it is open, the vote tells where it stands")

    def test_a_sign_up_link_whose_vote_closed_names_the_man_of_the_match(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-01-08T19:00+01:00", "capacity": 4, "place": "Astro 2"})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        for name in ("Ana", "Bea", "Carla", "Dani"):
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids[name]})
        gather = self.play(plan["id"])
        for voter, choice in (("Ana", "Carla"), ("Bea", "Carla"), ("Dani", "Ana")):
            self.ok(self.c, "vote.cast", {"gather": gather, "voter": self.ids[voter], "player": self.ids[choice]})
        self.close_votes()
        phone = self.open(link)
        phone.wait_for(f"{self.text_is('signup-when', 'This game is over')} && "
                       f"{self.text_is('outcome-motm', 'Man of the match: Carla (2 votes)')}",
                       "the result and the man of the match on the group's link", state=STATE_JS)
        self.assertTrue(phone.evaluate(self.text_has("outcome-detail", "Full time: ")))
        self.assertFalse(phone.evaluate(js_visible("vote")), "the vote is over: nothing to pick")

    def test_once_closed_the_result_is_everywhere_and_the_card_shares_it(self) -> None:
        gather = self.play()
        for voter, choice in (("Ana", "Carla"), ("Bea", "Carla"), ("Dani", "Ana")):
            self.ok(self.c, "vote.cast", {"gather": gather, "voter": self.ids[voter], "player": self.ids[choice]})
        link = self.vote_link(gather)
        self.close_votes()
        phone = self.open(link)
        phone.wait_for(self.text_is("vote-result", "Man of the match: Carla (2 votes)"), "the result on the link",
                       state=STATE_JS)
        self.assertFalse(phone.evaluate(js_visible("vote-who")))
        page = self.open(self.daemon.control_url())
        page.wait_for(self.text_is("last-motm", "Man of the match: Carla (2 votes)"), "the result between matches",
                      state=STATE_JS)
        star = page.evaluate("[...document.querySelectorAll('[data-testid=motm-badge]')].map(s => "
                             "[s.closest('th').firstChild.textContent, s.textContent])")
        self.assertEqual(star, [["Carla", "\u2605"]])
        page.evaluate(f"({SHARE_SPY_JS})(true)")
        page.click(testid("btn-share-result"))
        page.wait_for("!document.querySelector('[data-testid=report-share]').disabled", "the card", state=STATE_JS)
        page.click(testid("report-share"))
        shared = page.wait_for("window.shared.length === 1 && window.shared[0]", "the share sheet", state=STATE_JS)
        self.assertIn("\nMan of the match: Carla", shared["text"])
        self.assertEqual((shared["files"], shared["png"]), (1, True))
        # The card's man-of-the-match line is drawn in the accent green, above the foot.
        green = page.evaluate(
            "(() => { const c = document.querySelector('[data-testid=report-card]'); const d = c.getContext('2d')"
            ".getImageData(0, 700, c.width, 380).data; let n = 0; for (let i = 0; i < d.length; i += 4) "
            "if (d[i] < 160 && d[i + 1] > 200 && d[i + 2] < 160) n++; return n; })()")
        self.assertGreater(green, 500, "the man of the match is drawn on the card")

    def test_a_tie_is_shared_between_matches_and_the_next_sign_up_says_what_is_owed(self) -> None:
        gather = self.play(cost=2000)
        self.ok(self.c, "fees.pay", {"player": self.ids["Bea"], "amount": 500})
        for voter, choice in (("Ana", "Carla"), ("Carla", "Ana")):
            self.ok(self.c, "vote.cast", {"gather": gather, "voter": self.ids[voter], "player": self.ids[choice]})
        self.close_votes()
        board = self.open(self.daemon.base_url + "/", size=PHONE)
        board.wait_for(self.text_is("last-motm", "Man of the match: Ana and Carla (1 vote each)"), "the shared result",
                       state=STATE_JS)
        stars = board.evaluate("[...document.querySelectorAll('[data-testid=motm-badge]')].map(s => "
                               "s.closest('th').firstChild.textContent).sort()")
        self.assertEqual(stars, ["Ana", "Carla"])
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-01-08T19:00+01:00", "capacity": 10})
        phone = self.open(self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"])
        phone.wait_for(js_visible(f"signup-player-{self.ids['Dani']}"), "who are you", state=STATE_JS)
        phone.click(testid(f"signup-player-{self.ids['Dani']}"))
        phone.wait_for(self.text_is("signup-owed", "Dani, you owe €5.00 for the pitch: pay the organiser."),
                       "what Dani owes", state=STATE_JS)
        phone.click(testid(f"signup-player-{self.ids['Bea']}"))
        phone.wait_for(f"{self.text_has('signup-you', 'Bea')} && !{js_visible('signup-owed')}", "Bea paid her share",
                       state=STATE_JS)

    def test_a_wrong_vote_link_says_so(self) -> None:
        page = self.open(self.daemon.base_url + "/#vote=AAAAAAAAAAAAAAAAAAAAAA")
        page.wait_for(self.text_is("vote-title", "This vote link does not work"), "the refusal", state=STATE_JS)
        self.assertFalse(page.evaluate(js_visible("board")) or page.evaluate(js_visible("no-gather")))


if __name__ == "__main__":
    unittest.main()
