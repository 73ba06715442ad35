"""After the final whistle, on the page: the players' table with each player's form and the one rating (0–100,
"settling" before 5 gathers) on the control page, the view-only board without ratings unless its link asks for
them, and the last result shared as a card drawn on a canvas through the Web Share API (a spy stands in for the
phone's share sheet).

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p 'test_results_page.py' -v
"""

from __future__ import annotations

import json
import unittest

from cdp import chromium_binary
from scoreboard_support import PHONE, STATE_JS, PageCase, js_visible, open_page, testid
from wsclient import http_request

#: The players' table as its rows read: the cells of each row, and the form's letters apart.
ROWS_JS = (
    "[...document.querySelectorAll('[data-testid=player-row]')].map(r => ({cells: [...r.children].map(c => "
    "c.textContent.trim()), form: [...r.querySelectorAll('.form > span')].map(s => s.textContent).join('')}))"
)

#: A stand-in for the phone's share sheet: it keeps what it was given, and says whether files may be shared.
SHARE_SPY_JS = """(files => {
  window.shared = [];
  Object.defineProperty(navigator, 'canShare', {configurable: true, value: (data) => files || !(data && data.files)});
  Object.defineProperty(navigator, 'share', {configurable: true, value: async (data) => {
    const file = data.files && data.files[0];
    const bytes = file ? new Uint8Array(await file.arrayBuffer()) : null;
    window.shared.push({title: data.title, text: data.text, files: (data.files || []).length,
      name: file && file.name, type: file && file.type, png: !!bytes && bytes[1] === 0x50 && bytes[2] === 0x4e});
  }});
})"""

