"""The screenshots of organising from the phone, for screenshots.py: the referee's plan views on the control
link, the board at half time and full time, and sign-up links after their plans (see screenshots.py's list)."""

from __future__ import annotations

import datetime as dt
import os

from cdp import Browser
from scoreboard_support import PHONE, STATE_JS, js_text, js_visible, open_page, testid, wait_online

PORTRAIT = (390, 844)
NAMES = {"teamA": "Bibs", "teamB": "Colours"}
#: The address the links and the share view's QR code name, as a LAN address would read.
PUBLIC_URL = "http://192.168.1.20:8080/"

#: Runs before the page's scripts: a phone's Web Share API, for the share view's "Share…" (desktop Chromium has none).
SHARE_SHEET_JS = "navigator.share = async (data) => { window.__shared = data; };"

#: The pitch's time zone: the daemon's (the plan form writes its times in it).
PITCH_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Paris"}


def open_phone(browser, url: str, scheme: str, size=PORTRAIT):
    """A page on a phone with the Web Share API, opened at `url`."""
    page = browser.new_page(width=size[0], height=size[1], mobile=True)
    page.color_scheme(scheme)
    page.send("Page.addScriptToEvaluateOnNewDocument", {"source": SHARE_SHEET_JS})
    page.navigate(url)
    wait_online(page)
    return page


def organise(m, browser, out: str, ids: list[int], thursday: int, shoot) -> int:
    """The referee's phone: a new plan made and shared from the page, then for each theme Who's coming, the plan
    form, the share view of the new plan's link and Thursday's check-in, which at last starts the gather of those
    who came. Returns the new plan's id."""
    ana, bea, carla, dani, eli, fay, gus, hugo = ids
    page = open_phone(browser, m.daemon.control_url(), "dark")
    page.wait_for(js_visible(f"btn-plan-checkin-{thursday}"), "the referee's plan buttons", state=STATE_JS)
    page.click(testid("btn-new-plan"))
    page.wait_for(f"{js_visible('plan-form')} && {js_text('plan-zone')} !== ''", "the plan form", state=STATE_JS)
    page.fill(testid("plan-place"), "Astro 2")
    page.fill(testid("plan-note"), "Bring both shirts")
    page.click(testid("btn-plan-save"))
    page.wait_for("document.querySelector('[data-testid=signup-qr]')?.complete", "the new plan's share view",
                  state=STATE_JS)
    page.close()
    later = max(plan["id"] for plan in m.ok("plans.list")["plans"])
    for player in (gus, hugo, bea):
        m.ok("plan.join", {"plan": later, "player": player})
    guest = m.ok("plan.get", {"plan": thursday})["waiting"][0]["id"]
    for scheme in ("dark", "light"):
        page = open_phone(browser, m.daemon.control_url(), scheme)
        page.wait_for(js_visible(f"btn-plan-checkin-{later}"), "the referee's plan buttons", state=STATE_JS)
        page.evaluate("document.querySelector('[data-testid=plans]').scrollIntoView({block: 'start'})")
        shoot(page, os.path.join(out, f"plans-control-{scheme}.png"))
        page.click(testid("btn-new-plan"))
        page.wait_for(f"{js_visible('plan-form')} && {js_text('plan-zone')} !== ''", "the plan form", state=STATE_JS)
        page.fill(testid("plan-place"), "Astro 2")
        page.fill(testid("plan-note"), "Bring both shirts")
        shoot(page, os.path.join(out, f"plan-form-{scheme}.png"))
        page.click(testid("btn-plan-back"))
        page.click(testid(f"btn-plan-share-{later}"))
        page.wait_for("document.querySelector('[data-testid=signup-qr]')?.complete", "the share view", state=STATE_JS)
        shoot(page, os.path.join(out, f"plan-share-{scheme}.png"))
        page.click(testid("share-close"))
        page.click(testid(f"btn-plan-checkin-{thursday}"))
        page.wait_for(js_visible("checkin"), "the check-in", state=STATE_JS)
        for player in (ana, carla, eli, gus, guest):
            page.click(testid(f"checkin-{player}"))
        page.fill(testid("walkin-name"), "Mo")
        page.click(testid("btn-walkin-add"))
        page.evaluate("document.querySelector('[data-testid=checkin-when]').scrollIntoView({block: 'start'})")
        shoot(page, os.path.join(out, f"checkin-{scheme}.png"))
        if scheme == "light":
            page.click(testid("btn-checkin-teams"))
            page.wait_for(js_visible("suggestion"), "the teams of those here", state=STATE_JS)
            page.fill(testid("setup-name-a"), NAMES["teamA"])
            page.fill(testid("setup-name-b"), NAMES["teamB"])
            page.click(testid("btn-start"))
            # Thursday is a day or more away: the page asks before it starts the plan early.
            page.wait_for("document.querySelector('[data-testid=dialog-confirm]').open", "the question", state=STATE_JS)
            page.click(testid("confirm-ok"))
            page.wait_for(js_visible("board"), "the gather of those here", state=STATE_JS)
        page.close()
    return later


