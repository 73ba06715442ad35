"""The screenshots of the man-of-the-match vote, for screenshots.py: last week's gather's vote link on a phone, a
player choosing whom to vote for and then thanked, the link once the vote closed, and a plan's sign-up link once
its gather's vote closed (see screenshots.py's list)."""

from __future__ import annotations

import os
import sqlite3
import time

from cdp import Browser
from scoreboard_support import STATE_JS, js_text, js_visible, open_page, testid
from screenshots_plans import PORTRAIT, PUBLIC_URL


def close_votes(m) -> None:
    """Stops gatherd, moves every open vote's close to a moment ago and starts it again: as a daemon finds a vote
    whose time came while it was down, which it closes at once."""
    m.c.close()
    m.daemon.stop()
    with sqlite3.connect(m.daemon.db_path) as db:
        db.execute("UPDATE motmVote SET closesAt = ? WHERE closedAt IS NULL", (int(time.time() * 1000) - 1000,))
    db.close()
    m.daemon.start()
    m.c = m.daemon.client()


def choose(page, voter: int, choice: int) -> None:
    """On the vote view: picks `voter` as who they are (unless the phone remembers them), then `choice`."""
    page.wait_for(f"{js_visible('vote-who')} || {js_visible('btn-vote-switch')}", "the vote view", state=STATE_JS)
    if page.evaluate(js_visible("btn-vote-switch")):
        page.click(testid("btn-vote-switch"))
    page.wait_for(js_visible(f"vote-player-{voter}"), "who are you", state=STATE_JS)
    page.click(testid(f"vote-player-{voter}"))
    # What the voter owes for the pitch comes with a reply of its own and moves the names down: wait for it.
    page.wait_for(f"{js_visible('btn-vote-switch')} && {js_visible('vote-owed')}",
                  "the choice", state=STATE_JS)
    page.click(testid(f"vote-player-{choice}"))
    page.wait_for(js_visible("vote-confirm"), "the vote button", state=STATE_JS)
    # The mouse leaves the buttons, so that no name looks hovered (a phone has no pointer over them).
    page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 0, "y": 0})


def vote_views(m, out: str, ids: list[int], shoot) -> None:
    """vote-phone-{dark,light}.png: the last gather's vote link on a phone, a player's choice made, before the vote;
    vote-thanks-{dark,light}.png: the same phone once it voted; then a few more vote and the vote closes:
    vote-result-{dark,light}.png, the link then. The between-matches view and the card shared afterwards show the
    man of the match."""
    ana, bea, carla, dani, eli, fay, gus, hugo = ids
    gather = m.ok("gathers.list", {"limit": 1})["gathers"][0]["id"]
    link = m.ok("gather.voteLink", {"gather": gather})["url"].replace(PUBLIC_URL, m.daemon.base_url + "/")
    for voter, choice in ((fay, gus), (hugo, bea), (dani, gus)):
        m.ok("vote.cast", {"gather": gather, "voter": voter, "player": choice})
    with Browser() as browser:
        for scheme, voter in (("dark", ana), ("light", eli)):
            page = open_page(browser, link, size=PORTRAIT, scheme=scheme)
            choose(page, voter, gus)
            shoot(page, os.path.join(out, f"vote-phone-{scheme}.png"))
            page.click(testid("btn-vote"))
            page.wait_for(f"{js_text('vote-result')} !== '' && !{js_visible('vote-who')}", "the thanks", state=STATE_JS)
            shoot(page, os.path.join(out, f"vote-thanks-{scheme}.png"))
            page.close()
    m.ok("vote.cast", {"gather": gather, "voter": carla, "player": gus})
    close_votes(m)
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = open_page(browser, link, size=PORTRAIT, scheme=scheme)
            page.wait_for("document.querySelector('[data-testid=vote-result]').dataset.kind === 'winner'", "the result", state=STATE_JS)
            shoot(page, os.path.join(out, f"vote-result-{scheme}.png"))
            page.close()


def signup_after_the_vote(m, out: str, plan: int, link: str, shoot) -> None:
    """signup-over-{dark,light}.png: the plan's sign-up link once its gather's vote closed, the result and the man
    of the match."""
    gather = m.ok("plan.get", {"plan": plan})["gather"]
    players = m.ok("vote.status", {"gather": gather})["players"]
    for voter in players[1:4]:
        m.ok("vote.cast", {"gather": gather, "voter": voter["id"], "player": players[0]["id"]})
    close_votes(m)
    with Browser() as browser:
        for scheme in ("dark", "light"):
            page = open_page(browser, link, size=PORTRAIT, scheme=scheme)
            page.wait_for(js_visible("outcome-motm"), "the man of the match on the link", state=STATE_JS)
            shoot(page, os.path.join(out, f"signup-over-{scheme}.png"))
            page.close()
