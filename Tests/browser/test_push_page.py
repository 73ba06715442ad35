"""Web Push on the page, in headless Chromium against the real gatherd: the sign-up view offers "Notify this phone"
to a player who has answered, and says in plain words when the phone cannot be told (here: no push service to reach,
as on a phone offline or a browser without one); and the page's service worker turns a push from
gatherd into a notification with its title, its words and the page a tap opens.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p 'test_push_page.py' -v

The push's delivery from a push service is Tests/e2e/test_push.py's (a real HTTPS endpoint, http_ece, py-vapid);
here Chromium's DevTools hand the worker the decrypted message, as the browser does once it has decrypted one.
"""

from __future__ import annotations

import datetime as dt
import json
import unittest

from cdp import chromium_binary
from scoreboard_support import STATE_JS, PageCase, js_text, js_visible, open_page, testid

PORTRAIT = (390, 844)


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class PushPageTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.browser.send("Browser.grantPermissions", {"permissions": ["notifications"], "origin": self.daemon.base_url})
        self.ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=2)).strftime("%Y-%m-%dT%H:%MZ")
        self.plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 10})["id"]
        self.link = self.ok(self.c, "plan.link", {"plan": self.plan})["url"]

    def phone(self):
        page = open_page(self.browser, self.link, size=PORTRAIT)
        self.addCleanup(page.close)
        page.wait_for(js_visible(f"signup-player-{self.ana}"), "the sign-up view's names", state=STATE_JS)
        page.click(testid(f"signup-player-{self.ana}"))
        page.wait_for(js_visible("btn-in"), "the answer buttons", state=STATE_JS)
        return page

    def test_notify_is_offered_once_answered_and_a_phone_that_cannot_be_told_is_told_so(self) -> None:
        page = self.phone()
        self.assertFalse(page.evaluate(js_visible("btn-notify")), "only a player who answered may be told")
        page.click(testid("btn-in"))
        page.wait_for(js_visible("btn-notify"), "Notify this phone, once Ana is in", state=STATE_JS)
        page.click(testid("btn-notify"))
        # Headless Chromium reaches no push service: after 15 s the player is told which step did not answer.
        page.wait_for(f"{js_text('notice')}.includes('notification service did not answer in time')",
                      "the phone told it cannot be", timeout=30, state=STATE_JS)

    def test_a_push_becomes_a_notification_with_its_words_and_the_page_to_open(self) -> None:
        page = self.phone()
        page.wait_for("navigator.serviceWorker.controller !== null", "the page's service worker in charge")
        page.send("ServiceWorker.enable")
        registration = None
        for _ in range(20):
            event = self.browser.wait_event("ServiceWorker.workerRegistrationUpdated", session=page.session)
            for item in event.get("registrations", []):
                if not item.get("isDeleted"):
                    registration = item["registrationId"]
            if registration:
                break
        self.assertIsNotNone(registration, "the page's service worker")
        message = {"title": "A place is yours", "body": "Ana, you're in for Thursday.", "tag": "plan-1",
                   "lang": "en", "url": self.daemon.base_url + "/#plans"}
        page.send("ServiceWorker.deliverPushMessage", {"origin": self.daemon.base_url + "/",
                                                       "registrationId": registration, "data": json.dumps(message)})
        shown = ("navigator.serviceWorker.ready.then((r) => r.getNotifications())"
                 ".then((ns) => ns.map((n) => [n.title, n.body, n.tag, n.data && n.data.url]))")
        # The worker's notifications, read into the page each time the condition is polled.
        page.evaluate(f"window.shownNotifications = []; setInterval(() => {shown}.then((ns) => "
                      "{ window.shownNotifications = ns; }), 50); true")
        page.wait_for("window.shownNotifications.length > 0", "the notification shown", state=STATE_JS)
        self.assertEqual(page.evaluate("window.shownNotifications"),
                         [["A place is yours", "Ana, you're in for Thursday.", "plan-1", self.daemon.base_url + "/#plans"]])


if __name__ == "__main__":
    unittest.main()
