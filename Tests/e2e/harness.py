"""End-to-end harness for gatherd: start the real daemon binary and talk to it over its Unix socket.

Python 3 standard library only. Used by every `test_*.py` in this folder:

    python3 -m unittest discover -s Tests/e2e -t Tests/e2e -v

The binary is `$GATHERD_BIN`, or `<repo>/.build/debug/gatherd` when that is not set.

Rules the tests follow:
- Every read has a timeout (a few seconds), so a hung daemon fails a test instead of hanging CI.
- The only polling is the readiness wait in `Daemon.wait_ready` (10 ms interval, 10 s deadline).
  Everything else waits for a line on a socket.
- Each daemon lives in its own `tempfile.mkdtemp()` folder, which is removed with it.
"""

from __future__ import annotations

import collections
import contextlib
import datetime as _dt
import json
import math
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
from typing import Any, Callable, Iterator, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_BINARY = os.path.join(REPO, ".build", "debug", "gatherd")

#: How long a single read waits for a line before the test fails.
READ_TIMEOUT = float(os.environ.get("GATHERD_E2E_TIMEOUT", "5"))
#: Readiness: poll connect + daemon.ping every 10 ms for at most 10 s.
READY_INTERVAL = 0.01
READY_DEADLINE = 10.0
#: How long a SIGTERM'd daemon may take before the harness gives up on it (tests assert tighter bounds).
STOP_TIMEOUT = 10.0
#: What the tests' tightest wall-clock bounds (shutdown time, tick gaps) are multiplied by. 1 by default;
#: `make tsan` and `make asan` raise it, since a sanitized daemon runs several times slower (docs/reliability.md).
TIME_SCALE = float(os.environ.get("GATHERD_E2E_TIME_SCALE", "1"))
# "address" or "thread" when GATHERD_BIN is a sanitized build (Tests/sanitizers/run.sh); memory bounds skip then.
SANITIZER = os.environ.get("GATHERD_E2E_SANITIZER", "")

NOBODY_UID = 65534
NOBODY_GID = 65534

#: The OpenRPC document the daemon's method definitions make (`make openrpc` writes it; `make test` checks it is
#: current): the method lists below come from it, so a new method joins them with its definition.
OPENRPC = os.path.join(REPO, "docs", "openrpc.json")
with open(OPENRPC, encoding="utf-8") as _document:
    _METHODS = json.load(_document)["methods"]

#: Every method of the wire contract.
SPEC_METHODS = tuple(method["name"] for method in _METHODS)

#: The methods that change the match (x-mutating), which need a controller or a link's code.
MUTATING_METHODS = tuple(method["name"] for method in _METHODS if method.get("x-mutating"))

#: Methods that take no params of their own (so `[]` is accepted for them); a change may still carry its
#: idempotencyKey.
NO_PARAM_METHODS = tuple(
    method["name"] for method in _METHODS if all(p["name"] == "idempotencyKey" for p in method["params"])
)

TOPICS = ("tick", "score", "timer", "gather", "players", "plan", "vote")

#: The period fields of a Timer of a one-period match with no time added (and so never in a break).
ONE_PERIOD = {"period": 1, "periods": 1, "periodName": None, "breakLength": 0, "addedSeconds": 0, "added": None,
              "breakName": None}

ISO_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")


class ProtocolError(AssertionError):
    """The daemon sent something the wire contract does not allow."""


class _Auto:
    def __repr__(self) -> str:
        return "AUTO"


#: Default for `Client.call(id=...)`: the client picks the next integer id.
AUTO = _Auto()


def binary_path() -> str:
    return os.environ.get("GATHERD_BIN") or DEFAULT_BINARY


def require_binary() -> str:
    path = binary_path()
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise AssertionError(
            f"gatherd binary not found or not executable at {path!r}; build it first "
            "(swift build) or point GATHERD_BIN at it"
        )
    return path


# --------------------------------------------------------------------------------------------------
# Small value helpers


def parse_iso(text: str) -> _dt.datetime:
    """Parses the contract's timestamps: ISO 8601 UTC with milliseconds, e.g. 2026-11-22T10:15:03.120Z."""
    if not isinstance(text, str) or not ISO_RE.match(text):
        raise ProtocolError(f"not an ISO 8601 UTC timestamp with milliseconds: {text!r}")
    return _dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=_dt.timezone.utc)


def iso_to_epoch(text: str) -> float:
    return parse_iso(text).timestamp()


