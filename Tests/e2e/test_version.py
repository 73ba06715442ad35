"""One version (Sources/GatherRPC/VERSION): gatherd --version, gatherctl --version, daemon.status and the
OpenRPC document's info.version all say it."""
import os
import subprocess

from harness import REPO, DaemonTestCase, require_binary
from test_gatherctl import gatherctl_path

with open(os.path.join(REPO, "Sources", "GatherRPC", "VERSION")) as version_file:
    VERSION = version_file.read().strip()


class VersionTests(DaemonTestCase):
    def test_both_binaries_print_the_version_file(self):
        for name, binary in [("gatherd", require_binary()), ("gatherctl", gatherctl_path())]:
            out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10).stdout
            self.assertEqual(out.strip(), "%s %s" % (name, VERSION))

    def test_the_daemon_reports_the_version_file(self):
        self.assertEqual(self.c.call("daemon.status")["result"]["version"], VERSION)
        self.assertEqual(self.c.call("rpc.discover")["result"]["info"]["version"], VERSION)
