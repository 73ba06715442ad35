"""A phone that stays the organiser's, in headless Chromium against the real gatherd: the pairing link (web.pair) opened
once makes the phone a controller, and a new tab opened on the plain address (a bookmark, the installed app) opens
with the controls; the link works once; revoking the phone takes the controls from its open page at once; the
organiser's Phones screen lists the paired phones and removes one; a paired phone opened with the control link that
removes its own pairing is told it keeps the controls through that link, and keeps them.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_pairing_page.py -v

The tabs share the browser's storage, as a phone's tabs and its installed app do. Every wait is for the page; none
sleeps.
"""

from __future__ import annotations

import json
import unittest

from cdp import chromium_binary
from scoreboard_support import PHONE, STATE_JS, PageCase, js_text, js_visible, open_page, testid

NOTICE = js_text("notice")


def testid_js(name: str) -> str:
    """The element with data-testid `name`, as a JavaScript expression."""
    return f"document.querySelector('[data-testid={name}]')"
SUCCESS = js_text("notice-success")


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
        self.assertIn("paired as \u201cAna's phone\u201d", phone.evaluate(SUCCESS))
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

    def test_the_phones_screen_lists_the_paired_phones_and_removes_one(self) -> None:
        phone = self.tab(self.ok(self.c, "web.pair", {"name": "Ana's phone"})["url"])
        self.wait_mode(phone, "control", "control once the pairing link is opened")
        code = self.ok(self.c, "web.pair", {"name": "Old tablet"})["url"].split("#pair=")[1]
        old = self.ok(self.c, "web.pairDevice", {"code": code})["device"]["id"]

        phone.wait_for(js_visible("btn-devices"), "the Phones button between matches", state=STATE_JS)
        phone.click(testid("btn-devices"))
        phone.wait_for(f"{js_text('devices-list')}.includes('Old tablet')", "both phones listed", state=STATE_JS)
        listed = phone.evaluate(js_text("devices-list"))
        self.assertIn("Ana's phone (this phone)", listed)
        self.assertIn("last seen", listed)
        self.assertIn("#devices", phone.evaluate("location.hash"), "the screen has an address of its own")

        # Remove asks for a second tap; then the tablet is no longer paired, here and in gatherd.
        phone.click(testid(f"btn-remove-device-{old}"))
        phone.wait_for(f"{js_text(f'btn-remove-device-{old}')} === 'Tap again to remove'", "a second tap asked",
                       state=STATE_JS)
        self.assertEqual(len(self.ok(self.c, "web.devices")["devices"]), 2, "one tap removes nothing")
        phone.click(testid(f"btn-remove-device-{old}"))
        phone.wait_for(f"!{js_text('devices-list')}.includes('Old tablet')", "the tablet gone from the list",
                       state=STATE_JS)
        self.assertIn("Old tablet is no longer paired", phone.evaluate(SUCCESS))
        self.assertEqual([d["name"] for d in self.ok(self.c, "web.devices")["devices"]], ["Ana's phone"])
        self.wait_mode(phone, "control", "the phone that removed the tablet keeps its controls")

    def test_a_paired_phone_with_the_control_link_removes_its_pairing_and_is_told_it_keeps_the_controls(self) -> None:
        paired = self.tab(self.ok(self.c, "web.pair", {"name": "Ana's phone"})["url"])
        self.wait_mode(paired, "control", "control once the pairing link is opened")
        [device] = self.ok(self.c, "web.devices")["devices"]

        # The same phone opens the organiser's control link: both its pairing and the link give it the controls.
        page = self.tab(self.daemon.control_url())
        self.wait_mode(page, "control", "the control page")
        page.wait_for(js_visible("btn-devices"), "the Phones button between matches", state=STATE_JS)
        page.click(testid("btn-devices"))
        page.wait_for(f"{js_text('devices-list')}.includes(\"Ana's phone (this phone)\")", "this phone listed",
                      state=STATE_JS)
        remove = f"btn-remove-device-{device['id']}"
        page.click(testid(remove))
        page.wait_for(f"{js_text(remove)} === 'Tap again to remove'", "a second tap asked", state=STATE_JS)
        page.click(testid(remove))
        page.wait_for(js_visible("devices-none"), "no phone paired any more", state=STATE_JS)
        told = page.evaluate(SUCCESS)
        self.assertIn("This phone (Ana's phone) is no longer paired", told)
        self.assertIn("This page keeps the controls through the organiser's control link", told)
        self.assertNotIn("only watches", told)
        self.assertEqual(page.evaluate(NOTICE), "", "no alert says the page is view only")
        self.assertEqual(self.ok(self.c, "web.devices")["devices"], [])

        # And it does keep them: a new match started from this page.
        ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        bea = self.ok(self.c, "players.create", {"name": "Bea"})["id"]
        self.ok(self.c, "gather.start", {"teamA": [ana], "teamB": [bea], "minutes": 10})
        page.wait_for(js_visible("btn-toggle"), "the match controls", state=STATE_JS)
        page.click(testid("btn-toggle"))
        page.wait_for(f"{js_text('btn-toggle')} === 'Pause'", "the clock started", state=STATE_JS)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")
        self.wait_mode(page, "control", "the controls kept")
        # The tab that had only the pairing watches now, and says why; the ended credential is forgotten.
        self.browser.send("Target.activateTarget", {"targetId": paired.target})
        self.wait_mode(paired, "view only", "the pairing-only tab lost the controls")
        paired.wait_for(f"{NOTICE}.includes('no longer paired')", "the pairing-only tab saying why", state=STATE_JS)
        self.assertIsNone(paired.evaluate("localStorage.getItem('gatherd.device')"))

    def test_a_phone_controlling_by_its_pairing_alone_removes_itself_and_watches(self) -> None:
        phone = self.tab(self.ok(self.c, "web.pair", {"name": "Ana's phone"})["url"])
        self.wait_mode(phone, "control", "control once the pairing link is opened")
        [device] = self.ok(self.c, "web.devices")["devices"]
        phone.wait_for(js_visible("btn-devices"), "the Phones button between matches", state=STATE_JS)
        phone.click(testid("btn-devices"))
        remove = f"btn-remove-device-{device['id']}"
        phone.wait_for(js_visible(remove), "this phone listed", state=STATE_JS)
        phone.click(testid(remove))
        phone.wait_for(f"{js_text(remove)} === 'Tap again to remove'", "a second tap asked", state=STATE_JS)
        phone.click(testid(remove))
        self.wait_mode(phone, "view only", "the controls gone with the pairing")
        phone.wait_for(f"{NOTICE}.includes('no longer paired')", "the page saying why", state=STATE_JS)
        self.assertNotIn("keeps the controls", phone.evaluate(SUCCESS))
        self.assertEqual(self.ok(self.c, "web.devices")["devices"], [])
        self.assertIsNone(phone.evaluate("localStorage.getItem('gatherd.device')"))

    def test_a_tab_with_the_control_link_whose_pairing_was_removed_meanwhile_says_it_keeps_the_controls(self) -> None:
        paired = open_page(self.browser, self.ok(self.c, "web.pair", {"name": "Ana's phone"})["url"], size=PHONE)
        self.addCleanup(paired.close)
        self.wait_mode(paired, "control", "control once the pairing link is opened")
        [device] = self.ok(self.c, "web.devices")["devices"]
        # The tab is left (the page gone); the phone keeps its credential while the organiser removes it elsewhere.
        self.assertEqual(paired.problems(), [], "the page broke a CSP rule or threw")
        paired.navigate("about:blank")
        paired.close()
        self.ok(self.c, "web.revoke", {"device": device["id"]})

        # It opens the control link in a new tab: the ended credential is refused, the link gives the controls.
        page = self.tab(self.daemon.control_url())
        page.wait_for(f"{js_text('mode')} === 'control' && {SUCCESS}.includes('keeps the controls')",
                      "the controls, and words that say why", state=STATE_JS)
        self.assertIn("This phone is no longer paired", page.evaluate(SUCCESS))
        self.assertEqual(page.evaluate(NOTICE), "", "no alert says the page is view only")
        self.assertIsNone(page.evaluate("localStorage.getItem('gatherd.device')"), "the ended credential forgotten")

    def test_the_organiser_pairs_another_phone_from_the_phones_screen(self) -> None:
        organiser = self.tab(self.daemon.control_url())
        self.wait_mode(organiser, "control", "the control page")
        organiser.wait_for(js_visible("btn-devices"), "the Phones button between matches", state=STATE_JS)
        organiser.click(testid("btn-devices"))
        organiser.wait_for(js_visible("btn-pair-phone"), "the Phones screen", state=STATE_JS)
        organiser.click(testid("btn-pair-phone"))
        organiser.wait_for(js_visible("pairing-qr"), "the pairing link's QR code", state=STATE_JS)
        self.assertIn("It works once, until", organiser.evaluate(js_text("pairing-how")))
        self.assertTrue(organiser.evaluate(f"{testid_js('pairing-qr')}.src.startsWith('data:image/svg+xml')"))
        link = organiser.evaluate(js_text("pairing-url"))
        self.assertIn("#pair=", link)

        phone = self.tab(link)
        self.wait_mode(phone, "control", "control once the link the page showed is opened")
        self.assertEqual(len(self.ok(self.c, "web.devices")["devices"]), 1)

    def test_a_wrong_pairing_link_says_so_and_gives_no_control(self) -> None:
        page = self.tab(self.daemon.base_url + "/#pair=not-a-pairing-code")
        page.wait_for(f"{NOTICE}.includes('does not work')", "the wrong link refused", state=STATE_JS)
        self.assertEqual(page.evaluate(js_text("mode")), "view only")
        self.assertEqual(self.ok(self.c, "web.devices")["devices"], [])


if __name__ == "__main__":
    unittest.main()
