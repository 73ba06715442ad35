"""One thread of another process held still from outside, as a debugger holds it: gatherd names its session's
thread `gatherd-session`, and `StoppedThread` stops that thread alone with ptrace (PTRACE_SEIZE, then
PTRACE_INTERRUPT), so the session is wedged, as by a write stuck in the kernel, while every other thread of the
daemon runs on. Leaving the `with` block (or this process ending) lets it go again. Needs the right to trace the
process: its parent, or root.

A traced thread that dies (the process killed, by the watchdog say) is reported to its tracer, and until the
tracer reaps it the process does not end for its parent (systemd): a thread of ours waits to reap it."""

import ctypes
import os
import threading
import time

PTRACE_DETACH = 17
PTRACE_SEIZE = 0x4206
PTRACE_INTERRUPT = 0x4207
#: waitpid's flag for a thread that is not its process's leader.
WALL = 0x40000000

_libc = ctypes.CDLL(None, use_errno=True)
_libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
_libc.ptrace.restype = ctypes.c_long


def thread_named(pid: int, name: str, timeout: float = 10.0) -> int:
    """The id of `pid`'s thread called `name`; waits for it to be named, up to `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        for tid in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{tid}/comm") as f:
                    if f.read().strip() == name:
                        return int(tid)
            except FileNotFoundError:
                continue
        if time.monotonic() >= deadline:
            raise AssertionError(f"process {pid} has no thread called {name!r}")
        time.sleep(0.05)


def _ptrace(request: int, tid: int) -> None:
    if _libc.ptrace(request, tid, None, None) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"ptrace({request:#x}, {tid}): {os.strerror(errno)}")


class StoppedThread:
    """`with StoppedThread(tid):` the thread `tid` is stopped (and stays so until the block ends)."""

    def __init__(self, tid: int) -> None:
        self.tid = tid
        self.attached = False

    def __enter__(self) -> "StoppedThread":
        _ptrace(PTRACE_SEIZE, self.tid)
        self.attached = True
        _ptrace(PTRACE_INTERRUPT, self.tid)
        os.waitpid(self.tid, WALL)  # returns once the thread has stopped
        threading.Thread(target=self._reap, daemon=True).start()
        return self

    def _reap(self) -> None:
        # Until the thread dies (reaped here), or it is let go (ECHILD: no longer ours to wait for).
        while True:
            try:
                _, status = os.waitpid(self.tid, WALL)
            except ChildProcessError:
                return
            if os.WIFEXITED(status) or os.WIFSIGNALED(status):
                self.attached = False
                return

    def __exit__(self, *exc: object) -> None:
        if self.attached:
            try:
                _ptrace(PTRACE_DETACH, self.tid)
            except OSError:
                pass  # the process is gone, killed by the watchdog or the test
            self.attached = False
