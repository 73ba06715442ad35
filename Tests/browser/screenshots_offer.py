"""The sign-up view's freed place and "Notify this phone", for screenshots.py, or alone into a folder:

    GATHERD_BIN=.build/debug/gatherd python3 Tests/browser/screenshots_offer.py [--lang pt-BR] OUTPUT_DIR

- signup-offer-{dark,light}.png: Carla's phone on a game's sign-up link, two days before kick-off, when Bruno's
  place freed up and is offered to her, the first one waiting ("A place is free for you…", Take the place / Pass it
  on);
- signup-notify-{dark,light}.png: the same phone once she took it, with "Notify this phone".

Its own gatherd (quiet hours off, so that the offer goes out whatever the hour), so that this plan stays out of the
other screenshots.
"""

from __future__ import annotations

import datetime as dt
import os
import sys

from cdp import Browser
from scoreboard_support import STATE_JS, WebDaemon, js_visible, open_page, testid
from screenshots_plans import PITCH_ENV, PORTRAIT, PUBLIC_URL


def offer_and_notify(out: str, shoot) -> None:
    """Shoots the offer on the waiting player's phone, then the same phone with the place taken."""
    daemon = WebDaemon(env=PITCH_ENV)
    daemon.extra_args += ["--public-url", PUBLIC_URL, "--quiet-hours", "off"]
    try:
        daemon.start()
        c = daemon.client()

        def ok(method: str, params: dict | None = None) -> dict:
            reply = c.call(method, params)
            if "error" in reply:
                raise SystemExit(f"{method} failed: {reply['error']}")
            return reply["result"]

        ids = {name: ok("players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla", "Dani", "Eli")}
        # A game two days away, for four, its freed places offered from a week before: Carla waits.
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=2)).strftime("%Y-%m-%dT19:00+01:00")
        plan = ok("plan.create", {"startsAt": starts, "capacity": 4, "place": "Astro 2", "note": "Bring both shirts",
                                  "offerPeriod": 7 * 86400})["id"]
        for name in ("Ana", "Bruno", "Dani", "Eli", "Carla"):
            ok("plan.join", {"plan": plan, "player": ids[name]})
        link = ok("plan.link", {"plan": plan})["url"].replace(PUBLIC_URL, daemon.base_url + "/")
        ok("plan.leave", {"plan": plan, "player": ids["Bruno"]})
        carla = ids["Carla"]
        with Browser() as browser:
            browser.send("Browser.grantPermissions", {"permissions": ["notifications"], "origin": daemon.base_url})
            for scheme in ("dark", "light"):
                page = open_page(browser, link, size=PORTRAIT, scheme=scheme)
                page.wait_for(js_visible(f"signup-player-{carla}"), "the sign-up view", state=STATE_JS)
                # The phone remembers who it was from the first theme's round.
                if not page.evaluate(js_visible("btn-in")):
                    page.click(testid(f"signup-player-{carla}"))
                page.wait_for(js_visible("btn-accept"), "the place offered to Carla", state=STATE_JS)
                shoot(page, os.path.join(out, f"signup-offer-{scheme}.png"))
                page.close()
            ok("plan.accept", {"plan": plan, "player": carla})
            for scheme in ("dark", "light"):
                page = open_page(browser, link, size=PORTRAIT, scheme=scheme)
                page.wait_for(f"{js_visible('btn-notify')} && !{js_visible('signup-offer')}",
                              "Notify this phone, once Carla took the place", state=STATE_JS)
                page.evaluate("document.querySelector('[data-testid=btn-notify]').scrollIntoView({block: 'center'})")
                shoot(page, os.path.join(out, f"signup-notify-{scheme}.png"))
                page.close()
        c.close()
    finally:
        daemon.cleanup()


if __name__ == "__main__":
    from screenshots import shoot

    args = sys.argv[1:]
    if args[:1] == ["--lang"] and len(args) > 1:
        os.environ["GATHERD_BROWSER_LANG"] = args[1]
        args = args[2:]
    if len(args) != 1:
        raise SystemExit(__doc__)
    os.makedirs(args[0], exist_ok=True)
    offer_and_notify(args[0], shoot)
