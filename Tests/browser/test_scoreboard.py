"""The pitch-side scoreboard in a real browser: headless Chromium, driven over the DevTools protocol, against
the real gatherd with its HTTP listener.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -v

Every wait is bounded and waits for the page (a condition checked in the page on each DOM change and
animation frame) or for a reply on a socket; no test sleeps.
"""

from __future__ import annotations

import json
import math
import unittest

from cdp import CDPError, chromium_binary
from scoreboard_support import (
    PHONE,
    STATE_JS,
    TABLET,
    PageCase,
    harness,
    js_text,
    js_visible,
    open_page,
    testid,
    wait_online,
)


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class ScoreboardTest(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.ana = self.ok(self.c, "players.create", {"name": "Ana", "position": "ST"})["id"]
        self.bea = self.ok(self.c, "players.create", {"name": "Bea", "position": "GK"})["id"]
        self.carla = self.ok(self.c, "players.create", {"name": "Carla", "position": "MID"})["id"]
        self.dani = self.ok(self.c, "players.create", {"name": "Dani", "position": "DEF"})["id"]

    # -- helpers -----------------------------------------------------------------------------------

    def start_gather(self, **params: object) -> dict:
        return self.ok(
            self.c, "gather.start", {"teamA": [self.ana, self.carla], "teamB": [self.bea, self.dani], **params}
        )

    def open(self, url: str | None = None, size: tuple[int, int] = TABLET):
        page = open_page(self.browser, url or self.daemon.base_url + "/", size=size)
        self.addCleanup(page.close)
        # Checked after the test's own steps: under the daemon's CSP the page blocks nothing and throws nothing.
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        return page

    def wait_text(self, page, name: str, expected: str, what: str | None = None, timeout: float = 5.0) -> None:
        page.wait_for(
            f"{js_text(name)} === {json.dumps(expected)}",
            what or f"{name} to read {expected!r}",
            timeout=timeout,
            state=STATE_JS,
        )

    def text(self, page, name: str) -> str:
        return page.evaluate(js_text(name))

    def visible(self, page, name: str) -> bool:
        return page.evaluate(js_visible(name))

    # -- tests -------------------------------------------------------------------------------------

    def test_page_shows_the_current_score_and_clock(self) -> None:
        self.start_gather(minutes=7)
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ana})
        self.ok(self.c, "score.goal", {"team": "teamB"})
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.carla})
        self.ok(self.c, "timer.start")
        status = self.ok(self.c, "timer.pause")
        page = self.open()
        self.assertEqual(self.text(page, "team-a-name"), "Team A")
        self.assertEqual(self.text(page, "team-b-name"), "Team B")
        self.assertEqual(self.text(page, "score-a"), "2")
        self.assertEqual(self.text(page, "score-b"), "1")
        # Paused: the page shows the daemon's display exactly.
        self.assertEqual(self.text(page, "clock"), status["display"])
        self.assertEqual(self.ok(self.c, "timer.status")["display"], status["display"])
        self.assertEqual(self.text(page, "timer-state"), "Paused")
        goals = self.ok(self.c, "score.get")["goals"]
        shown = page.evaluate("[...document.querySelectorAll('[data-testid=goals] li')].map(e => e.textContent)")
        self.assertEqual(len(shown), 3, shown)
        self.assertIn("Ana", shown[0])
        self.assertIn(goals[0]["minute"], shown[0])  # the minute as football writes it
        self.assertIn("Unknown scorer", shown[1])
        self.assertIn("Carla", shown[2])
        self.assertIn("Ana", self.text(page, "goals-a"))
        self.assertIn("Carla", self.text(page, "roster-a"))
        self.assertIn("Dani", self.text(page, "roster-b"))
        self.assertFalse(self.visible(page, "no-gather"))

    def test_period_and_added_time(self) -> None:
        self.start_gather(periods=2, periodLength=600)
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.pause")
        status = self.ok(self.c, "timer.addTime", {"seconds": 90})
        self.assertEqual(status["added"], "+1:30", status)
        page = self.open()
        self.assertEqual(self.text(page, "period"), "1st half")
        self.assertEqual(self.text(page, "clock"), status["display"])
        self.assertEqual(self.text(page, "added"), "+1:30")
        # Running into the added time: the main display stays at the regular time, the added time counts apart.
        self.ok(self.c, "timer.resume")
        page.wait_for(
            f"/^\\+1:(29|30)$/.test({js_text('added')}) && {js_text('timer-state')} === ''",
            "the added time to show while running",
            state=STATE_JS,
        )

    def test_no_gather_then_a_gather_starts_and_ends(self) -> None:
        page = self.open()
        self.assertTrue(self.visible(page, "no-gather"), page.evaluate(STATE_JS))
        self.assertFalse(self.visible(page, "board"))
        self.start_gather(minutes=5)
        self.wait_text(page, "clock", "05:00")
        self.assertFalse(self.visible(page, "no-gather"))
        self.ok(self.c, "score.goal", {"team": "teamB", "player": self.bea})
        self.ok(self.c, "gather.end")
        page.wait_for(js_visible("no-gather"), "the page to show No gather", state=STATE_JS)
        self.assertIn("0\u20131", self.text(page, "last-result"))

    def test_goal_over_the_unix_socket_appears_within_a_second(self) -> None:
        self.start_gather(minutes=10)
        self.ok(self.c, "timer.start")
        page = self.open()
        self.wait_text(page, "score-b", "0")
        self.ok(self.c, "score.goal", {"team": "teamB", "player": self.dani})
        page.wait_for(
            f"{js_text('score-b')} === '1' && {js_text('goals-b')}.includes('Dani')",
            "the goal to appear on the page within 1 s",
            timeout=1.0,
            state=STATE_JS,
        )
        page.wait_for(
            f"{js_text('announce')}.includes('Goal for Team B by Dani')",
            "the goal announced to screen readers (aria-live)",
            timeout=1.0,
            state=STATE_JS,
        )

    def test_without_a_token_no_controls_and_a_forged_mutation_is_refused(self) -> None:
        self.start_gather(minutes=10)
        page = self.open()
        self.assertEqual(self.text(page, "mode"), "view only")
        self.assertFalse(self.visible(page, "controls"))
        for name in ("btn-toggle", "btn-goal-a", "btn-goal-b", "btn-undo", "btn-end"):
            self.assertFalse(self.visible(page, name), name)
            with self.assertRaises(CDPError):
                page.click(testid(name), timeout=0)
        forged = page.evaluate(
            """new Promise((resolve, reject) => {
                 const ws = new WebSocket((location.protocol === 'https:' ? 'wss:' : 'ws:') + '//' + location.host + '/rpc');
                 const replies = [];
                 ws.onopen = () => {
                   ws.send(JSON.stringify({jsonrpc: '2.0', id: 1, method: 'score.goal', params: {team: 'teamA'}}));
                   ws.send(JSON.stringify({jsonrpc: '2.0', id: 2, method: 'timer.toggle'}));
                 };
                 ws.onmessage = (e) => { replies.push(JSON.parse(e.data)); if (replies.length === 2) { ws.close(); resolve(replies); } };
                 ws.onerror = () => reject(new Error('the WebSocket failed'));
                 setTimeout(() => reject(new Error('no replies in 5 s: ' + JSON.stringify(replies))), 5000);
               })"""
        )
        for reply in forged:
            self.assertRpcError(reply, -32003, "forbidden")
        self.assertEqual(self.ok(self.c, "score.get"), {"score": {"teamA": 0, "teamB": 0, "text": "0-0"}, "goals": []})
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "stopped")
        self.assertEqual(self.text(page, "score-a"), "0")

    def test_a_wrong_token_says_so_and_stays_read_only(self) -> None:
        self.start_gather(minutes=10)
        page = self.open(self.daemon.base_url + "/#token=not-the-token")
        page.wait_for(
            f"{js_visible('notice')} && {js_text('notice')}.includes('not valid')",
            "a message that the token was refused",
            state=STATE_JS,
        )
        self.assertEqual(self.text(page, "mode"), "view only")
        self.assertFalse(self.visible(page, "controls"))
        self.assertNotIn("token", page.evaluate("location.href"))

    def test_with_the_token_goal_a_changes_the_score_and_undo_asks_first(self) -> None:
        self.start_gather(minutes=10)
        page = self.open(self.daemon.control_url())
        page.wait_for(js_visible("controls"), "the controls to show with the token", state=STATE_JS)
        self.assertEqual(self.text(page, "mode"), "control")
        # The token left the address bar (but stays for reconnects).
        self.assertNotIn(self.daemon.token, page.evaluate("location.href"))
        self.assertEqual(page.evaluate("location.hash"), "")

        # Start the clock.
        self.wait_text(page, "btn-toggle", "Start")
        page.click(testid("btn-toggle"))
        self.wait_text(page, "btn-toggle", "Pause", "the toggle to become Pause once the clock runs")
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")

        # Goal A, scored by Carla, picked in the scorer dialog.
        page.click(testid("btn-goal-a"))
        page.wait_for("document.querySelector('[data-testid=dialog-scorer]').open", "the scorer picker", state=STATE_JS)
        names = page.evaluate("[...document.querySelectorAll('[data-testid=scorer-choices] button')].map(b => b.textContent)")
        self.assertEqual(names, ["Ana", "Carla", "Unknown scorer"])
        page.click(testid(f"scorer-{self.carla}"))
        self.wait_text(page, "score-a", "1")
        score = self.ok(self.c, "score.get")
        self.assertEqual(score["score"]["text"], "1-0")
        self.assertEqual(score["goals"][-1]["player"]["id"], self.carla)

        # A goal for B with an unknown scorer.
        page.click(testid("btn-goal-b"))
        page.wait_for(js_visible("scorer-unknown"), "the unknown-scorer choice", state=STATE_JS)
        page.click(testid("scorer-unknown"))
        self.wait_text(page, "score-b", "1")
        self.assertIsNone(self.ok(self.c, "score.get")["goals"][-1]["player"])

        # Undo asks first; Cancel changes nothing.
        page.click(testid("btn-undo"))
        page.wait_for("document.querySelector('[data-testid=dialog-confirm]').open", "the undo confirmation", state=STATE_JS)
        self.assertIn("Team B", self.text(page, "confirm-text"))
        page.click(testid("confirm-cancel"))
        page.wait_for("!document.querySelector('[data-testid=dialog-confirm]').open", "the dialog to close")
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "1-1")
        self.assertEqual(self.text(page, "score-b"), "1")
        # OK undoes it.
        page.click(testid("btn-undo"))
        page.wait_for("document.querySelector('[data-testid=dialog-confirm]').open", "the undo confirmation", state=STATE_JS)
        page.click(testid("confirm-ok"))
        self.wait_text(page, "score-b", "0")
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "1-0")

        # End the gather, confirmed.
        page.click(testid("btn-end"))
        page.wait_for("document.querySelector('[data-testid=dialog-confirm]').open", "the end confirmation", state=STATE_JS)
        page.click(testid("confirm-ok"))
        page.wait_for(js_visible("no-gather"), "No gather once it ended", state=STATE_JS)
        self.assertIsNone(self.ok(self.c, "gather.current"))
        self.assertEqual(self.ok(self.c, "gathers.list")["gathers"][0]["score"]["text"], "1-0")

    def test_the_controls_work_from_the_keyboard(self) -> None:
        self.start_gather(minutes=10)
        page = self.open(self.daemon.control_url())
        page.wait_for(js_visible("controls"), "the controls with the token", state=STATE_JS)
        # Tab reaches the first control, after the header's switches (screen, sound, share, full screen) and the
        # language, and the focus is visible.
        passed = []
        for _ in range(7):
            page.press("Tab")
            focused = page.evaluate("document.activeElement?.dataset.testid")
            if focused == "btn-toggle":
                break
            passed.append(focused)
        self.assertEqual(page.evaluate("document.activeElement?.dataset.testid"), "btn-toggle", passed)
        self.assertTrue(set(passed) <= {"awake", "btn-sound", "btn-share", "btn-fullscreen", "language"}, passed)
        self.assertEqual(page.evaluate("getComputedStyle(document.activeElement).outlineStyle"), "solid")
        self.assertGreaterEqual(float(page.evaluate("parseFloat(getComputedStyle(document.activeElement).outlineWidth)")), 2)
        page.press("Tab")
        page.wait_for("document.activeElement?.dataset.testid === 'btn-goal-a'", "Tab to reach Goal A",
                      state="document.activeElement?.outerHTML")
        # Enter opens the scorer picker with the focus inside; Escape closes it and nothing is scored.
        page.press("Enter")
        page.wait_for("document.querySelector('[data-testid=dialog-scorer]').open && "
                      "document.querySelector('[data-testid=dialog-scorer]').contains(document.activeElement)",
                      "the picker to open with the focus in it", state="document.activeElement?.outerHTML")
        page.press("Escape")
        page.wait_for("!document.querySelector('[data-testid=dialog-scorer]').open && "
                      "document.activeElement?.dataset.testid === 'btn-goal-a'",
                      "Escape to close the picker and give the focus back to Goal A",
                      state="document.activeElement?.outerHTML")
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "0-0")
        # Enter again, then Enter on the focused first player scores for them.
        page.press("Enter")
        page.wait_for("document.activeElement?.dataset.testid === 'scorer-" + str(self.ana) + "'",
                      "the focus on the first player", state="[document.activeElement?.outerHTML, document.querySelector('[data-testid=dialog-scorer]').open, document.querySelector('[data-testid=score-a]').textContent]")
        page.press("Enter")
        self.wait_text(page, "score-a", "1")
        self.assertEqual(self.ok(self.c, "score.get")["goals"][0]["player"]["id"], self.ana)
        # Undo's confirmation starts on Cancel: Enter there undoes nothing.
        page.evaluate("document.querySelector('[data-testid=btn-undo]').focus()")
        page.press("Enter")
        page.wait_for("document.activeElement?.dataset.testid === 'confirm-cancel'", "the focus on Cancel",
                      state="document.activeElement?.outerHTML")
        page.press("Enter")
        page.wait_for("!document.querySelector('[data-testid=dialog-confirm]').open", "Cancel to close the dialog")
        self.assertEqual(self.ok(self.c, "score.get")["score"]["text"], "1-0")

    def test_the_final_whistle(self) -> None:
        self.start_gather(seconds=2)
        page = self.open()
        self.wait_text(page, "clock", "00:02")
        self.assertEqual(self.text(page, "timer-state"), "Kick-off soon")
        self.ok(self.c, "timer.start")
        page.wait_for(
            f"{js_text('clock')} === 'FT' && {js_text('added')} === ''",
            "FT at full time",
            timeout=5.0,
            state=STATE_JS,
        )
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "finished")

    def test_killing_and_restarting_the_daemon_shows_offline_then_the_live_score(self) -> None:
        self.start_gather(minutes=10)
        self.ok(self.c, "timer.start")
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ana})
        page = self.open(self.daemon.control_url(), size=PHONE)
        self.wait_text(page, "score-a", "1")
        page.wait_for(js_visible("controls"), "the controls with the token", state=STATE_JS)
        self.c.close()
        self.daemon.kill9()
        page.wait_for(
            "document.querySelector('[data-testid=status]').dataset.state === 'offline' && "
            f"{js_text('status')} === 'offline'",
            "the page to show offline after SIGKILL",
            state=STATE_JS,
        )
        self.daemon.start()
        c = self.daemon.client()
        # Backoff is at most 10 s (with jitter); the page comes back on its own.
        wait_online(page, timeout=15.0)
        self.wait_text(page, "score-a", "1")
        self.ok(c, "score.goal", {"team": "teamB", "player": self.bea})
        self.wait_text(page, "score-b", "1", "a goal after the restart to show live", timeout=2.0)
        # The token survived the reconnect: the controls are still there and still work.
        page.wait_for(js_visible("controls"), "the controls after reconnecting", state=STATE_JS)
        self.assertEqual(self.text(page, "mode"), "control")

    def test_the_countdown_is_smooth_and_right(self) -> None:
        self.start_gather(minutes=10)
        self.ok(self.c, "timer.start")
        page = self.open()
        page.wait_for(f"/^0?9:5\\d$/.test({js_text('clock')})", "the clock to run", state=STATE_JS)
        status = self.ok(self.c, "timer.status")
        ends_at = harness.iso_to_epoch(status["endsAt"]) * 1000
        # Sample the clock on every animation frame for 2.2 s, with the wall-clock time of each sample.
        samples = page.evaluate(
            f"""new Promise(resolve => {{
                 const out = [], start = performance.now();
                 const step = () => {{
                   out.push([Date.now(), {js_text('clock')}]);
                   if (performance.now() - start < 2200) requestAnimationFrame(step); else resolve(out);
                 }};
                 requestAnimationFrame(step);
               }})"""
        )
        self.assertGreater(len(samples), 20, "too few animation frames: the countdown is not drawn smoothly")
        seconds = []
        for at, text in samples:
            minutes, secs = text.split(":")
            shown = int(minutes) * 60 + int(secs)
            seconds.append(shown)
            expected = (ends_at - at) / 1000
            # Shown as whole seconds rounded up, so up to 1 s above the exact time; the text read in a frame
            # may be the previous frame's, so 50 ms more. Never below the exact time by a second.
            self.assertTrue(
                -1.0 <= shown - expected <= 1.05, f"shown {text} at {at}, daemon says {expected:.3f} s left ({status})"
            )
        for before, after in zip(seconds, seconds[1:]):
            self.assertIn(before - after, (0, 1), f"the clock jumped or went back: {seconds}")
        self.assertGreaterEqual(seconds[0] - seconds[-1], 2, f"the clock did not count down: {seconds}")
        # Paused: exactly the daemon's display.
        paused = self.ok(self.c, "timer.pause")
        self.wait_text(page, "clock", paused["display"], "the exact display once paused")
        self.assertEqual(math.ceil(paused["remainingMs"] / 1000), paused["remaining"])


if __name__ == "__main__":
    unittest.main()