def display(seconds: int) -> str:
    """Whole seconds as "mm:ss", the way the daemon shows remaining time and match time."""
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def ceil_seconds(ms: int) -> int:
    return int(math.ceil(ms / 1000.0))


def encode(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode("utf-8")


def is_notification(msg: Any) -> bool:
    return isinstance(msg, dict) and "method" in msg and "id" not in msg


def is_response(msg: Any) -> bool:
    return isinstance(msg, dict) and ("result" in msg or "error" in msg) and "method" not in msg


# --------------------------------------------------------------------------------------------------
# Client


class Client:
    """One blocking AF_UNIX connection that speaks line-framed JSON-RPC 2.0.

    `call` returns the parsed reply dict of exactly one request. Notifications that arrive while a reply
    is awaited are kept, in order, for `next_event` / `events`.
    """

    def __init__(self, path: str, timeout: float = READ_TIMEOUT, rcvbuf: int | None = None) -> None:
        self.path = path
        self.timeout = timeout
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        if rcvbuf is not None:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(timeout)
        try:
            self.sock.connect(path)
        except BaseException:
            self.sock.close()
            raise
        self._buf = b""
        self._eof = False
        self.reset_by_peer = False
        self._next_id = 1
        self.pending: collections.deque[dict] = collections.deque()
        #: Every notification `next_event` handed out, in order (wait_event's skipped ones included).
        self.seen_events: list[dict] = []

    # -- raw I/O -----------------------------------------------------------------------------------

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, obj: Any) -> None:
        self.send_raw(encode(obj) + b"\n")

    def shutdown_write(self) -> None:
        self.sock.shutdown(socket.SHUT_WR)

    def _fill(self, deadline: float) -> None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError(f"no complete line from gatherd within the timeout (buffered: {self._buf[:200]!r})")
        ready, _, _ = select.select([self.sock], [], [], remaining)
        if not ready:
            raise TimeoutError(f"no complete line from gatherd within the timeout (buffered: {self._buf[:200]!r})")
        try:
            chunk = self.sock.recv(1 << 16)
        except ConnectionResetError:
            self.reset_by_peer = True
            chunk = b""
        if chunk:
            self._buf += chunk
        else:
            self._eof = True

    def read_line(self, timeout: float | None = None) -> bytes | None:
        """The next line without its terminator ("\\n" or "\\r\\n"), or None at end of stream.

        Raises TimeoutError if no full line arrives in time, ProtocolError if the stream ends mid-line.
        """
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            index = self._buf.find(b"\n")
            if index >= 0:
                line, self._buf = self._buf[:index], self._buf[index + 1 :]
                return line[:-1] if line.endswith(b"\r") else line
            if self._eof:
                if self._buf:
                    partial, self._buf = self._buf, b""
                    raise ProtocolError(f"connection closed in the middle of a line: {partial[:200]!r}")
                return None
            self._fill(deadline)

    def read_message(self, timeout: float | None = None) -> Any:
        """The next line, parsed as JSON (None at end of stream)."""
        line = self.read_line(timeout)
        if line is None:
            return None
        try:
            return json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            raise ProtocolError(f"gatherd sent a line that is not UTF-8 JSON: {line[:300]!r}") from error

    def expect_eof(self, timeout: float | None = None) -> list[Any]:
        """Reads until the daemon closes the connection; returns whatever messages came first."""
        seen = []
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            msg = self.read_message(max(0.0, deadline - time.monotonic()))
            if msg is None:
                return seen
            seen.append(msg)

    def at_eof(self) -> bool:
        return self._eof and not self._buf

    # -- JSON-RPC ----------------------------------------------------------------------------------

    def request(self, method: Any, params: Any = None, id: Any = AUTO) -> Any:
        """Sends one request without waiting; returns the id used."""
        if id is AUTO:
            id = self._next_id
            self._next_id += 1
        msg: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "id": id}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return id

    def read_reply(self, timeout: float | None = None) -> dict:
        """The next response on the connection, keeping notifications that come before it."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            msg = self.read_message(max(0.0, deadline - time.monotonic()))
            if msg is None:
                raise ProtocolError("gatherd closed the connection instead of replying")
            if is_notification(msg):
                self.pending.append(msg)
                continue
            if not isinstance(msg, dict):
                raise ProtocolError(f"expected a single response object, got {msg!r}")
            return msg

    def call(self, method: Any, params: Any = None, id: Any = AUTO, timeout: float | None = None) -> dict:
        """Sends one request and returns its parsed reply (the whole reply object, result or error)."""
        sent_id = self.request(method, params, id)
        reply = self.read_reply(timeout)
        if reply.get("id", "<missing>") != sent_id or type(reply.get("id")) is not type(sent_id):
            raise ProtocolError(f"reply to {method} (id {sent_id!r}) carries id {reply.get('id', '<missing>')!r}: {reply}")
        return reply

    def result(self, method: str, params: Any = None, timeout: float | None = None) -> Any:
        """Calls a method that must succeed and returns its result."""
        reply = self.call(method, params, timeout=timeout)
        if "error" in reply or "result" not in reply:
            raise AssertionError(f"{method} {json.dumps(params)} failed: {reply}")
        return reply["result"]

    def notify(self, method: Any, params: Any = None) -> None:
        msg: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    # -- notifications -----------------------------------------------------------------------------

    def next_event(self, timeout: float | None = None) -> dict:
        """The next notification (one kept by `call`, or the next line, which must be a notification)."""
        if self.pending:
            msg = self.pending.popleft()
        else:
            msg = self.read_message(timeout)
            if msg is None:
                raise EOFError("gatherd closed the connection while an event was awaited")
            if not is_notification(msg):
                raise ProtocolError(f"expected a notification, got {msg!r}")
        self.seen_events.append(msg)
        return msg

    def events(self, timeout: float | None = None) -> Iterator[dict]:
        """Iterates over notifications; each one must arrive within `timeout`. Stops at end of stream."""
        while True:
            try:
                yield self.next_event(timeout)
            except EOFError:
                return

    def wait_event(
        self, predicate: Callable[[dict], bool], timeout: float | None = None
    ) -> tuple[dict, list[dict]]:
        """Skips notifications until one matches; returns it and the ones skipped. Fails after `timeout`."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        skipped = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"awaited event did not arrive; skipped {skipped[-5:]}")
            event = self.next_event(left)
            if predicate(event):
                return event, skipped
            skipped.append(event)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def try_connect(path: str, timeout: float = 1.0) -> Client | None:
    try:
        return Client(path, timeout=timeout)
    except OSError:
        return None


