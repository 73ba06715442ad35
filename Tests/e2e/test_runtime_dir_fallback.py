"""No XDG_RUNTIME_DIR (cron, ssh without logind): gatherd and gatherctl agree on /run/user/UID."""
import os
import shutil
import stat
import subprocess
import unittest

from harness import NOBODY_GID, NOBODY_UID, Daemon, RpcAssertions, require_binary, setpriv_prefix
from test_defaults import clean_env
from test_gatherctl import gatherctl_path

RUNTIME = "/run/user/%d" % NOBODY_UID


@unittest.skipUnless(os.geteuid() == 0 and shutil.which("setpriv"), "needs root and setpriv to act as uid 65534")
class RuntimeDirFallbackTests(RpcAssertions, unittest.TestCase):
    def setUp(self):
        probe = subprocess.run(setpriv_prefix() + ["/usr/bin/test", "-x", require_binary()], capture_output=True)
        if probe.returncode != 0:
            self.skipTest("uid %d cannot execute gatherd" % NOBODY_UID)
        if os.path.lexists(RUNTIME):
            self.skipTest(RUNTIME + " already exists; it belongs to someone else")
        os.makedirs(RUNTIME, 0o700)
        os.chown(RUNTIME, NOBODY_UID, NOBODY_GID)
        self.addCleanup(shutil.rmtree, RUNTIME, True)

    def test_daemon_and_gatherctl_both_use_run_user_uid(self):
        daemon = Daemon(pass_paths=False, dir_mode=0o755)
        self.addCleanup(daemon.cleanup)
        home = os.path.join(daemon.tmp, "home")
        os.mkdir(home, 0o700)
        os.chown(home, NOBODY_UID, NOBODY_GID)
        daemon.wrapper = setpriv_prefix()
        daemon.env = clean_env(HOME=home)  # no XDG_* at all
        daemon.socket_path = os.path.join(RUNTIME, "gatherd", "gatherd.sock")
        daemon.start()
        self.assertTrue(stat.S_ISSOCK(os.stat(daemon.socket_path).st_mode), "the socket is under /run/user/UID")
        client = daemon.client()
        self.addCleanup(client.close)
        self.ok(client, "players.create", {"name": "Cron"})
        # gatherctl, as the same user and also without XDG_RUNTIME_DIR, finds it with no --socket.
        for env in (clean_env(HOME=home), clean_env(HOME=home, XDG_RUNTIME_DIR="")):
            result = subprocess.run(setpriv_prefix() + [gatherctl_path(), "players", "list"], env=env,
                                    capture_output=True, text=True, timeout=10)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertIn("Cron", result.stdout)

    def test_help_states_the_rule(self):
        for binary in (require_binary(), gatherctl_path()):
            text = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=10).stdout
            self.assertIn("/run/user/UID", " ".join(text.split()), binary)


if __name__ == "__main__":
    unittest.main()
