"""A real mosquitto broker and a real paho-mqtt client for the MQTT tests (test_mqtt*.py).

`Broker` starts Debian's `mosquitto` on a free loopback port in a temporary folder (optionally with a password
or TLS), reads its log as it is written, and stops it by its PID. `Watcher` is a paho-mqtt 2.2.0 client
(MQTT 5) that records every message it receives; tests wait for the message they expect. Nothing polls
except `wait_for_output`, for gatherd's log, where there is nothing else to wait on.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from typing import Any, Callable

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.subscribeoptions import SubscribeOptions

#: How long a test waits for a message or a log line before it fails.
WAIT = float(os.environ.get("GATHERD_E2E_MQTT_TIMEOUT", "10"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def skip_reason() -> str | None:
    if shutil.which("mosquitto") is None:
        return "mosquitto is not installed (make deps installs it)"
    return None


class Broker:
    """mosquitto on 127.0.0.1:`port`, with `users` ({name: password}) or anonymous, TLS if `tls`, and `extra`
    configuration lines."""

    def __init__(self, users: dict[str, str] | None = None, tls: bool = False, extra: list[str] = ()) -> None:
        self.tmp = tempfile.mkdtemp(prefix="gatherd-mqtt-")
        self.port = free_port()
        self.tls = tls
        self.proc: subprocess.Popen | None = None
        self.lines: list[str] = []
        self._changed = threading.Condition()
        config = [
            f"listener {self.port} 127.0.0.1",
            "persistence false",
            "log_dest stderr",
            "log_timestamp false",
            *(f"log_type {kind}" for kind in ("error", "warning", "notice", "information", "subscribe")),
            *extra,
        ]
        if users:
            password_file = os.path.join(self.tmp, "passwords")
            for index, (user, password) in enumerate(users.items()):
                subprocess.run(["mosquitto_passwd", "-b"] + (["-c"] if index == 0 else []) + [password_file, user, password],
                               check=True, capture_output=True)
            config += ["allow_anonymous false", f"password_file {password_file}"]
        else:
            config.append("allow_anonymous true")
        if tls:
            self.certificate = os.path.join(self.tmp, "broker.pem")
            key = os.path.join(self.tmp, "broker.key")
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                            "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", self.certificate],
                           check=True, capture_output=True)
            config += [f"certfile {self.certificate}", f"keyfile {key}"]
        self.config = os.path.join(self.tmp, "mosquitto.conf")
        with open(self.config, "w") as f:
            f.write("\n".join(config) + "\n")
        # Started as root, mosquitto reads these as its own user, as Debian's service does.
        os.chmod(self.tmp, 0o755)
        for name in os.listdir(self.tmp):
            os.chmod(os.path.join(self.tmp, name), 0o644)

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{'localhost' if self.tls else '127.0.0.1'}:{self.port}"

    def start(self) -> "Broker":
        """Starts mosquitto (again, on the same port) and waits for its "running" line."""
        assert self.proc is None or self.proc.poll() is not None
        started = len(self.lines)
        self.proc = subprocess.Popen(["mosquitto", "-c", self.config], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True, cwd=self.tmp)
        self._reader = threading.Thread(target=self._read, args=(self.proc,), daemon=True)
        self._reader.start()
        self.wait_for_line(r"mosquitto version \S+ running", after=started)
        return self

    def _read(self, proc: subprocess.Popen) -> None:
        for line in proc.stderr:
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()

    def wait_for_line(self, pattern: str, after: int = 0, count: int = 1, timeout: float = WAIT) -> list[str]:
        """Waits until `count` log lines after index `after` match `pattern`; returns them."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = [line for line in self.lines[after:] if regex.search(line)]
                if len(found) >= count:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"mosquitto never logged {count} x {pattern!r}; its log:\n" + "\n".join(self.lines[-40:]))
                self._changed.wait(left)

    def stop(self) -> None:
        """SIGTERM by PID, and wait (SIGKILL after 10 s: a broker that does not stop is no test of gatherd's)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._close_log()

    def _close_log(self) -> None:
        # The reader ends at the pipe's end, once mosquitto has exited.
        if self.proc is not None and self.proc.stderr is not None and not self.proc.stderr.closed:
            self._reader.join(5)
            self.proc.stderr.close()

    def cleanup(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self._close_log()
        shutil.rmtree(self.tmp, ignore_errors=True)


class Message:
    """One message a Watcher received."""

    def __init__(self, message: mqtt.MQTTMessage, at: float) -> None:
        self.topic = message.topic
        self.payload = bytes(message.payload)
        self.retain = bool(message.retain)
        self.qos = message.qos
        self.properties = message.properties
        self.at = at

    @property
    def text(self) -> str:
        return self.payload.decode()

    def json(self) -> Any:
        return json.loads(self.payload)

    def __repr__(self) -> str:
        return f"<{self.topic} {self.payload[:120]!r}{' retained' if self.retain else ''}>"


class Watcher:
    """A paho-mqtt client (MQTT 5) subscribed to `topics`, recording every message with the time it arrived."""

    def __init__(self, broker: Broker, topics: list[str], ca_file: str | None = None) -> None:
        self.messages: list[Message] = []
        self._changed = threading.Condition()
        self._subscribed = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
        self.client.on_message = self._on_message
        self.client.on_subscribe = lambda *args: self._subscribed.set()
        if ca_file:
            self.client.tls_set(ca_certs=ca_file)
        self.client.connect("localhost" if ca_file else "127.0.0.1", broker.port)
        self.client.loop_start()
        # Retain as published: a retained message keeps its flag even when it arrives live.
        self.client.subscribe([(topic, SubscribeOptions(qos=1, retainAsPublished=True)) for topic in topics])
        if not self._subscribed.wait(WAIT):
            raise AssertionError("the watcher's subscription was never acknowledged")

    def _on_message(self, client: Any, userdata: Any, message: mqtt.MQTTMessage) -> None:
        with self._changed:
            self.messages.append(Message(message, time.monotonic()))
            self._changed.notify_all()

    def mark(self) -> int:
        """The index of the next message: pass it as `after` to wait only for what comes later."""
        with self._changed:
            return len(self.messages)

    def wait(self, topic: str, predicate: Callable[[Message], bool] = lambda m: True, after: int = 0,
             timeout: float = WAIT) -> Message:
        """The first message on `topic` after index `after` that satisfies `predicate`."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for message in self.messages[after:]:
                    if mqtt.topic_matches_sub(topic, message.topic) and predicate(message):
                        return message
                left = deadline - time.monotonic()
                if left <= 0:
                    seen = [m for m in self.messages[after:] if mqtt.topic_matches_sub(topic, m.topic)]
                    raise AssertionError(f"no matching message on {topic} within {timeout} s; seen: {seen[-10:]}")
                self._changed.wait(left)

    def received(self, topic: str, after: int = 0) -> list[Message]:
        with self._changed:
            return [m for m in self.messages[after:] if mqtt.topic_matches_sub(topic, m.topic)]

    def publish(self, topic: str, payload: str | bytes, response_topic: str | None = None,
                correlation: bytes | None = None, retain: bool = False) -> None:
        properties = None
        if response_topic or correlation:
            properties = Properties(PacketTypes.PUBLISH)
            if response_topic:
                properties.ResponseTopic = response_topic
            if correlation:
                properties.CorrelationData = correlation
        self.client.publish(topic, payload, qos=1, retain=retain, properties=properties).wait_for_publish(WAIT)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def wait_for_output(daemon: Any, pattern: str, count: int = 1, timeout: float = WAIT) -> list[str]:
    """Polls gatherd's log every 20 ms until `count` lines match `pattern`; gatherd's log is a file, so there is
    nothing to wait on."""
    regex = re.compile(pattern)
    deadline = time.monotonic() + timeout
    while True:
        found = [line for line in daemon.output().splitlines() if regex.search(line)]
        if len(found) >= count:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"gatherd never logged {count} x {pattern!r}; its log:\n{daemon.output()[-3000:]}")
        time.sleep(0.02)


