"""The page's start-up in a real Chromium: its first WebSocket is opened by the page's inline script in the head,
before the stylesheets and the modules load, and the entry module takes it over. On that one socket the board goes
live, a control link takes control and a sign-up link shows its view, each presenting its credential as every
connection does (`auth.token`, the first message, never in the address); a page load opens one WebSocket, and only
reconnecting opens more, each by the module.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_page_startup.py -v

The sockets are watched from outside, through the DevTools protocol's Network domain (which script opened each,
and the frames it sent); every wait is for the page or a reply.
"""

from __future__ import annotations

import json
import re
import unittest

from cdp import Page, chromium_binary
from scoreboard_support import STATE_JS, PageCase, js_text, js_visible, testid, wait_online

PORTRAIT = (390, 844)
#: The clock shows minutes and seconds (not the placeholder).
CLOCK_LIVE = f"/^\\d+:\\d\\d$/.test({js_text('clock')})"


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class StartUpTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bea")}

    def open(self, url: str) -> Page:
        page = self.browser.new_page(*PORTRAIT, mobile=True)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        page.send("Network.enable")
        page.navigate(url)
        wait_online(page)
        return page

    def sockets(self, page: Page) -> list[dict]:
        """The WebSockets the page opened since the last call, in order: each one's address, the script that
        opened it (`opener`: the page's address for its inline script, else the module file's) and the messages
        it sent so far."""
        found: dict[str, dict] = {}
        kept = []
        for event in self.browser.events:
            params = event.get("params", {})
            if event.get("sessionId") != page.session or not event["method"].startswith("Network.webSocket"):
                kept.append(event)
            elif event["method"] == "Network.webSocketCreated":
                frames = params.get("initiator", {}).get("stack", {}).get("callFrames", [])
                found[params["requestId"]] = {"url": params["url"], "opener": frames[0]["url"] if frames else None,
                                              "sent": []}
            elif event["method"] == "Network.webSocketFrameSent" and params["requestId"] in found:
                found[params["requestId"]]["sent"].append(json.loads(params["response"]["payloadData"]))
        self.browser.events = kept
        return list(found.values())

    def assert_opened_by_the_page(self, socket: dict) -> None:
        self.assertEqual(socket["url"], f"ws://127.0.0.1:{self.daemon.port}/rpc", "nothing secret in its address")
        self.assertEqual(re.sub(r"#.*", "", socket["opener"] or ""), self.daemon.base_url + "/",
                         "opened by the page's inline script, not by a module")

    def test_the_board_goes_live_on_the_one_socket_the_page_opened_first_and_again_from_the_worker(self) -> None:
        self.ok(self.c, "gather.start", {"teamA": [self.ids["Ana"]], "teamB": [self.ids["Bea"]], "minutes": 90})
        self.ok(self.c, "timer.start")
        page = self.open(self.daemon.base_url + "/")
        page.wait_for(CLOCK_LIVE, "the clock's live time", state=STATE_JS)
        page.wait_for("navigator.serviceWorker.controller !== null", "the service worker to take the page", timeout=15)
        page.wait_for(js_visible("btn-share"), "the views loaded after the board", state=STATE_JS)
        [socket] = self.sockets(page)
        self.assert_opened_by_the_page(socket)
        methods = [message["method"] for message in socket["sent"]]
        self.assertIn("events.subscribe", methods)
        self.assertNotIn("auth.token", methods, "no credential on the view-only board")

        # A return visit: the page comes from the service worker, whose copy opens its socket the same way.
        page.navigate(self.daemon.base_url + "/")
        wait_online(page)
        page.wait_for(CLOCK_LIVE, "the clock's live time again", state=STATE_JS)
        [again] = self.sockets(page)
        self.assert_opened_by_the_page(again)

    def test_a_control_link_takes_control_on_that_socket_with_the_token_as_its_first_message(self) -> None:
        self.ok(self.c, "gather.start", {"teamA": [self.ids["Ana"]], "teamB": [self.ids["Bea"]], "minutes": 10})
        page = self.open(self.daemon.control_url())
        page.wait_for(f"{js_text('mode')} === 'control' && {js_visible('controls')}", "control", state=STATE_JS)
        self.assertNotIn(self.daemon.token, page.evaluate("location.href"), "the token left the address bar")
        page.click(testid("btn-toggle"))
        page.wait_for(f"{js_text('btn-toggle')} === 'Pause'", "the clock started from the page", state=STATE_JS)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")
        [socket] = self.sockets(page)
        self.assert_opened_by_the_page(socket)
        self.assertEqual({k: socket["sent"][0].get(k) for k in ("method", "params")},
                         {"method": "auth.token", "params": {"token": self.daemon.token}})

    def test_a_sign_up_link_shows_its_view_on_that_socket_and_its_answer_counts(self) -> None:
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10, "place": "Astro 2"})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        code = re.search(r"#signup=([A-Za-z0-9_-]+)", link).group(1)
        page = self.open(self.daemon.base_url + "/#signup=" + code)
        page.wait_for(f"{js_visible('signup')} && {js_text('mode')} === 'sign-up'", "the sign-up view", state=STATE_JS)
        self.pick(page, self.ids["Bea"])
        page.click(testid("btn-in"))
        page.wait_for(f"{js_text('signup-result')}.startsWith(\"You're in, Bea\")", "Bea's answer", state=STATE_JS)
        self.assertEqual([e["name"] for e in self.ok(self.c, "plan.get", {"plan": plan["id"]})["going"]], ["Bea"])
        [socket] = self.sockets(page)
        self.assert_opened_by_the_page(socket)
        self.assertEqual({k: socket["sent"][0].get(k) for k in ("method", "params")},
                         {"method": "auth.token", "params": {"token": code}})

    def test_reconnecting_opens_new_sockets_from_the_module(self) -> None:
        self.ok(self.c, "gather.start", {"teamA": [self.ids["Ana"]], "teamB": [self.ids["Bea"]], "minutes": 90})
        page = self.open(self.daemon.base_url + "/")
        [first] = self.sockets(page)
        self.assert_opened_by_the_page(first)
        self.c.close()
        self.daemon.kill9()
        page.wait_for("document.querySelector('[data-testid=status]').dataset.state === 'offline'", "offline",
                      state=STATE_JS)
        self.daemon.start()
        self.c = self.daemon.client()
        wait_online(page, timeout=20)
        self.ok(self.c, "timer.start")
        page.wait_for(CLOCK_LIVE, "the clock's live time, on the new connection", state=STATE_JS)
        later = self.sockets(page)
        self.assertGreaterEqual(len(later), 1)
        for socket in later:
            self.assertRegex(socket["opener"] or "", r"/js/[\w-]+\.js$", "a reconnect is the module's own")
        self.assertIn("events.subscribe", [message["method"] for message in later[-1]["sent"]])


if __name__ == "__main__":
    unittest.main()
