"""Access control by peer credentials: anyone who can connect may read and subscribe; only root, the
daemon's uid and members of --control-group may change anything. Needs root and setpriv (the client runs
as uid 65534); skipped otherwise."""

import grp
import os
import stat
import subprocess
import unittest

from harness import (
    AsOtherUser,
    MUTATING_METHODS,
    NOBODY_UID,
    DaemonTestCase,
    call_as_user,
    calls_as_user,
    other_user_skip_reason,
    setpriv_prefix,
    user_python,
)


class AccessTestCase(AsOtherUser, DaemonTestCase):
    pass


class NonControllerTests(AccessTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        super().setUp()
        self.p = self.make_players(self.c, 5)
        self.ids = [p["id"] for p in self.p]
        self.gather = self.start_gather(self.c, self.ids[0:2], self.ids[2:4], seconds=300)
        self.ok(self.c, "score.goal", {"team": "teamA", "player": self.ids[0]})

    def state(self):
        return {
            "players": self.ok(self.c, "players.list"),
            "gather": self.ok(self.c, "gather.current"),
            "history": self.ok(self.c, "gathers.list"),
            "seq": self.ok(self.c, "daemon.status")["seq"],
        }

    def test_the_socket_mode_is_applied(self):
        mode = stat.S_IMODE(os.stat(self.daemon.socket_path).st_mode)
        self.assertEqual(mode, 0o666, oct(mode))

    def test_reads_are_allowed(self):
        reads = [
            {"method": "daemon.ping"},
            {"method": "timer.status"},
            {"method": "players.list"},
            {"method": "players.get", "params": {"id": self.ids[0]}},
            {"method": "gather.current"},
            {"method": "score.get"},
            {"method": "gathers.list"},
            {"method": "rpc.discover"},
        ]
        replies = calls_as_user(self.daemon.socket_path, reads)
        for request, reply in zip(reads, replies):
            with self.subTest(method=request["method"]):
                self.assertIsNotNone(reply, "the daemon closed the connection")
                self.assertResult(reply)
        by_method = {r["method"]: reply["result"] for r, reply in zip(reads, replies)}
        self.assertEqual(by_method["timer.status"]["state"], "stopped")
        self.assertEqual(by_method["players.list"], self.ok(self.c, "players.list"))
        self.assertEqual(by_method["players.get"], self.p[0])
        self.assertEqual(by_method["gather.current"]["score"]["text"], "1-0")
        self.assertEqual(by_method["score.get"], self.ok(self.c, "score.get"))

    def test_subscriptions_are_allowed(self):
        replies = calls_as_user(
            self.daemon.socket_path,
            [{"method": "events.subscribe"}, {"method": "events.subscribe", "params": {"topics": ["score"]}}, {"method": "events.unsubscribe", "params": {"subscription": 0}}],
        )
        first = self.assertResult(replies[0])
        self.assertEqual(first["snapshot"]["score"]["text"], "1-0")
        self.assertResult(replies[1])
        self.assertRpcError(replies[2], -32001, "subscription_not_found")

    def test_every_mutating_method_is_forbidden_and_changes_nothing(self):
        before = self.state()
        params = {
            "players.create": {"name": "Mallory"},
            "players.update": {"id": self.ids[0], "name": "Hacked"},
            "players.delete": {"id": self.ids[4]},
            "gather.start": {"teamA": [self.ids[0]], "teamB": [self.ids[1]]},
            "gather.assign": {"player": self.ids[4], "team": "teamA"},
            "gather.rename": {"names": {"teamA": "Bibs"}},
            "timer.set": {"seconds": 60},
            "timer.format": {"periods": 2},
            "timer.addTime": {"seconds": 60},
            "score.goal": {"team": "teamB"},
            "score.set": {"teamA": 0, "teamB": 9},
        }
        requests = [{"method": m, **({"params": params[m]} if m in params else {})} for m in MUTATING_METHODS]
        replies = calls_as_user(self.daemon.socket_path, requests)
        for request, reply in zip(requests, replies):
            with self.subTest(method=request["method"]):
                self.assertIsNotNone(reply, "the daemon closed the connection instead of answering")
                self.assertRpcError(reply, -32003, "forbidden")
        self.assertEqual(self.state(), before, "a forbidden call must change nothing and emit no event")

    def test_players_create_is_forbidden(self):
        reply = call_as_user(self.daemon.socket_path, "players.create", {"name": "Mallory"})
        error = self.assertRpcError(reply, -32003, "forbidden")
        self.assertEqual(error["data"]["reason"], "forbidden")
        self.assertEqual(self.ok(self.c, "players.list")["players"], self.p)

    def test_status_says_who_may_mutate(self):
        theirs = self.assertResult(call_as_user(self.daemon.socket_path, "daemon.status"))
        self.assertIs(theirs["controller"], False)
        ours = self.ok(self.c, "daemon.status")
        self.assertIs(ours["controller"], True)
        self.assertEqual(theirs["players"], ours["players"])


class ControlGroupTests(AccessTestCase):
    """--control-group lets a group's members mutate. The client's primary gid is the group's."""

    fresh_daemon_per_test = True
    GROUP = "users"

    @classmethod
    def setUpClass(cls):
        try:
            cls.gid = grp.getgrnam(cls.GROUP).gr_gid
        except KeyError:
            raise unittest.SkipTest(f"no group named {cls.GROUP!r} on this machine")
        cls.daemon_args = ("--socket-mode", "0666", "--control-group", cls.GROUP)
        super().setUpClass()

    def test_a_member_of_the_control_group_may_mutate(self):
        if user_python(NOBODY_UID, self.gid) is None:
            self.skipTest(f"no python3 that uid {NOBODY_UID} with gid {self.gid} can run")
        replies = calls_as_user(
            self.daemon.socket_path,
            [{"method": "daemon.status"}, {"method": "players.create", "params": {"name": "Member"}}],
            gid=self.gid,
        )
        self.assertIs(self.assertResult(replies[0])["controller"], True)
        created = self.assertResult(replies[1])
        self.assertEqual(self.ok(self.c, "players.get", {"id": created["id"]})["name"], "Member")

    def test_others_are_still_forbidden(self):
        reply = call_as_user(self.daemon.socket_path, "players.create", {"name": "Outsider"})
        self.assertRpcError(reply, -32003, "forbidden")
        self.assertIs(self.assertResult(call_as_user(self.daemon.socket_path, "daemon.status"))["controller"], False)
        self.assertEqual(self.ok(self.c, "players.list")["players"], [])


class DefaultSocketModeTests(AccessTestCase):
    """Without --socket-mode the socket is 0660 (see test_defaults), so other users cannot even connect."""

    daemon_args = ()

    def test_another_user_cannot_connect(self):
        python = user_python()
        proc = subprocess.run(
            setpriv_prefix()
            + [python, "-I", "-c", "import socket, sys; s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])", self.daemon.socket_path],
            cwd="/",
            env={"PATH": "/usr/bin:/bin"},
            capture_output=True,
            timeout=30,
        )
        self.assertNotEqual(proc.returncode, 0, "uid 65534 connected to a 0660 root socket")
        self.assertIn(b"PermissionError", proc.stderr)


if __name__ == "__main__":
    unittest.main()
