"""Every status-bar format through a whole match of two halves with a break and added time.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_statusbar_match.py -v

A real gatherd plays two halves of 4 s with a 3 s break; 2 s are added in each half. `gatherctl watch` runs
in every format at once (plain, polybar, i3blocks, waybar, json), and `gatherctl timer` is asked at each
stage. The test acts when the plain watch shows a moment (a line, never a sleep), then reads every watch's
lines to the final whistle and checks them: the break reads "HT 00:03 · 0-0" in the text formats, waybar's
class is "break" and its percentage is measured against the break; added time reads "+0:02" and the
percentage is measured against the period plus its added time, so it never jumps; and when the break ends,
the next line is the second half waiting at 00:04, with no stray "00:00" line between; the final whistle reads
"FT · 1-0" (and `gatherctl timer` "FT, full time").
"""

from __future__ import annotations

import re
import unittest

from test_gatherctl import TEXT_FORMATS, GatherctlTestCase, View

PERIOD = 4
BREAK = 3
ADDED = 2
#: How long one half may take to show a moment (its length, its added time and the break, with room to spare).
STAGE_TIMEOUT = PERIOD + ADDED + BREAK + 10
CLOCK = re.compile(r"^(?:(HT) )?(\d\d):(\d\d)(?: \+(\d+):(\d\d))? · (\d+-\d+)$")


def parse_text(text: str) -> tuple[bool, int, int | None, str]:
    """'HT 00:02 · 0-0' -> (in the break, seconds shown, added seconds left or None, score)."""
    match = CLOCK.match(text)
    if match is None:
        raise AssertionError(f"not a clock line: {text!r}")
    ht, minutes, seconds, added_minutes, added_seconds, score = match.groups()
    added = None if added_minutes is None else int(added_minutes) * 60 + int(added_seconds)
    return ht is not None, int(minutes) * 60 + int(seconds), added, score


class StatusBarMatchTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ids = [player["id"] for player in self.make_players(self.c, 2)]

    def timer_line(self) -> str:
        return self.ctl("timer").rstrip("\n")

    def test_every_format_through_two_halves_a_break_and_added_time(self):
        gather = self.start_gather(self.c, self.ids[:1], self.ids[1:], periods=2, periodLength=PERIOD, breakLength=BREAK)
        self.gather_id = gather["id"]
        formats = ("plain", "polybar", "i3blocks", "waybar", "json")
        watches = {fmt: self.watch("--format", fmt) for fmt in formats}
        # Without the timer topic, watch learns of each period's and break's end from its last tick alone.
        ticks_only = self.watch("--format", "plain", "--topics", "tick,score,gather")
        plain = watches["plain"]
        first = self.view(plain, "plain")
        self.assertEqual(first.line, "00:04 · 0-0")
        self.assertEqual(self.timer_line(), "00:04 left, stopped, 1st half")

        def wait(text: str, what: str) -> View:
            return self.wait_view(plain, "plain", lambda v: v.line == text, STAGE_TIMEOUT, what)

        # First half: 2 s added with two seconds to go.
        self.ok(self.c, "timer.start")
        wait("00:02 · 0-0", "two seconds to go")
        self.ok(self.c, "timer.addTime", {"seconds": ADDED})
        self.wait_view(plain, "plain", lambda v: v.line.endswith("+0:02 · 0-0"), STAGE_TIMEOUT, "the added time")
        self.assertRegex(self.timer_line(), r"^00:0[0-2] \+0:0[0-2] left, running, 1st half$")
        # The break.
        view = self.wait_view(plain, "plain", lambda v: v.line.startswith("HT"), STAGE_TIMEOUT, "half time")
        self.assertEqual(view.line, "HT 00:03 · 0-0", "the break starts at its full length")
        self.assertRegex(self.timer_line(), r"^HT 00:0[1-3] left, break after the 1st half$")
        # The break ends by itself; the second half waits.
        wait("00:04 · 0-0", "the second half waiting")
        self.assertEqual(self.timer_line(), "00:04 left, stopped, 2nd half")
        self.ok(self.c, "score.goal", {"team": "teamA"})
        wait("00:04 · 1-0", "the goal")
        self.ok(self.c, "timer.start")
        wait("00:01 · 1-0", "one second to go")
        self.ok(self.c, "timer.addTime", {"seconds": ADDED})
        self.wait_view(plain, "plain", lambda v: v.line.endswith("+0:02 · 1-0"), STAGE_TIMEOUT, "more added time")
        self.wait_view(watches["json"], "json", lambda v: v.obj["state"] == "finished", STAGE_TIMEOUT, "the end")
        # Full time reads FT, as on the board and over MQTT, with the result first in gather status.
        self.assertEqual(self.timer_line(), "FT, full time")
        self.assertEqual(self.ctl("gather", "status").splitlines()[0], f"Gather {self.gather_id}: FT · Team A 1-0 Team B")

        # Every format, every line, to the end.
        lines = {}
        for fmt, watch in watches.items():
            views = [View(fmt, line, at) for at, line in watch.lines]
            while not self.finished(views[-1] if views else None):
                views.append(self.view(watch, fmt, STAGE_TIMEOUT))
            lines[fmt] = views
        texts = [view.line for view in lines["plain"]]
        for fmt in ("polybar", "i3blocks"):
            self.assertEqual([view.line for view in lines[fmt]], texts, f"{fmt} prints the plain lines")
        # waybar prints a line for a new class too (running, paused) where the text stays as it was.
        waybar_texts = [view.obj["text"] for view in lines["waybar"]]
        self.assertEqual([t for i, t in enumerate(waybar_texts) if i == 0 or t != waybar_texts[i - 1]], texts)
        self.check_text_lines(texts)
        views = [View("plain", line, at) for at, line in ticks_only.lines]
        while not self.finished(views[-1] if views else None):
            views.append(self.view(ticks_only, "plain", STAGE_TIMEOUT))
        self.check_text_lines([view.line for view in views])
        for view in lines["waybar"]:
            self.check_waybar(view)
        for view in lines["json"]:
            self.check_json(view)

    @staticmethod
    def finished(view: View | None) -> bool:
        if view is None:
            return False
        if view.fmt == "json":
            return view.obj["state"] == "finished"
        if view.fmt == "waybar":
            return view.obj["class"] == "finished"
        return view.line == "FT · 1-0"

    def check_text_lines(self, texts: list[str]) -> None:
        # Full time reads FT and the result, as the board and MQTT say it, and only at the end.
        self.assertEqual(texts[-1], "FT · 1-0", texts)
        texts = texts[:-1]
        parsed = [parse_text(text) for text in texts]
        breaks = [index for index, (in_break, *_) in enumerate(parsed) if in_break]
        self.assertTrue(breaks, texts)
        self.assertEqual(breaks, list(range(breaks[0], breaks[-1] + 1)), f"one break, shown without a gap: {texts}")
        self.assertEqual([texts[i] for i in breaks], ["HT 00:03 · 0-0", "HT 00:02 · 0-0", "HT 00:01 · 0-0"], texts)
        # Before it, the end of the first half's added time; after it, the second half waiting, nothing between.
        # (A watch without the timer topic sees the added time at the next tick.)
        self.assertEqual(texts[breaks[0] - 1], "00:00 +0:01 · 0-0", texts)
        self.assertEqual(texts[breaks[-1] + 1], "00:04 · 0-0", f"no stray line when the break ends: {texts}")
        for text, (in_break, shown, added, _) in zip(texts, parsed):
            if not in_break and shown == 0 and added is None:
                self.fail(f"a 00:00 line without added time, which this match never has: {text!r} in {texts}")

    def check_waybar(self, view: View) -> None:
        obj = view.obj
        if obj["class"] == "finished":
            self.assertEqual((obj["text"], obj["tooltip"].split("\n")[1], obj["percentage"]),
                             ("FT · 1-0", "FT, full time", 100), view)
            return
        in_break, shown, added, _ = parse_text(obj["text"])
        tooltip_clock = obj["tooltip"].split("\n")[1]
        if in_break:
            self.assertEqual(obj["class"], "break", view)
            self.assertEqual(tooltip_clock, f"HT 00:0{shown} left, break after the 1st half", view)
            total, left = BREAK, shown
        else:
            self.assertIn(obj["class"], ("running", "paused", "finished"), view)
            self.assertNotIn("HT", obj["tooltip"], view)
            total, left = PERIOD + (ADDED if added is not None else 0), shown + (added or 0)
        if obj["class"] == "paused":  # a half waiting to start
            self.assertEqual(obj["percentage"], 0, view)
            return
        # The seconds shown are rounded up: the time left is in (left - 1, left], so the part played is too.
        low, high = (total - left) * 100 // total, (total - left + 1) * 100 // total
        self.assertGreaterEqual(obj["percentage"], low, f"percentage against {total} s: {view}")
        self.assertLessEqual(obj["percentage"], high, f"percentage against {total} s: {view}")

    def check_json(self, view: View) -> None:
        obj = view.obj
        if obj["state"] == "break":
            self.assertIsNone(obj["added"], view)
            self.assertEqual(obj["period"], 1, view)
        if obj["added"] is not None:
            self.assertRegex(obj["added"], r"^\+0:0[0-2]$", view)


if __name__ == "__main__":
    unittest.main()
