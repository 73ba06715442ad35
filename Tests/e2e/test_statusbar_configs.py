"""The status-bar configurations in clients/ (waybar, polybar, i3blocks) parse and run the right command.

    python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p 'test_statusbar_configs.py' -v

Standard library only, no daemon needed. Each config must run `gatherctl watch --format <its bar>` with the
options its bar needs for a command that never exits (waybar: return-type json and a restart-interval;
polybar: tail = true; i3blocks: interval=persist, raw format so that clicks arrive as button numbers), and
toggle the clock on a click. When a gatherctl binary is around ($GATHERCTL_BIN, or beside the gatherd the
e2e harness uses), the commands are also checked against its real command line.
"""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CLIENTS = os.path.join(REPO, "clients")

WAYBAR_CLASSES = ("running", "paused", "break", "finished", "idle", "offline")
ALL_CLIENTS = ("gatherctl", "python", "js", "shell", "waybar", "polybar", "i3blocks")
#: The folders this suite's author delivers; the others come from other work and may not be there yet.
STATUS_BARS = ("waybar", "polybar", "i3blocks")


def read(*parts: str) -> str:
    with open(os.path.join(CLIENTS, *parts), encoding="utf-8") as handle:
        return handle.read()


def strip_jsonc(text: str) -> str:
    """Removes // and /* */ comments outside JSON strings (what Waybar accepts in config.jsonc)."""
    out = []
    index, length = 0, len(text)
    in_string = False
    while index < length:
        char = text[index]
        if in_string:
            out.append(char)
            if char == "\\" and index + 1 < length:
                out.append(text[index + 1])
                index += 2
                continue
            if char == '"':
                in_string = False
            index += 1
        elif char == '"':
            in_string = True
            out.append(char)
            index += 1
        elif text.startswith("//", index):
            end = text.find("\n", index)
            index = length if end < 0 else end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            if end < 0:
                raise ValueError("unterminated /* comment")
            index = end + 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


def ini(*parts: str) -> configparser.ConfigParser:
    """An ini file as the bars read it: '#' and ';' comment lines, no %-interpolation (polybar's %output%)."""
    parser = configparser.ConfigParser(interpolation=None, comment_prefixes=("#", ";"), strict=True)
    parser.optionxform = str  # keys are case-sensitive in both bars
    parser.read_string(read(*parts), source=os.path.join(*parts))
    return parser


def gatherctl_binary() -> str | None:
    explicit = os.environ.get("GATHERCTL_BIN")
    if explicit:
        path = explicit
    else:
        gatherd = os.environ.get("GATHERD_BIN") or os.path.join(REPO, ".build", "debug", "gatherd")
        path = os.path.join(os.path.dirname(os.path.abspath(gatherd)), "gatherctl")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


class CommandAssertions(unittest.TestCase):
    def assertGatherctl(self, command: str, expected: list[str], what: str) -> list[str]:
        """`command` runs gatherctl (by name or path) with exactly the arguments `expected`."""
        argv = shlex.split(command)
        self.assertTrue(argv, f"{what} is empty")
        self.assertEqual(os.path.basename(argv[0]), "gatherctl", f"{what} should run gatherctl: {command!r}")
        self.assertEqual(argv[1:], expected, f"{what}: {command!r}")
        return argv

    def assertWatch(self, command: str, fmt: str, what: str) -> None:
        self.assertGatherctl(command, ["watch", "--format", fmt], what)

    def assertToggle(self, command: str, what: str) -> None:
        self.assertGatherctl(command, ["timer", "toggle"], what)


class WaybarConfigTests(CommandAssertions):
    def setUp(self):
        self.config = json.loads(strip_jsonc(read("waybar", "config.jsonc")))
        self.assertIsInstance(self.config, dict, "config.jsonc is one bar's config object")
        self.module = self.config.get("custom/gather")
        self.assertIsInstance(self.module, dict, "config.jsonc defines custom/gather")

    def test_the_module_is_placed_on_the_bar(self):
        placed = [key for key in ("modules-left", "modules-center", "modules-right") if "custom/gather" in self.config.get(key, [])]
        self.assertTrue(placed, "custom/gather is in one of the module lists")

    def test_exec_is_watch_in_waybar_format_returning_json(self):
        self.assertWatch(self.module["exec"], "waybar", "exec")
        self.assertEqual(self.module["return-type"], "json")

    def test_a_continuous_script(self):
        self.assertIs(type(self.module["restart-interval"]), int)
        self.assertGreater(self.module["restart-interval"], 0)
        # "interval" would make Waybar poll the script instead of reading it continuously.
        self.assertNotIn("interval", self.module)
        self.assertNotIn("signal", self.module)
        self.assertFalse(self.module.get("exec-on-event", True), "watch shows a click's effect itself; no need to restart it")

    def test_click_toggles_and_format(self):
        self.assertToggle(self.module["on-click"], "on-click")
        self.assertEqual(self.module["format"], "⚽ {}")

    def test_style_has_a_rule_for_every_class(self):
        css = read("waybar", "style.css")
        without_comments = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
        self.assertEqual(without_comments.count("{"), without_comments.count("}"), "balanced braces")
        selectors = set()
        for match in re.finditer(r"([^{}]+)\{([^{}]*)\}", without_comments):
            body = match.group(2).strip()
            for selector in match.group(1).split(","):
                selectors.add(selector.strip())
            self.assertTrue(body, f"empty rule for {match.group(1).strip()}")
        for cls in WAYBAR_CLASSES:
            self.assertIn(f"#custom-gather.{cls}", selectors, f"style.css styles class {cls}")


