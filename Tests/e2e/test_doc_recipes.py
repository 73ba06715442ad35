"""The shell blocks of the README ("Try it") and docs/protocol.md, run as written and in order against a fresh
daemon, with gatherctl on the PATH.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_doc_recipes.py -v

First with GATHERD_SOCKET naming the daemon's socket; then as the user running them finds it with nothing set,
as root and as an ordinary user (uid 65534, with XDG_RUNTIME_DIR unset, as from cron). Those two run in a
private mount namespace (`unshare --mount`) whose /run is a fresh tmpfs, so gatherd listens on its real
default socket (/run/gatherd/gatherd.sock for root, /run/user/65534/gatherd/gatherd.sock for the user)
without touching the machine's /run; the test starts the blocks once gatherd says READY=1 on a notify socket.
"""
import os
import re
import shutil
import socket
import subprocess
import tempfile
import unittest

from harness import NOBODY_GID, NOBODY_UID, READY_DEADLINE, REPO, DaemonTestCase, require_binary, setpriv_prefix
from test_gatherctl import gatherctl_path

#: The README's lines that find the socket; docs/protocol.md uses the same ones (the rule is in one place).
SOCKET_RULE = re.compile(r'^if \[ -n "\$\{GATHERD_SOCKET:-\}" \]; then S=.*?; fi$', re.M | re.S)
BLOCKS_TIMEOUT = 120


