"""Organising from the phone, on the control page of a real gatherd whose time zone is the pitch's
(Europe/Berlin) while the phone is set to another (America/New_York): a plan made with the date and time picker
at the pitch's time, the zone line naming the offset in force on the day picked, its sign-up link sent with the
phone's share sheet (a spy on `navigator.share` keeps the message and the link), copied, and drawn as a QR code;
the control link shown only when asked for twice; a plan changed and called off, and one called off by mistake
brought back from the undo notice with its answers and the same link; a second game at the very time
of another, and a plan started days before its start, each done only once the referee confirms; and on the
night, the check-in (going players ticked, a waiting player brought in, walk-ins from the roster and new) and the
fair teams of those who came, which the gather then plays. Closing the plan form or the check-in gives focus
back to the button that opened it, and each plan's buttons name their game.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_organise_page.py -v

What the page does is observed from outside: the share sheet and the clipboard by wrapping the browser's own
functions before the page loads (`Page.addScriptToEvaluateOnNewDocument`), the QR codes with zbarimg on a
screenshot, everything else in the daemon. The page has no test hook; every wait is for the page or a reply.
"""

from __future__ import annotations

import datetime as dt
import json
import unittest

from cdp import chromium_binary
from organise_support import PORTRAIT, OrganiserPhone
from scoreboard_support import PageCase, js_text, js_visible, testid, wait_online
from touchline_support import decode_qr

