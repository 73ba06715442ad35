"""gatherctl, the command-line client, driven as a subprocess against a real gatherd.

    GATHERD_BIN=.../gatherd GATHERCTL_BIN=.../gatherctl \
        python3 -m unittest discover -s Tests/e2e -t Tests/e2e -p 'test_gatherctl.py' -v

The binary is `$GATHERCTL_BIN`, or the `gatherctl` in the same folder as the gatherd the harness runs
(`$GATHERD_BIN`, else `.build/debug/gatherd`). The contract is /work/spec/clients-spec.md:

- every subcommand, its human output and its `--json` output (exactly the daemon's result, compared with a
  direct JSON-RPC call on the harness's own connection);
- exit codes: 0 ok, 1 refused by the daemon (the daemon's message on stderr), 2 usage error, 3 unreachable;
  socket resolution: --socket, then GATHERD_SOCKET, then the daemon's default;
- `watch` in every format: the current state first, a change on screen within a second (measured: it is the
  latency a status bar shows), offline and back when the daemon restarts, exit 0 on SIGTERM, SIGINT and
  SIGPIPE, and i3blocks clicks on stdin.

Synchronisation is by reading: a line from watch, a reply, or an event on a subscription. Every read has a
timeout, so a hang fails the test; every process a test starts is killed in its cleanup.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import unittest
from typing import Any, Callable, Sequence

import harness
from harness import AUTO, READ_TIMEOUT, AsOtherUser, DaemonTestCase, iso_to_epoch, other_user_skip_reason, setpriv_prefix

#: How long one gatherctl command may take before the test fails (it takes milliseconds).
RUN_TIMEOUT = 20.0
#: How long watch may take for a line that no latency bound applies to (first line, reconnection).
WATCH_TIMEOUT = max(10.0, 2 * READ_TIMEOUT)
#: A change must be on screen within this (seconds), measured from just before the call that makes it.
LATENCY = 1.0
#: The daemon ticks when the clock crosses a whole second: the first tick comes one second after a start.
TICK = 1.0
#: How long watch may take to exit after SIGTERM, SIGINT or a broken pipe ("promptly").
EXIT_DEADLINE = 2.0

FORMATS = ("plain", "json", "waybar", "i3blocks", "polybar")
#: Formats whose line is just the text ("07:32 · 2-1", "no gather", "offline").
TEXT_FORMATS = ("plain", "i3blocks", "polybar")
WAYBAR_CLASSES = ("running", "paused", "break", "finished", "idle", "offline")
#: The contract names no class for a clock that was never started; either of these is fine.
STOPPED_CLASSES = ("paused", "idle", "stopped")

#: The column headers of the players table.
PLAYER_COLUMNS = ("ID", "NAME", "AGE", "POSITION", "SKILL", "FAVOURITE TEAM", "REGULAR")
HISTORY_COLUMNS = ("ID", "ENDED", "SCORE", "WINNER")


def gatherctl_path() -> str:
    explicit = os.environ.get("GATHERCTL_BIN")
    if explicit:
        return explicit
    return os.path.join(os.path.dirname(os.path.abspath(harness.binary_path())), "gatherctl")


def require_gatherctl() -> str:
    path = gatherctl_path()
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise AssertionError(
            f"gatherctl not found or not executable at {path!r}; build it (swift build) or point GATHERCTL_BIN at it"
        )
    return path


def clean_env(**values: str | None) -> dict[str, str]:
    """os.environ without GATHERD_SOCKET, plus `values` (None removes a variable)."""
    env = dict(os.environ)
    env.pop("GATHERD_SOCKET", None)
    for key, value in values.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def score_in(text: str, score: str) -> bool:
    """Whether `text` shows the score "2-1" (and not, say, "12-1")."""
    return re.search(rf"(?<![0-9]){re.escape(score)}(?![0-9])", text) is not None


def minute_stamps(iso: str) -> set[str]:
    """The ways a table may show a timestamp to the minute: in UTC or in local time."""
    moment = _dt.datetime.fromtimestamp(iso_to_epoch(iso), _dt.timezone.utc)
    return {moment.strftime("%Y-%m-%d %H:%M"), moment.astimezone().strftime("%Y-%m-%d %H:%M")}


# --------------------------------------------------------------------------------------------------
# watch as a subprocess


class Watch:
    """`gatherctl watch ...` with stdin and stdout piped; lines are read with select and a deadline."""

    def __init__(self, argv: Sequence[str], env: dict[str, str]) -> None:
        self.argv = list(argv)
        self._stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env
        )
        self._buf = b""
        self._eof = False
        #: Every line read so far, with the monotonic time it was read.
        self.lines: list[tuple[float, str]] = []

    def stderr(self) -> str:
        with contextlib.suppress(Exception):
            self._stderr.seek(0)
            return self._stderr.read().decode("utf-8", errors="replace")
        return ""

    def _describe(self) -> str:
        recent = [line for _, line in self.lines[-5:]]
        return f"{' '.join(self.argv[1:])}: exit {self.proc.poll()}, last lines {recent}, stderr {self.stderr()[-1000:]!r}"

    def read_line(self, timeout: float = WATCH_TIMEOUT) -> str:
        """The next line (without "\\n"); fails when none comes within `timeout` or stdout ends."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            if self._eof:
                raise AssertionError(f"watch closed its stdout; {self._describe()}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no line from watch within {timeout:.1f} s; {self._describe()}")
            ready, _, _ = select.select([self.proc.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
                if chunk:
                    self._buf += chunk
                else:
                    self._eof = True
        raw, self._buf = self._buf.split(b"\n", 1)
        line = raw.decode("utf-8")
        self.lines.append((time.monotonic(), line))
        return line

    def click(self, button: int | str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{button}\n".encode())
        self.proc.stdin.flush()

    def close_stdout(self) -> None:
        """Closes the only read end of watch's stdout: its next write gets EPIPE / SIGPIPE."""
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def wait_exit(self, timeout: float) -> tuple[int, float]:
        begin = time.monotonic()
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"watch did not exit within {timeout} s; {self._describe()}") from None
        return code, time.monotonic() - begin

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                self.proc.kill()
            with contextlib.suppress(Exception):
                self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(Exception):
                if stream is not None:
                    stream.close()
        with contextlib.suppress(Exception):
            self._stderr.close()


class View:
    """One watch line, parsed for its format."""

    def __init__(self, fmt: str, line: str, at: float) -> None:
        self.fmt = fmt
        self.line = line
        self.at = at
        self.obj: dict | None = None
        if fmt in TEXT_FORMATS:
            self.text = line
        else:
            try:
                obj = json.loads(line)
            except ValueError as error:
                raise AssertionError(f"watch --format {fmt} printed a line that is not JSON: {line!r}") from error
            if not isinstance(obj, dict):
                raise AssertionError(f"watch --format {fmt} printed JSON that is not an object: {line!r}")
            self.obj = obj
            self.text = obj.get("text", "") if fmt == "waybar" else ""

    @property
    def state(self) -> str | None:
        """waybar's class, json's state; None for the text formats."""
        if self.fmt == "waybar":
            return self.obj["class"]
        if self.fmt == "json":
            return self.obj["state"]
        return None

    def shows(self, display: str | None = None, score: str | None = None) -> bool:
        if self.fmt == "json":
            return (display is None or self.obj.get("display") == display) and (
                score is None or (self.obj.get("score") or {}).get("text") == score
            )
        return (display is None or display in self.text) and (score is None or score_in(self.text, score))

    def offline(self) -> bool:
        if self.fmt == "json":
            return self.obj.get("online") is False
        if self.fmt == "waybar":
            return self.obj.get("class") == "offline"
        return "offline" in self.text.lower()

    def idle(self) -> bool:
        if self.fmt == "json":
            return self.obj.get("online") is True and self.obj.get("score") is None
        if self.fmt == "waybar":
            return self.obj.get("class") == "idle"
        return "no gather" in self.text.lower()

    def __repr__(self) -> str:
        return f"<{self.fmt} {self.line!r}>"


# --------------------------------------------------------------------------------------------------
# Base


class GatherctlTestCase(DaemonTestCase):
    fresh_daemon_per_test = True

    @classmethod
    def setUpClass(cls) -> None:
        cls.gatherctl = require_gatherctl()
        super().setUpClass()

    def setUp(self) -> None:
        super().setUp()
        # An empty runtime dir, so that a command that forgets --socket cannot reach a real daemon.
        self.runtime = tempfile.mkdtemp(prefix="gatherctl-e2e-")
        self.addCleanup(shutil.rmtree, self.runtime, True)
        self.env = clean_env(XDG_RUNTIME_DIR=self.runtime)

    # -- running gatherctl -------------------------------------------------------------------------

    def run_ctl(
        self,
        *args: Any,
        socket: Any = AUTO,
        env: dict[str, str] | None = None,
        prefix: Sequence[str] = (),
    ) -> subprocess.CompletedProcess:
        """Runs gatherctl ARGS [--socket the daemon's socket]; `socket=None` leaves --socket out."""
        argv = list(prefix) + [self.gatherctl] + [str(arg) for arg in args]
        if socket is AUTO:
            socket = self.daemon.socket_path
        if socket is not None:
            argv += ["--socket", socket]
        try:
            return subprocess.run(
                argv,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                encoding="utf-8",
                env=self.env if env is None else env,
                timeout=RUN_TIMEOUT,
                cwd=self.runtime,
            )
        except subprocess.TimeoutExpired:
            self.fail(f"gatherctl {' '.join(argv[1:])} did not finish within {RUN_TIMEOUT} s")

    def describe(self, proc: subprocess.CompletedProcess) -> str:
        return f"gatherctl {' '.join(proc.args[1:])} -> exit {proc.returncode}\nstdout: {proc.stdout!r}\nstderr: {proc.stderr!r}"

    def ctl(self, *args: Any, **kwargs: Any) -> str:
        """Runs a command that must succeed: exit 0, nothing on stderr. Returns stdout."""
        proc = self.run_ctl(*args, **kwargs)
        self.assertEqual(proc.returncode, 0, self.describe(proc))
        self.assertEqual(proc.stderr, "", self.describe(proc))
        self.assertTrue(proc.stdout.endswith("\n"), self.describe(proc))
        return proc.stdout

    def ctl_json(self, *args: Any, **kwargs: Any) -> Any:
        """Runs `gatherctl ARGS --json`; returns the one JSON document it printed."""
        out = self.ctl(*args, "--json", **kwargs)
        try:
            return json.loads(out)
        except ValueError:
            self.fail(f"gatherctl {' '.join(map(str, args))} --json printed something that is not one JSON document: {out!r}")

    def ctl_refused(self, args: Sequence[Any], method: str, params: Any = None, reason: str | None = None) -> str:
        """Exit 1, nothing on stdout, and the daemon's own message (asked directly) on stderr."""
        proc = self.run_ctl(*args)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertEqual(proc.stdout, "", self.describe(proc))
        reply = self.c.call(method, params)
        self.assertIn("error", reply, f"{method} {params} should be refused too: {reply}")
        if reason is not None:
            self.assertEqual(reply["error"]["data"]["reason"], reason, reply)
        self.assertIn(reply["error"]["message"], proc.stderr, self.describe(proc))
        return proc.stderr

    def ctl_usage(self, *args: Any, **kwargs: Any) -> str:
        """Exit 2, nothing on stdout, something on stderr."""
        proc = self.run_ctl(*args, **kwargs)
        self.assertEqual(proc.returncode, 2, self.describe(proc))
        self.assertEqual(proc.stdout, "", self.describe(proc))
        self.assertTrue(proc.stderr.strip(), self.describe(proc))
        return proc.stderr

    def ctl_unreachable(self, *args: Any, path: str, **kwargs: Any) -> str:
        proc = self.run_ctl(*args, **kwargs)
        self.assertEqual(proc.returncode, 3, self.describe(proc))
        self.assertEqual(proc.stdout, "", self.describe(proc))
        self.assertIn(path, proc.stderr, f"the message should name the socket: {self.describe(proc)}")
        return proc.stderr

    # -- human output --------------------------------------------------------------------------------

    def parse_table(self, lines: Sequence[str], columns: Sequence[str]) -> list[dict[str, str]]:
        """An aligned table: the header names `columns`; every cell starts exactly under its header."""
        header = lines[0]
        self.assertEqual(tuple(re.split(r"\s{2,}", header.strip())), tuple(columns), f"table header: {header!r}")
        starts = []
        position = 0
        for name in columns:
            position = header.index(name, position)
            starts.append(position)
            position += len(name)
        rows = []
        for line in lines[1:]:
            cells = {}
            for index, (name, start) in enumerate(zip(columns, starts)):
                end = starts[index + 1] if index + 1 < len(starts) else None
                self.assertGreater(len(line), start, f"row too short for column {name}: {line!r}\n{header!r}")
                self.assertNotEqual(line[start], " ", f"column {name} is not aligned under its header: {line!r}\n{header!r}")
                if index:
                    self.assertEqual(line[start - 1], " ", f"column {name} is not aligned under its header: {line!r}\n{header!r}")
                cells[name] = line[start:end].strip()
            rows.append(cells)
        return rows

    def check_player_row(self, row: dict[str, str], player: dict) -> None:
        self.assertEqual(row["ID"], str(player["id"]), row)
        self.assertEqual(row["NAME"], player["name"], row)
        self.assertEqual(row["AGE"], "-" if player["age"] is None else str(player["age"]), row)
        if player["position"] is None:
            self.assertEqual(row["POSITION"], "-", row)
        else:
            self.assertIn(player["position"], row["POSITION"], row)
            self.assertIn(player["positionAcronym"], row["POSITION"], row)
        self.assertEqual(row["SKILL"], player["skill"] or "-", row)
        self.assertEqual(row["FAVOURITE TEAM"], player["favouriteTeam"] or "-", row)
        self.assertEqual(row["REGULAR"], "yes" if player["regular"] else "no", row)

    def check_players_table(self, out: str, players: Sequence[dict]) -> None:
        lines = [line for line in out.splitlines() if line.strip()]
        self.assertEqual(len(lines), len(players) + 1, out)
        rows = self.parse_table(lines, PLAYER_COLUMNS)
        for row, player in zip(rows, players):
            self.check_player_row(row, player)

    def side_line(self, out: str, label: str) -> str:
        found = [line for line in out.splitlines() if line.startswith(label + ":")]
        self.assertEqual(len(found), 1, f"expected one line starting with {label!r}:\n{out}")
        return found[0][len(label) + 1 :]

    def check_teams_text(self, out: str, teams: dict) -> None:
        for label, side in (("Team A", "teamA"), ("Team B", "teamB"), ("Bench", "bench")):
            line = self.side_line(out, label)
            if not teams[side]:
                self.assertEqual(line.strip(), "-", f"{label} is empty:\n{out}")
            for member in teams[side]:
                self.assertIn(member["name"], line, f"{label}:\n{out}")
                if member["id"] is not None:
                    self.assertRegex(line, rf"(?<![0-9]){member['id']}(?![0-9])", f"{label} shows ids:\n{out}")
            others = [m for s in ("teamA", "teamB", "bench") if s != side for m in teams[s]]
            for member in others:
                self.assertNotIn(member["name"], line, f"{member['name']} is not in {label}:\n{out}")

    def check_goals_text(self, out: str, goals: Sequence[dict]) -> None:
        lines = out.splitlines()
        if not goals:
            self.assertTrue(any("no goals" in line.lower() for line in lines), f"no goals yet:\n{out}")
            return
        # Each goal by its minute as football writes it: "  28'  Team A  Ana  (1-0)".
        goal_lines = [line for line in lines if re.match(r"^ +[0-9]+(\+[0-9]+)?' ", line)]
        self.assertEqual(len(goal_lines), len(goals), f"one line per goal:\n{out}")
        for line, goal in zip(goal_lines, goals):
            self.assertTrue(line.strip().startswith(goal["minute"] + " "), line)
            self.assertTrue(score_in(line, goal["score"]["text"]), line)
            if goal["player"] is not None:
                self.assertIn(goal["player"]["name"], line, line)
            if goal["kind"] == "goal":
                self.assertIn("Team A" if goal["team"] == "teamA" else "Team B", line, line)

    def check_gather_text(self, out: str, gather: dict) -> None:
        """gather start/status/move: the headline (id, score, clock), the teams and the goals."""
        headline = out.splitlines()[0]
        self.assertRegex(headline, rf"Gather {gather['id']}\b", out)
        self.assertTrue(score_in(headline, gather["score"]["text"]), out)
        self.assertIn(gather["timer"]["display"], headline, out)
        self.assertIn(gather["timer"]["state"], headline, out)
        self.check_teams_text(out, gather["teams"])
        self.check_goals_text(out, gather["goals"])

    def check_record_text(self, out: str, record: dict) -> None:
        """gather end/show: id, final score, winner, teams, goals."""
        headline = out.splitlines()[0]
        self.assertRegex(headline, rf"Gather {record['id']}\b", out)
        self.assertTrue(score_in(headline, record["score"]["text"]), out)
        winner = {"teamA": "Team A", "teamB": "Team B", "none": "draw"}[record["winner"]]
        self.assertIn(",", headline, out)
        self.assertIn(winner, headline.split(",", 1)[1], f"the winner comes after the score: {out}")
        self.check_teams_text(out, record["teams"])
        self.check_goals_text(out, record["goals"])

    def check_timer_text(self, out: str, timer: dict) -> None:
        self.assertIn(timer["display"], out)
        self.assertIn(timer["state"], out)

    # -- fixtures ----------------------------------------------------------------------------------

    def roster(self, count: int = 6) -> list[int]:
        return [player["id"] for player in self.make_players(self.c, count)]

    def watch(self, *args: str, socket: Any = AUTO, env: dict[str, str] | None = None) -> Watch:
        argv = [self.gatherctl, "watch", *args]
        argv += ["--socket", self.daemon.socket_path if socket is AUTO else socket]
        watch = Watch(argv, self.env if env is None else env)
        self.addCleanup(watch.kill)
        return watch

    def view(self, watch: Watch, fmt: str, timeout: float = WATCH_TIMEOUT) -> View:
        line = watch.read_line(timeout)
        view = View(fmt, line, watch.lines[-1][0])
        self.check_view(view)
        return view

    def check_view(self, view: View) -> None:
        """What every line of a format must look like."""
        self.assertNotIn("\r", view.line)
        self.assertTrue(view.line.strip(), "watch printed an empty line")
        if view.fmt == "waybar":
            obj = view.obj
            self.assertKeys(obj, ("text", "tooltip", "class", "percentage"), "waybar line")
            self.assertIsInstance(obj["text"], str, obj)
            self.assertIsInstance(obj["tooltip"], str, obj)
            self.assertIn(obj["class"], WAYBAR_CLASSES, obj)
            self.assertIs(type(obj["percentage"]), int, f"percentage must be an integer: {obj}")
            self.assertGreaterEqual(obj["percentage"], 0, obj)
            self.assertLessEqual(obj["percentage"], 100, obj)
        elif view.fmt == "json":
            obj = view.obj
            self.assertKeys(obj, ("state", "display", "score", "online"), "watch json line")
            self.assertIsInstance(obj["online"], bool, obj)
            self.assertIsInstance(obj["state"], str, obj)
            if obj["score"] is not None:
                self.checkScore(obj["score"])
            self.assertEqual(view.line, view.line.strip(), "one compact object per line")

    def wait_view(
        self, watch: Watch, fmt: str, predicate: Callable[[View], bool], timeout: float = WATCH_TIMEOUT, what: str = ""
    ) -> View:
        """Skips lines until one matches; fails after `timeout`."""
        deadline = time.monotonic() + timeout
        skipped = []
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.fail(f"watch --format {fmt} did not show {what or 'the change'} within {timeout:.1f} s; saw {skipped[-6:]}")
            try:
                view = self.view(watch, fmt, remaining)
            except AssertionError as error:
                if "no line from watch" in str(error):
                    self.fail(f"watch --format {fmt} did not show {what or 'the change'} within {timeout:.1f} s; saw {skipped[-6:]}")
                raise
            if predicate(view):
                return view
            skipped.append(view)

    def change_shows(
        self,
        watch: Watch,
        fmt: str,
        action: Callable[[], Any],
        predicate: Callable[[View], bool],
        bound: float = LATENCY,
        what: str = "",
    ) -> View:
        """Does `action` and asserts that watch shows it (a line matching `predicate`) within `bound` s."""
        begin = time.monotonic()
        action()
        view = self.wait_view(watch, fmt, predicate, max(WATCH_TIMEOUT, bound + 2), what)
        latency = view.at - begin
        self.assertLess(latency, bound, f"watch --format {fmt} showed {what} after {latency:.3f} s: {view}")
        return view


# --------------------------------------------------------------------------------------------------
# A whole match, human output


class WholeMatchTests(GatherctlTestCase):
    def test_a_whole_match_through_gatherctl(self):
        # Roster.
        self.assertRegex(self.ctl("players", "add", "Ana", "--age", "27", "--position", "ST", "--skill", "amateur", "--team", "Arsenal"), r"\b1\b.*Ana|Ana.*\b1\b")
        self.ctl("players", "add", "Bea Long-Name", "--position", "goalkeeper")
        self.ctl("players", "add", "Carla", "--position", "mid", "--skill", "professional")
        self.ctl("players", "add", "Dan", "--age", "40")
        self.ctl("players", "add", "Eve", "--position", "DEF", "--team", "Benfica")
        self.ctl("players", "add", "Finn")
        players = self.ok(self.c, "players.list")["players"]
        self.assertEqual([p["name"] for p in players], ["Ana", "Bea Long-Name", "Carla", "Dan", "Eve", "Finn"])
        self.assertEqual((players[0]["age"], players[0]["position"], players[0]["skill"], players[0]["favouriteTeam"]), (27, "striker", "amateur", "Arsenal"))
        self.assertEqual((players[2]["position"], players[2]["skill"]), ("midfielder", "professional"))
        self.check_players_table(self.ctl("players", "list"), players)
        ana, bea, carla, dan, eve, finn = (p["id"] for p in players)

        # Gather.
        out = self.ctl("gather", "start", "--team-a", f"{ana},{bea},{carla}", "--team-b", f"{dan},{eve}", "--bench", str(finn), "--duration", "7:30")
        gather = self.ok(self.c, "gather.current")
        self.assertEqual(gather["timer"]["duration"], 450)
        self.assertEqual(self.member_ids(gather["teams"], "bench"), [finn])
        self.check_gather_text(out, gather)
        self.check_gather_text(self.ctl("gather", "move", finn, "b"), self.ok(self.c, "gather.current"))
        self.assertEqual(self.member_ids(self.ok(self.c, "gather.current")["teams"], "teamB"), [dan, eve, finn])

        # Clock.
        out = self.ctl("timer", "start")
        self.assertIn("running", out)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")
        out = self.ctl("timer", "pause")
        timer = self.ok(self.c, "timer.status")
        self.assertEqual(timer["state"], "paused")
        self.check_timer_text(out, timer)
        self.check_timer_text(self.ctl("timer", "status"), timer)

        # Goals.
        self.assertTrue(score_in(self.ctl("score", "goal", "a", "--player", ana), "1-0"))
        self.assertTrue(score_in(self.ctl("score", "goal", "b", "--player", finn), "1-1"))
        self.assertTrue(score_in(self.ctl("score", "goal", "a"), "2-1"))
        self.assertTrue(score_in(self.ctl("score", "undo"), "1-1"))
        self.assertTrue(score_in(self.ctl("score", "goal", "a", "--player", carla), "2-1"))
        score = self.ok(self.c, "score.get")
        self.assertEqual(score["score"]["text"], "2-1")
        self.assertEqual([g["player"]["id"] for g in score["goals"]], [ana, finn, carla])
        out = self.ctl("score", "show")
        self.assertTrue(score_in(out.splitlines()[0], "2-1"), out)
        self.check_goals_text(out, score["goals"])

        # The status line, then the clock again.
        out = self.ctl("status")
        status = self.ok(self.c, "daemon.status")
        self.assertIn(status["version"], out)
        self.assertIn(str(status["pid"]), out)
        self.assertIn(f"Gather {gather['id']}", out)
        self.assertTrue(score_in(out, "2-1"), out)
        self.assertIn("running", self.ctl("timer", "resume"))
        self.assertIn("paused", self.ctl("timer", "toggle"))
        self.assertIn("running", self.ctl("timer", "toggle"))
        out = self.ctl("timer", "reset")
        self.check_timer_text(out, {"display": "07:30", "state": "stopped"})
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "stopped")

        # End and history.
        out = self.ctl("gather", "end")
        record = self.ok(self.c, "gathers.get", {"id": gather["id"]})
        self.assertEqual((record["score"]["text"], record["winner"]), ("2-1", "teamA"))
        self.check_record_text(out, record)
        self.assertIsNone(self.ok(self.c, "gather.current"))
        self.assertIn("no gather", self.ctl("gather", "status").lower())
        out = self.ctl("gather", "history")
        rows = self.parse_table([line for line in out.splitlines() if line.strip()][:2], HISTORY_COLUMNS)
        self.assertEqual(rows[0]["ID"], str(record["id"]))
        self.assertIn(rows[0]["ENDED"], minute_stamps(record["endedAt"]))
        self.assertTrue(score_in(rows[0]["SCORE"], "2-1"), rows)
        self.assertEqual(rows[0]["WINNER"], "Team A")
        self.check_record_text(self.ctl("gather", "show", record["id"]), record)


# --------------------------------------------------------------------------------------------------
# Each subcommand: human output, --json = the daemon's result, refusals


class PlayersTests(GatherctlTestCase):
    def test_add_prints_the_new_player_and_json_is_the_created_player(self):
        out = self.ctl("players", "add", "Ana", "--age", "27", "--position", "ST", "--skill", "amateur", "--team", "Arsenal")
        self.assertIn("Ana", out)
        self.assertRegex(out, r"(?<![0-9])1(?![0-9])")
        created = self.ctl_json("players", "add", "Bea", "--position", "gk")
        self.checkPlayer(created)
        self.assertEqual(created, self.ok(self.c, "players.get", {"id": created["id"]}))
        self.assertEqual((created["name"], created["position"], created["positionAcronym"]), ("Bea", "goalkeeper", "GK"))

    def test_list_is_an_aligned_table_and_json_is_players_list(self):
        self.ctl("players", "add", "Ana", "--age", "27", "--position", "striker", "--skill", "amateur", "--team", "Arsenal")
        self.ctl("players", "add", "Bea Long-Name", "--position", "GK")
        self.ctl("players", "add", "Carla")
        self.ctl("players", "add", "Dan", "--position", "MID", "--skill", "professional", "--age", "101")
        players = self.ok(self.c, "players.list")
        self.check_players_table(self.ctl("players", "list"), players["players"])
        self.check_players_table(self.ctl("players"), players["players"])  # list is the default
        self.assertEqual(self.ctl_json("players", "list"), players)

    def test_list_of_an_empty_roster(self):
        self.assertEqual(self.ctl_json("players", "list"), {"players": []})
        self.assertEqual(self.ctl_json("players", "list"), self.ok(self.c, "players.list"))
        self.assertEqual(self.run_ctl("players", "list").returncode, 0)

    def test_show(self):
        ids = self.roster(2)
        self.ok(self.c, "players.update", {"id": ids[1], "age": 33, "position": "W", "favouriteTeam": "Porto"})
        player = self.ok(self.c, "players.get", {"id": ids[1]})
        self.check_players_table(self.ctl("players", "show", ids[1]), [player])
        self.assertEqual(self.ctl_json("players", "show", ids[1]), player)

    def test_edit(self):
        ids = self.roster(1)
        out = self.ctl("players", "edit", ids[0], "--name", "Zoe", "--age", "31", "--position", "defender", "--skill", "beginner", "--team", "Benfica")
        self.assertIn("Zoe", out)
        player = self.ok(self.c, "players.get", {"id": ids[0]})
        self.assertEqual(
            (player["name"], player["age"], player["position"], player["skill"], player["favouriteTeam"]),
            ("Zoe", 31, "defender", "beginner", "Benfica"),
        )
        edited = self.ctl_json("players", "edit", ids[0], "--age", "32")
        self.assertEqual(edited, self.ok(self.c, "players.get", {"id": ids[0]}))
        self.assertEqual((edited["age"], edited["name"], edited["favouriteTeam"]), (32, "Zoe", "Benfica"))

    def test_rm(self):
        ids = self.roster(3)
        out = self.ctl("players", "rm", ids[0])
        self.assertRegex(out, rf"(?<![0-9]){ids[0]}(?![0-9])")
        self.assertEqual(self.ctl_json("players", "rm", ids[1]), {"deleted": ids[1]})
        self.assertEqual([p["id"] for p in self.ok(self.c, "players.list")["players"]], [ids[2]])

    def test_refusals_exit_1_with_the_daemons_message(self):
        ids = self.roster(4)
        self.ctl_refused(["players", "show", 999], "players.get", {"id": 999}, "player_not_found")
        self.ctl_refused(["players", "show", 999, "--json"], "players.get", {"id": 999}, "player_not_found")
        self.ctl_refused(["players", "rm", 999], "players.delete", {"id": 999}, "player_not_found")
        self.ctl_refused(["players", "edit", 999, "--name", "X"], "players.update", {"id": 999, "name": "X"}, "player_not_found")
        self.ctl_refused(["players", "add", "Old", "--age", "300"], "players.create", {"name": "Old", "age": 300}, "invalid_params")
        self.ctl_refused(["players", "add", "Odd", "--position", "keeper"], "players.create", {"name": "Odd", "position": "keeper"}, "invalid_params")
        self.ctl_refused(["players", "add", "X" * 500], "players.create", {"name": "X" * 500}, "invalid_params")
        self.ctl_refused(["players", "edit", ids[0], "--name", ""], "players.update", {"id": ids[0], "name": ""}, "invalid_params")
        self.start_gather(self.c, ids[0:2], ids[2:4])
        self.ctl_refused(["players", "rm", ids[0]], "players.delete", {"id": ids[0]}, "player_in_active_gather")
        self.assertEqual(len(self.ok(self.c, "players.list")["players"]), 4, "refusals change nothing")


class GatherTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ids = self.roster(6)

    def test_start_and_status(self):
        a, b, c, d, e, f = self.ids
        out = self.ctl("gather", "start", "--team-a", f"{a},{b}", "--team-b", f"{c},{d}", "--bench", f"{e},{f}", "--duration", "90")
        gather = self.ok(self.c, "gather.current")
        self.assertEqual(gather["timer"]["duration"], 90)
        self.check_gather_text(out, gather)
        self.check_gather_text(self.ctl("gather", "status"), gather)
        self.check_gather_text(self.ctl("gather"), gather)  # status is the default
        self.assertEqual(self.ctl_json("gather", "status"), gather)

    def test_start_json_is_the_new_gather(self):
        a, b, c, *_ = self.ids
        started = self.ctl_json("gather", "start", "--team-a", str(a), "--team-b", f"{b},{c}")
        self.checkGather(started)
        self.assertEqual(started, self.ok(self.c, "gather.current"))
        self.assertEqual(started["timer"]["duration"], 600, "the clock defaults to 10:00")

    def test_durations(self):
        for text, seconds in (("10:00", 600), ("7:30", 450), ("0:05", 5), ("45", 45), ("99:59", 5999)):
            with self.subTest(duration=text):
                gather = self.ctl_json("gather", "start", "--team-a", str(self.ids[0]), "--team-b", str(self.ids[1]), "--duration", text)
                self.assertEqual(gather["timer"]["duration"], seconds)
                self.assertEqual(self.ctl_json("gather", "cancel"), {"cancelled": gather["id"]})

    def test_status_without_a_gather(self):
        self.assertIn("no gather", self.ctl("gather", "status").lower())
        self.assertIsNone(self.ctl_json("gather", "status"))

    def test_move(self):
        a, b, c, d, e, f = self.ids
        self.start_gather(self.c, [a, b], [c, d], [e])
        out = self.ctl("gather", "move", e, "a")
        self.check_gather_text(out, self.ok(self.c, "gather.current"))
        moved = self.ctl_json("gather", "move", a, "bench")
        self.assertEqual(moved, self.ok(self.c, "gather.current"))
        self.assertEqual(self.member_ids(moved["teams"], "teamA"), [b, e])
        self.assertEqual(self.member_ids(moved["teams"], "bench"), [a])
        added = self.ctl_json("gather", "move", f, "b")  # a roster player who was not in the gather
        self.assertEqual(self.member_ids(added["teams"], "teamB"), [c, d, f])

    def test_end(self):
        a, b, *_ = self.ids
        gather = self.start_gather(self.c, [a], [b])
        self.ok(self.c, "score.goal", {"team": "teamB", "player": b})
        out = self.ctl("gather", "end")
        record = self.ok(self.c, "gathers.get", {"id": gather["id"]})
        self.assertEqual(record["winner"], "teamB")
        self.check_record_text(out, record)
        gather = self.start_gather(self.c, [a], [b])
        ended = self.ctl_json("gather", "end")
        self.assertEqual(ended, self.ok(self.c, "gathers.get", {"id": gather["id"]}))
        self.assertEqual(ended["winner"], "none")
        self.checkRecord(ended)

    def test_cancel(self):
        gather = self.start_gather(self.c, self.ids[0:1], self.ids[1:2])
        self.assertRegex(self.ctl("gather", "cancel"), rf"(?<![0-9]){gather['id']}(?![0-9])")
        self.assertIsNone(self.ok(self.c, "gather.current"))
        gather = self.start_gather(self.c, self.ids[0:1], self.ids[1:2])
        self.assertEqual(self.ctl_json("gather", "cancel"), {"cancelled": gather["id"]})
        self.assertEqual(self.ok(self.c, "gathers.list")["gathers"], [], "a cancelled gather leaves no history")

    def test_history_and_show(self):
        a, b, c, *_ = self.ids
        records = []
        for team_a, team_b, goals in (([a], [b], ["teamA"]), ([a], [c], []), ([b], [c], ["teamB", "teamB"])):
            self.start_gather(self.c, team_a, team_b)
            for team in goals:
                self.ok(self.c, "score.goal", {"team": team})
            records.append(self.ok(self.c, "gather.end"))
        out = self.ctl("gather", "history")
        lines = [line for line in out.splitlines() if line.strip()]
        rows = self.parse_table(lines[:4], HISTORY_COLUMNS)
        for row, record in zip(rows, reversed(records)):  # newest first
            self.assertEqual(row["ID"], str(record["id"]))
            self.assertIn(row["ENDED"], minute_stamps(record["endedAt"]))
            self.assertTrue(score_in(row["SCORE"], record["score"]["text"]), row)
            self.assertEqual(row["WINNER"], {"teamA": "Team A", "teamB": "Team B", "none": "draw"}[record["winner"]])
        for args, params in (
            ((), {}),
            (("--limit", "2"), {"limit": 2}),
            (("--limit", "1", "--before", records[2]["id"]), {"limit": 1, "before": records[2]["id"]}),
            (("--player", c), {"player": c}),
            (("--player", a, "--limit", "1"), {"player": a, "limit": 1}),
        ):
            with self.subTest(args=args):
                self.assertEqual(self.ctl_json("gather", "history", *args), self.ok(self.c, "gathers.list", params))
        # A page that is not the last tells how to get the next.
        page = self.ok(self.c, "gathers.list", {"limit": 1})
        self.assertIn(f"--before {page['next']}", self.ctl("gather", "history", "--limit", "1"))
        for record in records:
            self.check_record_text(self.ctl("gather", "show", record["id"]), record)
            self.assertEqual(self.ctl_json("gather", "show", record["id"]), record)

    def test_history_keeps_deleted_players(self):
        a, b, *_ = self.ids
        gather = self.start_gather(self.c, [a], [b])
        self.ok(self.c, "gather.end")
        self.ok(self.c, "players.delete", {"id": b})
        record = self.ok(self.c, "gathers.get", {"id": gather["id"]})
        self.assertIsNone(record["teams"]["teamB"][0]["id"])
        self.check_record_text(self.ctl("gather", "show", gather["id"]), record)

    def test_history_when_empty(self):
        self.assertEqual(self.ctl_json("gather", "history"), {"gathers": [], "next": None})
        self.assertEqual(self.run_ctl("gather", "history").returncode, 0)

    def test_refusals_exit_1_with_the_daemons_message(self):
        a, b, c, d, *_ = self.ids
        self.ctl_refused(["gather", "end"], "gather.end", None, "no_active_gather")
        self.ctl_refused(["gather", "cancel"], "gather.cancel", None, "no_active_gather")
        self.ctl_refused(["gather", "move", a, "a"], "gather.assign", {"player": a, "team": "teamA"}, "no_active_gather")
        self.ctl_refused(["gather", "show", 999], "gathers.get", {"id": 999}, "gather_not_found")
        self.ctl_refused(["gather", "start", "--team-a", f"{a}", "--team-b", f"{a}"], "gather.start", {"teamA": [a], "teamB": [a]}, "invalid_params")
        self.ctl_refused(["gather", "start", "--team-a", "999", "--team-b", f"{a}"], "gather.start", {"teamA": [999], "teamB": [a]})
        self.ctl_refused(["gather", "history", "--limit", "101"], "gathers.list", {"limit": 101}, "invalid_params")
        self.ctl_refused(["gather", "history", "--player", "999"], "gathers.list", {"player": 999}, "player_not_found")
        gather = self.start_gather(self.c, [a], [b])
        self.ctl_refused(["gather", "start", "--team-a", f"{c}", "--team-b", f"{d}"], "gather.start", {"teamA": [c], "teamB": [d]}, "gather_already_active")
        self.ctl_refused(["gather", "show", gather["id"]], "gathers.get", {"id": gather["id"]}, "gather_not_found")
        self.ctl_refused(["gather", "move", 999, "b"], "gather.assign", {"player": 999, "team": "teamB"}, "player_not_found")
        self.assertEqual(self.ok(self.c, "gather.current")["id"], gather["id"], "refusals change nothing")


class TimerTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ids = self.roster(2)

    def assertRunningTimer(self, timer: dict, duration: int) -> None:
        self.checkTimer(timer)
        self.assertEqual((timer["state"], timer["duration"]), ("running", duration))
        status = self.ok(self.c, "timer.status")
        self.assertEqual(status["state"], "running")
        self.assertAlmostEqual(iso_to_epoch(timer["endsAt"]), iso_to_epoch(status["endsAt"]), delta=0.05)

    def test_every_timer_command(self):
        self.start_gather(self.c, self.ids[:1], self.ids[1:], minutes=5)
        self.check_timer_text(self.ctl("timer", "status"), self.ok(self.c, "timer.status"))
        self.check_timer_text(self.ctl("timer"), self.ok(self.c, "timer.status"))  # status is the default
        self.assertEqual(self.ctl_json("timer", "status"), self.ok(self.c, "timer.status"))

        out = self.ctl("timer", "set", "2:30")
        timer = self.ok(self.c, "timer.status")
        self.assertEqual((timer["duration"], timer["display"], timer["state"]), (150, "02:30", "stopped"))
        self.check_timer_text(out, timer)
        self.assertEqual(self.ctl_json("timer", "set", "75"), self.ok(self.c, "timer.status"))
        self.assertEqual(self.ok(self.c, "timer.status")["duration"], 75)

        out = self.ctl("timer", "start")
        self.assertIn("running", out)
        self.assertIn("01:15", out)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")
        self.check_timer_text(self.ctl("timer", "pause"), self.ok(self.c, "timer.status"))
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "paused")
        self.assertRunningTimer(self.ctl_json("timer", "resume"), 75)
        paused = self.ctl_json("timer", "pause")
        self.assertEqual(paused, self.ok(self.c, "timer.status"))
        self.assertEqual(paused["state"], "paused")
        self.assertIn("running", self.ctl("timer", "resume"))

        # toggle: running -> paused -> running; stopped -> running.
        toggled = self.ctl_json("timer", "toggle")
        self.assertEqual(toggled, self.ok(self.c, "timer.status"))
        self.assertEqual(toggled["state"], "paused")
        self.assertIn("running", self.ctl("timer", "toggle"))
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")

        out = self.ctl("timer", "reset")
        timer = self.ok(self.c, "timer.status")
        self.assertEqual((timer["state"], timer["display"]), ("stopped", "01:15"))
        self.check_timer_text(out, timer)
        self.assertRunningTimer(self.ctl_json("timer", "toggle"), 75)
        self.assertEqual(self.ctl_json("timer", "reset"), self.ok(self.c, "timer.status"))
        started = self.ctl_json("timer", "start")
        self.assertRunningTimer(started, 75)
        self.assertAlmostEqual(iso_to_epoch(started["endsAt"]), time.time() + 75, delta=2.0)

    def test_refusals_exit_1_with_the_daemons_message(self):
        for args, method in (
            (["timer", "status"], "timer.status"),
            (["timer", "start"], "timer.start"),
            (["timer", "pause"], "timer.pause"),
            (["timer", "resume"], "timer.resume"),
            (["timer", "toggle"], "timer.toggle"),
            (["timer", "reset"], "timer.reset"),
        ):
            with self.subTest(args=args):
                self.ctl_refused(args, method, None, "no_active_gather")
        self.ctl_refused(["timer", "set", "5:00"], "timer.set", {"seconds": 300}, "no_active_gather")
        self.start_gather(self.c, self.ids[:1], self.ids[1:])
        self.ctl_refused(["timer", "pause"], "timer.pause", None, "invalid_transition")
        self.ctl_refused(["timer", "resume"], "timer.resume", None, "invalid_transition")
        # Durations outside 00:01-99:59 are caught by gatherctl itself, as usage errors.
        self.ctl_usage("timer", "set", "0")
        self.ctl_usage("timer", "set", "100:00")
        self.ok(self.c, "timer.start")
        self.ctl_refused(["timer", "start"], "timer.start", None, "invalid_transition")
        self.ctl_refused(["timer", "set", "5:00"], "timer.set", {"seconds": 300}, "invalid_transition")
        self.assertEqual(self.ok(self.c, "timer.status")["duration"], 600, "refusals change nothing")


class ScoreTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ids = self.roster(4)

    def test_goal_undo_set_show(self):
        a, b, c, d = self.ids
        self.start_gather(self.c, [a, b], [c, d])
        out = self.ctl("score", "goal", "a", "--player", a)
        self.assertTrue(score_in(out, "1-0"), out)
        scored = self.ctl_json("score", "goal", "b", "--player", d)
        now = self.ok(self.c, "score.get")
        self.assertEqual(scored, {"score": now["score"], "goal": now["goals"][-1]})
        self.assertEqual((scored["score"]["text"], scored["goal"]["player"]["id"]), ("1-1", d))
        self.checkGoal(scored["goal"])
        scored = self.ctl_json("score", "goal", "b")
        self.assertIsNone(scored["goal"]["player"])
        self.assertEqual(scored["score"]["text"], "1-2")

        undone = self.ctl_json("score", "undo")
        self.assertEqual(undone["undone"], scored["goal"])
        self.assertEqual(undone["score"], self.ok(self.c, "score.get")["score"])
        self.assertTrue(score_in(self.ctl("score", "undo"), "1-0"))

        out = self.ctl("score", "set", "3-2")
        self.assertTrue(score_in(out, "3-2"), out)
        corrected = self.ctl_json("score", "set", "4-2")
        now = self.ok(self.c, "score.get")
        self.assertEqual(corrected, {"score": now["score"], "goal": now["goals"][-1]})
        self.assertEqual(corrected["goal"]["kind"], "correction")
        self.assertEqual(now["score"]["text"], "4-2")

        out = self.ctl("score", "show")
        self.assertTrue(score_in(out.splitlines()[0], "4-2"), out)
        self.check_goals_text(out, now["goals"])
        self.assertIn("Team A", out)
        self.assertEqual(self.ctl_json("score", "show"), now)
        self.assertTrue(score_in(self.ctl("score"), "4-2"))  # show is the default

    def test_refusals_exit_1_with_the_daemons_message(self):
        a, b, c, d = self.ids
        # No gather: the daemon's no_active_gather message, exit 1.
        self.ctl_refused(["score", "goal", "a"], "score.goal", {"team": "teamA"}, "no_active_gather")
        self.ctl_refused(["score", "show"], "score.get", None, "no_active_gather")
        self.ctl_refused(["score", "undo"], "score.undo", None, "no_active_gather")
        self.ctl_refused(["score", "set", "1-0"], "score.set", {"teamA": 1, "teamB": 0}, "no_active_gather")
        self.start_gather(self.c, [a], [b], [c])
        self.ctl_refused(["score", "undo"], "score.undo", None)
        self.ctl_refused(["score", "goal", "a", "--player", b], "score.goal", {"team": "teamA", "player": b}, "invalid_params")
        self.ctl_refused(["score", "goal", "a", "--player", c], "score.goal", {"team": "teamA", "player": c}, "invalid_params")
        self.ctl_refused(["score", "goal", "b", "--player", 999], "score.goal", {"team": "teamB", "player": 999})
        self.ctl_refused(["score", "set", "100-1"], "score.set", {"teamA": 100, "teamB": 1}, "invalid_params")
        self.assertEqual(self.ok(self.c, "score.get")["goals"], [], "refusals change nothing")


