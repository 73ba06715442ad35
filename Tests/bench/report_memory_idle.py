"""report_memory_idle.py - the bench report's sections on a server at rest: its memory and its wake-ups while idle."""
from bench_settings import HOLD_N, IDLE_SECS, IDLE_SETTLE_SECS
from report_wording import NAMES


def memory(add, res, keys):
    add("## Memory (VmRSS from /proc/PID/status)")
    add("")
    add(f"'just started' = after start-up (and, for gatherd, the requests that set up its gather); 'idle' = "
        f"after every phase above, nothing connected; '{HOLD_N:,} connections' = {HOLD_N:,} connections opened by "
        "`Tests/bench/hold.py`, each having made one request (gatherd: daemon.ping; nio_ref and ndjson_ref: "
        "any line) and got its reply, then held open.")
    add("")
    add(f"| server | just started kB | idle kB | {HOLD_N:,} connections kB | per connection kB |")
    add("|---|---:|---:|---:|---:|")
    for key in (*keys, "nio_ref", "ndjson_ref"):
        m = res.mem(key)
        add(f"| {NAMES[key]} | {m['start_kb']:,} | {m['idle_kb']:,} | {m['held_kb']:,} | "
            f"{res.per_conn_kb(key):.1f} |")
    add("")


def idle(add, r):
    add(f"## Wake-ups while idle ({IDLE_SECS:.0f} s, nothing connected)")
    add("")
    add("Method: every 0.2 s the harness reads, for every thread in /proc/PID/task, "
        "`voluntary_ctxt_switches + nonvoluntary_ctxt_switches` from its `status` (and its name from `comm`). "
        "A thread that is woken (timer, futex, epoll, eventfd) runs and blocks again, which is one voluntary "
        "switch, so an idle process's switch count is its number of wake-ups; reading /proc does not wake "
        "it. Per thread: last sample − first sample; a thread born during the window counts in full; a "
        "thread that exits counts up to its last sample plus one (the wake-up in which it exited). "
        f"Window: {IDLE_SECS:.0f} s, starting 2 s after the last request and at least {IDLE_SETTLE_SECS:.0f} s "
        "after the last idle server started: libdispatch's worker threads, which run gatherd's start-up tasks, "
        "exit 5 s after their last work item, once after start, and an exit counts as a wake-up. "
        "The servers were measured at once. "
        "CPU = utime+stime over the window (10 ms resolution).")
    add("")
    add("| server | state | threads before → after (born, exited) | wake-ups | per s | by thread (comm) | CPU ms | "
        "RSS kB |")
    add("|---|---|---|---:|---:|---|---:|---:|")
    for x in r["idle"]:
        w = x["wakeups"]
        names = ", ".join(f"`{k}` {v}" for k, v in sorted(w["by_name"].items(), key=lambda kv: -kv[1])) or "–"
        add(f"| {NAMES[x['server']]} | {x['what']} | {w['threads_before']} → {w['threads_after']} ({w['born']}, "
            f"{w['exited']}) | {w['total']} | {w['total'] / IDLE_SECS:.1f} | {names} | {x['cpu_s'] * 1000:.0f} | "
            f"{x['rss_kb']:,} |")
    add("")
    add("Thread names are truncated by the kernel to 15 bytes: `-qos.overcommit` and `oot.default-qos` are "
        "libdispatch threads (`com.apple.root.default-qos[.overcommit]`), which run Swift concurrency's "
        "global executor and dispatch timers on Linux; `NIO-SGLTN-…` are SwiftNIO's event loops.")
    if any(x["wakeups"]["by_name"].get("-qos.overcommit", 0) >= IDLE_SECS for x in r["idle"]):
        add(" A `-qos.overcommit` thread waking about once a second is libdispatch's own thread-pool monitor "
            "on Linux: a 1 s repeating timer on its manager queue (`_dispatch_workq_init_once` in "
            "swift-corelibs-libdispatch `src/event/workqueue.c`), armed when the process first uses a "
            "dispatch worker thread and never stopped. `oot.default-qos` wake-ups in the window are "
            "typically idle worker threads exiting after their idle timeout.")
    add("")
