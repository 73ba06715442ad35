"""gatherctl plan at the touchline, against a real gatherd in Europe/Lisbon while gatherctl runs in Asia/Tokyo:
starts in the server's local time, the checks before a plan changes in ways people seldom mean, and a plan's
split previewed.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_plan_times.py -v

- `2026-12-03 19:00`, `2026-12-03T19:00`, `thu 19:00`, `next thursday 19:00`, `tomorrow 7pm` are the server's wall
  time, with the offset in force on that day (summer time too), whatever gatherctl's own zone; days count from
  the server's today. Refusals name gatherctl's argument (`<when>`, `--starts-at`), never `startsAt`.
- A plan at the very time of an open one, and `gather start --plan` (or `plan check-in --start`, after the
  check-in) more than 12 h before the plan's start, are refused by gatherd unless --force sends `force`; `plan cancel` without --plan asks on a terminal (y/N) and
  elsewhere needs --yes (exit 2 otherwise).
- `gather suggest --plan ID` shows the split `gather start --plan ID` makes: those checked in, else the going.
"""

from __future__ import annotations

import datetime as dt
import os
import pty
import select
import unittest
from zoneinfo import ZoneInfo

from test_gatherctl import RUN_TIMEOUT, GatherctlTestCase

PITCH = ZoneInfo("Europe/Lisbon")


def offset(day: dt.date, hour: int = 19) -> str:
    """The pitch's UTC offset at that wall time, as gatherd writes it: "+01:00"."""
    text = dt.datetime(day.year, day.month, day.day, hour, tzinfo=PITCH).strftime("%z")
    return text[:3] + ":" + text[3:]


def weekday_from(today: dt.date, now: dt.time, weekday: int, next_: bool) -> dt.date:
    """The rule the help states: `thu 19:00` is the soonest Thursday whose 19:00 is still to come, `next thu` the
    first Thursday after today (weekday: Monday 0, as Python counts)."""
    ahead = (weekday - today.weekday()) % 7
    if ahead == 0 and (next_ or now >= dt.time(19, 0)):
        ahead = 7
    return today + dt.timedelta(days=ahead)


