"""A real Home Assistant core for the tests (Tests/e2e/test_homeassistant.py), from the venv that
Tests/homeassistant/install.sh makes (`make hadeps`).

`HomeAssistant` starts `hass` on a free loopback port with a fresh configuration folder, makes its owner through
the onboarding API (whose auth code buys an access token), adds MQTT through HA's own config flow, and follows
every state change on HA's WebSocket API, so that a test waits for the state it expects rather than polling.
It reads states through the REST API (`/api/states`), and its log, `home-assistant.log`. It stops `hass` by PID.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import urllib.parse
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
from wsclient import WebSocket  # noqa: E402

#: The venv Home Assistant runs from.
VENV = os.environ.get("GATHERD_HA_VENV", os.path.join(HERE, "..", "..", ".build-ha"))
#: How long a test waits for Home Assistant to start, and for a state, in seconds.
START_WAIT = float(os.environ.get("GATHERD_E2E_HA_START_TIMEOUT", "60"))
WAIT = float(os.environ.get("GATHERD_E2E_HA_TIMEOUT", "20"))
#: A log record: its level and its logger, from HA's format "2026-11-27 15:18:45.703 WARNING (MainThread) [x] …".
RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ (\w+) \([^)]*\) \[([^\]]+)\] (.*)$")


def skip_reason() -> str | None:
    if not os.access(os.path.join(VENV, "bin", "hass"), os.X_OK):
        return f"Home Assistant is not installed in {VENV}: run `make hadeps` (or Tests/homeassistant/install.sh)"
    return None


def release() -> tuple[int, int]:
    """The installed Home Assistant's release, (year, month): 2024.3.3 is (2024, 3)."""
    version = subprocess.run([os.path.join(VENV, "bin", "python"), "-c",
                              "from homeassistant.const import __version__; print(__version__)"],
                             capture_output=True, text=True, check=True).stdout.strip()
    year, month = version.split(".")[:2]
    return int(year), int(month)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class HomeAssistant:
    """Home Assistant core with MQTT on the broker at 127.0.0.1:`broker_port`."""

    def __init__(self, broker_port: int) -> None:
        self.broker_port = broker_port
        self.port = free_port()
        self.config = tempfile.mkdtemp(prefix="gatherd-ha-")
        self.proc: subprocess.Popen | None = None
        self.token: str | None = None
        self.states: dict[str, dict] = {}
        self._changed = threading.Condition()
        self._socket: WebSocket | None = None
        with open(os.path.join(self.config, "configuration.yaml"), "w") as f:
            f.write("\n".join([
                "homeassistant:", "  name: Test", "  latitude: 51.5", "  longitude: 0", "  elevation: 0",
                "  unit_system: metric", "  time_zone: UTC", "  currency: EUR", "  country: GB",
                "http:", "  server_host: 127.0.0.1", f"  server_port: {self.port}",
                # The REST API, config entries (for MQTT's config flow) and onboarding (for the owner and a token).
                "api:", "config:", "onboarding:", "",
            ]))

    @property
    def log_path(self) -> str:
        return os.path.join(self.config, "home-assistant.log")

    def start(self) -> "HomeAssistant":
        output = open(os.path.join(self.config, "output.log"), "w")
        self.proc = subprocess.Popen([os.path.join(VENV, "bin", "hass"), "-c", self.config, "--skip-pip",
                                      "--log-no-color"], stdin=subprocess.DEVNULL, stdout=output, stderr=output)
        output.close()
        self._wait_for_http()
        client_id = f"http://127.0.0.1:{self.port}/"
        code = self.call("POST", "/api/onboarding/users", {"client_id": client_id, "name": "Test", "username": "test",
                                                           "password": "test-password", "language": "en"})["auth_code"]
        self.token = self.call("POST", "/auth/token", {"grant_type": "authorization_code", "code": code,
                                                       "client_id": client_id}, form=True)["access_token"]
        self._follow_states()
        flow = self.call("POST", "/api/config/config_entries/flow", {"handler": "mqtt"})
        entry = self.call("POST", f"/api/config/config_entries/flow/{flow['flow_id']}",
                          {"broker": "127.0.0.1", "port": self.broker_port})
        assert entry["type"] == "create_entry" and entry["result"]["state"] == "loaded", entry
        return self

    def _wait_for_http(self) -> None:
        """Polls until HA answers on its port (its log is the only other sign, and it is a file)."""
        deadline = time.monotonic() + START_WAIT
        while True:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise AssertionError(f"hass exited with {self.proc.returncode}:\n{self.output()[-3000:]}")
            try:
                self.call("GET", "/api/onboarding")
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"hass never answered on port {self.port}:\n{self.output()[-3000:]}")
                time.sleep(0.1)

    def call(self, method: str, path: str, body: Any = None, form: bool = False) -> Any:
        """One REST call; the reply's JSON."""
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data, headers, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def _follow_states(self) -> None:
        """Subscribes to every state change on the WebSocket API, then seeds the states; a thread applies each."""
        ws = WebSocket(self.port, path="/api/websocket", timeout=None)
        assert ws.recv()["type"] == "auth_required"
        ws.send({"type": "auth", "access_token": self.token})
        assert ws.recv()["type"] == "auth_ok"
        ws.send({"id": 1, "type": "subscribe_events", "event_type": "state_changed"})
        ws.send({"id": 2, "type": "get_states"})
        self._socket = ws
        threading.Thread(target=self._read_states, args=(ws,), daemon=True).start()

    def _read_states(self, ws: WebSocket) -> None:
        try:
            while True:
                message = ws.recv()
                with self._changed:
                    if message.get("id") == 2 and message.get("type") == "result":
                        self.states.update({state["entity_id"]: state for state in message["result"]})
                    elif message.get("type") == "event":
                        data = message["event"]["data"]
                        if data["new_state"] is None:
                            self.states.pop(data["entity_id"], None)
                        else:
                            self.states[data["entity_id"]] = data["new_state"]
                    self._changed.notify_all()
        except (EOFError, OSError):
            pass

    def wait(self, entity_id: str, predicate: Callable[[dict], bool] = lambda s: True, timeout: float = WAIT) -> dict:
        """The state of `entity_id` once `predicate` holds for it, as the WebSocket API announced it."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                state = self.states.get(entity_id)
                if state is not None and predicate(state):
                    return state
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{entity_id} never got there within {timeout} s; it is {state}")
                self._changed.wait(left)

    def rest_states(self, prefix: str = "") -> dict[str, dict]:
        """Every state from `GET /api/states` whose entity id starts with `prefix`."""
        return {state["entity_id"]: state for state in self.call("GET", "/api/states")
                if state["entity_id"].startswith(prefix)}

    def ws_call(self, message: dict) -> Any:
        """A WebSocket command on a connection of its own; its result."""
        ws = WebSocket(self.port, path="/api/websocket", timeout=10)
        try:
            ws.recv()
            ws.send({"type": "auth", "access_token": self.token})
            assert ws.recv()["type"] == "auth_ok"
            ws.send({"id": 1, **message})
            reply = ws.recv()
            assert reply["success"], reply
            return reply["result"]
        finally:
            ws.close()

    def problems(self) -> list[str]:
        """Every warning and error in home-assistant.log, with the lines that go with it (a traceback), up to now:
        HA writes its log from a queue, so a mark logged through HA itself (`system_log.write`) shows when all that
        came before it is in the file."""
        mark = f"gatherd test mark {time.monotonic_ns()}"
        self.call("POST", "/api/services/system_log/write", {"message": mark, "level": "warning", "logger": "gatherd.test"})
        deadline = time.monotonic() + WAIT
        while True:
            with open(self.log_path) as f:
                lines = f.read().splitlines()
            if any(line.endswith(mark) for line in lines):
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"Home Assistant never wrote {mark!r} to its log")
            time.sleep(0.05)
        problems: list[str] = []
        in_problem = False
        for line in lines:
            if line.endswith(mark):
                break
            record = RECORD.match(line)
            if record:
                in_problem = record.group(1) in ("WARNING", "ERROR", "CRITICAL")
                if in_problem:
                    problems.append(line)
            elif in_problem and line.strip():
                problems[-1] += "\n" + line
        return problems

    def output(self) -> str:
        with open(os.path.join(self.config, "output.log")) as f:
            return f.read()

    def stop(self) -> None:
        """SIGTERM by PID, and wait (SIGKILL after 30 s)."""
        if self._socket is not None:
            self._socket.close()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.config, ignore_errors=True)
