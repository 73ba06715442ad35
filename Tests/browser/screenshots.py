"""Regenerates the scoreboard screenshots in docs/screenshots/ (not part of `make test`):

    GATHERD_BIN=.build/debug/gatherd python3 Tests/browser/screenshots.py [--lang pt-BR] [OUTPUT_DIR]

A real daemon and headless Chromium, in the dark and the light theme:

- scoreboard-{phone,tablet,referee}-{dark,light}.png: a running match of two halves between "Bibs" and "Colours"
  with a few goals, on a phone held sideways (844×390, view only), a tablet (1180×820, with the controls of the
  control link) and the referee's phone held sideways (its controls in one row under the board);
- scoreboard-between-{dark,light}.png: between matches on the phone, the last result with its man of the match
  and the players' table with each one's stars (view only: form without ratings);
- scoreboard-players-{dark,light}.png: the players' table of the control page on a phone held upright, with each
  player's form and rating ("settling" before 5 gathers) and what the rating means;
- scoreboard-report-{dark,light}.png: the last result's share view on a phone held upright, the card drawn on a
  canvas with the man of the match and its message with the next plan's sign-up link (the control page's);
- vote-phone-{dark,light}.png: the last gather's man-of-the-match vote link on a phone held upright, a player who
  picked themselves choosing whom to vote for; vote-thanks-{dark,light}.png: the same phone once it voted;
  vote-result-{dark,light}.png: the link once the vote closed (screenshots_vote.py);
- scoreboard-setup-{dark,light}.png: the referee's "start a gather" view on a phone held upright (390×844),
  with the players ticked and a suggestion;
- scoreboard-share-{dark,light}.png: the share view on a phone held upright, the QR code of the
  view-only address (the daemon runs with --public-url http://192.168.1.20:8080/, as a LAN address would read);
- signup-phone-{dark,light}.png: the sign-up view a plan's link opens, on a phone held upright, with
  a name picked, what they owe for last week's pitch, and its "I'm in" / "Can't make it" buttons, after some
  have answered; and
  scoreboard-plans-{dark,light}.png: "Who's coming" between matches, on the phone held sideways;
- organising from the referee's phone held upright (the control link): plans-control-{dark,light}.png, "Who's
  coming" with the referee's buttons; plan-form-{dark,light}.png, a new plan; plan-share-{dark,light}.png, the
  share view of its sign-up link (with the phone's "Share…", as a phone with the Web Share API shows it);
  checkin-{dark,light}.png, the night's check-in with going players ticked, one brought in from the waiting list
  and a walk-in;
- scoreboard-halftime-{dark,light}.png and scoreboard-fulltime-{dark,light}.png: the board at half time (HT and
  the break's countdown) and at full time (FT, the final score), on the phone held sideways;
- signup-started-{dark,light}.png and signup-cancelled-{dark,light}.png: a sign-up link opened after its plan
  started (the live score) and after it was cancelled (the next game); signup-over-{dark,light}.png, Thursday's
  link once its gather's vote closed (the result and the man of the match, screenshots_vote.py);
- the weekly game on the referee's phone held upright: weekly-form-{dark,light}.png, its form filled in (Thursdays
  at 19:00) and weekly-form-regulars-{dark,light}.png, its sign-up part (regulars first); signup-regulars-{dark,light}.png, the sign-up link of a week that opens to regulars
  first, saying until when; plans-reminder-{dark,light}.png, "Who's coming" three hours before a game, with its
  reminder to send and the weekly game under the plans; reminder-share-{dark,light}.png, the reminder's share view;
  calendar-share-{dark,light}.png, the plans' calendar link in the share view.
- the organiser's own screens (screenshots_organiser.py): new-names, roster, money, fulltime and undo-ended,
  each {dark,light}.
- the sign-up view's freed place, offered to the first one waiting: signup-offer-{dark,light}.png; and the same
  phone once the place is taken, with "Notify this phone": signup-notify-{dark,light}.png (screenshots_offer.py).

The match screenshots show the touchline's indicators as a referee sees them: the screen kept on (the wake lock
granted) and the sound switched on.

The goals need match minutes (12', 28'): the script pauses the clock, stops gatherd and writes the time left
into its database, as a daemon that had played that long would have left it, then starts gatherd again.
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import sys

from cdp import Browser
from scoreboard_support import PHONE, REPO, STATE_JS, TABLET, WebDaemon, js_text, js_visible, open_page, testid
from screenshots_plans import NAMES, PITCH_ENV, PORTRAIT, PUBLIC_URL, organise_and_play
from screenshots_offer import offer_and_notify
from screenshots_organiser import organiser_screens
from screenshots_vote import signup_after_the_vote, vote_views
from screenshots_weekly import weekly_game

ROSTER = [("Ana", "ST"), ("Bea", "GK"), ("Carla", "MID"), ("Dani", "DEF"), ("Eli", "W"), ("Fay", "GK"),
          ("Gus", "DEF"), ("Hugo", "MID")]


class Match:
    """The daemon, one connection to it, and a way to let match time pass."""

    def __init__(self, daemon: WebDaemon) -> None:
        self.daemon = daemon
        self.c = daemon.client()

    def ok(self, method: str, params: dict | None = None) -> dict:
        reply = self.c.call(method, params)
        if "error" in reply:
            raise SystemExit(f"{method} failed: {reply['error']}")
        return reply["result"]

    def at(self, minutes: int, seconds: int = 0) -> None:
        """Pauses the clock at mm:ss into the period (a restart in between), as if it had been played."""
        timer = self.ok("timer.status")
        if timer["state"] == "running":
            self.ok("timer.pause")
        self.c.close()
        self.daemon.stop()
        left = (timer["duration"] + timer["addedSeconds"] - minutes * 60 - seconds) * 1000
        with sqlite3.connect(self.daemon.db_path) as db:
            db.execute("UPDATE gather SET clockRemainingMs = ? WHERE status = 'active'", (left,))
        db.close()
        self.daemon.start()
        self.c = self.daemon.client()

    def goal(self, team: str, player: int, minutes: int, seconds: int = 0) -> None:
        self.at(minutes, seconds)
        self.ok("score.goal", {"team": team, "player": player})


def settle(page) -> None:
    """Two frames, so that everything is painted."""
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def shoot(page, path: str) -> None:
    settle(page)
    page.screenshot(path)
    problems = page.problems()
    if problems:
        raise SystemExit(f"the page had problems: {problems}")
    print(path)




def main() -> int:
    # --lang TAG: the phones speak that language (GATHERD_BROWSER_LANG, read by cdp.Browser), and the screenshots go
    # to docs/screenshots/TAG/ unless OUTPUT_DIR says otherwise.
    args = sys.argv[1:]
    lang = None
    if args[:1] == ["--lang"] and len(args) > 1:
        lang, args = args[1], args[2:]
        os.environ["GATHERD_BROWSER_LANG"] = lang
    default = os.path.join(REPO, "docs", "screenshots", *([lang] if lang else []))
    out = args[0] if args else default
    os.makedirs(out, exist_ok=True)
    daemon = WebDaemon(env=PITCH_ENV)
    daemon.extra_args += ["--public-url", PUBLIC_URL]
    try:
        daemon.start()
        m = Match(daemon)
        ids = [m.ok("players.create", {"name": name, "position": position})["id"] for name, position in ROSTER]
        ana, bea, carla, dani, eli, fay, gus, hugo = ids
        # Iris, new: one gather so far, so her rating is still settling.
        iris = m.ok("players.create", {"name": "Iris", "position": "W"})["id"]
        # History: a few weeks of results (so that form and ratings have something to say), an earlier draw, then
        # last week's 2 x 25 between Bibs and Colours.
        for team_a, team_b, score in (([ana, bea, carla, dani], [eli, fay, gus, hugo, iris], (3, 1)),
                                      ([ana, eli, carla, hugo], [bea, fay, gus, dani], (2, 2)),
                                      ([ana, fay, gus, dani], [bea, eli, carla, hugo], (4, 2)),
                                      ([bea, carla, gus, hugo], [ana, dani, eli, fay], (1, 0))):
            m.ok("gather.start", {"teamA": team_a, "teamB": team_b})
            m.ok("score.set", {"teamA": score[0], "teamB": score[1]})
            m.ok("gather.end")
        m.ok("gather.start", {"teamA": [ana, carla, eli, gus], "teamB": [bea, dani, fay, hugo]})
        m.ok("score.goal", {"team": "teamA", "player": ana})
        m.ok("score.goal", {"team": "teamB", "player": fay})
        m.ok("gather.end")
        last = m.ok("gather.start", {"teamA": [ana, carla, fay, gus], "teamB": [bea, dani, eli, hugo], "periods": 2,
                                     "periodLength": 25 * 60, "breakLength": 300, "names": NAMES})
        # The pitch cost 60 EUR: 7.50 each, which the sign-up view shows each player who owes it.
        m.ok("fees.setCost", {"gather": last["id"], "cost": {"amount": 6000, "currency": "EUR"}})
        m.ok("timer.start")
        m.goal("teamA", ana, 11, 20)
        m.goal("teamB", dani, 20, 5)
        m.ok("timer.endPeriod")
        m.ok("timer.start")
        m.goal("teamA", carla, 2, 7)
        m.ok("timer.addTime", {"seconds": 120})
        m.goal("teamA", gus, 25, 40)
        m.ok("gather.end")
        # Its man-of-the-match vote: a phone votes, then the vote closes.
        vote_views(m, out, ids, shoot)

        with Browser() as browser:
            for scheme in ("dark", "light"):
                page = open_page(browser, daemon.base_url + "/", size=PHONE, scheme=scheme)
                page.wait_for(js_visible("players-table"), "the players' table", state=STATE_JS)
                shoot(page, os.path.join(out, f"scoreboard-between-{scheme}.png"))
                page.close()
                # The players' table as the referee sees it: form and ratings.
                page = open_page(browser, daemon.control_url(), size=PORTRAIT, scheme=scheme)
                page.wait_for(js_visible("rating-note"), "the players' table with ratings", state=STATE_JS)
                page.evaluate("document.querySelector('[data-testid=players-table]').scrollIntoView({block: 'start'})")
                shoot(page, os.path.join(out, f"scoreboard-players-{scheme}.png"))
                page.close()
                page = open_page(browser, daemon.control_url(), size=PORTRAIT, scheme=scheme)
                loaded = f"{js_visible('players-table')} && {js_visible('plans-empty')}"
                page.wait_for(f"{js_visible('btn-new-gather')} && {loaded}", "the start button",
                              state=STATE_JS)
                page.click(testid("btn-new-gather"))
                for player in ids:
                    page.click(testid(f"pick-{player}"))
                page.fill(testid("setup-name-a"), NAMES["teamA"])
                page.fill(testid("setup-name-b"), NAMES["teamB"])
                page.click(testid("btn-suggest"))
                page.wait_for(js_visible("suggestion"), "the suggestion", state=STATE_JS)
                page.evaluate("document.querySelector('[data-testid=suggestion]').scrollIntoView({block: 'center'})")
                shoot(page, os.path.join(out, f"scoreboard-setup-{scheme}.png"))
                page.close()

        # Who's coming: Thursday's plan, half full, and its sign-up link on a phone.
        day = dt.date.today() + dt.timedelta(days=1)
        while day.weekday() != 3:
            day += dt.timedelta(days=1)
        plan = m.ok("plan.create", {"startsAt": day.isoformat() + "T19:00+01:00", "capacity": 6, "place": "Astro 2",
                                    "note": "Bring both shirts"})["id"]
        for player in (ana, carla, eli, fay, gus, dani):
            m.ok("plan.join", {"plan": plan, "player": player})
        m.ok("plan.join", {"plan": plan, "guest": "Zé"})
        m.ok("plan.leave", {"plan": plan, "player": hugo})
        # The link names --public-url, as a phone on the LAN would open it; this browser opens the same page here.
        link = m.ok("plan.link", {"plan": plan})["url"].replace(PUBLIC_URL, daemon.base_url + "/")
        with Browser() as browser:
            for scheme in ("dark", "light"):
                page = open_page(browser, link, size=PORTRAIT, scheme=scheme)
                page.wait_for(js_visible(f"signup-player-{bea}"), "the sign-up view", state=STATE_JS)
                # The phone remembers who it was from the first theme's round.
                if not page.evaluate(js_visible("btn-in")):
                    page.click(testid(f"signup-player-{bea}"))
                page.wait_for(f"{js_visible('btn-in')} && {js_visible('signup-owed')}", "the answer buttons and what "
                              "Bea owes", state=STATE_JS)
                shoot(page, os.path.join(out, f"signup-phone-{scheme}.png"))
                page.close()
                page = open_page(browser, daemon.base_url + "/", size=PHONE, scheme=scheme)
                page.wait_for(js_visible("plans"), "who's coming", state=STATE_JS)
                shoot(page, os.path.join(out, f"scoreboard-plans-{scheme}.png"))
                page.close()
                # The result to share, with the next plan (and, for the referee, its sign-up link).
                page = open_page(browser, daemon.control_url(), size=PORTRAIT, scheme=scheme)
                # The plan drawn too: the card above the result grows when it comes, and moves the button.
                page.wait_for(f"{js_visible('btn-share-result')} && {js_visible(f'plan-{plan}')}",
                              "the last result's share button", state=STATE_JS)
                page.click(testid("btn-share-result"))
                page.wait_for("document.querySelector('[data-testid=report-text]').value !== ''", "the card",
                              state=STATE_JS)
                shoot(page, os.path.join(out, f"scoreboard-report-{scheme}.png"))
                page.close()
        # Organising from the referee's phone, half and full time, and Thursday's link after its game.
        organise_and_play(m, out, ids, plan, link, day, shoot)
        signup_after_the_vote(m, out, plan, link, shoot)
        # The weekly game: its form, a week for regulars first on its sign-up link, and a reminder to send.
        weekly_game(m, out, ids, PUBLIC_URL, PORTRAIT, shoot)
        # The organiser's players and money, and full time with the undo notice after "End match".
        organiser_screens(m, out, ids, PUBLIC_URL, PORTRAIT, shoot)

        # Today's match, into its first half.
        m.ok("gather.start", {"teamA": [ana, carla, fay, gus], "teamB": [bea, dani, eli, hugo], "periods": 2,
                              "periodLength": 25 * 60, "breakLength": 300, "names": NAMES})
        m.ok("timer.start")
        m.goal("teamA", ana, 7, 38)
        m.goal("teamB", eli, 14, 5)
        m.goal("teamA", carla, 21, 40)
        m.ok("timer.resume")
        with Browser() as browser:
            browser.send("Browser.grantPermissions", {"permissions": ["wakeLockScreen"], "origin": daemon.base_url})
            for scheme in ("dark", "light"):
                for label, size, url in (("phone", PHONE, daemon.base_url + "/"),
                                         ("tablet", TABLET, daemon.control_url()),
                                         ("referee", PHONE, daemon.control_url())):
                    page = open_page(browser, url, size=size, scheme=scheme)
                    page.wait_for(f"{js_text('score-a')} === '2' && {js_text('score-b')} === '1'",
                                  "the score", state=STATE_JS)
                    # At the touchline: the screen kept on, and the sound switched on (remembered after the first).
                    page.wait_for("document.querySelector('[data-testid=awake]').dataset.state === 'awake'",
                                  "the screen kept on", state=STATE_JS)
                    if page.evaluate("document.querySelector('[data-testid=btn-sound]').dataset.state") == "off":
                        page.click(testid("btn-sound"))
                    else:
                        page.click(testid("board"))
                    page.wait_for("document.querySelector('[data-testid=btn-sound]').dataset.state === 'on'",
                                  "the sound on", state=STATE_JS)
                    shoot(page, os.path.join(out, f"scoreboard-{label}-{scheme}.png"))
                    page.close()
                # The share view, on a phone held upright to be scanned.
                page = open_page(browser, daemon.base_url + "/", size=PORTRAIT, scheme=scheme)
                # The header's switches settle first (the screen kept on adds one, which moves the others).
                page.wait_for("document.querySelector('[data-testid=awake]').dataset.state === 'awake'",
                              "the screen kept on", state=STATE_JS)
                page.click(testid("btn-share"))
                page.wait_for("document.querySelector('[data-testid=share-qr]')?.complete", "the QR code",
                              state=STATE_JS)
                shoot(page, os.path.join(out, f"scoreboard-share-{scheme}.png"))
                page.close()
    finally:
        daemon.cleanup()
    offer_and_notify(out, shoot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
