"""At the touchline, in headless Chromium against the real gatherd: the screen kept on, the whistle,
the share view's QR code, and a page that installs and opens while gatherd is down.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_touchline.py -v

What the page does is observed from outside: its wake locks and vibrations by wrapping the browser's own functions
before the page loads (`Page.addScriptToEvaluateOnNewDocument`), its sound through the DevTools protocol's
`WebAudio` domain, its QR code with zbarimg on a screenshot, its indicators as a player sees them. The page has
no test hook. Every wait is for the page or the browser; none sleeps.
"""

from __future__ import annotations

import json
import sqlite3
import time
import unittest
import urllib.request

from cdp import Browser, chromium_binary
from scoreboard_support import STATE_JS, TABLET, PageCase, js_text, js_visible, testid, wait_online
from touchline_support import AudioWatch, decode_qr, install_observers, vibrations, wake_lock_state

AWAKE = "document.querySelector('[data-testid=awake]')"
SOUND = "document.querySelector('[data-testid=btn-sound]')"


class TouchlineCase(PageCase):
    def setUp(self) -> None:
        super().setUp()
        self.ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        self.bea = self.ok(self.c, "players.create", {"name": "Bea"})["id"]

    def open(self, url: str, audio: bool = False):
        page = self.browser.new_page(width=TABLET[0], height=TABLET[1])
        install_observers(page)
        watch = AudioWatch(page) if audio else None
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        page.navigate(url)
        wait_online(page)
        return (page, watch) if audio else page

    def start_gather(self, **params) -> dict:
        return self.ok(self.c, "gather.start", {"teamA": [self.ana], "teamB": [self.bea], **params})

    def wait_awake(self, page, state: str, what: str) -> None:
        page.wait_for(f"{AWAKE}.dataset.state === {json.dumps(state)}", what,
                      state=f"[{AWAKE}.dataset.state, {AWAKE}.textContent, {AWAKE}.hidden]")


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class WakeLockTest(TouchlineCase):
    def test_the_screen_stays_on_while_a_gather_is_active_and_visible(self) -> None:
        self.browser.send("Browser.grantPermissions", {"permissions": ["wakeLockScreen"], "origin": self.daemon.base_url})
        page = self.open(self.daemon.base_url + "/")
        # No gather: nothing to keep on, and nothing asked.
        self.assertFalse(page.evaluate(js_visible("awake")))
        self.assertEqual(wake_lock_state(page), {"requested": 0, "held": 0})

        self.start_gather(minutes=10)
        self.wait_awake(page, "awake", "the wake lock held once a gather starts")
        self.assertEqual(page.evaluate(f"{AWAKE}.textContent"), "Awake")
        self.assertEqual(wake_lock_state(page), {"requested": 1, "held": 1})

        # Hidden (another tab in front), the browser lets go; visible again, the page asks again.
        other = self.browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        page.wait_for("document.visibilityState === 'hidden'", "the page hidden behind another tab")
        page.wait_for("window.__wakeLocks.every(l => l.released)", "the browser to release the lock while hidden")
        self.browser.send("Target.closeTarget", {"targetId": other})
        self.browser.send("Target.activateTarget", {"targetId": page.target})
        page.wait_for("document.visibilityState === 'visible'", "the page visible again")
        page.wait_for("window.__wakeLocks.length === 2 && !window.__wakeLocks[1].released",
                      "the lock asked for again when the page is visible")
        self.wait_awake(page, "awake", "the indicator back to awake")

        # The gather ends: the page lets go, and says nothing any more.
        self.ok(self.c, "gather.end")
        page.wait_for("window.__wakeLocks.every(l => l.released)", "the lock released when the gather ends")
        page.wait_for(f"!{js_visible('awake')}", "the indicator gone between matches")
        self.assertEqual(wake_lock_state(page), {"requested": 2, "held": 0})

    def test_a_refused_wake_lock_asks_for_a_tap(self) -> None:
        # Refused (the browser's permission says no): the page says what to do, and a tap asks again.
        permission = {"permission": {"name": "screen-wake-lock"}, "origin": self.daemon.base_url}
        self.browser.send("Browser.setPermission", {**permission, "setting": "denied"})
        self.start_gather(minutes=10)
        page = self.open(self.daemon.base_url + "/")
        self.wait_awake(page, "tap", "the page to ask for a tap")
        self.assertEqual(page.evaluate(f"{AWAKE}.textContent"), "Tap to keep the screen on")
        self.browser.send("Browser.setPermission", {**permission, "setting": "granted"})
        page.click(testid("awake"))
        self.wait_awake(page, "awake", "the tap to keep the screen on")
        self.assertEqual(wake_lock_state(page)["held"], 1)


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class FallbackVideoTest(TouchlineCase):
    """Over plain http from a name that is not this machine's loopback (as a phone opens http://192.168.x.y:8080/),
    the page is no secure context: no Wake Lock API, no service worker. Chromium maps pitch.test to 127.0.0.1."""
    browser_args = ["--host-resolver-rules=MAP pitch.test 127.0.0.1"]
    daemon_args = ["--allowed-host", "pitch.test"]

    def test_a_muted_inline_video_keeps_the_screen_on_without_the_api(self) -> None:
        page = self.open(f"http://pitch.test:{self.daemon.port}/")
        self.assertEqual(page.evaluate("[window.isSecureContext, 'wakeLock' in navigator, 'serviceWorker' in navigator]"),
                         [False, False, False])
        self.start_gather(minutes=10)
        video = "document.querySelector('[data-testid=wake-video]')"
        page.wait_for(f"{video} && !{video}.paused && {video}.currentTime > 0", "the fallback video playing",
                      timeout=10, state=f"[{AWAKE}.dataset.state, {video} && {video}.paused, {video} && {video}.error]")
        self.assertEqual(page.evaluate(f"[{video}.muted, {video}.loop, {video}.playsInline, {video}.currentSrc.slice(0, 11)]"),
                         [True, True, True, "data:video/"])
        self.wait_awake(page, "awake", "the indicator to say awake")
        self.assertEqual(page.evaluate(f"{AWAKE}.dataset.method"), "video")
        self.ok(self.c, "gather.end")
        page.wait_for(f"{video}.paused", "the video paused when the gather ends")
        page.wait_for(f"!{js_visible('awake')}", "the indicator gone")


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class SoundTest(TouchlineCase):
    def test_whistles_and_the_horn_follow_the_daemons_events_only_with_sound_on(self) -> None:
        self.start_gather(periods=2, periodLength=600)
        page, audio = self.open(self.daemon.base_url + "/", audio=True)
        self.assertEqual(page.evaluate(f"[{SOUND}.textContent, {SOUND}.getAttribute('aria-pressed')]"), ["Sound off", "false"])

        # Muted (the default): a goal and a period's end make no sound, and no audio context at all.
        self.ok(self.c, "timer.start")
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ana})
        self.ok(self.c, "timer.endPeriod")
        page.wait_for(f"{js_text('score-a')} === '1' && {js_text('timer-state')} === 'Ready for the 2nd half'",
                      "the goal and half time shown", state=STATE_JS)
        self.assertEqual(audio.contexts(), [])
        self.assertEqual(vibrations(page), [])

        # The switch: the tap that turns it on starts the audio.
        page.click(testid("btn-sound"))
        page.wait_for(f"{SOUND}.dataset.state === 'on'", "sound on", state=f"{SOUND}.textContent")
        self.assertEqual(page.evaluate(f"[{SOUND}.textContent, {SOUND}.getAttribute('aria-pressed')]"), ["Sound on", "true"])
        self.assertEqual(len(audio.contexts()), 1)
        self.assertTrue(audio.running(), "the audio context runs")
        self.assertEqual(audio.oscillators(), 0, "turning it on makes no sound by itself")

        # A goal: the horn (three notes).
        self.ok(self.c, "score.goal", {"team": "teamB", "player": self.bea})
        audio.wait_oscillators(3, "the goal's horn")
        # Full time: two short whistles and a long one, each a tone and its pea; and a vibration.
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.endPeriod")
        audio.wait_oscillators(3 + 6, "the full-time whistles")
        page.wait_for(f"{js_text('clock')} === 'FT'", "full time shown", state=STATE_JS)
        self.assertEqual(vibrations(page), [[300, 120, 300, 120, 900]])

        # Muted again: the next goal is silent (the one after it, with sound on, adds exactly one horn).
        page.click(testid("btn-sound"))
        page.wait_for(f"{SOUND}.dataset.state === 'off'", "sound off")
        self.ok(self.c, "score.goal", {"team": "teamB"})
        page.wait_for(f"{js_text('score-b')} === '2'", "the muted goal shown", state=STATE_JS)
        page.click(testid("btn-sound"))
        self.ok(self.c, "score.goal", {"team": "teamB"})
        page.wait_for(f"{js_text('score-b')} === '3'", "the next goal shown", state=STATE_JS)
        audio.wait_oscillators(9 + 3, "the next goal's horn")
        self.assertEqual(audio.oscillators(), 12, "the muted goal made no sound")

    def test_a_period_end_whistles_once_and_the_choice_is_remembered(self) -> None:
        self.start_gather(periods=2, periodLength=600, breakLength=60)
        page, audio = self.open(self.daemon.base_url + "/", audio=True)
        page.click(testid("btn-sound"))
        page.wait_for(f"{SOUND}.dataset.state === 'on'", "sound on")
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.endPeriod")
        audio.wait_oscillators(2, "half time's whistle")
        page.wait_for(f"{js_text('clock')} === 'HT'", "half time shown", state=STATE_JS)
        self.assertEqual(audio.oscillators(), 2)
        self.assertEqual(vibrations(page), [[400, 150, 400]])

        # Another visit on this device: the switch is remembered on, and waits for a tap to start the audio.
        page2, audio2 = self.open(self.daemon.base_url + "/", audio=True)
        page2.wait_for(f"{SOUND}.dataset.state === 'locked'", "sound remembered on", state=f"{SOUND}.textContent")
        self.assertEqual(page2.evaluate(f"{SOUND}.textContent"), "Tap for sound")
        page2.click(testid("board"))
        page2.wait_for(f"{SOUND}.dataset.state === 'on'", "any tap starting the sound", state=f"{SOUND}.textContent")
        self.assertEqual(audio2.oscillators(), 0, "a page that connects after half time does not whistle it")

    def test_a_page_that_reconnects_after_the_moment_does_not_replay_it(self) -> None:
        self.start_gather(periods=2, periodLength=600, breakLength=300)
        page, audio = self.open(self.daemon.base_url + "/", audio=True)
        page.click(testid("btn-sound"))
        page.wait_for(f"{SOUND}.dataset.state === 'on'", "sound on")
        self.ok(self.c, "timer.start")
        # gatherd dies mid-half; the half runs out while no gatherd runs (its deadline is in the database).
        self.c.close()
        self.daemon.kill9()
        page.wait_for("document.querySelector('[data-testid=status]').dataset.state === 'offline'", "offline")
        with sqlite3.connect(self.daemon.db_path) as db:
            db.execute("UPDATE gather SET clockEndsAt = ? WHERE status = 'active'", (int(time.time() * 1000) - 2000,))
        db.close()
        self.daemon.start()
        self.c = self.daemon.client()
        wait_online(page, timeout=20)
        page.wait_for(f"{js_text('clock')} === 'HT'", "half time, from the new snapshot", state=STATE_JS)
        # Live again: the next moment whistles (and proves the page still listens); the missed one never did.
        self.ok(self.c, "timer.start")
        self.ok(self.c, "timer.endPeriod")
        audio.wait_oscillators(6, "full time's whistles")
        self.assertEqual(audio.oscillators(), 6, "half time, missed while offline, made no sound")
        self.assertEqual(vibrations(page), [[300, 120, 300, 120, 900]])


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class ShareAndInstallTest(TouchlineCase):
    def test_the_share_view_shows_a_qr_code_of_the_view_only_link(self) -> None:
        page = self.open(self.daemon.control_url())
        page.click(testid("btn-share"))
        page.wait_for("document.querySelector('[data-testid=share-qr]')?.complete", "the QR code", state=STATE_JS)
        view = f"http://127.0.0.1:{self.daemon.port}/"
        self.assertEqual(decode_qr(page, "[data-testid=share-qr]"), [view], "the QR is the view-only link")
        self.assertEqual(page.evaluate(js_text("share-url")), view)
        # gatherd listens on 127.0.0.1 only: the view says so, and what to pass.
        self.assertIn("--http 0.0.0.0:", page.evaluate(js_text("share-note")))
        page.press("Escape")
        page.wait_for("!document.querySelector('[data-testid=dialog-share]').open", "the share view closed by Escape")

    def test_installable_and_the_shell_opens_while_gatherd_is_stopped(self) -> None:
        page = self.open(self.daemon.base_url + "/")
        manifest = page.send("Page.getAppManifest")
        self.assertEqual(manifest["errors"], [])
        parsed = manifest["manifest"]
        self.assertEqual((parsed["name"], parsed["display"], parsed["startUrl"]),
                         ("gatherd scoreboard", "kFullscreen", self.daemon.base_url + "/"))
        self.assertEqual(parsed["themeColor"], "rgba(11,15,20,1)")
        for icon in parsed["icons"]:
            with urllib.request.urlopen(icon["url"], timeout=10) as response:
                kind = response.headers["Content-Type"]
                body = response.read()
            self.assertEqual(kind, icon["type"], icon)
            if kind == "image/png":
                width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
                self.assertEqual(f"{width}x{height}", icon["sizes"], icon)
        page.wait_for("navigator.serviceWorker.controller !== null", "the service worker", timeout=10)
        self.assertEqual(page.send("Page.getInstallabilityErrors")["installabilityErrors"], [])
        # The full-screen button, where the Fullscreen API exists.
        page.click(testid("btn-fullscreen"))
        # The button follows the browser's fullscreenchange event, which comes after fullscreenElement is set.
        page.wait_for("document.fullscreenElement === document.documentElement", "full screen")
        page.wait_for(f"{js_text('btn-fullscreen')} === 'Exit full screen'", "the button to leave full screen",
                      state=STATE_JS)

        # gatherd stopped: the page opens from the kept shell and shows the board's offline state, then comes back.
        self.c.close()
        self.daemon.stop()
        page.navigate(self.daemon.base_url + "/")
        page.wait_for("document.querySelector('[data-testid=status]').dataset.state === 'offline'",
                      "the kept shell's offline state", timeout=10, state=STATE_JS)
        self.daemon.start()
        wait_online(page, timeout=20)


if __name__ == "__main__":
    unittest.main()