# --------------------------------------------------------------------------------------------------
# Running a client as another user (uid 65534 by default) through setpriv


_AS_USER_SCRIPT = r"""
import json, socket, sys
path, lines, timeout = sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3])
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.settimeout(timeout)
s.connect(path)
buf = b""
out = []
for line in lines:
    s.sendall(line.encode("utf-8") + b"\n")
    reply = None
    while reply is None:
        while b"\n" not in buf:
            chunk = s.recv(65536)
            if not chunk:
                break
            buf += chunk
        if b"\n" not in buf:
            break
        raw, buf = buf.split(b"\n", 1)
        msg = json.loads(raw)
        if isinstance(msg, dict) and "method" in msg and "id" not in msg:
            continue  # a notification; keep waiting for the reply
        reply = msg
    out.append(reply)
print(json.dumps({"uid": __import__("os").getuid(), "replies": out}))
"""

_user_python: dict[tuple[int, int], str | None] = {}


def setpriv_prefix(uid: int = NOBODY_UID, gid: int = NOBODY_GID) -> list[str]:
    return ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups"]


def user_python(uid: int = NOBODY_UID, gid: int = NOBODY_GID) -> str | None:
    """A python3 interpreter that `uid` can run (the test runner's may live under /root), or None."""
    key = (uid, gid)
    if key in _user_python:
        return _user_python[key]
    found = None
    if shutil.which("setpriv") and os.geteuid() == 0:
        candidates = ["/usr/bin/python3", "/usr/local/bin/python3", shutil.which("python3"), sys.executable]
        for candidate in candidates:
            if not candidate or not os.path.exists(candidate):
                continue
            probe = subprocess.run(
                setpriv_prefix(uid, gid) + [candidate, "-I", "-c", "import json, socket"],
                cwd="/",
                env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                capture_output=True,
                timeout=30,
            )
            if probe.returncode == 0:
                found = candidate
                break
    _user_python[key] = found
    return found


def other_user_skip_reason(uid: int = NOBODY_UID, gid: int = NOBODY_GID) -> str | None:
    """Why a test that needs another uid cannot run here, or None when it can."""
    if os.geteuid() != 0:
        return "needs root, to run a client as uid 65534 with setpriv"
    if not shutil.which("setpriv"):
        return "needs setpriv (util-linux) to run a client as uid 65534"
    if user_python(uid, gid) is None:
        return f"no python3 interpreter that uid {uid} can run"
    return None


