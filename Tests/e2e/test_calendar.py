"""The plans' calendar feed, GET /calendar.ics?code=CODE, through the real daemon's HTTP listener: what a real
iCalendar parser (Python's icalendar, pinned in the Makefile) reads in it, the RFC 5545 rules it keeps (CRLF, lines
folded at 75 octets, escaped text, a DTSTAMP, a UID per plan that stays), cancelled plans, sign-up links only for
open plans, and the code: required, compared, renewable, never logged, under the listener's Host and Origin
rules."""
import datetime as dt
import itertools
import os
import socket
import time
import unittest
import zoneinfo

import dateutil.rrule
import icalendar
import vobject

from test_plan_schedules import week_opening_in
from webcase import WebCase
from wsclient import http_request


def iso(seconds):
    return dt.datetime.fromtimestamp(seconds, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class CalendarFeedTests(WebCase):
    daemon_log_level = "debug"

    def setUp(self):
        super().setUp()
        self.link = self.ok(self.c, "plan.calendarLink")
        self.path = self.link["url"].split(str(self.port), 1)[1]
        self.code = self.path.split("code=", 1)[1]

    def feed(self, path=None, headers=None, method="GET"):
        return http_request(self.port, method, path or self.path, headers=headers)

    def test_the_feed_is_valid_icalendar_with_every_open_and_recent_plan(self):
        ana = self.ok(self.c, "players.create", {"name": "Ana"})
        note = "Bring both shirts; bibs, cones, a pump \\ goals. Long note: " + "ünïcödé ⚽ " * 12
        soon = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 86400), "capacity": 10,
                                                "place": "Astro 2, north", "note": note})
        self.ok(self.c, "plan.join", {"plan": soon["id"], "player": ana["id"]})
        off = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 2 * 86400), "capacity": 8})
        self.ok(self.c, "plan.cancel", {"plan": off["id"]})
        status, headers, body = self.feed()
        self.assertEqual(status, 200, body)
        self.assertEqual(headers["content-type"], "text/calendar; charset=utf-8")

        # RFC 5545's lexical rules, on the bytes: CRLF after every line, none longer than 75 octets, and a folded
        # line goes on with a space.
        self.assertTrue(body.endswith(b"END:VCALENDAR\r\n"))
        lines = body.split(b"\r\n")[:-1]
        self.assertNotIn(b"\n", b"".join(lines))
        self.assertLessEqual(max(len(line) for line in lines), 75)
        self.assertTrue(any(line.startswith(b" ") for line in lines), "the long note is folded")
        for line in lines:
            line.decode("utf-8")  # no UTF-8 character is split by a fold

        calendar = icalendar.Calendar.from_ical(body)
        self.assertEqual(calendar.errors, [])
        self.assertEqual((str(calendar["VERSION"]), str(calendar["PRODID"])[:10]), ("2.0", "-//gatherd"))
        events = {str(e["UID"]): e for e in calendar.walk("VEVENT")}
        # The UID names the plan, and this machine (gatherd's host name, as links never do).
        self.assertEqual(set(events), {"plan-%d@%s" % (p["id"], socket.gethostname()) for p in (soon, off)})
        for event in events.values():
            self.assertEqual(event.errors, [])
            self.assertIn("DTSTAMP", event)
        open_event = next(e for uid, e in events.items() if uid.startswith("plan-%d@" % soon["id"]))
        self.assertEqual(open_event.decoded("DTSTART"), dt.datetime.fromisoformat(soon["startsAt"].replace("Z", "+00:00")))
        self.assertEqual(open_event.decoded("DTEND") - open_event.decoded("DTSTART"), dt.timedelta(hours=1))
        self.assertEqual(str(open_event["LOCATION"]), "Astro 2, north")
        self.assertEqual(str(open_event["SUMMARY"]), "Football: 9 places left")
        self.assertEqual(str(open_event["STATUS"]), "CONFIRMED")
        description = str(open_event["DESCRIPTION"])
        self.assertTrue(description.startswith(note.strip() + "\n\nGoing (1 of 10): Ana"), description)
        signup = self.ok(self.c, "plan.link", {"plan": soon["id"]})["url"]
        self.assertIn("Sign up: " + signup, description)
        self.assertEqual(str(open_event["URL"]), signup)
        cancelled = next(e for uid, e in events.items() if uid.startswith("plan-%d@" % off["id"]))
        self.assertEqual(str(cancelled["STATUS"]), "CANCELLED")
        self.assertNotIn("URL", cancelled)
        self.assertNotIn("signup=", str(cancelled["DESCRIPTION"]))

        # The same plan keeps its UID, whatever changes.
        self.ok(self.c, "plan.update", {"plan": soon["id"], "capacity": 12})
        again = icalendar.Calendar.from_ical(self.feed()[2])
        self.assertEqual({str(e["UID"]) for e in again.walk("VEVENT")}, set(events))
        self.assertEqual(self.feed(method="HEAD")[0], 200)

    def test_a_request_without_the_right_code_gets_a_short_refusal(self):
        for path in ("/calendar.ics", "/calendar.ics?code=", "/calendar.ics?code=not-the-code",
                     "/calendar.ics?code=%s" % self.code[::-1], "/calendar.ics?other=%s" % self.code):
            with self.subTest(path=path):
                status, _, body = self.feed(path)
                self.assertEqual(status, 403, body)
                self.assertLess(len(body), 200)
                self.assertNotIn(b"BEGIN:VCALENDAR", body)
        renewed = self.ok(self.c, "plan.calendarLink", {"renew": True})["url"]
        self.assertEqual(self.feed()[0], 403, "the old link stops working")
        self.assertEqual(self.feed(renewed.split(str(self.port), 1)[1])[0], 200)
        self.assertEqual(self.feed(method="POST")[0], 405)
        self.assertNotIn(self.code, self.daemon.output(), "codes are never logged")

    def test_the_listeners_host_and_origin_rules_hold(self):
        self.assertEqual(self.feed(headers={"Host": "evil.example"})[0], 421)
        self.assertEqual(self.feed(headers={"Origin": "http://evil.example"})[0], 403)
        self.assertEqual(self.feed(headers={"Origin": "http://127.0.0.1:%d" % self.port})[0], 200)