class MQTTTestCase:
    """Mixin for unittest.TestCase: a fresh broker per test, gatherd daemons that publish to it, and watchers.
    Skips where mosquitto is missing."""

    broker_kwargs: dict[str, Any] = {}
    #: Whether setUp starts the broker (a test of a late broker starts it itself).
    start_broker = True

    def setUp(self) -> None:
        super().setUp()  # type: ignore[misc]
        reason = skip_reason()
        if reason:
            self.skipTest(reason)  # type: ignore[attr-defined]
        self.broker = Broker(**self.broker_kwargs)
        self.addCleanup(self.broker.cleanup)  # type: ignore[attr-defined]
        if self.start_broker:
            self.broker.start()

    def start_daemon(self, *args: str, env: dict[str, str] | None = None, url: str | None = None) -> Any:
        """gatherd with --mqtt to the broker (and `args`), at log level info; ready when this returns."""
        from harness import Daemon

        daemon = Daemon(["--mqtt", url or self.broker.url, *args], env=env, log_level="info")
        self.addCleanup(daemon.cleanup)  # type: ignore[attr-defined]
        return daemon.start()

    def watch(self, *topics: str, ca_file: str | None = None) -> Watcher:
        watcher = Watcher(self.broker, list(topics), ca_file=ca_file)
        self.addCleanup(watcher.close)  # type: ignore[attr-defined]
        return watcher
