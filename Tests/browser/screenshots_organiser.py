"""The screenshots of the organiser's own screens, for screenshots.py (after screenshots_weekly.weekly_game), on the
referee's phone held upright (the control link):

- roster-{dark,light}.png: the players, a name typed on a sign-up link waiting to be confirmed above the regulars and
  the guests (new-names-{dark,light}.png: the notice between matches that leads there);
- money-{dark,light}.png: who owes what after last week's pitch, with "Paid" per player, and the pitch's cost of the
  weekly game;
- phones-{dark,light}.png: the organiser's paired phones, and a pairing link's QR code for another phone;
- fulltime-{dark,light}.png: the board at full time, the line over the controls saying what "End match" does;
- undo-ended-{dark,light}.png: right after "End match", the notice that offers to reopen it.
"""

from __future__ import annotations

import datetime as dt
import os

from cdp import Browser
from scoreboard_support import STATE_JS, js_visible, testid
from screenshots_weekly import click_until, phone


def organiser_screens(m, out: str, ids: list[int], public_url: str, size, shoot) -> None:
    """On the sign-up link of Sunday's game, a phone adds a friend the organiser has yet to confirm."""
    daemon = m.daemon
    day = dt.date.today() + dt.timedelta(days=1)
    while day.weekday() != 6:
        day += dt.timedelta(days=1)
    plan = m.ok("plan.create", {"startsAt": day.isoformat() + "T10:00+01:00", "capacity": 10, "place": "Park"})["id"]
    link = m.ok("plan.link", {"plan": plan})["url"].replace(public_url, daemon.base_url + "/")
    bea, carla, dani = ids[1], ids[2], ids[3]
    m.ok("fees.setHowToPay", {"note": "Pix to Ana: ana@example.com"})
    m.ok("fees.pay", {"player": carla, "amount": 750, "currency": "EUR"})
    with Browser() as browser:
        signup = phone(browser, link, "dark", size)
        signup.wait_for(js_visible(f"signup-player-{dani}"), "the sign-up view", state=STATE_JS)
        if not signup.evaluate(js_visible("guest-name")):
            click_until(signup, f"signup-player-{dani}", js_visible("guest-name"), "the guest's name")
        signup.fill(testid("guest-name"), "Leo")
        signup.click(testid("btn-guest"))
        signup.wait_for(f"({js_text_of('signup-result')}).includes('Leo')", "Leo in", state=STATE_JS)
        signup.close()
        for scheme in ("dark", "light"):
            page = phone(browser, daemon.control_url(), scheme, size)
            page.wait_for(js_visible("new-names"), "the new names", state=STATE_JS)
            page.evaluate("document.querySelector('[data-testid=new-names]').scrollIntoView({block: 'center'})")
            shoot(page, os.path.join(out, f"new-names-{scheme}.png"))
            click_until(page, "btn-new-names", js_visible("roster-new"), "the roster")
            shoot(page, os.path.join(out, f"roster-{scheme}.png"))
            click_until(page, "btn-roster-back", f"!{js_visible('roster')}", "back")
            click_until(page, "btn-money", f"{js_visible('money')} && {js_visible(f'balance-{bea}-EUR')}",
                        "the money")
            shoot(page, os.path.join(out, f"money-{scheme}.png"))
            page.close()
    code = m.ok("web.pair", {"name": "Ana's phone"})["url"].split("#pair=")[1]
    m.ok("web.pairDevice", {"code": code})
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = phone(browser, daemon.control_url(), scheme, size)
            click_until(page, "btn-devices", js_visible("btn-pair-phone"), "the Phones screen")
            click_until(page, "btn-pair-phone", js_visible("pairing-qr"), "the pairing link")
            shoot(page, os.path.join(out, f"phones-{scheme}.png"))
            page.close()
    a, b = ids[0:4:2], ids[1:4:2]
    with Browser() as browser:
        for scheme in ("dark", "light"):
            gather = m.ok("gather.start", {"teamA": a, "teamB": b, "seconds": 1, "names": {"teamA": "Bibs",
                                                                                          "teamB": "Colours"}})
            m.ok("fees.setCost", {"gather": gather["id"], "cost": {"amount": 4000, "currency": "EUR"}})
            m.ok("score.goal", {"team": "teamA", "player": a[0]})
            m.ok("timer.start")
            page = phone(browser, daemon.control_url(), scheme, size)
            page.wait_for(js_visible("fulltime-hint"), "full time", timeout=10, state=STATE_JS)
            shoot(page, os.path.join(out, f"fulltime-{scheme}.png"))
            page.click(testid("btn-end"))
            page.wait_for(js_visible("dialog-confirm"), "the question", state=STATE_JS)
            page.click(testid("confirm-ok"))
            page.wait_for(js_visible("undo"), "the undo notice", state=STATE_JS)
            page.evaluate("window.scrollTo(0, 0)")
            shoot(page, os.path.join(out, f"undo-ended-{scheme}.png"))
            page.close()


def js_text_of(name: str) -> str:
    return f"document.querySelector('[data-testid={name}]')?.textContent ?? ''"