class CalendarChangesTests(WebCase):
    """A daemon whose plans expire a second after their start."""
    web_args = ("--plan-expiry", "1s")

    def events(self):
        link = self.ok(self.daemon.client(), "plan.calendarLink")["url"]
        status, _, body = http_request(self.port, "GET", link.split(str(self.port), 1)[1])
        self.assertEqual(status, 200, body)
        calendar = icalendar.Calendar.from_ical(body)
        self.assertEqual(calendar.errors, [])
        return {str(e["UID"]).split("@")[0]: e for e in calendar.walk("VEVENT")}

    def test_sequence_grows_with_every_change_of_time_or_status_across_restarts(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 3 * 86400), "capacity": 10})
        uid = "plan-%d" % plan["id"]
        self.assertEqual(int(self.events()[uid]["SEQUENCE"]), 0)
        self.ok(self.c, "plan.update", {"plan": plan["id"], "capacity": 12})
        self.assertEqual(int(self.events()[uid]["SEQUENCE"]), 0, "neither the time nor the status changed")
        self.ok(self.c, "plan.update", {"plan": plan["id"], "startsAt": iso(time.time() + 4 * 86400)})
        self.assertEqual(int(self.events()[uid]["SEQUENCE"]), 1, "the start moved")
        self.daemon.stop()
        self.daemon.start()
        self.wait_http()
        c = self.daemon.client()
        self.assertEqual(int(self.events()[uid]["SEQUENCE"]), 1, "kept across a restart")
        self.ok(c, "plan.update", {"plan": plan["id"], "startsAt": iso(time.time() + 5 * 86400)})
        self.ok(c, "plan.cancel", {"plan": plan["id"]})
        cancelled = self.events()[uid]
        self.assertEqual((int(cancelled["SEQUENCE"]), str(cancelled["STATUS"]), str(cancelled["SUMMARY"])),
                         (3, "CANCELLED", "Football (cancelled)"))

    def test_an_expired_plan_is_cancelled_and_says_it_was_not_played(self):
        plan = self.ok(self.c, "plan.create", {"startsAt": iso(time.time() + 2), "capacity": 4})
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "expired", timeout=15)
        event = self.events()["plan-%d" % plan["id"]]
        self.assertEqual((str(event["STATUS"]), str(event["SUMMARY"]), int(event["SEQUENCE"])),
                         ("CANCELLED", "Football (not played)", 1))
        self.assertIn("Not played", str(event["DESCRIPTION"]))