def organise_and_play(m, out: str, ids: list[int], plan: int, link: str, day, shoot) -> None:
    """Organising from the referee's phone (``organise``), then the gather of those who came, with goals: Thursday's
    link during its game, the board at half time and at full time; then the next game called off, its link after."""
    daemon = m.daemon
    # The referee's phone: plans, a new one shared, Thursday's check-in and the gather of those who came.
    with Browser() as browser:
        later = organise(m, browser, out, ids, plan, shoot)
    gather = m.ok("gather.current")
    team_a = [member["id"] for member in gather["teams"]["teamA"]]
    team_b = [member["id"] for member in gather["teams"]["teamB"]]
    m.ok("timer.format", {"periods": 2, "periodLength": 25 * 60, "breakLength": 300})
    m.ok("timer.start")
    m.goal("teamA", team_a[0], 9, 12)
    m.goal("teamB", team_b[0], 17, 40)
    m.goal("teamA", team_a[-1], 22, 3)
    m.ok("timer.resume")
    with Browser() as browser:
        for scheme in ("dark", "light"):
            # Thursday's link, opened once its game started: the live score.
            page = open_page(browser, link, size=PORTRAIT, scheme=scheme)
            page.wait_for(f"{js_visible('outcome-score')} && {js_text('outcome-detail')} !== ''",
                          "the live score on the link", state=STATE_JS)
            shoot(page, os.path.join(out, f"signup-started-{scheme}.png"))
            page.close()
    m.ok("timer.endPeriod")
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = open_page(browser, daemon.base_url + "/", size=PHONE, scheme=scheme)
            page.wait_for(f"document.querySelector('[data-testid=board]').dataset.phase === 'break' && {js_text('break-left')} !== ''", "half time",
                          state=STATE_JS)
            shoot(page, os.path.join(out, f"scoreboard-halftime-{scheme}.png"))
            page.close()
    m.ok("timer.start")
    m.goal("teamB", team_b[-1], 8, 30)
    m.ok("timer.endPeriod")
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = open_page(browser, daemon.base_url + "/", size=PHONE, scheme=scheme)
            page.wait_for("document.querySelector('[data-testid=board]').dataset.phase === 'full-time'", "full time", state=STATE_JS)
            shoot(page, os.path.join(out, f"scoreboard-fulltime-{scheme}.png"))
            page.close()
    m.ok("gather.end")
    # The next game is called off: its link says so, and shows the one after it.
    m.ok("plan.create", {"startsAt": (day + dt.timedelta(days=14)).isoformat() + "T19:00+01:00", "capacity": 10,
                         "place": "Astro 2"})
    later_link = m.ok("plan.link", {"plan": later})["url"].replace(PUBLIC_URL, daemon.base_url + "/")
    m.ok("plan.cancel", {"plan": later})
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = open_page(browser, later_link, size=PORTRAIT, scheme=scheme)
            page.wait_for(f"{js_visible('outcome-next')} && {js_text('outcome-detail')} !== ''",
                          "the cancelled game and the next one", state=STATE_JS)
            shoot(page, os.path.join(out, f"signup-cancelled-{scheme}.png"))
            page.close()
