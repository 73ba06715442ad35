"""How the page reaches a phone, in a real Chromium: compressed as the browser asks (brotli), the bundle's
files kept for a year, and a return visit served by the service worker without waiting for gatherd.

The return visit is made while gatherd is frozen (SIGSTOP): it accepts connections but answers nothing, so any
file the page had to fetch from it would hold the page's load event back. The page loads, every one of its
requests answered by the worker, which itself asks gatherd for nothing but a fresh copy of the page for the
next time (stale-while-revalidate), and shows the board; gatherd thawed, the clock shows the live time."""

from __future__ import annotations

import os
import re
import signal
import unittest

from scoreboard_support import STATE_JS, PageCase, wait_online

PHONE_UPRIGHT = (390, 844)
#: The clock's text as minutes and seconds.
CLOCK_JS = "(document.querySelector('[data-testid=clock]')?.textContent ?? '').trim()"


class PageDeliveryTest(PageCase):
    def responses(self, session: str) -> dict[str, dict]:
        """The responses to what a page or worker asked for since the last call, by path (the last one for each
        path); not the browser's own fetches for the page, such as its icon, which may come late."""
        found, kept = {}, []
        for event in self.browser.events:
            if event["method"] == "Network.responseReceived" and event.get("sessionId") == session:
                if event["params"]["type"] not in ("Document", "Script", "Stylesheet", "Fetch", "XHR"):
                    continue
                response = event["params"]["response"]
                found[re.sub(r"^https?://[^/]+", "", response["url"])] = response
            elif event.get("sessionId") != session or not event["method"].startswith("Network."):
                kept.append(event)
        self.browser.events = kept
        return found

    def fetched_by_worker(self, session: str) -> list[str]:
        """The paths the worker asked the network for since the last call."""
        paths = [re.sub(r"^https?://[^/]+", "", event["params"]["request"]["url"]) for event in self.browser.events
                 if event["method"] == "Network.requestWillBeSent" and event.get("sessionId") == session]
        self.responses(session)
        return paths

    def watch_worker(self) -> str:
        """Attaches to the page's service worker and watches its requests; returns its session."""
        self.browser.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False,
                                                   "flatten": True, "filter": [{"type": "service_worker"}]})
        attached = self.browser.wait_event("Target.attachedToTarget")
        while attached["targetInfo"]["type"] != "service_worker":  # the page's own, from new_page
            attached = self.browser.wait_event("Target.attachedToTarget")
        self.browser.send("Network.enable", session=attached["sessionId"])
        return attached["sessionId"]

    def test_chromium_gets_brotli_and_a_return_visit_comes_from_the_service_worker(self) -> None:
        ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        bea = self.ok(self.c, "players.create", {"name": "Bea"})["id"]
        self.ok(self.c, "gather.start", {"teamA": [ana], "teamB": [bea], "minutes": 90})
        self.ok(self.c, "timer.start")
        page = self.browser.new_page(*PHONE_UPRIGHT, mobile=True)
        self.addCleanup(page.close)
        page.send("Network.enable")
        page.navigate(self.daemon.base_url + "/")
        wait_online(page)
        page.wait_for(f"/^\\d+:\\d\\d$/.test({CLOCK_JS})", "the clock's time", state=STATE_JS)

        first = self.responses(page.session)
        script = next(path for path in first if re.fullmatch(r"/js/scoreboard-[A-Z0-9]{8}\.js", path))
        style = next(path for path in first if re.fullmatch(r"/scoreboard-[A-Z0-9]{8}\.css", path))
        for path in ["/", script, style]:
            headers = {name.lower(): value for name, value in first[path]["headers"].items()}
            self.assertEqual((first[path]["status"], headers.get("content-encoding")), (200, "br"), path)
            self.assertEqual(headers["vary"], "Accept-Encoding", path)
            self.assertTrue(headers["etag"].endswith('-br"'), path)
            self.assertFalse(first[path].get("fromServiceWorker"), "the first visit comes from gatherd: " + path)
        for path in [script, style]:
            headers = {name.lower(): value for name, value in first[path]["headers"].items()}
            self.assertEqual(headers["cache-control"], "public, max-age=31536000, immutable", path)
        page.wait_for("navigator.serviceWorker.controller !== null", "the service worker to take the page",
                      timeout=15)
        # The views loaded after the board came from gatherd too, on this first visit: read, so that the return
        # visit's responses are its own.
        page.wait_for("['touchline-', 'between-'].every((name) => performance.getEntriesByType('resource')"
                      ".some((entry) => entry.name.includes('/js/' + name) && entry.responseEnd > 0))",
                      "the views loaded after the board")
        self.responses(page.session)
        worker = self.watch_worker()

        # The return visit, with gatherd frozen: the page and every file of it come from the worker.
        os.kill(self.daemon.pid, signal.SIGSTOP)
        self.addCleanup(os.kill, self.daemon.pid, signal.SIGCONT)
        page.navigate(self.daemon.base_url + "/")
        again = self.responses(page.session)
        self.assertIn("/", again)
        self.assertIn(script, again)
        for path, response in again.items():
            self.assertTrue(response.get("fromServiceWorker"), f"{path} came from gatherd, not from the worker")
        self.assertEqual(set(self.fetched_by_worker(worker)) - {"/"}, set(),
                         "the worker asked gatherd for nothing but a fresh copy of the page")
        page.wait_for("!!document.querySelector('[data-testid=clock]') && "
                      "document.querySelector('[data-testid=status]')?.dataset.state !== 'online'",
                      "the board, waiting for gatherd", state=STATE_JS)

        os.kill(self.daemon.pid, signal.SIGCONT)
        wait_online(page, timeout=20)
        left = self.ok(self.c, "timer.status")["remaining"]
        shown = page.wait_for(f"/^\\d+:\\d\\d$/.test({CLOCK_JS}) && {CLOCK_JS}", "the clock's live time",
                              state=STATE_JS)
        minutes, seconds = map(int, shown.split(":"))
        self.assertLessEqual(abs(minutes * 60 + seconds - left), 3, f"{shown} against {left} s left")
        self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw")


if __name__ == "__main__":
    unittest.main()
