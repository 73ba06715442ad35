"""procfs.py - what /proc and df say: a process's CPU time, RSS, context switches and wake-ups; the machine."""
import os
import subprocess
import time

CLK_TCK = os.sysconf("SC_CLK_TCK")


def proc_cpu_seconds(pid):
    """utime + stime of the whole process (all threads, live and exited) from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def system_cpu():
    """(busy, total) jiffies of all CPUs from /proc/stat."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    idle = v[3] + v[4]  # idle + iowait
    return sum(v) - idle, sum(v)


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().strip()


def proc_rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def thread_switches(pid):
    """{tid: (comm, voluntary + nonvoluntary context switches)} for every live thread of pid."""
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                comm = f.read().strip()
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                n = 0
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                        n += int(line.split()[1])
            out[int(tid)] = (comm, n)
        except OSError:
            pass
    return out


def thread_switch_deltas(before, after):
    """{comm: context switches between two thread_switches() samples of one process}, summed over threads of
    that name; a thread born between them counts from 0. Every thread of `after` is listed, 0 included."""
    out = {}
    for tid, (comm, n) in after.items():
        out[comm] = out.get(comm, 0) + n - before.get(tid, (comm, 0))[1]
    return out


def count_wakeups(pids, secs, every=0.2):
    """Context switches of each process over `secs`, polling /proc every `every` s (reading /proc does not
    wake the process). Per thread: last seen - first seen; a thread born in the window counts from 0; a
    thread that exits in the window counts up to its last sample plus 1 (the wake-up in which it exited).
    Returns per pid: dict(total, threads_before, threads_after, born, exited, by_name={comm: n})."""
    first = {pid: thread_switches(pid) for pid in pids}
    last = {pid: dict(first[pid]) for pid in pids}
    alive = {pid: set(first[pid]) for pid in pids}
    deadline = time.monotonic() + secs
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        time.sleep(min(every, left))
        for pid in pids:
            now = thread_switches(pid)
            last[pid].update(now)
            alive[pid] = set(now)
    out = {}
    for pid in pids:
        by_name = {}
        total = 0
        for tid, (comm, n) in last[pid].items():
            d = n - first[pid].get(tid, (comm, 0))[1] + (0 if tid in alive[pid] else 1)
            if d:
                by_name[comm] = by_name.get(comm, 0) + d
            total += d
        out[pid] = {"total": total, "threads_before": len(first[pid]), "threads_after": len(alive[pid]),
                    "born": len(set(last[pid]) - set(first[pid])),
                    "exited": len(set(last[pid]) - alive[pid]), "by_name": by_name}
    return out


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def fs_type(path):
    """The type of the file system that holds `path` (e.g. ext4, tmpfs), as `df` names it."""
    out = subprocess.run(["df", "--output=fstype", path], capture_output=True, text=True).stdout.split()
    return out[-1] if len(out) > 1 else "unknown"