class StatusAndCallTests(GatherctlTestCase):
    VOLATILE = ("uptimeSeconds", "connections")

    def test_status(self):
        ids = self.roster(3)
        out = self.ctl("status")
        status = self.ok(self.c, "daemon.status")
        self.assertIn(status["version"], out)
        self.assertIn(str(status["pid"]), out)
        self.assertIn("no gather", out.lower())
        gather = self.start_gather(self.c, ids[:1], ids[1:2], seconds=90)
        self.ok(self.c, "score.goal", {"team": "teamB"})
        out = self.ctl("status")
        self.assertIn(f"Gather {gather['id']}", out)
        self.assertTrue(score_in(out, "0-1"), out)
        self.assertIn("01:30", out)
        mine = self.ctl_json("status")
        direct = self.ok(self.c, "daemon.status")
        for key in self.VOLATILE:
            self.assertIn(key, mine)
            mine.pop(key)
            direct.pop(key)
        self.assertEqual(mine, direct)
        self.assertIs(mine["controller"], True)

    def test_call_prints_the_raw_result(self):
        ids = self.roster(2)
        for args, method, params in (
            (("players.get", json.dumps({"id": ids[1]})), "players.get", {"id": ids[1]}),
            (("players.list",), "players.list", None),
            (("players.list", "{}"), "players.list", {}),
            (("gathers.list", '{"limit": 1}'), "gathers.list", {"limit": 1}),
            (("gather.current",), "gather.current", None),
            (("rpc.discover",), "rpc.discover", None),
        ):
            with self.subTest(args=args):
                expected = self.ok(self.c, method, params)
                self.assertEqual(json.loads(self.ctl("call", *args)), expected)
                self.assertEqual(self.ctl_json("call", *args), expected)
        self.assertEqual(json.loads(self.ctl("call", "daemon.ping")), {"pong": True})

    def test_call_mutates_like_the_method(self):
        created = json.loads(self.ctl("call", "players.create", '{"name": "Ana", "position": "ST"}'))
        self.assertEqual(created, self.ok(self.c, "players.get", {"id": created["id"]}))

    def test_call_refusals(self):
        self.ctl_refused(["call", "players.get", '{"id": 999}'], "players.get", {"id": 999}, "player_not_found")
        self.ctl_refused(["call", "no.such.method"], "no.such.method", None, "method_not_found")
        self.ctl_refused(["call", "players.get", '{"id": 1, "bogus": 2}'], "players.get", {"id": 1, "bogus": 2}, "invalid_params")
        self.ctl_refused(["call", "timer.status"], "timer.status", None, "no_active_gather")


