"""season_daemon.py - a gatherd on a fresh database and one connection to it, for the simulated season."""
import json
import os
import signal
import socket
import subprocess
import sys
import time


class Daemon:
    """A gatherd on a fresh database, and one connection to it."""

    def __init__(self, gatherd, folder):
        os.makedirs(folder)
        self.socket_path = os.path.join(folder, "s.sock")
        self.proc = subprocess.Popen(
            [gatherd, "--socket", self.socket_path, "--database", os.path.join(folder, "gather.sqlite"),
             "--log-level", "warning"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.conn.connect(self.socket_path)
                break
            except OSError:
                self.conn.close()
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.proc.kill()
                    sys.exit("gatherd did not come up")
                time.sleep(0.02)
        self.buffer, self.next_id = b"", 0

    def call(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.conn.sendall(json.dumps(message).encode() + b"\n")
        while b"\n" not in self.buffer:
            chunk = self.conn.recv(1 << 20)
            if not chunk:
                sys.exit(f"gatherd closed the connection during {method}")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        reply = json.loads(line)
        if "error" in reply:
            sys.exit(f"{method} {params} was refused: {reply['error']}")
        return reply["result"]

    def stop(self):
        self.conn.close()
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)
