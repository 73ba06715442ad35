"""What the touchline's browser tests share: observers of the page's calls to the Wake Lock API and
`navigator.vibrate`, installed from outside with `Page.addScriptToEvaluateOnNewDocument` (the page has no test
hook), Web Audio read through the DevTools protocol's `WebAudio` domain, and a real QR decoder (zbarimg) for what
the page shows.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import tempfile
import time

from cdp import CDPError, Page

#: Runs before the page's scripts: records each wake lock the page asks for (and whether it was let go) and each
#: vibration pattern, by wrapping the browser's own functions.
_OBSERVERS_JS = """
window.__wakeLocks = [];
window.__vibrations = [];
if (navigator.wakeLock && navigator.wakeLock.request) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = (type) => request(type).then((lock) => { window.__wakeLocks.push(lock); return lock; });
}
if (typeof navigator.vibrate === 'function') {
  const vibrate = navigator.vibrate.bind(navigator);
  navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return vibrate(pattern); };
}
"""


def install_observers(page: Page) -> None:
    page.send("Page.addScriptToEvaluateOnNewDocument", {"source": _OBSERVERS_JS})


def wake_lock_state(page: Page) -> dict:
    """How many wake locks the page was granted, and how many it still holds."""
    return page.evaluate("({requested: window.__wakeLocks.length, held: window.__wakeLocks.filter(l => !l.released).length})")


def vibrations(page: Page) -> list:
    return page.evaluate("window.__vibrations")


def decode_qr(page: Page, selector: str) -> list[str]:
    """Takes a screenshot of the element (as a phone's camera would see the screen) and decodes it with zbarimg."""
    box = page.evaluate(
        f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect(); "
        "return {x: r.left, y: r.top, width: r.width, height: r.height}; })()")
    if not box or box["width"] < 10:
        raise CDPError(f"{selector} is not visible: {box}")
    data = page.send("Page.captureScreenshot", {"format": "png", "clip": {**box, "scale": 1}})["data"]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "qr.png")
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))
        return zbarimg(path)


def zbarimg(path: str) -> list[str]:
    """The QR codes zbarimg finds in an image file, one text each."""
    result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path],
                            capture_output=True, text=True, timeout=60)
    if result.returncode not in (0, 4):  # 4: no code found
        raise AssertionError(f"zbarimg failed ({result.returncode}): {result.stderr}")
    return [line for line in result.stdout.splitlines() if line]


class AudioWatch:
    """The page's Web Audio as the DevTools protocol reports it: contexts and their state, and the nodes made."""

    def __init__(self, page: Page) -> None:
        self.page = page
        page.send("WebAudio.enable")

    def _events(self, method: str) -> list[dict]:
        # Reading a reply drains the CDP socket, so that every event sent so far is in the list.
        self.page.evaluate("1")
        return [e.get("params", {}) for e in self.page.browser.events
                if e["method"] == method and e.get("sessionId") == self.page.session]

    def contexts(self) -> list[dict]:
        return [e["context"] for e in self._events("WebAudio.contextCreated")]

    def running(self) -> bool:
        states = [e["context"]["contextState"] for e in self._events("WebAudio.contextCreated") + self._events("WebAudio.contextChanged")]
        return bool(states) and states[-1] == "running"

    def oscillators(self) -> int:
        return sum(1 for e in self._events("WebAudio.audioNodeCreated") if e["node"]["nodeType"] == "Oscillator")

    def wait_oscillators(self, count: int, what: str, timeout: float = 5.0) -> None:
        """Waits until the page has made `count` oscillators in all (a CDP event comes for each)."""
        deadline = time.monotonic() + timeout
        while self.oscillators() < count:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{what}: the page made {self.oscillators()} oscillators, not {count}")
            try:
                message = json.loads(self.page.browser.ws.recv(timeout=left))
            except TimeoutError:
                continue
            if "method" in message:
                self.page.browser.events.append(message)

    def __repr__(self) -> str:
        return f"AudioWatch(contexts={len(self.contexts())}, oscillators={self.oscillators()})"
