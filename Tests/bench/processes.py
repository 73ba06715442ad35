"""processes.py - starting, waiting for and stopping the processes of a bench run, its progress log and its error."""
import os
import signal
import socket
import subprocess
import sys
import time

T_START = time.monotonic()


class BenchError(Exception):
    """Something failed to run."""


def log(msg):
    print(f"[bench {time.monotonic() - T_START:6.1f}s] {msg}", file=sys.stderr, flush=True)


class Procs:
    """Every process started, so that all of them are stopped at the end."""

    def __init__(self, tmp):
        self.tmp = tmp
        self.all = []

    def start(self, name, cmd, stdout=None, stdin=None):
        err = open(os.path.join(self.tmp, f"{name}.stderr"), "wb")
        out = stdout if stdout is not None else err
        p = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=stdin if stdin is not None else subprocess.DEVNULL)
        p.bench_name = name
        self.all.append(p)
        with open(os.path.join(self.tmp, "pids"), "a") as f:
            f.write(f"{p.pid}\n")
        return p

    def stop(self, p, timeout=3.0):
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def stop_all(self):
        for p in reversed(self.all):
            try:
                self.stop(p)
            except Exception:  # noqa: BLE001 - best effort while cleaning up
                pass

    def stderr_tail(self, name, n=15):
        try:
            with open(os.path.join(self.tmp, f"{name}.stderr"), errors="replace") as f:
                return "".join(f.readlines()[-n:])
        except OSError:
            return ""


def wait_for_socket(path, proc, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BenchError(f"{proc.bench_name} exited with status {proc.returncode} before listening")
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.connect(path)
            return
        except OSError:
            time.sleep(0.05)
    raise BenchError(f"{proc.bench_name} did not listen on {path} within {timeout:.0f} s")