class PlanTimesTests(GatherctlTestCase):
    daemon_kwargs = {"env": {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Lisbon"}}

    def setUp(self):
        super().setUp()
        self.env["TZ"] = "Asia/Tokyo"
        self.ids = {name: self.ok(self.c, "players.create", {"name": name})["id"] for name in ("Ana", "Bruno", "Carla", "Dani")}
        self.year = dt.date.today().year + 1

    def pitch_now(self) -> dt.datetime:
        return dt.datetime.fromisoformat(self.ok(self.c, "daemon.time")["local"])

    def made(self, *when: str, force: bool = True) -> str:
        """`plan new WHEN`; its startsAtLocal."""
        return self.ctl_json("plan", "new", *when, "--capacity", "10", *(["--force"] if force else []))["startsAtLocal"]

    def refused(self, *args, status: int = 1) -> str:
        before = self.ok(self.c, "plans.list"), self.ok(self.c, "gather.current")
        proc = self.run_ctl(*args)
        self.assertEqual((proc.returncode, proc.stdout), (status, ""), self.describe(proc))
        self.assertEqual((self.ok(self.c, "plans.list"), self.ok(self.c, "gather.current")), before, "nothing changed")
        self.assertNotIn("startsAt", proc.stderr, "the message names gatherctl's argument")
        return proc.stderr

    def test_a_start_is_the_servers_wall_time_in_summer_and_winter(self):
        winter, summer = dt.date(self.year, 12, 3), dt.date(self.year, 7, 2)
        self.assertEqual(self.made(f"{self.year}-12-03", "19:00"), f"{winter}T19:00:00{offset(winter)}")
        self.assertEqual(self.made(f"{self.year}-12-03T19:00"), f"{winter}T19:00:00{offset(winter)}")
        self.assertEqual(self.made(f"{self.year}-07-02 19:00"), f"{summer}T19:00:00{offset(summer)}")
        self.assertEqual(offset(summer), "+01:00")
        # With its zone, as written.
        self.assertEqual(self.made(f"{self.year}-12-03T19:00+02:00"), f"{winter}T19:00:00+02:00")

    def test_days_count_from_the_servers_today(self):
        for words, expected in ((("thu", "19:00"), lambda t, n: weekday_from(t, n, 3, False)),
                                (("next", "thursday", "19:00"), lambda t, n: weekday_from(t, n, 3, True)),
                                (("tomorrow", "7pm"), lambda t, n: t + dt.timedelta(days=1)),
                                (("Sat", "at", "19h"), lambda t, n: weekday_from(t, n, 5, False))):
            with self.subTest(words=words):
                before = self.pitch_now()
                local = self.made(*words)
                after = self.pitch_now()
                days = {expected(now.date(), now.time()) for now in (before, after)}  # across midnight, either
                self.assertIn(local, {f"{day}T19:00:00{offset(day)}" for day in days})

    def test_refusals_name_the_command_lines_argument(self):
        err = self.refused("plan", "new", "next", "thursday", "--capacity", "10", status=2)
        self.assertTrue(err.startswith('Error: <when> "next thursday" has no time of day. Write it as'), err)
        err = self.refused("plan", "new", "next", "thursdy", "19:00", "--capacity", "10", status=2)
        self.assertIn('"thursdy" is neither a day nor a time of day; did you mean thursday?', err)
        err = self.refused("plan", "new", f"{self.year}-02-30", "19:00", "--capacity", "10")
        self.assertEqual(err, f'gatherctl: <when> "{self.year}-02-30 19:00": There is no 30 February.\n')
        err = self.refused("plan", "new", "2020-01-01T19:00Z", "--capacity", "10")
        self.assertIn('<when> "2020-01-01T19:00Z"', err)
        self.assertIn("future", err)
        plan = self.ctl_json("plan", "new", f"{self.year}-12-03", "19:00", "--capacity", "10")
        err = self.refused("plan", "update", "--starts-at", "friday", status=2)
        self.assertTrue(err.startswith('Error: --starts-at "friday" has no time of day.'), err)
        moved = self.ctl_json("plan", "update", "--starts-at", f"{self.year}-12-04 20:30")
        self.assertEqual((moved["id"], moved["startsAtLocal"][:16]), (plan["id"], f"{self.year}-12-04T20:30"))

    def test_a_second_plan_at_the_same_time_needs_force(self):
        first = self.made(f"{self.year}-12-03", "19:00", force=False)
        # The same moment, however written.
        for when in ([f"{self.year}-12-03T19:00"], [f"{self.year}-12-03T20:00+01:00"]):
            with self.subTest(when=when):
                err = self.refused("plan", "new", *when, "--capacity", "10")
                self.assertIn("starts then too", err)
                self.assertIn("--force", err)
        self.made(f"{self.year}-12-03T19:00", force=True)
        other = self.ctl_json("plan", "new", f"{self.year}-12-10", "19:00", "--capacity", "10")
        self.assertIn("--force", self.refused("plan", "update", "--plan", other["id"], "--starts-at", f"{self.year}-12-03 19:00"))
        self.assertEqual([p["startsAtLocal"] for p in self.ok(self.c, "plans.list")["plans"]][:2], [first, first])

    def test_starting_a_plan_long_before_it_starts_needs_force(self):
        later = self.ctl_json("plan", "new", f"{self.year}-12-03", "19:00", "--capacity", "4")
        for name in ("Ana", "Bruno"):
            self.ctl("plan", "join", name, "--plan", later["id"])
        err = self.refused("gather", "start", "--plan", later["id"])
        day = dt.date(self.year, 12, 3).strftime("%a")
        self.assertTrue(err.startswith(f"gatherctl: Plan {later['id']} starts {day} 3 Dec 19:00, in about "), err)
        self.assertTrue(err.endswith("; a gather from it now would close its sign-ups early, and nothing was started. "
                                     "To start it now anyway, add --force.\n"), err)
        # The check-in is made; the start is refused as gather start's is.
        proc = self.run_ctl("plan", "check-in", "Ana", "Bruno", "--start", "--plan", later["id"])
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn("Checked in 2 for plan", proc.stdout)
        self.assertIn("To start it now anyway, add --force.", proc.stderr)
        self.assertIsNone(self.ok(self.c, "gather.current"), "nothing started")
        # A plan that starts within 12 h starts without a word.
        soon = dt.datetime.now(dt.timezone.utc).replace(microsecond=0) + dt.timedelta(hours=2)
        tonight = self.ctl_json("plan", "new", soon.strftime("%Y-%m-%dT%H:%M:%SZ"), "--capacity", "4")
        for name in ("Carla", "Dani"):
            self.ctl("plan", "join", name, "--plan", tonight["id"])
        self.assertEqual(self.ctl_json("gather", "start", "--plan", tonight["id"])["plan"], tonight["id"])
        self.ok(self.c, "gather.cancel")
        self.assertEqual(self.ctl_json("gather", "start", "--plan", later["id"], "--force")["plan"], later["id"])

    def test_suggest_previews_the_split_a_plan_starts_with(self):
        plan = self.ctl_json("plan", "new", f"{self.year}-12-03", "19:00", "--capacity", "3")
        for name in ("Ana", "Bruno", "Carla", "Dani"):
            self.ctl("plan", "join", name)
        going = [self.ids[name] for name in ("Ana", "Bruno", "Carla")]
        self.assertEqual(self.ctl_json("gather", "suggest", "--plan", plan["id"]),
                         self.ok(self.c, "gather.suggest", {"players": going}))
        self.assertTrue(self.ctl("gather", "suggest", "--plan", plan["id"]).startswith(
            f"Plan {plan['id']}: 3 going (nobody is checked in yet).\n"))
        self.ctl("plan", "check-in", "Ana", "Carla", "Dani", "--walk-in", "Zé")
        present = [p["id"] for p in self.ok(self.c, "plan.get", {"plan": plan["id"]})["checkIn"]["present"]]
        preview = self.ctl_json("gather", "suggest", "--plan", plan["id"])
        self.assertEqual(preview, self.ok(self.c, "gather.suggest", {"players": present}))
        gather = self.ctl_json("gather", "start", "--plan", plan["id"], "--force")
        for side in ("teamA", "teamB"):
            self.assertEqual(self.member_ids(gather["teams"], side), [p["id"] for p in preview[side]["players"]])
        self.refused("gather", "suggest", "Ana,Bruno", "--plan", plan["id"], status=2)

    @staticmethod
    def cancelled(plan: int) -> str:
        """What `plan cancel` says: the plan it cancelled, and how to take that back."""
        return (f"Cancelled plan {plan}. Called off by mistake? gatherctl plan restore {plan} opens it again, "
                "until its start.\n")

    def on_terminal(self, answer: bytes, *args: str) -> tuple[int, str]:
        """Runs gatherctl ARGS on a terminal, answers its question, and returns its status and what it wrote."""
        pid, fd = pty.fork()
        if pid == 0:  # the child: gatherctl, nothing else
            os.execve(self.gatherctl, [self.gatherctl, *args, "--socket", self.daemon.socket_path], self.env)
        output = b""
        try:
            while b"[y/N]" not in output:
                ready, _, _ = select.select([fd], [], [], RUN_TIMEOUT)
                self.assertTrue(ready, f"gatherctl asked nothing: {output!r}")
                output += os.read(fd, 4096)
            os.write(fd, answer + b"\n")
            while True:
                ready, _, _ = select.select([fd], [], [], RUN_TIMEOUT)
                self.assertTrue(ready, f"gatherctl did not finish: {output!r}")
                try:
                    chunk = os.read(fd, 4096)
                except OSError:  # the terminal closed with gatherctl
                    break
                if not chunk:
                    break
                output += chunk
        finally:
            os.close(fd)
            status = os.waitpid(pid, 0)[1]
        return os.waitstatus_to_exitcode(status), output.decode().replace("\r\n", "\n")

    def test_cancel_without_a_plan_asks_first_or_needs_yes(self):
        soonest = self.ctl_json("plan", "new", f"{self.year}-12-03", "19:00", "--capacity", "10", "--place", "Astro 2")
        other = self.ctl_json("plan", "new", f"{self.year}-12-10", "19:00", "--capacity", "10")
        err = self.refused("plan", "cancel", status=2)
        self.assertIn(f"would cancel the soonest open plan, plan {soonest['id']} (", err)
        self.assertIn(f"--plan {soonest['id']}, or confirm with --yes", err)
        status, out = self.on_terminal(b"n", "plan", "cancel")
        self.assertIn(f"Cancel the soonest open plan, plan {soonest['id']} (", out)
        self.assertIn("Astro 2: 0 going, 0 waiting)? Its sign-up link stops working. [y/N]", out)
        self.assertEqual(status, 1, out)
        self.assertIn("Nothing was cancelled.", out)
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": soonest["id"]})["status"], "open")
        status, out = self.on_terminal(b"y", "plan", "cancel")
        self.assertEqual(status, 0, out)
        self.assertIn(f"Cancelled plan {soonest['id']}.", out)
        self.assertEqual(self.ok(self.c, "plan.get", {"plan": soonest["id"]})["status"], "cancelled")
        # Named, it is cancelled without a question; --yes confirms the soonest.
        third = self.ctl_json("plan", "new", f"{self.year}-12-17", "19:00", "--capacity", "10")
        self.assertEqual(self.ctl("plan", "cancel", "--plan", third["id"]), self.cancelled(third["id"]))
        self.assertEqual(self.ctl("plan", "cancel", "--yes"), self.cancelled(other["id"]))
        self.assertEqual(self.ok(self.c, "plans.list")["plans"], [])


if __name__ == "__main__":
    unittest.main()
