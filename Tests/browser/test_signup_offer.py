"""A freed place offered close to kick-off, on the sign-up view: the first waiting player's phone says the place is
theirs to take by a time, and "Take the place" puts them on the list; "Pass it on" hands it to the next one waiting,
whose phone then shows the offer.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p 'test_signup_offer.py' -v

Headless Chromium over the DevTools protocol against the real gatherd, with quiet hours off so that an offer goes out
at any hour the test runs; every wait is for the page or a reply.
"""

from __future__ import annotations

import datetime as dt
import unittest

from cdp import chromium_binary
from scoreboard_support import STATE_JS, PageCase, js_text, js_visible, testid


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class SignUpOfferTest(PageCase):
    daemon_args = ["--quiet-hours", "off"]

    def setUp(self) -> None:
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bruno", "Carla", "Dani")}
        # Kick-off in two days, places offered from eight days before: Carla then Dani wait.
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=2)).strftime("%Y-%m-%dT%H:%MZ")
        self.plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 2, "offerPeriod": 8 * 86400})["id"]
        for name in ("Ana", "Bruno", "Carla", "Dani"):
            self.ok(self.c, "plan.join", {"plan": self.plan, "player": self.ids[name]})
        self.link = self.ok(self.c, "plan.link", {"plan": self.plan})["url"]

    def phone_of(self, name: str):
        return self.signup_phone(self.link, self.ids[name])

    def going(self) -> list[str]:
        return [entry["name"] for entry in self.ok(self.c, "plan.get", {"plan": self.plan})["going"]]

    def test_the_waiting_player_takes_the_freed_place_from_the_sign_up_view(self) -> None:
        carla = self.phone_of("Carla")
        self.assertFalse(carla.evaluate(js_visible("signup-offer")), "no offer while every place is taken")
        self.ok(self.c, "plan.leave", {"plan": self.plan, "player": self.ids["Ana"]})
        carla.wait_for(js_visible("btn-accept"), "the offer on Carla's phone", state=STATE_JS)
        self.assertIn("A place is free for you: take it by", carla.evaluate(js_text("signup-offer-text")))
        self.assertIn("1 place on offer", carla.evaluate(js_text("signup-counts")), "not yet taken, not full")
        carla.click(testid("btn-accept"))
        carla.wait_for(f"!{js_visible('signup-offer')}", "the offer answered", state=STATE_JS)
        self.assertEqual(self.going(), ["Bruno", "Carla"])

    def test_passing_it_on_offers_it_to_the_next_one_waiting(self) -> None:
        carla = self.phone_of("Carla")
        self.ok(self.c, "plan.leave", {"plan": self.plan, "player": self.ids["Ana"]})
        carla.wait_for(js_visible("btn-decline"), "the offer on Carla's phone", state=STATE_JS)
        carla.click(testid("btn-decline"))
        carla.wait_for(f"!{js_visible('signup-offer')}", "the offer passed on", state=STATE_JS)
        dani = self.phone_of("Dani")
        dani.wait_for(js_visible("btn-accept"), "the offer on Dani's phone", state=STATE_JS)
        self.assertEqual(self.going(), ["Bruno"], "a place offered is nobody's until it is taken")


if __name__ == "__main__":
    unittest.main()