# --------------------------------------------------------------------------------------------------
# Exit codes 2 and 3, socket resolution


class UsageAndReachTests(GatherctlTestCase):
    def state(self) -> dict:
        status = self.ok(self.c, "daemon.status")
        return {"seq": status["seq"], "players": self.ok(self.c, "players.list"), "gather": self.ok(self.c, "gather.current")}

    def test_usage_errors_exit_2_and_change_nothing(self):
        ids = self.roster(2)
        self.start_gather(self.c, ids[:1], ids[1:])
        before = self.state()
        for args in (
            ("bogus",),
            ("players", "bogus"),
            ("timer", "stop"),
            ("players", "show"),
            ("players", "show", ""),
            ("players", "add"),
            ("players", "add", "Ana", "--age", "old"),
            ("players", "edit"),
            ("players", "rm"),
            ("gather", "show"),
            ("gather", "move", "1"),
            ("gather", "move", "1", "c"),
            ("gather", "start", "--team-b", "2"),
            ("gather", "start", "--team-a", "1,,2", "--team-b", "2"),
            ("gather", "start", "--team-a", "1", "--team-b", "2", "--duration", "10:75"),
            ("gather", "history", "--limit", "many"),
            ("timer", "set"),
            ("timer", "set", "10:75"),
            ("timer", "set", "soon"),
            ("score", "goal"),
            ("score", "goal", "a", "--name"),
            ("players", "remove", "1"),
            ("timer", "stop"),
            ("score", "set"),
            ("score", "set", "2:1"),
            ("score", "set", "two-one"),
            ("call",),
            ("call", "players.get", "{bad"),
            ("call", "players.get", "[1]"),
            ("watch", "--format", "bogus"),
            ("status", "--bogus"),
        ):
            with self.subTest(args=args):
                self.ctl_usage(*args)
        self.assertEqual(self.state(), before)

    def test_usage_errors_win_over_an_unreachable_socket(self):
        for args in (("timer", "set", "10:75"), ("score", "set", "2:1"), ("bogus",), ("players", "show")):
            with self.subTest(args=args):
                self.ctl_usage(*args, socket="/nonexistent/gatherd.sock")

    def test_help_exits_0(self):
        for args in (("--help",), ("players", "--help"), ("watch", "--help"), ("score", "goal", "--help")):
            with self.subTest(args=args):
                proc = self.run_ctl(*args, socket=None)
                self.assertEqual(proc.returncode, 0, self.describe(proc))
                self.assertIn("USAGE", proc.stdout.upper())

    def test_unreachable_exits_3(self):
        missing = "/nonexistent/gatherd.sock"
        for args in (("status",), ("players", "list"), ("timer", "toggle"), ("score", "goal", "a"), ("call", "daemon.ping"), ("gather", "status", "--json")):
            with self.subTest(args=args):
                self.ctl_unreachable(*args, socket=missing, path=missing)

    def test_a_socket_nobody_listens_on_exits_3(self):
        stale = os.path.join(self.runtime, "stale.sock")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(stale)
        sock.close()  # the file stays; connecting is refused
        self.ctl_unreachable("status", socket=stale, path=stale)
        regular = os.path.join(self.runtime, "not-a-socket")
        open(regular, "w").close()
        self.ctl_unreachable("status", socket=regular, path=regular)

    def test_socket_resolution(self):
        good = self.daemon.socket_path
        missing = os.path.join(self.runtime, "missing.sock")
        # GATHERD_SOCKET alone.
        self.assertEqual(self.ctl_json("call", "daemon.ping", socket=None, env=clean_env(GATHERD_SOCKET=good, XDG_RUNTIME_DIR=self.runtime)), {"pong": True})
        # --socket beats GATHERD_SOCKET, both ways round.
        self.assertEqual(self.ctl_json("call", "daemon.ping", socket=good, env=clean_env(GATHERD_SOCKET=missing, XDG_RUNTIME_DIR=self.runtime)), {"pong": True})
        self.ctl_unreachable("status", socket=missing, env=clean_env(GATHERD_SOCKET=good, XDG_RUNTIME_DIR=self.runtime), path=missing)
        self.ctl_unreachable("status", socket=None, env=clean_env(GATHERD_SOCKET=missing, XDG_RUNTIME_DIR=self.runtime), path=missing)

    def test_default_socket(self):
        env = clean_env(XDG_RUNTIME_DIR=self.runtime)
        if os.geteuid() == 0:
            default = "/run/gatherd/gatherd.sock"
            if os.path.exists(default):
                self.skipTest(f"a gatherd may be running at {default}")
            self.ctl_unreachable("status", socket=None, env=env, path=default)
        else:
            default = os.path.join(self.runtime, "gatherd", "gatherd.sock")
            self.ctl_unreachable("status", socket=None, env=env, path=default)
            os.makedirs(os.path.dirname(default))
            os.symlink(self.daemon.socket_path, default)
            self.assertEqual(self.ctl_json("call", "daemon.ping", socket=None, env=env), {"pong": True})


