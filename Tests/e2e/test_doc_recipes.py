"""The shell blocks of the README ("Try it") and docs/protocol.md, run as written and in order against a fresh
daemon, with gatherctl on the PATH and GATHERD_SOCKET naming the daemon's socket (issue 10)."""
import os
import re
import shutil
import subprocess
import unittest

from harness import REPO, DaemonTestCase
from test_gatherctl import gatherctl_path


def shell_blocks(path, section=None):
    """The ```sh blocks of a Markdown file, or only those under the `## section` heading."""
    with open(os.path.join(REPO, path)) as f:
        text = f.read()
    if section:
        text = text.split("\n## " + section + "\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S)


@unittest.skipUnless(shutil.which("socat") and shutil.which("jq"), "the recipes need socat and jq")
class DocRecipeTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def run_blocks(self, blocks):
        self.assertGreater(len(blocks), 0)
        env = dict(os.environ, GATHERD_SOCKET=self.daemon.socket_path,
                   PATH=os.path.dirname(gatherctl_path()) + os.pathsep + os.environ["PATH"])
        # One shell for all blocks, so that a helper or variable defined in one serves the next; stdin is
        # closed, so a recipe that follows events with `cat` ends as it would at Ctrl-C.
        script = "set -e\n" + "\n".join(
            "echo '=== block %d'\n%s" % (number, block) for number, block in enumerate(blocks, 1))
        result = subprocess.run(["bash", "-c", script], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                text=True, timeout=120)
        self.assertEqual(result.returncode, 0, "a block failed:\n%s\n%s" % (result.stdout[-3000:], result.stderr))
        self.assertNotRegex(result.stdout, r'"error"\s*:', "a recipe was refused:\n" + result.stdout)
        self.assertEqual(result.stderr, "", result.stderr)
        return result.stdout

    def test_the_readme_try_it_blocks(self):
        out = self.run_blocks(shell_blocks("README.md", "Try it"))
        self.assertIn("Team A 1-0 Team B", out)
        self.assertIn('"score":{"teamA":1,"teamB":1,"text":"1-1"}', out.replace(" ", ""))

    def test_the_protocol_md_blocks(self):
        out = self.run_blocks(shell_blocks("docs/protocol.md"))
        self.assertIn('[-32602,"invalid_params","age"]', out)
        self.assertIn('{"score":"1-1","winner":"none"}', out)
        self.assertRegex(out, r"(?m)^1\t\S+\t1-1\tnone$", "the history page lists the gather")


if __name__ == "__main__":
    unittest.main()
