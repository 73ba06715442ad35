"""bench_daemon.py - a gatherd on a database of its own and one connection to it (the season and the stats benches)."""
import os
import signal
import subprocess

from gatherd_client import Client
from processes import BenchError, wait_for_socket


class Daemon:
    """A gatherd on the database gather.sqlite in `folder` (made if missing), and one connection to it."""

    def __init__(self, gatherd, folder):
        os.makedirs(folder, exist_ok=True)
        self.socket_path = os.path.join(folder, "s.sock")
        self.proc = subprocess.Popen(
            [gatherd, "--socket", self.socket_path, "--database", os.path.join(folder, "gather.sqlite"),
             "--log-level", "warning"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self.proc.bench_name = "gatherd"
        try:
            wait_for_socket(self.socket_path, self.proc, timeout=30.0)
        except BenchError:
            self.proc.kill()
            raise
        self.client = Client(self.socket_path)

    def call(self, method, params=None):
        """The result of `method`; a refusal stops the season (BenchError)."""
        return self.client.call(method, params)

    def stop(self):
        self.client.close()
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)
