"""`gatherctl web token`: the control token's file for `gatherd --http-token-file`, made once and kept.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_web_token.py -v

The file goes where the README's example says, ~/.config/gatherd/token ($XDG_CONFIG_HOME/gatherd/token), mode
0600 in a folder of mode 0700, with a token gatherd takes (one line of at least 16 printable ASCII characters;
this one 32 random ones); gatherctl says where it is and how to start gatherd with it, and never prints the token.
A real gatherd started with the file serves the control link with that token. A file already there is kept; one
gatherd would refuse, or one others may read, is refused with what to do.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import unittest

from harness import Daemon
from test_gatherctl import GatherctlTestCase
from webcase import free_port


class WebTokenTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.home = tempfile.mkdtemp(prefix="gatherctl-home-")
        self.env.update(HOME=self.home)
        self.env.pop("XDG_CONFIG_HOME", None)

    def mode(self, path: str) -> int:
        return stat.S_IMODE(os.stat(path).st_mode)

    def test_makes_the_readmes_token_file_once_and_gatherd_takes_it(self):
        path = os.path.join(self.home, ".config", "gatherd", "token")
        out = self.ctl("web", "token", socket=None)
        self.assertTrue(out.startswith(f"Made a control token in {path} (mode 0600: only you may read it).\n"), out)
        self.assertIn(f"  gatherd --http 0.0.0.0:8080 --http-token-file {path}\n", out)
        self.assertIn(f'  make run ARGS="--http 0.0.0.0:8080 --http-token-file {path}"\n', out)
        with open(path, encoding="ascii") as handle:
            token = handle.read()
        self.assertRegex(token, r"^[A-Za-z0-9_-]{32}\n$")
        self.assertNotIn(token.strip(), out, "the token itself is never printed")
        self.assertEqual((self.mode(path), self.mode(os.path.dirname(path))), (0o600, 0o700))
        # Run again: kept as it is.
        again = self.ctl("web", "token", socket=None)
        self.assertTrue(again.startswith(f"The control token is in {path} (kept as it is).\n"), again)
        with open(path, encoding="ascii") as handle:
            self.assertEqual(handle.read(), token)
        # Another one elsewhere is another token.
        other = os.path.join(self.home, "elsewhere", "token")
        self.assertEqual(self.ctl_json("web", "token", "--file", other, socket=None), {"file": other, "created": True})
        with open(other, encoding="ascii") as handle:
            self.assertNotEqual(handle.read(), token)
        # gatherd takes it: the control link carries it.
        daemon = Daemon(["--http", f"127.0.0.1:{free_port()}", "--http-token-file", path])
        self.addCleanup(daemon.cleanup)
        daemon.start()
        link = self.run_ctl("web", "link", "--control", socket=daemon.socket_path)
        self.assertEqual(link.returncode, 0, self.describe(link))
        self.assertRegex(link.stdout, r"^http://127\.0\.0\.1:\d+/#token=" + re.escape(token.strip()) + "\n$")

    def test_a_file_gatherd_would_refuse_or_others_may_read_is_left_as_it_is(self):
        folder = os.path.join(self.home, ".config", "gatherd")
        os.makedirs(folder)
        path = os.path.join(folder, "token")
        with open(path, "w", encoding="ascii") as handle:
            handle.write("too short\n")
        os.chmod(path, 0o600)
        proc = self.run_ctl("web", "token", socket=None)
        self.assertEqual((proc.returncode, proc.stdout), (1, ""), self.describe(proc))
        self.assertIn("holds no token gatherd takes", proc.stderr)
        with open(path, "w", encoding="ascii") as handle:
            handle.write("a-long-enough-token-of-thirty-two\n")
        os.chmod(path, 0o644)
        proc = self.run_ctl("web", "token", socket=None)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertIn(f"chmod 600 {path}", proc.stderr)
        with open(path, encoding="ascii") as handle:
            self.assertEqual(handle.read(), "a-long-enough-token-of-thirty-two\n")

    def test_xdg_config_home_is_where_the_file_goes(self):
        config = os.path.join(self.home, "xdg")
        self.env["XDG_CONFIG_HOME"] = config
        out = self.ctl("web", "token", socket=None)
        self.assertIn(os.path.join(config, "gatherd", "token"), out)
        self.assertEqual(self.mode(os.path.join(config, "gatherd", "token")), 0o600)


if __name__ == "__main__":
    unittest.main()