def calls_as_user(
    socket_path: str,
    requests: Sequence[Any],
    uid: int = NOBODY_UID,
    gid: int = NOBODY_GID,
    timeout: float = READ_TIMEOUT,
) -> list[dict | None]:
    """Runs a tiny client as `uid`/`gid` (no supplementary groups) that sends each request on one
    connection and reads its reply; returns the replies (None where the daemon closed instead).

    Each request is a dict ({"method":..., "params":...}; jsonrpc and id are filled in) or a raw line.
    """
    python = user_python(uid, gid)
    if python is None:
        raise unittest.SkipTest(other_user_skip_reason(uid, gid) or "cannot run as another user")
    lines = []
    for index, request in enumerate(requests, start=1):
        if isinstance(request, str):
            lines.append(request)
        else:
            msg = {"jsonrpc": "2.0", "id": index, **request}
            lines.append(json.dumps(msg))
    proc = subprocess.run(
        setpriv_prefix(uid, gid) + [python, "-I", "-c", _AS_USER_SCRIPT, socket_path, json.dumps(lines), str(timeout)],
        cwd="/",
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
        capture_output=True,
        timeout=timeout * len(lines) + 30,
    )
    if proc.returncode != 0:
        raise AssertionError(
            f"client as uid {uid} failed (exit {proc.returncode}): {proc.stderr.decode(errors='replace')[-2000:]}"
        )
    out = json.loads(proc.stdout)
    if out["uid"] != uid:
        raise AssertionError(f"the client ran as uid {out['uid']}, not {uid}")
    return out["replies"]


def call_as_user(socket_path: str, method: str, params: Any = None, **kwargs: Any) -> dict:
    """One request as another user; returns the reply it got."""
    request: dict[str, Any] = {"method": method}
    if params is not None:
        request["params"] = params
    reply = calls_as_user(socket_path, [request], **kwargs)[0]
    if reply is None:
        raise AssertionError(f"gatherd closed the connection instead of answering {method} from uid {kwargs.get('uid', NOBODY_UID)}")
    return reply


# --------------------------------------------------------------------------------------------------
# Daemon


