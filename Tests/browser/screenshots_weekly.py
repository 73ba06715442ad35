"""The screenshots of the weekly game, for screenshots.py (after screenshots_plans.organise_and_play): the
referee's weekly-game form, "Who's coming" with a reminder to send and the weekly game under the plans, the
reminder's share view, a sign-up link of a week that opens to regulars first, and the plans' calendar link in the
share view."""

from __future__ import annotations

import datetime as dt
import os
import time

from cdp import Browser
from scoreboard_support import STATE_JS, js_text, js_visible, testid

#: Runs before the page's scripts: a phone's Web Share API, for the share view's "Share…".
SHARE_SHEET_JS = "navigator.share = async (data) => { window.__shared = data; };"


def phone(browser, url: str, scheme: str, size):
    page = browser.new_page(width=size[0], height=size[1], mobile=True)
    page.color_scheme(scheme)
    page.send("Page.addScriptToEvaluateOnNewDocument", {"source": SHARE_SHEET_JS})
    page.navigate(url)
    page.wait_for("document.querySelector('[data-testid=status]').dataset.state === 'online'", "online",
                  state=STATE_JS)
    return page


def click_until(page, name: str, condition: str, what: str) -> None:
    """Clicks `name` until `condition` holds: the page may still be laying itself out (the players' table, the plans
    loading) when the first click lands, or something may still cover the button."""
    for attempt in range(3):
        try:
            page.click(testid(name))
            page.wait_for(condition, what, timeout=3 if attempt < 2 else 5, state=STATE_JS)
            return
        except Exception:
            if attempt == 2:
                raise
            # Two frames: whatever covered the button has been laid out anew.
            page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def next_thursday(now: float) -> dt.date:
    day = dt.date.fromtimestamp(now) + dt.timedelta(days=4)
    while day.weekday() != 3:
        day += dt.timedelta(days=1)
    return day


def weekly_game(m, out: str, ids: list[int], public_url: str, size, shoot) -> None:
    """The weekly game at the pitch's time (the daemon's zone, Europe/Paris): its form as the referee fills it; a
    week opened to regulars first (Ana marked regular, Bea and Carla in) and its sign-up link; then the plan three
    hours before its start, its reminder on the control page and the reminder's share view; last, the plans' calendar
    link in the share view."""
    daemon = m.daemon
    ana, bea, carla = ids[:3]
    m.ok("players.update", {"id": ana, "regular": True})
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = phone(browser, daemon.control_url(), scheme, size)
            page.wait_for(f"{js_visible('btn-weekly')} && {js_visible('plans')}", "the weekly game's button",
                          state=STATE_JS)
            click_until(page, "btn-weekly", f"{js_visible('weekly-form')} && {js_text('weekly-zone')} !== ''", "the form")
            page.choose(testid("weekly-day"), "thursday")
            page.fill(testid("weekly-place"), "Astro 2")
            page.fill(testid("weekly-note"), "Bring both shirts")
            page.click(testid("weekly-regulars"))
            page.fill(testid("weekly-played"), "3")
            page.fill(testid("weekly-of-last"), "5")
            page.evaluate("document.getElementById('weekly-title').scrollIntoView({block: 'start'})")
            shoot(page, os.path.join(out, f"weekly-form-{scheme}.png"))
            page.evaluate("document.querySelector('[data-testid=weekly-regulars]').scrollIntoView({block: 'center'})")
            shoot(page, os.path.join(out, f"weekly-form-regulars-{scheme}.png"))
            page.close()
    # A week that opens now, to regulars until Tuesday 19:00, for Thursday 19:00 at the pitch; then the schedule as
    # the form above would save it, for the weeks after.
    now = time.time()
    thursday = next_thursday(now)
    start = dt.datetime.combine(thursday, dt.time(19, 0), dt.timezone(dt.timedelta(hours=1))).timestamp()
    opens_before = int(start - now - 2)
    schedule = m.ok("plan.schedule", {"weekday": "thursday", "time": "19:00", "capacity": 10, "place": "Astro 2",
                                      "note": "Bring both shirts", "opensBefore": opens_before,
                                      "regularsFirst": int(start - 2 * 86400 - (start - opens_before))})
    watcher = daemon.client()
    watcher.call("events.subscribe", {"topics": ["plan"]})
    event, _ = watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "created", timeout=15)
    plan = event["params"]["id"]
    m.ok("plan.reschedule", {"schedule": schedule["id"], "opensBefore": 6 * 86400, "regularsFirst": 86400,
                             "regularsPlayed": 3, "regularsOfLast": 5})
    for player in (ana, bea, carla):
        m.ok("players.update", {"id": player, "regular": True})
        m.ok("plan.join", {"plan": plan, "player": player})
    link = m.ok("plan.link", {"plan": plan})["url"].replace(public_url, daemon.base_url + "/")
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = phone(browser, link, scheme, size)
            page.wait_for(f"{js_visible('signup-terms')} && {js_visible(f'signup-player-{ids[3]}')}",
                          "the sign-up view with its terms", state=STATE_JS)
            shoot(page, os.path.join(out, f"signup-regulars-{scheme}.png"))
            page.close()
    # Three hours before a game, its reminder goes out (gatherd's own: 48 and 3 hours).
    soon = m.ok("plan.create", {"startsAt": dt.datetime.fromtimestamp(time.time() + 3 * 3600 + 4, dt.timezone.utc)
                                .strftime("%Y-%m-%dT%H:%M:%SZ"), "capacity": 10, "place": "Astro 2"})["id"]
    for player in (ana, bea, carla, ids[3]):
        m.ok("plan.join", {"plan": soon, "player": player})
    with Browser() as browser:
        pages = {scheme: phone(browser, daemon.control_url(), scheme, size) for scheme in ("dark", "light")}
        for scheme, page in pages.items():
            # Both pages were open when the reminder went out; the one in front is the one drawn.
            page.send("Page.bringToFront")
            page.wait_for(js_visible(f"btn-reminder-{soon}"), "the reminder", timeout=15, state=STATE_JS)
            page.evaluate("document.querySelector('[data-testid=plans]').scrollIntoView({block: 'start'})")
            shoot(page, os.path.join(out, f"plans-reminder-{scheme}.png"))
            click_until(page, f"btn-reminder-{soon}", "document.querySelector('[data-testid=signup-qr]')?.complete",
                        "the reminder's share view")
            shoot(page, os.path.join(out, f"reminder-share-{scheme}.png"))
            page.close()
    m.ok("plan.cancel", {"plan": soon})
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = phone(browser, daemon.control_url(), scheme, size)
            page.wait_for(js_visible(f"plan-{plan}"), "the plans", state=STATE_JS)
            # The view-only link's QR code first: the dialog grows around it, and the choices move.
            click_until(page, "btn-share", "document.querySelector('[data-testid=share-qr]')?.complete",
                        "the share view")
            page.click(testid("share-choice-calendar"))
            page.wait_for(f"{js_text('share-message')}.includes('/calendar.ics?code=')", "the calendar link",
                          state=STATE_JS)
            shoot(page, os.path.join(out, f"calendar-share-{scheme}.png"))
            page.close()
