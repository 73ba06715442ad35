"""gatherctl's own outputs, byte for byte against the golden files in gatherctl-outputs/.

    GATHERD_BIN=.build/debug/gatherd python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_outputs.py -v

The goldens are what a user of gatherctl sees, and this test holds the binary to them: `--help` of every
command (and `help PATH`), `--version`, the bash, zsh and fish completion scripts, `--experimental-dump-help`,
the man page that `generate-manual` writes from it (as `make install` does, with a fixed date), and the stdout,
stderr and exit status of representative errors (usage, unreachable, refused by a real daemon).

When an output changes on purpose, regenerate the goldens and commit them with the change, so the diff shows
what a user sees differently:

    GATHERCTL_OUTPUTS_UPDATE=1 GATHERD_BIN=.build/debug/gatherd \
        python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p test_gatherctl_outputs.py
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
import unittest

from harness import DaemonTestCase
from test_gatherctl import RUN_TIMEOUT, require_gatherctl

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "gatherctl-outputs")
UPDATE = os.environ.get("GATHERCTL_OUTPUTS_UPDATE") == "1"
#: The man page's date, fixed so that the page does not change with the day it is made.
MAN_DATE = "2026-01-01"
#: A socket nobody listens on, for the "cannot reach the daemon" case (its path is in the message).
MISSING_SOCKET = "/nonexistent/gatherd.sock"

#: Command lines that must fail, with their exact messages and statuses, needing no daemon.
USAGE_ERRORS = (
    ("bogus",),
    ("players", "bogus"),
    ("timer", "stop"),
    ("players", "show"),
    ("players", "add"),
    ("players", "add", "Ana", "--age", "old"),
    ("players", "edit", "1"),
    ("gather", "move", "1"),
    ("gather", "move", "1", "c"),
    ("gather", "start", "--team-b", "2"),
    ("gather", "start", "--team-a", "1", "--team-b", "2", "--duration", "10:75"),
    ("gather", "start", "--balanced"),
    ("gather", "history", "--limit", "many"),
    ("timer", "set", "soon"),
    ("timer", "format"),
    ("timer", "add", "1:75"),
    ("timer", "end-half", "now"),
    ("gather", "rename", "a"),
    ("gather", "rename", "c", "Bibs"),
    ("score", "goal"),
    ("score", "set", "2:1"),
    ("players", "remove", "Mo"),
    ("gather", "list"),
    ("plan", "new", "next", "thursday", "--capacity", "10"),
    ("plan", "update", "--starts-at", "thursdy 19:00"),
    ("gather", "suggest", "Ana,Bruno", "--plan", "1"),
    ("web", "link", "--control", "--view"),
    ("plan", "check-in", "--start"),
    ("stats", "--order", "age"),
    ("call", "players.get", "{bad"),
    ("watch", "--format", "bogus"),
    ("watch", "--topics", "bogus"),
    ("status", "--bogus"),
    ("export", "--format", "xml"),
    ("export", "--format", "csv"),
    ("import",),
    ("--socket",),
)
#: Command lines a fresh daemon refuses (exit 1, its message).
REFUSED = (
    ("players", "show", "999"),
    ("timer", "status"),
    ("score", "goal", "a"),
    ("score", "goal", "Bibs"),
    ("plan", "cancel", "--plan", "1"),
    ("gather", "end"),
    ("timer", "end-half"),
    ("gather", "rename", "a", "Bibs"),
)


def clean_env(**extra: str) -> dict[str, str]:
    """A fixed environment: no terminal width, no socket variables, an empty runtime folder."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("COLUMNS", "LINES", "GATHERD_SOCKET", "XDG_RUNTIME_DIR")}
    env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8", **extra)
    return env


def generate_manual_path(gatherctl: str) -> str:
    """swift-argument-parser's generate-manual, built beside gatherctl (`swift build --product generate-manual`)."""
    path = os.environ.get("GENERATE_MANUAL_BIN") or os.path.join(os.path.dirname(gatherctl), "generate-manual")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise AssertionError(f"generate-manual not found at {path!r}; build it: swift build --product generate-manual")
    return path


def case_name(args: tuple[str, ...]) -> str:
    """A file name for a command line: its words joined by "-", anything but letters, digits and dots too."""
    return re.sub(r"[^A-Za-z0-9.]+", "-", " ".join(args)).strip("-")