class AsAnotherUserTests(AsOtherUser, GatherctlTestCase):
    """gatherctl run as uid 65534: the non-root default socket, and what a non-controller is told."""

    def setUp(self):
        super().setUp()
        os.chmod(self.runtime, 0o755)
        self.as_user = setpriv_prefix()
        self.user_env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": self.runtime}

    def test_default_socket_is_under_xdg_runtime_dir(self):
        default = os.path.join(self.runtime, "gatherd", "gatherd.sock")
        self.ctl_unreachable("status", socket=None, env=self.user_env, prefix=self.as_user, path=default)
        os.makedirs(os.path.dirname(default))
        os.chmod(os.path.dirname(default), 0o755)
        os.symlink(self.daemon.socket_path, default)
        status = self.ctl_json("status", socket=None, env=self.user_env, prefix=self.as_user)
        self.assertIs(status["controller"], False)

    def test_a_non_controller_is_refused_with_exit_1(self):
        ids = self.roster(2)
        self.start_gather(self.c, ids[:1], ids[1:])
        proc = self.run_ctl("timer", "toggle", env=self.user_env, prefix=self.as_user)
        self.assertEqual(proc.returncode, 1, self.describe(proc))
        self.assertEqual(proc.stdout, "")
        self.assertTrue(proc.stderr.strip())
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "stopped")
        self.assertIn("0-0", self.ctl("score", "show", env=self.user_env, prefix=self.as_user))


