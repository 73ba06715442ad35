"""gatherctl's global options: --socket and --json before or after the subcommand, shown once."""
from __future__ import annotations

import json
import re
import subprocess
import unittest

from test_gatherctl import GatherctlTestCase, Watch


class GlobalOptionsTests(GatherctlTestCase):
    def run_raw(self, *args: str) -> subprocess.CompletedProcess:
        """gatherctl with exactly these arguments (no --socket appended)."""
        return self.run_ctl(*args, socket=None)

    def test_socket_and_json_before_or_after_the_subcommand(self):
        path = self.daemon.socket_path
        spellings = [
            ["--json", "--socket", path, "status"],
            ["--socket", path, "--json", "status"],
            ["--socket", path, "status", "--json"],
            ["status", "--json", "--socket", path],
            ["--json", "status", "--socket", path],
        ]
        for argv in spellings:
            proc = self.run_raw(*argv)
            self.assertEqual(proc.returncode, 0, self.describe(proc))
            status = json.loads(proc.stdout)
            self.assertEqual(status["players"], 0, argv)
            self.assertIn("version", status, argv)

    def test_global_options_around_a_nested_subcommand(self):
        path = self.daemon.socket_path
        added = json.loads(self.run_raw("--json", "players", "add", "Ana", "--position", "ST", "--socket", path).stdout)
        self.assertEqual(added["name"], "Ana")
        listed = json.loads(self.run_raw("--socket", path, "players", "list", "--json").stdout)
        self.assertEqual([p["name"] for p in listed["players"]], ["Ana"])
        plain = self.run_raw("--socket", path, "players", "list")
        self.assertEqual(plain.returncode, 0, self.describe(plain))
        self.assertRaises(ValueError, json.loads, plain.stdout)

    def test_help_shows_the_global_options_once(self):
        root = self.run_raw("--help").stdout
        self.assertIn("GLOBAL OPTIONS:", root)
        self.assertEqual(len(re.findall(r"^\s+--socket <path>", root, re.M)), 1, root)
        self.assertEqual(len(re.findall(r"^\s+--json\b", root, re.M)), 1, root)
        self.assertIn("[--socket <path>] [--json] <subcommand>", root)
        for argv in (["status", "--help"], ["players", "add", "--help"], ["watch", "--help"]):
            text = self.run_raw(*argv).stdout
            self.assertNotRegex(text, r"^\s+--socket <path>", argv)
            self.assertNotRegex(text, r"^\s+--json\s", argv)

    def test_completions_offer_the_global_options_once(self):
        fish = self.run_raw("--generate-completion-script", "fish").stdout
        self.assertEqual(len(re.findall(r"-l 'socket'|-l socket", fish)), 1, fish)
        self.assertEqual(len(re.findall(r"-l 'json'|-l json", fish)), 1, fish)

    def test_dump_help_is_json_naming_every_subcommand(self):
        """--experimental-dump-help (what generate-manual reads for gatherctl.1) is JSON naming each subcommand
        that `--help` lists, at every level."""
        proc = self.run_raw("--experimental-dump-help")
        self.assertEqual(proc.returncode, 0, self.describe(proc))
        dump = json.loads(proc.stdout)
        self.assertEqual(dump["serializationVersion"], 0)
        self.assertEqual(dump["command"]["commandName"], "gatherctl")
        top = [c["commandName"] for c in dump["command"]["subcommands"]]
        self.assertEqual(top[-1], "help")
        for name in ["players", "gather", "timer", "score", "status", "watch", "stats", "web"]:
            self.assertIn(name, top)

        def check(command: dict, path: list[str]) -> None:
            subcommands = command.get("subcommands", [])
            # The parser adds `help` to the dump; --help does not list it.
            shown = [c["commandName"] for c in subcommands if c.get("shouldDisplay", True)]
            shown = [name for name in shown if name != "help"]
            text = self.run_raw(*path, "--help").stdout
            listed = re.findall(r"^  ([a-z][a-z0-9-]*)(?=[, ]|$)", text.partition("SUBCOMMANDS:")[2], re.M)
            self.assertEqual(shown, listed, path)
            for sub in subcommands:
                if sub["commandName"] != "help":
                    check(sub, path + [sub["commandName"]])

        check(dump["command"], [])

    def test_watch_json_is_one_json_object_per_line(self):
        watch = Watch([self.gatherctl, "--json", "watch", "--socket", self.daemon.socket_path], self.env)
        self.addCleanup(watch.kill)
        first = json.loads(watch.read_line())
        self.assertIsInstance(first, dict)
        ids = [player["id"] for player in self.make_players(self.c, 2)]
        self.c.call("gather.start", {"teamA": ids[:1], "teamB": ids[1:], "minutes": 10})
        changed = json.loads(watch.read_line())
        self.assertIsInstance(changed, dict)
        self.assertNotEqual(changed, first)
        help_text = self.run_raw("watch", "--help").stdout
        self.assertNotIn("exactly the daemon's result", help_text)
        self.assertIn("--json is --format json", help_text)


if __name__ == "__main__":
    unittest.main()
