"""A change the page sent whose reply was lost is applied once: the page sends it again on the next connection
with the same idempotencyKey, and gatherd answers the repeat without running it again. A proxy between Chromium
and gatherd (dropping_proxy.py) lets the goal through, drops gatherd's reply to it and cuts the connection.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_idempotent_page.py -v
"""

from __future__ import annotations

import unittest

from cdp import chromium_binary
from dropping_proxy import DroppingProxy
from scoreboard_support import PHONE, STATE_JS, PageCase, js_text, js_visible, testid, wait_online


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class LostReplyTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        self.bea = self.ok(self.c, "players.create", {"name": "Bea"})["id"]
        self.proxy = DroppingProxy(self.daemon.port)
        self.addCleanup(self.proxy.close)

    def test_a_goal_whose_reply_was_lost_counts_once(self) -> None:
        self.ok(self.c, "gather.start", {"teamA": [self.ana], "teamB": [self.bea], "minutes": 10})
        page = self.browser.new_page(width=PHONE[0], height=PHONE[1], mobile=True)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        page.navigate(f"http://127.0.0.1:{self.proxy.port}/#token={self.daemon.token}")
        wait_online(page)
        page.wait_for(js_visible("controls"), "the controls", state=STATE_JS)
        self.proxy.arm("score.goal")
        page.click(testid("btn-goal-a"))
        page.click(testid(f"scorer-{self.ana}"))
        # The reply is lost and the connection cut; the page reconnects and sends the goal again, then shows it
        # confirmed.
        self.assertEqual(self.proxy.wait_requests("score.goal", 2, timeout=15.0), 2, "sent twice: once lost, once again")
        wait_online(page)
        page.wait_for(f"{js_text('score-a')} === '1' && !{js_visible('pending')}", "the goal confirmed", timeout=15.0,
                      state=STATE_JS)
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "1-0", "applied once")


if __name__ == "__main__":
    unittest.main()