def shell_blocks(path, section=None):
    """The ```sh blocks of a Markdown file, or only those under the `## section` heading."""
    with open(os.path.join(REPO, path)) as f:
        text = f.read()
    if section:
        text = text.split("\n## " + section + "\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S)


def script(blocks):
    """One shell for all blocks, so that a helper or variable defined in one serves the next."""
    return "set -e\n" + "\n".join("echo '=== block %d'\n%s" % (number, block) for number, block in enumerate(blocks, 1))


README_BLOCKS = ("README.md", "Try it")
PROTOCOL_BLOCKS = ("docs/protocol.md", None)


class BlockAssertions(unittest.TestCase):
    def check_output(self, result, what):
        self.assertEqual(result.returncode, 0, "%s: a block failed:\n%s\n%s" % (what, result.stdout[-3000:], result.stderr))
        self.assertNotRegex(result.stdout, r'"error"\s*:', "%s: a recipe was refused:\n%s" % (what, result.stdout))
        self.assertEqual(result.stderr, "", result.stderr)

    def check_readme(self, out):
        self.assertIn("Goal! Ana (", out)
        self.assertIn("Team A 1-0 Team B", out)
        self.assertIn('"score":{"teamA":1,"teamB":1,"text":"1-1"}', out.replace(" ", ""))

    def check_protocol(self, out):
        self.assertIn('[-32602,"invalid_params","age"]', out)
        self.assertIn('{"score":"1-1","winner":"none"}', out)
        self.assertRegex(out, r"(?m)^1\t\S+\t1-1\tnone$", "the history page lists the gather")
        # Match day: team names, a goal's minute and half time called early.
        self.assertIn('{"teamA":"Bibs","teamB":"Colours"}', out)
        self.assertRegex(out, r"(?m)^1'$")
        self.assertIn('{"state":"break","display":"15:00","period":1}', out)


@unittest.skipUnless(shutil.which("socat") and shutil.which("jq"), "the recipes need socat and jq")
class DocRecipeTests(BlockAssertions, DaemonTestCase):
    fresh_daemon_per_test = True

    def run_blocks(self, blocks):
        self.assertGreater(len(blocks), 0)
        env = dict(os.environ, GATHERD_SOCKET=self.daemon.socket_path,
                   PATH=os.path.dirname(gatherctl_path()) + os.pathsep + os.environ["PATH"])
        # stdin is closed, so a recipe that follows events with `cat` ends as it would at Ctrl-C.
        result = subprocess.run(["bash", "-c", script(blocks)], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                text=True, timeout=BLOCKS_TIMEOUT)
        self.check_output(result, "with GATHERD_SOCKET")
        return result.stdout

    def test_the_readme_try_it_blocks(self):
        self.check_readme(self.run_blocks(shell_blocks(*README_BLOCKS)))

    def test_the_protocol_md_blocks(self):
        self.check_protocol(self.run_blocks(shell_blocks(*PROTOCOL_BLOCKS)))

    def test_the_socket_rule_is_written_once(self):
        readme = SOCKET_RULE.findall("\n".join(shell_blocks(*README_BLOCKS)))
        protocol = SOCKET_RULE.findall("\n".join(shell_blocks(*PROTOCOL_BLOCKS)))
        self.assertEqual(len(readme), 1, "the README's blocks find the socket once")
        self.assertGreaterEqual(len(protocol), 1)
        self.assertEqual(set(protocol), set(readme), "docs/protocol.md finds the socket with the README's lines")
        for path, _ in (README_BLOCKS, PROTOCOL_BLOCKS):
            with open(os.path.join(REPO, path)) as f:
                self.assertNotIn("S=${GATHERD_SOCKET:-", f.read(), f"{path} has another rule for the socket")


def namespace_skip_reason():
    if os.geteuid() != 0:
        return "needs root: a private mount namespace, and setpriv for the ordinary user"
    for tool in ("unshare", "setpriv", "socat", "jq"):
        if not shutil.which(tool):
            return f"needs {tool}"
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", "true"], capture_output=True)
    if probe.returncode != 0:
        return "cannot make a private mount namespace here: " + probe.stderr.decode(errors="replace").strip()
    return None


class AsTheUserRunningThemTests(BlockAssertions):
    """The blocks with no socket variable, finding the daemon's default socket for root and for a user."""

    @classmethod
    def setUpClass(cls):
        reason = namespace_skip_reason()
        if reason:
            raise unittest.SkipTest(reason)
        cls.gatherd = require_binary()
        cls.bin_dir = os.path.dirname(os.path.abspath(gatherctl_path()))

    def run_blocks(self, blocks, as_user):
        """Starts gatherd with its default socket in a private /run and runs the blocks, as root or as uid
        65534 (both for gatherd and for the blocks); returns what the blocks printed."""
        tmp = tempfile.mkdtemp(prefix="gatherd-recipes-")
        self.addCleanup(shutil.rmtree, tmp, True)
        os.chmod(tmp, 0o755)
        state = os.path.join(tmp, "state")
        os.mkdir(state)
        if as_user:
            os.chown(state, NOBODY_UID, NOBODY_GID)
        with open(os.path.join(tmp, "blocks.sh"), "w") as f:
            f.write(script(blocks))
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.addCleanup(notify.close)
        notify.bind(os.path.join(tmp, "notify"))
        os.chmod(os.path.join(tmp, "notify"), 0o777)

        as_whom = " ".join(setpriv_prefix()) if as_user else ""
        path = f"{self.bin_dir}:/usr/bin:/bin"
        daemon_env = f"PATH={path} HOME={state} NOTIFY_SOCKET={tmp}/notify"
        if as_user:
            daemon_env += f" XDG_RUNTIME_DIR=/run/user/{NOBODY_UID}"
        inner = f"""
set -e
mount -t tmpfs -o mode=0755 gatherd-recipes /run
{f"install -d -o {NOBODY_UID} -g {NOBODY_GID} -m 0700 /run/user/{NOBODY_UID}" if as_user else ""}
env -i {daemon_env} {as_whom} {self.gatherd} --database {state}/gather.sqlite --log-level warning \\
  >{tmp}/gatherd.log 2>&1 </dev/null &
daemon=$!
trap 'kill $daemon 2>/dev/null; wait $daemon 2>/dev/null || true' EXIT
read -r go
env -i PATH={path} HOME={tmp} LANG=C.UTF-8 {as_whom} bash {tmp}/blocks.sh </dev/null
"""
        proc = subprocess.Popen(["unshare", "--mount", "--propagation", "private", "bash", "-c", inner],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.addCleanup(lambda: proc.poll() is None and proc.kill())
        notify.settimeout(READY_DEADLINE)
        message = b""
        try:
            while b"READY=1" not in message.split(b"\n"):
                message = notify.recv(4096)
        except socket.timeout:
            proc.kill()
            out, err = proc.communicate(timeout=30)
            with open(os.path.join(tmp, "gatherd.log")) as log:
                self.fail(f"gatherd did not say READY=1 within {READY_DEADLINE} s: {err}{log.read()}")
        out, err = proc.communicate("go\n", timeout=BLOCKS_TIMEOUT)
        result = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
        self.check_output(result, "as uid %d" % NOBODY_UID if as_user else "as root")
        return out

    def test_the_readme_try_it_blocks_as_root(self):
        self.check_readme(self.run_blocks(shell_blocks(*README_BLOCKS), as_user=False))

    def test_the_readme_try_it_blocks_as_an_ordinary_user(self):
        self.check_readme(self.run_blocks(shell_blocks(*README_BLOCKS), as_user=True))

    def test_the_protocol_md_blocks_as_root(self):
        self.check_protocol(self.run_blocks(shell_blocks(*PROTOCOL_BLOCKS), as_user=False))

    def test_the_protocol_md_blocks_as_an_ordinary_user(self):
        self.check_protocol(self.run_blocks(shell_blocks(*PROTOCOL_BLOCKS), as_user=True))


if __name__ == "__main__":
    unittest.main()
