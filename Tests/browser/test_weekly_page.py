"""The weekly game from the phone, on the control page of a real gatherd whose time zone is the pitch's
(Europe/Paris): set up with the form in the plans' area (the day and time at the pitch's, regulars first), shown
under the plans, changed and ended; a reminder's ready message sent with the phone's share sheet (a spy on
`navigator.share` keeps it); the plans' calendar link from the share view, shared, copied and fetched as the feed;
and a sign-up link of a week that opens to regulars first, which says so, refuses
others and says until when.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/browser -t Tests/browser -p test_weekly_page.py -v

The page has no test hook: every wait is for the page or a reply, and what the page did is read in the daemon.
"""

from __future__ import annotations

import datetime as dt
import json
import time
import unittest
import urllib.request

from cdp import chromium_binary
from scoreboard_support import PageCase, js_text, js_visible, testid, wait_online
from touchline_support import decode_qr

PORTRAIT = (390, 844)

#: Runs before the page's scripts: a phone's share sheet and clipboard, each keeping what it was given.
_SPY_JS = """
window.__shared = [];
window.__copied = [];
navigator.share = async (data) => { window.__shared.push(data); };
if (navigator.clipboard) navigator.clipboard.writeText = async (text) => { window.__copied.push(text); };
"""

#: What the weekly views show, for failure messages.
WEEKLY_JS = (
    "(() => { const t = (n) => (document.querySelector(`[data-testid=\"${n}\"]`)?.textContent ?? null); "
    "return {mode: t('mode'), notice: t('notice'), zone: t('weekly-zone'), summary: t('weekly-summary'), "
    "reminders: t('plan-reminders'), terms: t('signup-terms'), message: t('share-message')}; })()"
)