# --------------------------------------------------------------------------------------------------
# watch


class WatchTests(GatherctlTestCase):
    def setUp(self):
        super().setUp()
        self.ids = self.roster(4)

    def first_view(self, fmt: str, *extra: str) -> tuple[Watch, View]:
        watch = self.watch("--format", fmt, *extra)
        return watch, self.view(watch, fmt)

    # -- the current state first, then every change within a second ------------------------------

    def check_current_state_first(self, fmt: str) -> None:
        a, b, c, d = self.ids
        watch, first = self.first_view(fmt)
        self.assertTrue(first.idle(), f"no gather: {first}")
        watch.kill()
        self.start_gather(self.c, [a, b], [c, d], minutes=7, seconds=30)
        self.ok(self.c, "score.goal", {"team": "teamB", "player": c})
        watch, first = self.first_view(fmt)
        self.assertTrue(first.shows("07:30", "0-1"), first)
        if fmt in ("waybar", "json"):
            self.assertIn(first.state, STOPPED_CLASSES, first)
        if fmt == "waybar":
            self.assertTrue(score_in(first.obj["tooltip"], "0-1"), first)
            self.assertIn(self.ok(self.c, "players.get", {"id": c})["name"], first.obj["tooltip"], "the tooltip names the scorers")
        if fmt == "json":
            self.assertEqual(first.obj["score"], self.ok(self.c, "score.get")["score"])
            self.assertIs(first.obj["online"], True)

    def check_changes_show_at_once(self, fmt: str) -> None:
        a, b, c, d = self.ids
        self.start_gather(self.c, [a, b], [c, d], minutes=10)
        watch, first = self.first_view(fmt)
        self.assertTrue(first.shows("10:00", "0-0"), first)

        self.change_shows(watch, fmt, lambda: self.ok(self.c, "score.goal", {"team": "teamA", "player": a}),
                          lambda v: v.shows(score="1-0"), what="a goal")
        self.change_shows(watch, fmt, lambda: self.ok(self.c, "timer.set", {"seconds": 300}),
                          lambda v: v.shows("05:00", "1-0"), what="a new duration")
        if fmt in ("waybar", "json"):
            self.change_shows(watch, fmt, lambda: self.ok(self.c, "timer.start"),
                              lambda v: v.state == "running", what="the clock starting")
        else:
            # The text reads "05:00 · 1-0" until the clock crosses 04:59, one second after the start: the
            # first tick must follow that second at once.
            self.change_shows(watch, fmt, lambda: self.ok(self.c, "timer.start"),
                              lambda v: v.shows("04:59"), bound=TICK + LATENCY, what="the first second gone")
        self.change_shows(watch, fmt, lambda: self.ok(self.c, "score.goal", {"team": "teamB"}),
                          lambda v: v.shows(score="1-1"), what="a goal while the clock runs")
        if fmt in ("waybar", "json"):
            self.change_shows(watch, fmt, lambda: self.ok(self.c, "timer.pause"),
                              lambda v: v.state == "paused", what="the clock pausing")
        self.change_shows(watch, fmt, lambda: self.ok(self.c, "score.undo"),
                          lambda v: v.shows(score="1-0"), what="an undone goal")
        self.change_shows(watch, fmt, lambda: self.ok(self.c, "gather.cancel"),
                          lambda v: v.idle(), what="the gather going away")
        self.change_shows(watch, fmt, lambda: self.start_gather(self.c, [a], [b], minutes=3),
                          lambda v: v.shows("03:00", "0-0"), what="a new gather")
        self.assertTrue(watch.alive())

    def test_plain_current_state_first(self):
        self.check_current_state_first("plain")

    def test_json_current_state_first(self):
        self.check_current_state_first("json")

    def test_waybar_current_state_first(self):
        self.check_current_state_first("waybar")

    def test_i3blocks_current_state_first(self):
        self.check_current_state_first("i3blocks")

    def test_polybar_current_state_first(self):
        self.check_current_state_first("polybar")

    def test_default_format_is_plain(self):
        self.start_gather(self.c, self.ids[:2], self.ids[2:], minutes=4)
        watch = self.watch()
        self.assertTrue(self.view(watch, "plain").shows("04:00", "0-0"))

    def test_plain_changes_show_within_a_second(self):
        self.check_changes_show_at_once("plain")

    def test_json_changes_show_within_a_second(self):
        self.check_changes_show_at_once("json")

    def test_waybar_changes_show_within_a_second(self):
        self.check_changes_show_at_once("waybar")

    def test_i3blocks_changes_show_within_a_second(self):
        self.check_changes_show_at_once("i3blocks")

    def test_polybar_changes_show_within_a_second(self):
        self.check_changes_show_at_once("polybar")

    # -- waybar and json through every state -------------------------------------------------------

    def check_through_every_state(self, fmt: str) -> list[View]:
        a, b, c, d = self.ids
        watch, first = self.first_view(fmt)
        views = [first]
        self.assertTrue(first.idle(), first)

        def step(action, predicate, what):
            views.append(self.change_shows(watch, fmt, action, predicate, what=what))

        step(lambda: self.start_gather(self.c, [a, b], [c, d], seconds=2), lambda v: v.shows("00:02", "0-0"), "a gather")
        step(lambda: self.ok(self.c, "score.goal", {"team": "teamA", "player": b}), lambda v: v.shows(score="1-0"), "a goal")
        step(lambda: self.ok(self.c, "timer.start"), lambda v: v.state == "running", "running")
        step(lambda: self.ok(self.c, "timer.pause"), lambda v: v.state == "paused", "paused")
        step(lambda: self.ok(self.c, "timer.resume"), lambda v: v.state == "running", "running again")
        # The two-second clock runs out by itself.
        views.append(self.wait_view(watch, fmt, lambda v: v.state == "finished", 2 + LATENCY + 1, "the end of the clock"))
        # Full time: "FT" and the result for people, as the board and MQTT read it; json keeps gatherd's display.
        self.assertTrue(views[-1].shows("00:00" if fmt == "json" else "FT", "1-0"), views[-1])
        if fmt == "waybar":
            self.assertEqual(views[-1].text, "FT · 1-0", views[-1])
        step(lambda: self.ok(self.c, "gather.end"), lambda v: v.idle(), "no gather")
        begin = time.monotonic()
        self.daemon.stop()
        views.append(self.wait_view(watch, fmt, lambda v: v.offline(), what="offline"))
        self.assertLess(views[-1].at - begin, LATENCY + 1, "offline shows as soon as the daemon is gone")
        self.assertTrue(watch.alive(), "watch keeps running while the daemon is away")
        return views

    def test_waybar_lines_through_every_state(self):
        views = self.check_through_every_state("waybar")
        classes = [v.state for v in views]
        for cls in WAYBAR_CLASSES:
            if cls != "break":  # a match of one period has none; test_statusbar_match plays one with a break
                self.assertIn(cls, classes)
        goal_view = views[2]
        self.assertTrue(score_in(goal_view.obj["tooltip"], "1-0"), goal_view)
        self.assertIn("Player 2", goal_view.obj["tooltip"], "the tooltip names the scorers")  # make_players' names
        self.assertEqual(views[-1].obj["class"], "offline")

    def test_json_lines_through_every_state(self):
        views = self.check_through_every_state("json")
        states = [v.state for v in views]
        for state in ("idle", "running", "paused", "finished", "offline"):
            self.assertIn(state, states)
        for view in views[:-1]:
            self.assertIs(view.obj["online"], True, view)
        self.assertIs(views[-1].obj["online"], False)
        self.assertEqual(views[2].obj["score"], {"teamA": 1, "teamB": 0, "text": "1-0"})
        self.assertEqual(views[6].obj["state"], "finished")
        self.assertEqual(views[6].obj["display"], "00:00")

    # -- daemon restart ----------------------------------------------------------------------------

    def check_survives_a_daemon_restart(self, fmt: str) -> None:
        a, b, c, d = self.ids
        self.start_gather(self.c, [a, b], [c, d], minutes=6)
        self.ok(self.c, "score.goal", {"team": "teamA"})
        watch, before = self.first_view(fmt)
        self.assertTrue(before.shows("06:00", "1-0"), before)
        begin = time.monotonic()
        self.daemon.stop()
        offline = self.wait_view(watch, fmt, lambda v: v.offline(), what="offline")
        self.assertLess(offline.at - begin, LATENCY + 1, "offline shows as soon as the daemon is gone")
        self.assertTrue(watch.alive(), "watch does not exit when the daemon goes away")
        self.daemon.start()  # same socket, same database
        again = self.wait_view(watch, fmt, lambda v: not v.offline(), what="the state after reconnecting")
        self.assertEqual(again.obj if again.obj is not None else again.line, before.obj if before.obj is not None else before.line)
        self.assertTrue(watch.alive())
        self.c = self.client()
        self.change_shows(watch, fmt, lambda: self.ok(self.c, "score.goal", {"team": "teamA"}),
                          lambda v: v.shows(score="2-0"), what="a goal after reconnecting")

    def test_plain_survives_a_daemon_restart(self):
        self.check_survives_a_daemon_restart("plain")

    def test_json_survives_a_daemon_restart(self):
        self.check_survives_a_daemon_restart("json")

    def test_waybar_survives_a_daemon_restart(self):
        self.check_survives_a_daemon_restart("waybar")

    def test_i3blocks_survives_a_daemon_restart(self):
        self.check_survives_a_daemon_restart("i3blocks")

    def test_polybar_survives_a_daemon_restart(self):
        self.check_survives_a_daemon_restart("polybar")

    def test_starts_offline_and_connects_when_the_daemon_comes(self):
        self.daemon.stop()
        watch, first = self.first_view("waybar")
        self.assertEqual(first.state, "offline")
        self.daemon.start()
        view = self.wait_view(watch, "waybar", lambda v: v.state != "offline", what="the daemon arriving")
        self.assertEqual(view.state, "idle")

    # -- exiting -----------------------------------------------------------------------------------

    def check_signal_exits_0(self, signum: int, fmt: str = "plain", socket: Any = AUTO) -> None:
        watch = self.watch("--format", fmt, socket=socket)
        self.view(watch, fmt)
        watch.proc.send_signal(signum)
        code, took = watch.wait_exit(EXIT_DEADLINE + 5)
        self.assertEqual(code, 0, f"exit status after signal {signum}; stderr {watch.stderr()!r}")
        self.assertLess(took, EXIT_DEADLINE)

    def test_sigterm_exits_0(self):
        for fmt in FORMATS:
            with self.subTest(format=fmt):
                self.check_signal_exits_0(signal.SIGTERM, fmt)

    def test_sigint_exits_0(self):
        self.check_signal_exits_0(signal.SIGINT)

    def test_sigterm_while_offline_exits_0(self):
        self.check_signal_exits_0(signal.SIGTERM, "waybar", socket=os.path.join(self.runtime, "missing.sock"))

    def test_a_closed_stdout_exits_0(self):
        for fmt in ("plain", "waybar"):
            with self.subTest(format=fmt):
                if self.ok(self.c, "gather.current") is not None:
                    self.ok(self.c, "gather.cancel")
                self.start_gather(self.c, self.ids[:2], self.ids[2:])
                watch = self.watch("--format", fmt)
                self.view(watch, fmt)
                watch.close_stdout()
                begin = time.monotonic()
                self.ok(self.c, "score.goal", {"team": "teamA"})  # the next line has nowhere to go
                code, _ = watch.wait_exit(EXIT_DEADLINE + 5)
                self.assertEqual(code, 0, f"exit status after SIGPIPE; stderr {watch.stderr()!r}")
                self.assertLess(time.monotonic() - begin, EXIT_DEADLINE)

    # -- i3blocks clicks ---------------------------------------------------------------------------

    def test_i3blocks_left_click_toggles_the_clock(self):
        a, b, c, d = self.ids
        events = self.client()
        self.ok(events, "events.subscribe", {"topics": ["timer", "gather"]})
        self.start_gather(self.c, [a, b], [c, d], minutes=10)
        events.wait_event(lambda e: e["method"] == "gather")
        watch, first = self.first_view("i3blocks")
        self.assertTrue(first.shows("10:00", "0-0"), first)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "stopped")

        # Left click: the clock starts; the block shows 09:59 once the first second is gone.
        view = self.change_shows(watch, "i3blocks", lambda: watch.click(1), lambda v: v.shows("09:59"),
                                 bound=TICK + LATENCY, what="the clock running")
        self.assertTrue(view.shows("09:59", "0-0"), view)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")
        event, _ = events.wait_event(lambda e: e["method"] == "timer")
        self.assertEqual(event["params"]["change"], "started", event)

        # Right and middle clicks do nothing; the next left click pauses. The block's text does not change
        # on a pause, so the timer events say when it happened: exactly one change, "paused".
        watch.click(3)
        watch.click(2)
        watch.click(1)
        event, _ = events.wait_event(lambda e: e["method"] == "timer")
        self.assertEqual(event["params"]["change"], "paused", event)
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "paused")
        # ... and one more left click resumes; the block ticks on.
        watch.click(1)
        event, _ = events.wait_event(lambda e: e["method"] == "timer")
        self.assertEqual(event["params"]["change"], "resumed", event)
        self.wait_view(watch, "i3blocks", lambda v: v.shows("09:58"), TICK + LATENCY + 1, "the clock running on")
        self.assertEqual(self.ok(self.c, "timer.status")["state"], "running")
        self.assertTrue(watch.alive())

    # -- --topics ----------------------------------------------------------------------------------

    def test_topics_without_tick_show_no_ticks(self):
        self.start_gather(self.c, self.ids[:2], self.ids[2:], minutes=10)
        self.ok(self.c, "timer.start")
        ticks = self.client()
        self.ok(ticks, "events.subscribe", {"topics": ["tick"]})
        watch, first = self.first_view("plain", "--topics", "score,timer,gather")
        # Two ticks later the clock has moved on, but this watch did not follow it.
        ticks.wait_event(lambda e: e["method"] == "tick")
        ticks.wait_event(lambda e: e["method"] == "tick")
        view = self.change_shows(watch, "plain", lambda: self.ok(self.c, "score.goal", {"team": "teamB"}),
                                 lambda v: v.shows(score="0-1"), what="the goal")
        self.assertEqual([line for _, line in watch.lines], [first.line, view.line], "no tick lines in between")

    def test_an_unknown_topic_is_a_usage_error(self):
        watch = self.watch("--format", "plain", "--topics", "bogus")
        code, _ = watch.wait_exit(3.0)
        self.assertEqual(code, 2)


if __name__ == "__main__":
    unittest.main()