def command_paths(command: dict, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command of a --experimental-dump-help tree, as the words after `gatherctl`; the parser's own
    `help` subcommand left out."""
    paths = [path]
    for sub in command.get("subcommands", []):
        if sub["commandName"] != "help":
            paths += command_paths(sub, path + (sub["commandName"],))
    return paths


class GatherctlOutputsTests(DaemonTestCase):
    """Each output is one file; a run with GATHERCTL_OUTPUTS_UPDATE=1 writes them instead of comparing."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.gatherctl = require_gatherctl()
        super().setUpClass()

    def setUp(self) -> None:
        super().setUp()
        self.runtime = tempfile.TemporaryDirectory(prefix="gatherctl-outputs-")
        self.addCleanup(self.runtime.cleanup)
        self.env = clean_env(XDG_RUNTIME_DIR=self.runtime.name)

    def run_ctl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([self.gatherctl, *args], stdin=subprocess.DEVNULL, capture_output=True,
                              env=self.env, cwd=self.runtime.name, timeout=RUN_TIMEOUT)

    @staticmethod
    def record(proc: subprocess.CompletedProcess) -> bytes:
        """An error's whole outcome in one file: the status, then stdout and stderr as they were."""
        return b"exit %d\n--- stdout\n%b--- stderr\n%b" % (proc.returncode, proc.stdout, proc.stderr)

    def check(self, outputs: dict[str, bytes]) -> None:
        """Compares (or, updating, writes) every output; files for outputs that no longer exist fail too."""
        if UPDATE:
            for name, data in outputs.items():
                os.makedirs(os.path.dirname(os.path.join(GOLDEN, name)), exist_ok=True)
                with open(os.path.join(GOLDEN, name), "wb") as handle:
                    handle.write(data)
        for name, data in sorted(outputs.items()):
            with self.subTest(output=name):
                path = os.path.join(GOLDEN, name)
                self.assertTrue(os.path.exists(path), f"no golden file {name}; regenerate (see this file's doc)")
                with open(path, "rb") as handle:
                    golden = handle.read()
                if data != golden:
                    self.assertEqual(data.decode("utf-8", "replace"), golden.decode("utf-8", "replace"), name)
                    self.assertEqual(data, golden, name)

    def stale(self, folder: str, outputs: dict[str, bytes]) -> set[str]:
        """Golden files in `folder` that no output matches (removed when updating)."""
        names = {os.path.join(folder, name) for name in os.listdir(os.path.join(GOLDEN, folder))} - set(outputs)
        if UPDATE:
            for name in names:
                os.remove(os.path.join(GOLDEN, name))
            return set()
        return names

    def ok(self, *args: str) -> bytes:
        proc = self.run_ctl(*args)
        self.assertEqual((proc.returncode, proc.stderr), (0, b""), f"gatherctl {' '.join(args)}")
        return proc.stdout

    def test_help_of_every_command(self):
        dump = json.loads(self.ok("--experimental-dump-help"))
        outputs = {}
        for path in command_paths(dump["command"]):
            name = "-".join(("gatherctl",) + path) + ".txt"
            outputs[os.path.join("help", name)] = self.ok(*path, "--help")
            outputs[os.path.join("help-subcommand", name)] = self.ok("help", *path)
        outputs["help/gatherctl-h.txt"] = self.ok("-h")
        self.check(outputs)
        for folder in ("help", "help-subcommand"):
            self.assertEqual(self.stale(folder, outputs), set(), "golden files for commands gatherctl no longer has")

    def test_version_dump_and_completion_scripts(self):
        outputs = {
            "version.txt": self.ok("--version"),
            "dump-help.json": self.ok("--experimental-dump-help"),
        }
        for shell in ("bash", "zsh", "fish"):
            outputs[f"completion.{shell}"] = self.ok("--generate-completion-script", shell)
        self.check(outputs)

    def test_man_page(self):
        with tempfile.TemporaryDirectory(prefix="gatherctl-man-") as out:
            proc = subprocess.run(
                [generate_manual_path(self.gatherctl), self.gatherctl, "--section", "1", "--date", MAN_DATE, "-o", out],
                stdin=subprocess.DEVNULL, capture_output=True, env=self.env, timeout=60)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertEqual(os.listdir(out), ["gatherctl.1"])
            with open(os.path.join(out, "gatherctl.1"), "rb") as handle:
                self.check({"gatherctl.1": handle.read()})

    def test_errors_and_their_exit_statuses(self):
        outputs = {}
        for args in USAGE_ERRORS:
            outputs[os.path.join("errors", case_name(args) + ".txt")] = self.record(self.run_ctl(*args))
        outputs["errors/unreachable-status.txt"] = self.record(self.run_ctl("status", "--socket", MISSING_SOCKET))
        for args in REFUSED:
            name = os.path.join("errors", "refused-" + case_name(args) + ".txt")
            outputs[name] = self.record(self.run_ctl(*args, "--socket", self.daemon.socket_path))
        self.check(outputs)
        self.assertEqual(self.stale("errors", outputs), set(), "golden files for cases no longer run")
        statuses = {name: data.split(b"\n", 1)[0] for name, data in outputs.items()}
        self.assertEqual(statuses["errors/unreachable-status.txt"], b"exit 3")
        for args in REFUSED:
            self.assertEqual(statuses[os.path.join("errors", "refused-" + case_name(args) + ".txt")], b"exit 1")


if __name__ == "__main__":
    unittest.main()