class PolybarConfigTests(CommandAssertions):
    def setUp(self):
        self.config = ini("polybar", "config.ini")
        self.assertIn("module/gather", self.config.sections())
        self.module = self.config["module/gather"]

    def test_a_tailed_custom_script_running_watch(self):
        self.assertEqual(self.module["type"], "custom/script")
        self.assertWatch(self.module["exec"], "polybar", "exec")
        self.assertEqual(self.module["tail"], "true")

    def test_restart_interval_and_label(self):
        self.assertGreater(int(self.module.get("interval", "5")), 0)
        self.assertIn("%output%", self.module.get("label", "%output%"))

    def test_left_click_toggles(self):
        self.assertToggle(self.module["click-left"], "click-left")


class I3blocksConfigTests(CommandAssertions):
    def setUp(self):
        self.config = ini("i3blocks", "config")
        self.assertIn("gather", self.config.sections())
        self.block = self.config["gather"]

    def test_a_persistent_block_running_watch(self):
        self.assertWatch(self.block["command"], "i3blocks", "command")
        self.assertEqual(self.block["interval"], "persist")

    def test_clicks_arrive_as_button_numbers(self):
        # With format=json, i3blocks would write clicks to stdin as JSON objects instead of "1\n".
        self.assertNotEqual(self.block.get("format", "").strip(), "json")


class AgainstTheRealGatherctlTests(CommandAssertions):
    """The configs' commands are a command line the real gatherctl accepts."""

    def setUp(self):
        self.binary = gatherctl_binary()
        if self.binary is None:
            self.skipTest("no gatherctl binary (set GATHERCTL_BIN)")

    def accepts(self, command: str) -> None:
        argv = shlex.split(command)
        proc = subprocess.run(
            [self.binary, *argv[1:], "--help"], stdin=subprocess.DEVNULL, capture_output=True, encoding="utf-8", timeout=30
        )
        self.assertEqual(proc.returncode, 0, f"{command} --help: {proc.stderr}")
        self.assertIn("USAGE", proc.stdout)

    def test_every_command(self):
        waybar = json.loads(strip_jsonc(read("waybar", "config.jsonc")))["custom/gather"]
        polybar = ini("polybar", "config.ini")["module/gather"]
        i3blocks = ini("i3blocks", "config")["gather"]
        for command in (waybar["exec"], waybar["on-click"], polybar["exec"], polybar["click-left"], i3blocks["command"]):
            with self.subTest(command=command):
                self.accepts(command)

    def test_every_format_is_a_value_watch_takes(self):
        proc = subprocess.run([self.binary, "watch", "--help"], capture_output=True, encoding="utf-8", timeout=30)
        for fmt in STATUS_BARS:
            self.assertRegex(proc.stdout, rf"\b{fmt}\b")


class ReadmeTests(unittest.TestCase):
    LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")

    def test_every_status_bar_has_a_readme_that_names_its_files(self):
        for bar, files in (("waybar", ("config.jsonc", "style.css")), ("polybar", ("config.ini",)), ("i3blocks", ("config",))):
            with self.subTest(bar=bar):
                text = read(bar, "README.md")
                self.assertIn(f"gatherctl watch --format {bar}", text)
                for name in files:
                    self.assertIn(f"]({name})", text, f"{bar}/README.md links {name}")

    def test_the_index_lists_every_client_with_a_link(self):
        text = read("README.md")
        links = {label: target for label, target in self.LINK.findall(text)}
        for client in ALL_CLIENTS:
            self.assertIn(client, links, f"clients/README.md has a link labelled {client}")
        for client in ALL_CLIENTS:
            if client != "gatherctl":
                self.assertEqual(links[client], f"{client}/README.md")
        self.assertEqual(links["gatherctl"].split("#")[0], "../README.md")

    def test_the_index_links_resolve(self):
        text = read("README.md")
        missing = []
        for _, target in self.LINK.findall(text):
            if re.match(r"^[a-z]+:", target):
                continue
            path = os.path.normpath(os.path.join(CLIENTS, target.split("#")[0]))
            if os.path.exists(path):
                continue
            missing.append(target)
        self.assertEqual(missing, [], "clients/README.md links to files that do not exist")


if __name__ == "__main__":
    unittest.main()