class CalendarSeriesTests(WebCase):
    """A daemon in Europe/Berlin, whose weekly games show as series."""

    def make_daemon(self):
        daemon = super().make_daemon()
        daemon.env = dict(os.environ, TZ="Europe/Berlin")
        return daemon

    def feed(self):
        link = self.ok(self.c, "plan.calendarLink")["url"]
        status, _, body = http_request(self.port, "GET", link.split(str(self.port), 1)[1])
        self.assertEqual(status, 200, body)
        calendar = icalendar.Calendar.from_ical(body)
        self.assertEqual(calendar.errors, [])
        for component in calendar.walk():
            self.assertEqual(component.errors, [], component.name)
        return body, {str(e["UID"]).split("@")[0]: e for e in calendar.walk("VEVENT")}

    def test_a_weekly_game_is_a_series_of_tentative_weeks_at_19_00_in_summer_and_winter(self):
        schedule = self.ok(self.c, "plan.schedule", {"weekday": "thursday", "time": "19:00", "capacity": 10,
                                                     "place": "Astro 2", "opensBefore": 518400})
        body, events = self.feed()
        series = events["schedule-%d" % schedule["id"]]
        self.assertEqual((str(series["STATUS"]), series["RRULE"]["FREQ"]), ("TENTATIVE", ["WEEKLY"]))
        self.assertEqual(series["DTSTART"].params["TZID"], "Europe/Berlin")
        self.assertIn("not open yet", str(series["SUMMARY"]))
        berlin = zoneinfo.ZoneInfo("Europe/Berlin")
        first = series.decoded("DTSTART")
        self.assertEqual(first.astimezone(dt.timezone.utc),
                         dt.datetime.fromisoformat(schedule["next"]["startsAt"].replace("Z", "+00:00")))
        # icalendar's start with dateutil's expansion, and vobject's own, which reads the feed's VTIMEZONE: a year
        # of Thursdays at 19:00 in Berlin, in winter (18:00 UTC) and in summer (17:00 UTC).
        rule = dateutil.rrule.rrulestr("RRULE:" + series["RRULE"].to_ical().decode(), dtstart=first)
        by_dateutil = list(itertools.islice(rule, 53))
        vevent = next(v for v in vobject.readOne(body.decode()).vevent_list
                      if v.uid.value.startswith("schedule-"))
        by_vobject = list(vevent.getrruleset(addRDate=True).xafter(first - dt.timedelta(seconds=1), count=53, inc=True))
        for occurrences in (by_dateutil, by_vobject):
            local = [o.astimezone(berlin) for o in occurrences]
            self.assertTrue(all((t.weekday(), t.hour, t.minute) == (3, 19, 0) for t in local), local)
            self.assertEqual({o.astimezone(dt.timezone.utc).hour for o in occurrences}, {17, 18})
            self.assertEqual([(b - a).days for a, b in zip(local, local[1:])], [7] * 52)

    def test_a_week_that_opens_leaves_the_series_for_its_own_plan(self):
        params, opening, start = week_opening_in(3)
        schedule = self.ok(self.c, "plan.schedule", params)
        _, events = self.feed()
        series = events["schedule-%d" % schedule["id"]]
        self.assertEqual(series.decoded("DTSTART"), dt.datetime.fromtimestamp(start, dt.timezone.utc))
        self.assertEqual([uid for uid in events if uid.startswith("plan-")], [])
        watcher = self.client()
        self.ok(watcher, "events.subscribe", {"topics": ["plan"]})
        event, _ = watcher.wait_event(lambda e: e["method"] == "plan" and e["params"]["change"] == "created",
                                      timeout=15)
        _, events = self.feed()
        opened = events["plan-%d" % event["params"]["id"]]
        self.assertEqual((opened.decoded("DTSTART"), str(opened["STATUS"])),
                         (dt.datetime.fromtimestamp(start, dt.timezone.utc), "CONFIRMED"))
        moved = events["schedule-%d" % schedule["id"]]
        self.assertEqual(moved.decoded("DTSTART"), dt.datetime.fromtimestamp(start + 7 * 86400, dt.timezone.utc),
                         "the series goes on from the week after")
        self.assertGreater(int(moved["SEQUENCE"]), int(series["SEQUENCE"]))


if __name__ == "__main__":
    unittest.main()