class Daemon:
    """The real gatherd binary in a fresh temporary folder.

    By default it runs with `--socket <tmp>/gatherd.sock --database <tmp>/gather.sqlite --log-level warning`
    plus `extra_args`. `pass_paths=False` leaves out --socket/--database (then give `socket_path`, where the
    daemon is expected to listen). `wrapper` is prepended to the command line (e.g. setpriv).
    """

    def __init__(
        self,
        extra_args: Sequence[str] = (),
        *,
        env: dict[str, str] | None = None,
        dir_mode: int | None = None,
        pass_paths: bool = True,
        socket_path: str | None = None,
        wrapper: Sequence[str] = (),
        log_level: str | None = "warning",
    ) -> None:
        self.binary = require_binary()
        self.tmp = tempfile.mkdtemp(prefix="gatherd-e2e-")
        if dir_mode is not None:
            os.chmod(self.tmp, dir_mode)
        self.socket_path = socket_path or os.path.join(self.tmp, "gatherd.sock")
        self.db_path = os.path.join(self.tmp, "gather.sqlite")
        self.extra_args = list(extra_args)
        self.env = env
        self.pass_paths = pass_paths
        self.wrapper = list(wrapper)
        self.log_level = log_level
        self.proc: subprocess.Popen | None = None
        self._stderr_file = None
        self._stderr_path = os.path.join(self.tmp, "stderr.log")
        self._clients: list[Client] = []
        self.starts = 0

    # -- process -----------------------------------------------------------------------------------

    def command(self, extra_args: Sequence[str] | None = None) -> list[str]:
        args = list(self.wrapper) + [self.binary]
        if self.pass_paths:
            args += ["--socket", self.socket_path, "--database", self.db_path]
        if self.log_level:
            args += ["--log-level", self.log_level]
        return args + list(self.extra_args if extra_args is None else extra_args)

    def spawn(self, extra_args: Sequence[str] | None = None) -> subprocess.Popen:
        """Starts the process without waiting for it to be ready."""
        if self.proc is not None and self.proc.poll() is None:
            raise RuntimeError("gatherd is already running")
        self.starts += 1
        if self._stderr_file is not None:
            self._stderr_file.close()
        self._stderr_path = os.path.join(self.tmp, f"stderr.{self.starts}.log")
        self._stderr_file = open(self._stderr_path, "wb")
        env = dict(os.environ if self.env is None else self.env)
        self.proc = subprocess.Popen(
            self.command(extra_args),
            stdin=subprocess.DEVNULL,
            stdout=self._stderr_file,
            stderr=self._stderr_file,
            env=env,
            cwd=self.tmp,
        )
        return self.proc

    def start(self, extra_args: Sequence[str] | None = None) -> "Daemon":
        self.spawn(extra_args)
        self.wait_ready()
        return self

    def wait_ready(self) -> float:
        """Polls connect + daemon.ping every 10 ms until it answers; fails after 10 s. Returns the time taken."""
        assert self.proc is not None
        begin = time.monotonic()
        deadline = begin + READY_DEADLINE
        last_error: Any = None
        while True:
            code = self.proc.poll()
            if code is not None:
                raise AssertionError(
                    f"gatherd exited with status {code} before it was ready; output:\n{self.output()[-4000:]}"
                )
            client = try_connect(self.socket_path, timeout=1.0)
            if client is not None:
                try:
                    reply = client.call("daemon.ping", timeout=1.0)
                    if reply.get("result") == {"pong": True}:
                        return time.monotonic() - begin
                    last_error = reply
                except (OSError, TimeoutError, ProtocolError) as error:
                    last_error = error
                finally:
                    client.close()
            if time.monotonic() >= deadline:
                self.kill9()
                raise AssertionError(
                    f"gatherd was not ready on {self.socket_path} within {READY_DEADLINE} s "
                    f"(last: {last_error!r}); output:\n{self.output()[-4000:]}"
                )
            time.sleep(READY_INTERVAL)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def send_signal(self, signum: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(signum)

    def stop(self, timeout: float = STOP_TIMEOUT, signum: int = signal.SIGTERM) -> tuple[int, float]:
        """Sends SIGTERM (or `signum`) and waits. Returns (exit status, seconds taken)."""
        assert self.proc is not None
        begin = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(signum)
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill9()
            raise AssertionError(f"gatherd did not exit within {timeout} s of signal {signum}")
        return code, time.monotonic() - begin

    def kill9(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(STOP_TIMEOUT)

    def restart(self, extra_args: Sequence[str] | None = None) -> "Daemon":
        """Starts again on the same socket and database (stopping first with SIGTERM if still running)."""
        if self.alive():
            self.stop()
        return self.start(extra_args)

    def output(self) -> str:
        """Everything the current process wrote to stdout and stderr so far."""
        if self._stderr_file is not None:
            self._stderr_file.flush()
        try:
            with open(self._stderr_path, "rb") as handle:
                return handle.read().decode("utf-8", errors="replace")
        except OSError:
            return ""

    # -- clients -----------------------------------------------------------------------------------

    def client(self, timeout: float = READ_TIMEOUT, rcvbuf: int | None = None) -> Client:
        client = Client(self.socket_path, timeout=timeout, rcvbuf=rcvbuf)
        self._clients.append(client)
        return client

    def cleanup(self) -> None:
        """Stops the daemon (SIGTERM, then SIGKILL), closes clients, removes the folder. Never raises."""
        for client in self._clients:
            client.close()
        self._clients.clear()
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.proc.send_signal(signal.SIGTERM)
                self.proc.wait(5)
            except (subprocess.TimeoutExpired, OSError):
                with contextlib.suppress(Exception):
                    self.kill9()
        if self._stderr_file is not None:
            self._stderr_file.close()
            self._stderr_file = None
        shutil.rmtree(self.tmp, ignore_errors=True)


# --------------------------------------------------------------------------------------------------
# Test case bases


class RpcAssertions:
    """Assertions about replies and the contract's shapes. Mixed into unittest.TestCase."""

    # -- replies -----------------------------------------------------------------------------------

    def assertResult(self, reply: dict, id: Any = AUTO) -> Any:
        self.assertIsInstance(reply, dict, reply)
        self.assertEqual(reply.get("jsonrpc"), "2.0", reply)
        self.assertNotIn("error", reply, reply)
        self.assertIn("result", reply, reply)
        if id is not AUTO:
            self.assertIn("id", reply, reply)
            self.assertEqual(reply["id"], id, reply)
            self.assertIs(type(reply["id"]), type(id), reply)
        return reply["result"]

    def assertRpcError(
        self, reply: dict, code: int, reason: str | None = None, field: Any = AUTO, id: Any = AUTO
    ) -> dict:
        """Checks an error reply: code, data.reason, data.field (for -32602, or when given), id, message."""
        self.assertIsInstance(reply, dict, reply)
        self.assertEqual(reply.get("jsonrpc"), "2.0", reply)
        self.assertNotIn("result", reply, reply)
        self.assertIn("error", reply, reply)
        self.assertIn("id", reply, f"an error reply must carry an id (null when unknown): {reply}")
        error = reply["error"]
        self.assertIsInstance(error, dict, reply)
        self.assertEqual(error.get("code"), code, reply)
        message = error.get("message")
        self.assertIsInstance(message, str, reply)
        self.assertTrue(message.strip(), f"empty error message: {reply}")
        self.assertTrue(
            " " in message.strip() and message.rstrip()[-1] in ".!?",
            f"error messages must be full sentences (several words, final punctuation): {message!r}",
        )
        data = error.get("data")
        self.assertIsInstance(data, dict, f"error.data must be an object with a reason: {reply}")
        self.assertIsInstance(data.get("reason"), str, reply)
        if reason is not None:
            self.assertEqual(data["reason"], reason, reply)
        if code == -32602:
            self.assertIsInstance(data.get("field"), str, f"-32602 must name the field: {reply}")
        if field is not AUTO:
            self.assertEqual(data.get("field"), field, reply)
        if id is not AUTO:
            self.assertEqual(reply["id"], id, reply)
            self.assertIs(type(reply["id"]), type(id), reply)
        return error

    def ok(self, client: Client, method: str, params: Any = None, timeout: float | None = None) -> Any:
        reply = client.call(method, params, timeout=timeout)
        self.assertNotIn("error", reply, f"{method} {json.dumps(params)} was refused: {reply}")
        return self.assertResult(reply)

    def refused(
        self,
        client: Client,
        method: str,
        params: Any,
        code: int,
        reason: str | None = None,
        field: Any = AUTO,
    ) -> dict:
        reply = client.call(method, params)
        self.assertNotIn("result", reply, f"{method} {json.dumps(params)} should have been refused: {reply}")
        return self.assertRpcError(reply, code, reason, field)

    def invalid_params(self, client: Client, method: str, params: Any, field: Any = AUTO) -> dict:
        return self.refused(client, method, params, -32602, "invalid_params", field)

    # -- shapes ------------------------------------------------------------------------------------

    def assertKeys(self, obj: Any, keys: Sequence[str], what: str) -> None:
        self.assertIsInstance(obj, dict, f"{what} must be an object: {obj!r}")
        missing = [key for key in keys if key not in obj]
        self.assertFalse(missing, f"{what} lacks {missing}: {obj}")

    def assertIso(self, value: Any, what: str = "timestamp") -> float:
        try:
            return iso_to_epoch(value)
        except ProtocolError as error:
            self.fail(f"{what}: {error}")

    def checkPlayer(self, player: Any) -> dict:
        self.assertKeys(player, ("id", "name", "age", "position", "positionAcronym", "skill", "favouriteTeam"), "Player")
        self.assertIsInstance(player["id"], int)
        self.assertIsInstance(player["name"], str)
        acronyms = {"goalkeeper": "GK", "defender": "DEF", "midfielder": "MID", "winger": "W", "striker": "ST"}
        if player["position"] is None:
            self.assertIsNone(player["positionAcronym"], player)
        else:
            self.assertIn(player["position"], acronyms, player)
            self.assertEqual(player["positionAcronym"], acronyms[player["position"]], player)
        self.assertIn(player["skill"], (None, "beginner", "amateur", "professional"), player)
        if player["age"] is not None:
            self.assertIsInstance(player["age"], int, player)
        return player

    def checkMember(self, member: Any) -> dict:
        self.assertKeys(member, ("id", "name", "position"), "Member")
        self.assertTrue(member["id"] is None or isinstance(member["id"], int), member)
        self.assertIsInstance(member["name"], str, member)
        return member

    def checkTeams(self, teams: Any) -> dict:
        self.assertKeys(teams, ("teamA", "teamB", "bench"), "Teams")
        for side in ("teamA", "teamB", "bench"):
            self.assertIsInstance(teams[side], list, teams)
            for member in teams[side]:
                self.checkMember(member)
        return teams

    def checkScore(self, score: Any) -> dict:
        self.assertKeys(score, ("teamA", "teamB", "text"), "Score")
        self.assertIsInstance(score["teamA"], int)
        self.assertIsInstance(score["teamB"], int)
        self.assertEqual(score["text"], f"{score['teamA']}-{score['teamB']}", score)
        return score

    def checkTimer(self, timer: Any) -> dict:
        self.assertKeys(timer, ("state", "duration", "remaining", "remainingMs", "display", "endsAt"), "Timer")
        self.assertKeys(timer, ("period", "periods", "periodName", "breakLength", "addedSeconds", "added"), "Timer")
        self.assertIn(timer["state"], ("stopped", "running", "paused", "break", "finished"), timer)
        for key in ("duration", "remaining", "remainingMs", "addedSeconds", "breakLength"):
            self.assertIsInstance(timer[key], int, timer)
            self.assertGreaterEqual(timer[key], 0, timer)
        self.assertTrue(1 <= timer["period"] <= timer["periods"] <= 4, timer)
        self.assertEqual(timer["remaining"], ceil_seconds(timer["remainingMs"]), f"remaining = whole seconds rounded up: {timer}")
        if timer["state"] in ("break", "stopped"):
            self.assertEqual(timer["display"], display(timer["remaining"]), timer)
            self.assertIsNone(timer["added"], timer)
        else:
            # The display shows the regular time; what is left of the added time shows apart, as "+m:ss".
            self.assertEqual(timer["display"], display(max(0, timer["remaining"] - timer["addedSeconds"])), timer)
            left = min(timer["addedSeconds"], timer["remaining"])
            self.assertEqual(timer["added"], f"+{left // 60}:{left % 60:02d}" if timer["addedSeconds"] else None, timer)
        limit = timer["breakLength"] if timer["state"] == "break" else timer["duration"] + timer["addedSeconds"]
        self.assertLessEqual(timer["remainingMs"], limit * 1000, timer)
        if timer["state"] in ("running", "break"):
            self.assertIso(timer["endsAt"], "Timer.endsAt while running")
        else:
            self.assertIsNone(timer["endsAt"], f"endsAt is only non-null while running or in a break: {timer}")
        if timer["state"] == "stopped":
            self.assertEqual(timer["remainingMs"], timer["duration"] * 1000, timer)
        if timer["state"] == "finished":
            self.assertEqual(timer["remainingMs"], 0, timer)
        return timer

    def checkGoal(self, goal: Any) -> dict:
        self.assertKeys(goal, ("kind", "team", "player", "matchTimeMs", "matchTime", "score", "at", "period", "when"), "Goal")
        self.assertTrue(goal["when"].endswith(goal["matchTime"]), goal)
        # Football time: the minute as football writes it, 28' or 45+2'.
        self.assertIn("minute", goal, goal)
        self.assertRegex(goal["minute"], r"^[1-9][0-9]*(\+[1-9][0-9]*)?'$", goal)
        self.assertIn(goal["kind"], ("goal", "correction"), goal)
        if goal["kind"] == "goal":
            self.assertIn(goal["team"], ("teamA", "teamB"), goal)
        else:
            self.assertIsNone(goal["team"], goal)
            self.assertIsNone(goal["player"], goal)
        if goal["player"] is not None:
            self.assertKeys(goal["player"], ("id", "name"), "Goal.player")
        self.assertIsInstance(goal["matchTimeMs"], int, goal)
        self.assertEqual(goal["matchTime"], display(goal["matchTimeMs"] // 1000), goal)
        self.checkScore(goal["score"])
        self.assertIso(goal["at"], "Goal.at")
        return goal

    def checkGather(self, gather: Any) -> dict:
        self.assertKeys(gather, ("id", "startedAt", "teams", "score", "goals", "timer"), "Gather")
        self.assertIsInstance(gather["id"], int)
        self.checkNames(gather.get("names"))
        self.assertIso(gather["startedAt"], "Gather.startedAt")
        self.checkTeams(gather["teams"])
        self.checkScore(gather["score"])
        self.assertIsInstance(gather["goals"], list)
        for goal in gather["goals"]:
            self.checkGoal(goal)
        self.checkTimer(gather["timer"])
        return gather

    def checkNames(self, names: Any) -> dict:
        """Team names: both sides, 1 to 24 characters, different."""
        self.assertKeys(names, ("teamA", "teamB"), "TeamNames")
        for side in ("teamA", "teamB"):
            self.assertIsInstance(names[side], str, names)
            self.assertTrue(1 <= len(names[side]) <= 24, names)
        self.assertNotEqual(names["teamA"].lower(), names["teamB"].lower(), names)
        return names

    def checkWinner(self, obj: dict) -> None:
        a, b = obj["score"]["teamA"], obj["score"]["teamB"]
        self.assertEqual(obj["winner"], "teamA" if a > b else "teamB" if b > a else "none", obj)

    def checkRecord(self, record: Any) -> dict:
        self.assertKeys(record, ("id", "startedAt", "endedAt", "score", "winner", "teams", "goals"), "GatherRecord")
        started = self.assertIso(record["startedAt"], "GatherRecord.startedAt")
        ended = self.assertIso(record["endedAt"], "GatherRecord.endedAt")
        self.assertLessEqual(started, ended, record)
        self.checkScore(record["score"])
        self.checkWinner(record)
        self.checkTeams(record["teams"])
        for goal in record["goals"]:
            self.checkGoal(goal)
        self.checkNames(record.get("names"))
        return record

    def checkSummary(self, summary: Any) -> dict:
        self.assertKeys(summary, ("id", "startedAt", "endedAt", "score", "winner"), "GatherSummary")
        self.assertIso(summary["startedAt"])
        self.assertIso(summary["endedAt"])
        self.checkScore(summary["score"])
        self.checkWinner(summary)
        self.checkNames(summary.get("names"))
        return summary

    def checkEvent(self, event: dict, topic: str | None = None) -> dict:
        self.assertEqual(event.get("jsonrpc"), "2.0", event)
        self.assertNotIn("id", event, f"events are notifications, without an id: {event}")
        if topic is not None:
            self.assertEqual(event.get("method"), topic, event)
        params = event.get("params")
        self.assertKeys(params, ("subscription", "seq"), f"{event.get('method')} event params")
        self.assertIsInstance(params["seq"], int, event)
        return params

    # -- fixtures ----------------------------------------------------------------------------------

    def make_players(self, client: Client, count: int, prefix: str = "Player") -> list[dict]:
        return [self.ok(client, "players.create", {"name": f"{prefix} {index}"}) for index in range(1, count + 1)]

    def start_gather(self, client: Client, team_a: Sequence[int], team_b: Sequence[int], bench: Sequence[int] = (), **clock: int) -> dict:
        params: dict[str, Any] = {"teamA": list(team_a), "teamB": list(team_b)}
        if bench:
            params["bench"] = list(bench)
        params.update(clock)
        return self.ok(client, "gather.start", params)

    def member_ids(self, teams: dict, side: str) -> list[int | None]:
        return [member["id"] for member in teams[side]]


class AsOtherUser:
    """Mixin for tests that connect as uid 65534: the socket and its folder open to everyone, and the class
    skipped (with the reason) where another user cannot be impersonated."""

    daemon_args: Sequence[str] = ("--socket-mode", "0666")
    daemon_kwargs: dict[str, Any] = {"dir_mode": 0o755}

    @classmethod
    def setUpClass(cls) -> None:
        reason = other_user_skip_reason()
        if reason:
            raise unittest.SkipTest(reason)
        super().setUpClass()  # type: ignore[misc]


class DaemonTestCase(RpcAssertions, unittest.TestCase):
    """A test class with one daemon for the whole class, or a fresh one per test (`fresh_daemon_per_test`)."""

    daemon_args: Sequence[str] = ()
    daemon_kwargs: dict[str, Any] = {}
    fresh_daemon_per_test = False
    daemon: Daemon

    @classmethod
    def make_daemon(cls) -> Daemon:
        return Daemon(cls.daemon_args, **cls.daemon_kwargs)

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        if not cls.fresh_daemon_per_test:
            daemon = cls.make_daemon()
            cls.addClassCleanup(daemon.cleanup)
            cls.daemon = daemon
            daemon.start()

    def setUp(self) -> None:
        super().setUp()
        if self.fresh_daemon_per_test:
            self.daemon = self.make_daemon()
            self.addCleanup(self.daemon.cleanup)
            self.daemon.start()
        self.c = self.client()

    def client(self, **kwargs: Any) -> Client:
        client = self.daemon.client(**kwargs)
        self.addCleanup(client.close)
        return client