@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class OrganiseFromThePhoneTest(OrganiserPhone, PageCase):
    daemon_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"}

    def setUp(self) -> None:
        super().setUp()
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"]
                    for name in ("Ana", "Bruno", "Carla", "Dani", "Eli")}

    def test_a_plan_made_on_the_phone_is_at_the_pitchs_time_and_its_link_goes_out(self):
        page = self.phone()
        self.wait(page, js_visible("plans-empty"), "no plan yet")
        page.click(testid("btn-new-plan"))
        self.wait(page, js_visible("plan-form"), "the plan form")
        page.click(testid("btn-plan-back"))
        self.wait(page, f"!{js_visible('plan-form')}", "the form closed")
        self.assertEqual(self.focused(page), "btn-new-plan", "focus goes back to the button that opened the form")
        page.click(testid("btn-new-plan"))
        self.wait(page, f"{js_visible('plan-form')} && {js_text('plan-zone')}.includes('Europe/Berlin')", "the plan form")
        self.assertIn("this phone is on UTC-0", page.evaluate(js_text("plan-zone")), "the phone's own zone differs")
        described = page.evaluate("['plan-date', 'plan-time'].map((id) => document.getElementById("
                                  "document.getElementById(id).getAttribute('aria-describedby'))?.textContent)")
        self.assertEqual(described, [page.evaluate(js_text("plan-zone"))] * 2, "the inputs are described by the zone")
        # The offset in force on the day picked, at the pitch and on the phone: winter's, then summer's (one of the
        # two differs from today's, whenever the test runs).
        year = dt.date.today().year + 1
        for day, pitch, phone in ((f"{year}-01-14", "UTC+01:00", "UTC-05:00"), (f"{year}-07-02", "UTC+02:00", "UTC-04:00")):
            self.set_value(page, "plan-date", day)
            zone = f"At the pitch's time: Europe/Berlin, {pitch} (this phone is on {phone})"
            self.wait(page, f"{js_text('plan-zone')} === {json.dumps(zone)}", f"the zone line for {day}")
        self.set_value(page, "plan-time", "19:30")
        page.fill(testid("plan-capacity"), "8")
        page.fill(testid("plan-place"), "Astro 2")
        page.fill(testid("plan-note"), "Bring both shirts")
        page.click(testid("btn-plan-save"))
        self.wait(page, "document.querySelector('[data-testid=signup-qr]')?.complete", "the new plan's share view")
        [plan] = self.ok(self.c, "plans.list")["plans"]
        self.assertEqual(plan["startsAtLocal"], f"{year}-07-02T19:30:00+02:00", "19:30 at the pitch, in summer time")
        self.assertEqual((plan["capacity"], plan["place"], plan["note"]), (8, "Astro 2", "Bring both shirts"))
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        self.assertEqual(decode_qr(page, "[data-testid=signup-qr]"), [link], "the QR code is the sign-up link")

        # The phone's share sheet gets a ready message and the link; the copy buttons the same.
        page.click(testid("btn-share-send"))
        self.wait(page, "window.__shared.length === 1", "the share sheet")
        shared = page.evaluate("window.__shared[0]")
        self.assertEqual(shared["url"], link)
        for part in ("Football on ", "2", "Jul", "07:30", "at Astro 2", "8 of 8 places left", "Bring both shirts.",
                     "Say if you're in:"):
            self.assertIn(part, shared["text"])
        self.assertNotIn(link, shared["text"], "the link goes as the link, once")
        page.click(testid("btn-copy-message"))
        page.click(testid("btn-copy-link"))
        self.wait(page, "window.__copied.length === 2", "both copies")
        self.assertEqual(page.evaluate("window.__copied"), [shared["text"] + " " + link, link])
        self.assertEqual(page.evaluate(js_text("share-message")), shared["text"] + " " + link)

        # The control link: never in the share view unless asked for twice.
        dialog = "document.querySelector('[data-testid=dialog-share]')"
        self.assertNotIn(self.daemon.token, page.evaluate(f"{dialog}.innerHTML"))
        page.click(testid("btn-control-link"))
        self.wait(page, "document.querySelector('[data-testid=dialog-confirm]').open", "the first question")
        page.click(testid("confirm-ok"))
        self.wait(page, f"{js_text('confirm-ok')} === 'Yes, show the control link'", "the second question")
        page.click(testid("confirm-cancel"))
        self.wait(page, "!document.querySelector('[data-testid=dialog-confirm]').open", "the question gone")
        self.assertNotIn(self.daemon.token, page.evaluate(f"{dialog}.innerHTML"), "one yes is not enough")
        page.click(testid("btn-control-link"))
        page.click(testid("confirm-ok"))
        self.wait(page, f"{js_text('confirm-ok')} === 'Yes, show the control link'", "the second question")
        page.click(testid("confirm-ok"))
        self.wait(page, "document.querySelector('[data-testid=control-qr]')?.complete", "the control link's code")
        self.assertEqual(decode_qr(page, "[data-testid=control-qr]"), [self.daemon.control_url()])
        page.click(testid("share-close"))
        page.click(testid("btn-share"))
        self.wait(page, "document.querySelector('[data-testid=share-qr]')?.complete", "the share view again")
        self.assertNotIn(self.daemon.token, page.evaluate(f"{dialog}.innerHTML"), "closed, it is gone")

    def test_a_plan_changed_and_called_off_on_the_phone(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10, "place": "Astro 2"})
        self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids["Ana"]})
        page = self.phone()
        self.wait(page, js_visible(f"btn-plan-edit-{plan['id']}"), "the plan's buttons")
        page.click(testid(f"btn-plan-edit-{plan['id']}"))
        self.wait(page, f"{js_visible('plan-form')} && {js_text('plan-zone')}.includes('UTC+01:00')", "the plan's form")
        self.assertEqual(page.evaluate("[document.getElementById('plan-date').value, document.getElementById('plan-time').value]"),
                         ["2099-12-03", "19:00"], "the plan's own day and time")
        page.fill(testid("plan-capacity"), "12")
        page.fill(testid("plan-place"), "")
        page.click(testid("btn-plan-save"))
        self.wait(page, f"!{js_visible('plan-form')} && {js_visible('plans')}", "back to who's coming")
        self.assertEqual(self.focused(page), f"btn-plan-edit-{plan['id']}", "focus goes back to the plan's Change")
        changed = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual((changed["capacity"], changed["place"], changed["startsAt"]), (12, None, plan["startsAt"]),
                         "only what was changed changes")
        page.click(testid(f"btn-plan-edit-{plan['id']}"))
        self.wait(page, js_visible("btn-plan-call-off"), "the plan's form again")
        page.click(testid("btn-plan-call-off"))
        self.wait(page, f"{js_text('confirm-text')}.includes('the 1 going see it')", "the question, saying who hears")
        page.click(testid("confirm-ok"))
        self.wait(page, f"!{js_visible('plan-form')} && {js_visible('plans-empty')}", "no plan left")
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": plan["id"]})["status"], "cancelled")

    def test_a_plan_called_off_by_mistake_comes_back_with_its_answers_and_its_link(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 2, "place": "Astro 2"})
        for name in ("Ana", "Bruno", "Carla"):
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids[name]})
        self.ok(self.c, "plan.leave", {"plan": plan["id"], "player": self.ids["Dani"]})
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        answers = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        page = self.phone()
        self.wait(page, js_visible(f"btn-plan-edit-{plan['id']}"), "the plan's buttons")
        page.click(testid(f"btn-plan-edit-{plan['id']}"))
        self.wait(page, js_visible("btn-plan-call-off"), "the plan's form")
        page.click(testid("btn-plan-call-off"))
        self.wait(page, js_visible("dialog-confirm"), "the question")
        page.click(testid("confirm-ok"))
        self.wait(page, f"{js_visible('plans-empty')} && {js_visible('undo')} && "
                  f"{js_text('btn-undo-action')} === 'Bring the game back'", "called off, with the undo notice")
        self.assertIn("Called off", page.evaluate(js_text("undo-text")))
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": plan["id"]})["status"], "cancelled")

        page.click(testid("btn-undo-action"))
        edit = js_visible(f"btn-plan-edit-{plan['id']}")
        self.wait(page, f"{js_text('notice-success')}.includes('is back on') && {edit} && !{js_visible('undo')}",
                  "the game back on the list")
        self.assertIn("with everyone's answers", page.evaluate(js_text("notice-success")))
        back = self.ok(self.c, "plan.get", {"plan": plan["id"]})
        self.assertEqual(back["status"], "open")
        for answer in ("going", "waiting", "notGoing"):
            self.assertEqual([e["name"] for e in back[answer]], [e["name"] for e in answers[answer]], answer)
        self.assertEqual(self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"], link, "the same sign-up link")

        # The link everyone has works again: a player opens it and sees the game with its answers.
        phone = self.browser.new_page(width=PORTRAIT[0], height=PORTRAIT[1], mobile=True)
        self.addCleanup(phone.close)
        phone.navigate(link)
        wait_online(phone)
        eli = js_visible(f"signup-player-{self.ids['Eli']}")
        self.wait(phone, f"{js_text('signup-counts')}.includes('2 going') && {eli}",
                  "the sign-up view of the game, with its answers")
        self.assertNotIn("cancelled", phone.evaluate(js_text("signup-when")))
        self.assertEqual(phone.problems(), [])

    def test_the_night_check_in_and_fair_teams_of_those_who_came(self):
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(hours=2)).isoformat(timespec="minutes")
        plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 3, "place": "Astro 2"})
        for name in ("Ana", "Bruno", "Carla", "Dani"):
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids[name]})
        page = self.phone()
        self.wait(page, js_visible(f"btn-plan-checkin-{plan['id']}"), "the plan's buttons")
        page.click(testid(f"btn-plan-checkin-{plan['id']}"))
        self.wait(page, js_visible("checkin"), "the check-in")
        page.click(testid("btn-checkin-back"))
        self.wait(page, f"!{js_visible('checkin')}", "the check-in closed")
        self.assertEqual(self.focused(page), f"btn-plan-checkin-{plan['id']}", "focus goes back to Check in")
        page.click(testid(f"btn-plan-checkin-{plan['id']}"))
        self.wait(page, f"{js_visible('checkin')} && {js_text('checkin-count')} === '0 of 3 here'", "the check-in")
        for name in ("Ana", "Carla", "Dani"):  # Dani was waiting: brought in
            page.click(testid(f"checkin-{self.ids[name]}"))
        page.click("[data-testid=checkin-others-box] summary")
        page.click(testid(f"checkin-{self.ids['Eli']}"))  # on the roster, not on the list: a walk-in
        page.fill(testid("walkin-name"), "Zé")
        page.click(testid("btn-walkin-add"))
        self.wait(page, f"{js_text('checkin-count')} === '2 of 3 here' && {js_text('btn-checkin-teams')} === 'Teams of 5'",
                  "five here, two of the three going")
        page.click(testid("btn-checkin-teams"))
        self.wait(page, f"{js_visible('suggestion')} && document.getElementById('setup-title').textContent === "
                        "'Start from the plan'", "the fair teams of those who came")
        checked = self.ok(self.c, "plan.get", {"plan": plan["id"]})["checkIn"]
        present = [entry["id"] for entry in checked["present"]]
        self.assertEqual([entry["name"] for entry in checked["present"]], ["Ana", "Carla", "Dani", "Eli", "Zé"])
        self.assertEqual([entry["name"] for entry in checked["noShows"]], ["Bruno"])
        suggested = page.evaluate("[...document.querySelectorAll('[data-testid=suggestion] li')]"
                                  ".map(li => Number(li.dataset.testid.split('-')[1]))")
        self.assertEqual(sorted(suggested), sorted(present[:4]), "the split is of those who came")
        self.assertEqual(page.evaluate(js_text("suggestion-bench")),
                         "Starts on the bench: Zé, so the sides are even. Swap in at half time.",
                         "five here: the last of them starts on the bench")
        sides = page.evaluate("['suggestion-a', 'suggestion-b'].map((id) => [...document.getElementById(id)"
                              ".querySelectorAll('li')].map((li) => Number(li.dataset.testid.split('-')[1])))")
        page.click(testid("btn-start"))
        self.wait(page, js_visible("board"), "the board of the new gather")
        gather = self.ok(self.c, "gather.current")
        self.assertEqual([sorted(m["id"] for m in gather["teams"][side]) for side in ("teamA", "teamB")],
                         [sorted(side) for side in sides], "the gather plays the split the page showed")
        played = sorted(m["name"] for side in ("teamA", "teamB") for m in gather["teams"][side])
        self.assertEqual(played, ["Ana", "Carla", "Dani", "Eli"])
        self.assertEqual([m["name"] for m in gather["teams"]["bench"]], ["Zé"])
        self.assertEqual(gather["plan"], plan["id"])
        self.ok(self.c, "gather.end")
        attendance = self.ok(self.c, "stats.player", {"id": self.ids["Bruno"]})["attendance"]
        self.assertEqual((attendance["played"], attendance["noShows"]), (0, 1), "Bruno, going, did not come")

    def test_a_plan_days_away_starts_only_once_the_referee_confirms(self):
        starts = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=3)).isoformat(timespec="minutes")
        plan = self.ok(self.c, "plan.create", {"startsAt": starts, "capacity": 4, "place": "Astro 2"})
        for name in ("Ana", "Bruno", "Carla"):
            self.ok(self.c, "plan.join", {"plan": plan["id"], "player": self.ids[name]})
        page = self.phone()
        start = testid(f"btn-plan-start-{plan['id']}")
        self.wait(page, js_visible(f"btn-plan-start-{plan['id']}"), "the plan's buttons")
        label = page.evaluate(f"document.querySelector({json.dumps(start)}).getAttribute('aria-label')")
        when = page.evaluate(f"document.querySelector('[data-testid=plan-{plan['id']}] h3').textContent")
        self.assertEqual(label, "Start from this plan: " + when.replace(" \u00b7 ", ", "), "the name says which game")
        page.click(start)
        self.wait(page, js_visible("suggestion"), "the plan's fair teams")
        asked = "document.querySelector('[data-testid=dialog-confirm]').open"
        page.click(testid("btn-start"))
        self.wait(page, f"{asked} && document.getElementById('confirm-title').textContent === 'Start the game early?'",
                  "the question")
        self.assertIn("starts in more than 12 hours", page.evaluate(js_text("confirm-text")))
        page.click(testid("confirm-cancel"))
        self.wait(page, f"!{asked} && {js_visible('suggestion')} && !document.getElementById('btn-start').disabled",
                  "the teams again, nothing started")
        self.assertIsNone(self.ok(self.c, "gather.current"))
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": plan["id"]})["status"], "open")
        page.click(testid("btn-start"))
        self.wait(page, asked, "the question again")
        page.click(testid("confirm-ok"))
        self.wait(page, js_visible("board"), "the board of the plan's gather")
        self.assertEqual(self.ok(self.c, "gather.current")["plan"], plan["id"])

    def test_a_second_game_at_the_same_time_is_saved_only_once_confirmed(self):
        first = self.ok(self.c, "plan.create", {"startsAt": "2099-12-03T19:00+01:00", "capacity": 10, "place": "Astro 2"})
        page = self.phone()
        self.wait(page, js_visible(f"btn-plan-edit-{first['id']}"), "the plan's buttons")
        page.click(testid("btn-new-plan"))
        self.wait(page, js_visible("plan-form"), "the plan form")
        self.set_value(page, "plan-date", "2099-12-03")
        self.set_value(page, "plan-time", "19:00")
        asked = "document.querySelector('[data-testid=dialog-confirm]').open"
        page.click(testid("btn-plan-save"))
        self.wait(page, f"{asked} && document.getElementById('confirm-title').textContent === "
                        "'Two games at the same time?'", "the question")
        self.assertIn("at Astro 2", page.evaluate(js_text("confirm-text")), "it names the other game")
        page.click(testid("confirm-cancel"))
        self.wait(page, f"!{asked} && {js_visible('plan-form')}", "the form, to pick another time")
        self.assertEqual(len(self.ok(self.c, "plans.list")["plans"]), 1)
        page.click(testid("btn-plan-save"))
        self.wait(page, asked, "the question again")
        page.click(testid("confirm-ok"))
        self.wait(page, "document.querySelector('[data-testid=signup-qr]')?.complete", "the new plan's share view")
        starts = [p["startsAt"] for p in self.ok(self.c, "plans.list")["plans"]]
        self.assertEqual(starts, ["2099-12-03T18:00:00.000Z"] * 2)

    def test_two_plans_on_one_day_are_told_apart_in_the_share_view(self):
        ids = [self.ok(self.c, "plan.create", {"startsAt": start, "capacity": 10})["id"]
               for start in ("2099-12-05T10:00+01:00", "2099-12-05T18:00+01:00", "2099-12-12T18:00+01:00")]
        page = self.phone()
        self.wait(page, js_visible(f"btn-plan-share-{ids[0]}"), "the plans' buttons")
        page.click(testid(f"btn-plan-share-{ids[0]}"))
        self.wait(page, js_visible(f"share-choice-{ids[2]}"), "the share view's choices")
        morning, evening, later = (page.evaluate(js_text(f"share-choice-{i}")) for i in ids)
        self.assertNotEqual(morning, evening, "two games on one day")
        self.assertEqual([":" in label for label in (morning, evening, later)], [True, True, False],
                         "the time only where the day is shared")


if __name__ == "__main__":
    unittest.main()
