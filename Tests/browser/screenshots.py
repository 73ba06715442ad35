"""Regenerates the scoreboard screenshots in docs/screenshots/ (not part of `make test`):

    GATHERD_BIN=.build/debug/gatherd python3 Tests/browser/screenshots.py [OUTPUT_DIR]

A real daemon with a running match of two halves and a few goals, shown by headless Chromium in the dark and
the light theme, on a phone held sideways (844×390, view only) and a tablet (1180×820, with the controls of
the control link).
"""

from __future__ import annotations

import os
import sys
import time

from cdp import Browser
from scoreboard_support import PHONE, REPO, STATE_JS, TABLET, WebDaemon, js_text, open_page


def main() -> int:
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "docs", "screenshots")
    os.makedirs(out, exist_ok=True)
    daemon = WebDaemon()
    try:
        daemon.start()
        c = daemon.client()

        def ok(method: str, params: dict | None = None) -> dict:
            reply = c.call(method, params)
            if "error" in reply:
                raise SystemExit(f"{method} failed: {reply['error']}")
            return reply["result"]

        names = [("Ana", "ST"), ("Bea", "GK"), ("Carla", "MID"), ("Dani", "DEF"), ("Eli", "W"), ("Fay", "GK")]
        ids = [ok("players.create", {"name": name, "position": position})["id"] for name, position in names]
        ok("gather.start", {"teamA": [ids[0], ids[2], ids[5]], "teamB": [ids[1], ids[3], ids[4]],
                            "periods": 2, "periodLength": 25 * 60, "breakLength": 300})
        ok("timer.start")
        # Goals a few seconds apart, so that their minutes differ (this script may wait; the tests do not).
        for team, player in (("teamA", ids[0]), ("teamB", ids[4]), ("teamA", ids[2])):
            time.sleep(2)
            ok("score.goal", {"team": team, "player": player})
        with Browser() as browser:
            for scheme in ("dark", "light"):
                for label, size, url in (("phone", PHONE, daemon.base_url + "/"),
                                         ("tablet", TABLET, daemon.control_url())):
                    page = open_page(browser, url, size=size, scheme=scheme)
                    page.wait_for(f"{js_text('score-a')} === '2' && {js_text('score-b')} === '1'",
                                  "the score", state=STATE_JS)
                    # Two frames, so that everything is painted.
                    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                    path = os.path.join(out, f"scoreboard-{label}-{scheme}.png")
                    page.screenshot(path)
                    problems = page.problems()
                    if problems:
                        raise SystemExit(f"the page had problems: {problems}")
                    page.close()
                    print(path)
    finally:
        daemon.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