LETTERS = {"win": "W", "draw": "D", "loss": "L"}


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class ResultsPageTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        names = ("Ana", "Bea", "Carla", "Dani", "Eli")
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in names}
        ana, bea, carla, dani, eli = (self.ids[n] for n in names)
        # Five gathers for Ana, Bea, Carla and Dani; Eli comes to the last one only (still settling).
        for team_a, team_b, score in (([ana, bea], [carla, dani], (2, 0)), ([ana, carla], [bea, dani], (1, 1)),
                                      ([ana, dani], [bea, carla], (3, 1)), ([bea, carla], [ana, dani], (0, 2))):
            self.ok(self.c, "gather.start", {"teamA": team_a, "teamB": team_b})
            self.ok(self.c, "score.set", {"teamA": score[0], "teamB": score[1]})
            self.ok(self.c, "gather.end")
        self.ok(self.c, "gather.start", {"teamA": [ana, bea, eli], "teamB": [carla, dani],
                                          "names": {"teamA": "Reds", "teamB": "Blues"}})
        for player in (ana, ana, eli):
            self.ok(self.c, "score.goal", {"team": "teamA", "player": player})
        self.ok(self.c, "score.goal", {"team": "teamB", "player": carla})
        self.ok(self.c, "gather.end")

    def open(self, url: str, size=PHONE):
        page = open_page(self.browser, url, size=size)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        return page

    def test_the_control_pages_table_shows_form_and_the_rating_as_gatherctl_does(self) -> None:
        page = self.open(self.daemon.control_url(), size=(390, 844))
        page.wait_for(js_visible("rating-note"), "the players' table with ratings", state=STATE_JS)
        stats = self.ok(self.c, "stats.players")["players"]
        rows = page.evaluate(ROWS_JS)
        self.assertEqual([r["cells"][0] for r in rows], [p["name"] for p in stats], "in the order of the ratings")
        for row, player in zip(rows, stats):
            rating = player["rating"]
            shown = f"{rating['display']} settling" if rating["settling"] else str(rating["display"])
            self.assertEqual(row["cells"][1:6], [str(player[k]) for k in ("played", "wins", "draws", "losses", "goals")])
            self.assertEqual(row["form"], "".join(LETTERS[r] for r in player["form"]), "newest first")
            self.assertEqual(row["cells"][7], shown)
        eli = next(r for r in rows if r["cells"][0] == "Eli")
        self.assertEqual((eli["form"], eli["cells"][7].endswith("settling")), ("W", True))
        ana = next(r for r in rows if r["cells"][0] == "Ana")
        self.assertEqual(ana["form"], "WWWDW")
        # The note says in words what the number is: no formula, no Greek letters.
        note = page.evaluate("document.querySelector('[data-testid=rating-note]').textContent")
        self.assertIn("a number from 0 to 100 that follows results", note)
        self.assertNotRegex(note, "[\u03bc\u03c3]")

    def test_the_view_only_board_hides_ratings_unless_its_link_asks_for_them(self) -> None:
        page = self.open(self.daemon.base_url + "/")
        page.wait_for(js_visible("players-table"), "the players' table", state=STATE_JS)
        page.wait_for("document.querySelectorAll('[data-testid=player-row]').length === 5", "five rows", state=STATE_JS)
        self.assertFalse(page.evaluate(js_visible("rating-head")) or page.evaluate(js_visible("rating-note")))
        rows = page.evaluate(ROWS_JS)
        self.assertEqual({len(r["cells"]) for r in rows}, {7}, "name, P, W, D, L, goals and form: no rating")
        by_wins = self.ok(self.c, "stats.players", {"order": "wins"})["players"]
        self.assertEqual([r["cells"][0] for r in rows], [p["name"] for p in by_wins],
                         "ordered by wins, so that the order does not give the ratings away")
        asked = self.open(self.daemon.base_url + "/#ratings")
        asked.wait_for(js_visible("rating-head"), "the ratings its link asks for", state=STATE_JS)
        by_rating = self.ok(self.c, "stats.players")["players"]
        self.assertEqual([r["cells"][7] for r in asked.evaluate(ROWS_JS)],
                         [str(p["rating"]["display"]) + (" settling" if p["rating"]["settling"] else "")
                          for p in by_rating])

    def report(self, url: str | None) -> dict:
        """gather.report as the page at `url` may have it: the control page (Unix socket: a controller) gets the
        links, a view-only page (POST /rpc without the token) none."""
        if url == self.daemon.control_url():
            return self.ok(self.c, "gather.report")
        status, _, body = http_request(self.daemon.port, "POST", "/rpc", {"Content-Type": "application/json"},
                                       json.dumps({"jsonrpc": "2.0", "id": 1, "method": "gather.report"}).encode())
        self.assertEqual(status, 200)
        return json.loads(body)["result"]

    def share(self, files: bool, url: str | None = None, plans: bool = False) -> tuple[dict, dict]:
        page = self.open(url or self.daemon.base_url + "/", size=(390, 844))
        # With a plan open, "Who's coming" comes in above the last result: the button is clicked where it stays.
        ready = js_visible("btn-share-result") + (" && " + js_visible("plans") if plans else "")
        page.wait_for(ready, "the last result's share button", state=STATE_JS)
        page.evaluate(f"({SHARE_SPY_JS})({json.dumps(files)})")
        page.click(testid("btn-share-result"))
        page.wait_for("!document.querySelector('[data-testid=report-share]').disabled", "the card", state=STATE_JS)
        report = self.report(url)
        message = page.evaluate("document.querySelector('[data-testid=report-text]').value")
        # The card is drawn: the score's digits are light pixels on the dark card.
        lit = page.evaluate(
            "(() => { const c = document.querySelector('[data-testid=report-card]'); const d = c.getContext('2d')"
            ".getImageData(0, 300, c.width, 260).data; let n = 0; for (let i = 0; i < d.length; i += 4) "
            "if (d[i] > 200 && d[i + 1] > 200 && d[i + 2] > 200) n++; return n; })()")
        self.assertGreater(lit, 5000, "the score is drawn on the card")
        page.click(testid("report-share"))
        shared = page.wait_for("window.shared.length === 1 && window.shared[0]", "the share sheet", state=STATE_JS)
        self.assertEqual(shared["text"], message, "the message shown is the one shared")
        self.assertEqual(page.evaluate("document.querySelector('[data-testid=report-status]').textContent"),
                         "Shared the card." if files else "Shared the text.")
        return shared, report

    def assertReportMessage(self, text: str, report: dict) -> None:
        """The page's message says what gather.report's does, its times in the phone's language (en-US here): the
        result and the scorers as gatherctl prints them, then the vote's close."""
        lines, daemon = text.split("\n"), report["text"].split("\n")
        self.assertEqual(lines[:-1], daemon[:-1], "the result and its scorers")
        self.assertTrue(daemon[-1].startswith("Man of the match: vote by "), daemon)
        self.assertRegex(lines[-1], r"^Man of the match: vote by \w{3}, \w{3} \d+, \d\d:\d\d [AP]M\.$")

    def test_the_result_is_shared_as_a_card_where_files_can_be_shared(self) -> None:
        shared, report = self.share(files=True)
        self.assertReportMessage(shared["text"], report)
        self.assertEqual((shared["files"], shared["type"], shared["png"]), (1, "image/png", True), shared)
        self.assertEqual(shared["name"], f"result-{report['gather']}.png")
        self.assertEqual(shared["title"], "Reds 3\u20131 Blues")
        self.assertTrue(shared["text"].startswith("Full time: Reds 3\u20131 Blues\nReds: Ana "), shared["text"])

    def test_without_file_sharing_the_text_is_shared(self) -> None:
        shared, report = self.share(files=False)
        self.assertEqual(shared["files"], 0)
        self.assertReportMessage(shared["text"], report)

    def test_the_referee_shares_the_next_plans_link_and_a_viewer_does_not(self) -> None:
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-01-08T19:00+01:00", "capacity": 10, "place": "Astro 2"})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        shared, _ = self.share(files=True, url=self.daemon.control_url(), plans=True)
        # The plan's time at the pitch, in the phone's language (en-US here).
        self.assertTrue(shared["text"].endswith(f"Next: Thu, Jan 8, 07:00 PM at Astro 2, 10 places left. Sign up: {link}"),
                        shared["text"])
        shared, _ = self.share(files=True, plans=True)
        self.assertTrue(shared["text"].endswith("Next: Thu, Jan 8, 07:00 PM at Astro 2, 10 places left."), shared["text"])


if __name__ == "__main__":
    unittest.main()