def iso(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@unittest.skipIf(chromium_binary() is None, "chromium is not installed (make deps installs it)")
class WeeklyGameTest(PageCase):
    daemon_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Paris"}
    daemon_args = ["--plan-reminders", "1h"]

    def phone(self, url: str | None = None):
        """A phone held upright on the control link (or `url`), with a share sheet that keeps what it is given."""
        page = self.browser.new_page(width=PORTRAIT[0], height=PORTRAIT[1], mobile=True)
        self.addCleanup(page.close)
        self.addCleanup(lambda: self.assertEqual(page.problems(), [], "the page broke a CSP rule or threw"))
        page.send("Page.addScriptToEvaluateOnNewDocument", {"source": _SPY_JS})
        page.navigate(url or self.daemon.control_url())
        wait_online(page)
        return page

    def wait(self, page, condition: str, what: str, timeout: float = 5.0) -> None:
        page.wait_for(condition, what, timeout=timeout, state=WEEKLY_JS)

    def test_the_weekly_game_set_up_changed_and_ended_from_the_phone(self):
        page = self.phone()
        self.wait(page, f"{js_text('mode')} === 'control' && {js_visible('btn-weekly')} && {js_visible('plans-empty')}",
                  "the weekly game's button, the page loaded")
        page.click(testid("btn-weekly"))
        self.wait(page, f"{js_visible('weekly-form')} && {js_text('weekly-zone')}.includes('Europe/Paris')",
                  "the weekly game's form, at the pitch's time")
        page.choose(testid("weekly-day"), "thursday")
        page.evaluate("(() => { const e = document.getElementById('weekly-time'); e.value = '19:30'; "
                      "e.dispatchEvent(new Event('input', {bubbles: true})); })()")
        page.fill(testid("weekly-capacity"), "12")
        page.fill(testid("weekly-place"), "Astro 2")
        page.fill(testid("weekly-opens"), "6")
        page.fill(testid("weekly-reminders"), "48, 3")
        page.click(testid("weekly-regulars"))
        page.fill(testid("weekly-head"), "24")
        page.fill(testid("weekly-played"), "3")
        page.fill(testid("weekly-of-last"), "5")
        page.click(testid("btn-weekly-save"))
        self.wait(page, f"!{js_visible('weekly-form')} && {js_visible('weekly-summary')}", "the weekly game saved")
        [schedule] = self.ok(self.c, "plan.schedules")["schedules"]
        self.assertEqual((schedule["weekday"], schedule["time"], schedule["utcOffset"]), ("thursday", "19:30", None),
                         "at the pitch's time: the server's zone")
        self.assertEqual((schedule["capacity"], schedule["place"], schedule["opensBefore"]), (12, "Astro 2", 518400))
        self.assertEqual(schedule["reminders"], [172800, 10800])
        self.assertEqual((schedule["regularsFirst"]["headStart"], schedule["regularsFirst"]["played"],
                          schedule["regularsFirst"]["ofLast"]), (86400, 3, 5))
        summary = page.evaluate(js_text("weekly-summary"))
        self.assertTrue(summary.startswith("Every Thursday at 19:30 at Astro 2 · sign-up for Thu"), summary)
        self.assertIn("(regulars first; everyone from", summary)

        # Changed: only what the form changes; then ended, after a question.
        page.click(testid("btn-weekly"))
        self.wait(page, f"{js_visible('weekly-form')} && {js_text('btn-weekly-save')} === 'Save changes'",
                  "the weekly game's form, to change it")
        self.assertEqual(page.evaluate("document.getElementById('weekly-place').value"), "Astro 2")
        page.fill(testid("weekly-capacity"), "14")
        page.click(testid("btn-weekly-save"))
        self.wait(page, f"!{js_visible('weekly-form')}", "the change saved")
        changed = self.ok(self.c, "plan.schedules")["schedules"][0]
        self.assertEqual((changed["id"], changed["capacity"], changed["place"]), (schedule["id"], 14, "Astro 2"))
        page.click(testid("btn-weekly"))
        self.wait(page, js_visible("btn-weekly-end"), "the end button")
        page.click(testid("btn-weekly-end"))
        self.wait(page, "document.querySelector('[data-testid=dialog-confirm]').open", "the question")
        page.click(testid("confirm-ok"))
        self.wait(page, f"!{js_visible('btn-weekly-end')}", "the weekly game ended")
        self.assertEqual(self.ok(self.c, "plan.schedules"), {"schedules": []})

    def test_a_reminder_goes_to_the_group_chat_with_the_phones_share_sheet(self):
        ana = self.ok(self.c, "players.create", {"name": "Ana"})["id"]
        page = self.phone()
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 3602), "capacity": 10, "place": "Astro 2"})
        self.ok(self.c, "plan.join", {"plan": plan["id"], "player": ana})
        self.wait(page, js_visible(f"btn-reminder-{plan['id']}"), "the reminder, when it goes out", timeout=10)
        page.click(testid(f"btn-reminder-{plan['id']}"))
        self.wait(page, "document.querySelector('[data-testid=signup-qr]')?.complete", "the share view")
        page.click(testid("btn-share-send"))
        self.wait(page, "window.__shared.length === 1", "the share sheet")
        shared = page.evaluate("window.__shared[0]")
        link = self.ok(self.c, "plan.link", {"plan": plan["id"]})["url"]
        self.assertEqual(shared["url"], link)
        for part in ("Football in 1 hour: ", "at Astro 2. ", "1 going: Ana. ", "9 places left.", "Say if you're in:"):
            self.assertIn(part, shared["text"])
        self.assertFalse(page.evaluate(js_visible(f"btn-reminder-{plan['id']}")), "sent, it goes away")

    def test_a_reminder_that_went_out_while_no_page_was_open_is_offered_until_shared(self):
        watcher = self.daemon.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 3602), "capacity": 10, "place": "Astro 2"})
        watcher.wait_event(lambda e: e["params"].get("change") == "reminder", timeout=10)
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": plan["id"]})["lastReminder"]["before"], 3600)
        reminder = js_visible(f"btn-reminder-{plan['id']}")
        page = self.phone()
        self.wait(page, reminder, "the reminder that went out before the page opened")
        page.click(testid(f"btn-reminder-{plan['id']}"))
        self.wait(page, f"!{reminder}", "sent, it goes away")
        later = self.phone()
        self.wait(later, js_visible(f"plan-{plan['id']}"), "the plan")
        self.assertFalse(later.evaluate(reminder), "this phone has shared it: the page opened again does not offer it")

    def test_the_calendar_link_goes_to_the_group_from_the_share_view(self):
        self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 86400), "capacity": 10, "place": "Astro 2"})
        page = self.phone()
        self.wait(page, js_visible("btn-share"), "the share button")
        page.click(testid("btn-share"))
        # The view-only link's QR code first: the dialog grows around it, and the choices move.
        self.wait(page, "document.querySelector('[data-testid=share-qr]')?.complete", "the share view")
        page.click(testid("share-choice-calendar"))
        self.wait(page, f"{js_text('share-message')}.includes('/calendar.ics?code=')", "the calendar link")
        link = self.ok(self.c, "plan.calendarLink")["url"]
        title = page.evaluate("document.getElementById('share-title').textContent")
        self.assertEqual(title, "Every game in your calendar")
        self.assertTrue(page.evaluate(js_text("share-message")).endswith(" " + link), "the link the daemon gives")
        self.wait(page, "document.querySelector('[data-testid=calendar-qr]')?.complete", "the calendar's QR code")
        self.assertEqual(decode_qr(page, "[data-testid=calendar-qr]"), [link], "its QR code, to scan at the pitch")
        page.click(testid("btn-share-send"))
        self.wait(page, "window.__shared.length === 1", "the share sheet")
        shared = page.evaluate("window.__shared[0]")
        self.assertEqual(shared["url"], link)
        self.assertIn("subscription", shared["text"])
        page.click(testid("btn-copy-link"))
        self.wait(page, "window.__copied.length === 1", "the copy")
        self.assertEqual(page.evaluate("window.__copied"), [link])
        with urllib.request.urlopen(link, timeout=5) as feed:
            self.assertTrue(feed.headers["Content-Type"].startswith("text/calendar"))
            body = feed.read().decode()
        self.assertTrue(body.startswith("BEGIN:VCALENDAR\r\n"), body[:80])
        self.assertIn("LOCATION:Astro 2\r\n", body, "the open plan, in the feed")

    def test_a_week_for_regulars_first_says_so_on_its_sign_up_link(self):
        ana, bruno = (self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno"))
        self.ok(self.c, "players.update", {"id": ana, "regular": True})
        now = time.time()
        start = (int(now + 3 * 86400) // 60 + 1) * 60
        self.ok(self.c, "plan.schedule", {
            "weekday": dt.datetime.fromtimestamp(start, dt.timezone.utc).strftime("%A").lower(),
            "time": dt.datetime.fromtimestamp(start, dt.timezone.utc).strftime("%H:%M"), "utcOffset": "+00:00",
            "capacity": 10, "opensBefore": int(start - now - 2), "regularsFirst": 86400})
        watcher = self.daemon.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        event, _ = watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "created", timeout=15)
        link = self.ok(self.c, "plan.link", {"plan": event["params"]["id"]})["url"]
        page = self.phone(link)
        self.wait(page, f"{js_visible('signup-terms')} && {js_visible(f'signup-player-{bruno}')}",
                  "the sign-up view with its terms")
        terms = page.evaluate(js_text("signup-terms"))
        self.assertTrue(terms.startswith("Regulars first: players marked regular may join now. "
                                         "Opens for everyone at "), terms)
        page.click(testid(f"signup-player-{bruno}"))
        page.click(testid("btn-in"))
        # Told in words until when (the terms' time), with no reason code.
        until = terms.split("Opens for everyone at ")[1].rstrip(".")
        self.wait(page, f"{js_text('notice')} === {json.dumps(f'This game is for regulars only until {until}.')}",
                  "Bruno refused, and told until when")
        page.click(testid(f"signup-player-{ana}"))
        page.click(testid("btn-in"))
        self.wait(page, f"{js_text('signup-result')}.startsWith(\"You're in, Ana\")", "Ana, a regular, is in")
        self.assertEqual([e["name"] for e in self.ok(self.c, "plans.list")["plans"][0]["going"]], ["Ana"])


if __name__ == "__main__":
    unittest.main()
