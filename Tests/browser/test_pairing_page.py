"""A phone that stays the organiser's, in headless Chromium against the real gatherd: the pairing link (web.pair) opened
once makes the phone a controller, and a new tab opened on the plain address (a bookmark, the installed app) opens
with the controls; the link works once; revoking the phone takes the controls from its open page at once.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_pairing_page.py -v

The tabs share the browser's storage, as a phone's tabs and its installed app do. Every wait is for the page; none
sleeps.
"""

from __future__ import annotations

import json
import unittest

from cdp import chromium_binary
from scoreboard_support import PHONE, STATE_JS, PageCase, js_text, open_page, testid

NOTICE = js_text("notice")


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class PairingPageTest(PageCase):
    def tab(self, url: str):
        page = open_page(self.browser, url, size=PHONE)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        return page

    def wait_mode(self, page, mode: str, what: str) -> None:
        page.wait_for(f"{js_text('mode')} === {json.dumps(mode)}", what, state=STATE_JS)

    def test_a_paired_phone_opens_a_new_tab_with_the_controls_until_it_is_revoked(self) -> None:
        ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        bea = self.ok(self.c, "players.create", {"name": "Bea"})["id"]
        link = self.ok(self.c, "web.pair", {"name": "Ana's phone"})["url"]

        phone = self.tab(link)
        self.wait_mode(phone, "control", "control once the pairing link is opened")
        self.assertIn("paired as \u201cAna's phone\u201d", phone.evaluate(NOTICE))
        self.assertNotIn("#pair=", phone.evaluate("location.href"), "the one-time code left the address bar")
        self.assertEqual([d["name"] for d in self.ok(self.c, "web.devices")["devices"]], ["Ana's phone"])

        # A new tab on the plain address, as a bookmark or the home-screen icon opens it: the controls, at once.
        self.ok(self.c, "gather.start", {"teamA": [ana], "teamB": [bea], "minutes": 10})
        tab = self.tab(self.daemon.base_url + "/")
        self.wait_mode(tab, "control", "control in a new tab of the paired phone")
        tab.click(testid("btn-toggle"))
        tab.wait_for(f"{js_text('btn-toggle')} === 'Pause'", "the clock started from the new tab", state=STATE_JS)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")

        # The link works once: opened again in another tab, it says so and gives nothing more.
        again = open_page(self.browser, link, size=PHONE)
        self.addCleanup(again.close)
        again.wait_for(f"{NOTICE}.includes('used already')", "the used link refused", state=STATE_JS)
        self.wait_mode(again, "control", "the phone itself is still paired")
        self.assertEqual(again.problems(), [], "the page broke a CSP rule or threw")
        again.close()
        self.browser.send("Target.activateTarget", {"targetId": tab.target})
        tab.wait_for("document.visibilityState === 'visible'", "the new tab in front again")

        # Revoked: the open page loses the controls at once and says why; the credential is forgotten.
        device = self.ok(self.c, "web.devices")["devices"][0]["id"]
        self.ok(self.c, "web.revoke", {"device": device})
        self.wait_mode(tab, "view only", "the controls gone from the open tab")
        tab.wait_for(f"{NOTICE}.includes('no longer paired')", "the page saying why", state=STATE_JS)
        self.assertIsNone(tab.evaluate("localStorage.getItem('gatherd.device')"))
        fresh = self.tab(self.daemon.base_url + "/")
        self.wait_mode(fresh, "view only", "a new tab of the revoked phone watches only")

    def test_a_wrong_pairing_link_says_so_and_gives_no_control(self) -> None:
        page = self.tab(self.daemon.base_url + "/#pair=not-a-pairing-code")
        page.wait_for(f"{NOTICE}.includes('does not work')", "the wrong link refused", state=STATE_JS)
        self.assertEqual(page.evaluate(js_text("mode")), "view only")
        self.assertEqual(self.ok(self.c, "web.devices")["devices"], [])


if __name__ == "__main__":
    unittest.main()
