"""The pitch's time: the server's own time zone (TZ here; /etc/localtime in a service) decides the offset of a
plan's start written as a wall-clock time, as the scoreboard page's plan form writes it (daemon.time {at}), and
summer and winter time each get theirs."""

import datetime as dt
import unittest

from harness import DaemonTestCase


class PitchTimeZoneTests(DaemonTestCase):
    """A daemon whose zone is Europe/Lisbon: UTC+00:00 in winter, UTC+01:00 in summer."""

    daemon_kwargs = {"env": {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Lisbon"}}

    def test_a_wall_clock_time_takes_the_offset_in_force_at_the_pitch(self):
        year = dt.date.today().year + 1
        now = self.ok(self.c, "daemon.time")
        self.assertEqual(now["zone"], "Europe/Lisbon")
        self.assertRegex(now["local"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?\+0[01]:00$")
        summer = self.ok(self.c, "daemon.time", {"at": f"{year}-07-02T19:00"})["at"]
        winter = self.ok(self.c, "daemon.time", {"at": f"{year}-12-03T19:00"})["at"]
        self.assertEqual((summer, winter), (f"{year}-07-02T19:00:00+01:00", f"{year}-12-03T19:00:00+00:00"))
        plan = self.ok(self.c, "plan.create", {"startsAt": summer, "capacity": 10})
        self.assertEqual((plan["startsAt"], plan["startsAtLocal"]), (f"{year}-07-02T18:00:00.000Z", summer))


if __name__ == "__main__":
    unittest.main()
