"""round_ticks.py - the tick rounds: tick timing with the idle wake-ups in the same window, then fan-out."""
import os
import re
import subprocess
import time

from bench_settings import FANOUT_N, FANOUT_TICKS, IDLE_SECS, IDLE_SETTLE_SECS, SUBSCRIBE_TICK, TICKS, TICK_PHASES
from gatherd_client import Client, setup_gather, start_clock_at_phase
from processes import BenchError, log
from procfs import count_wakeups, proc_cpu_seconds, proc_rss_kb, system_cpu
from tool_output import iso_ms, parse_result, pct, result_line, wrap_ms


def measure_ticks_and_idle(bench):
    """Ticks over 60 s, with the idle measurement in the same window. The idle servers are set up first, so
    that nothing starts during the tick window: per gatherd binary a fresh one with no gather (after a few
    requests), one whose clock is paused, and the main one after the load; the references after the load."""
    log("idle servers: per binary a fresh gatherd, and one with a paused clock")
    idle = []
    for key in bench.binaries:
        gi, gi_sock = bench.gatherd(key, "idle")
        c = Client(gi_sock)
        for _ in range(5):
            c.call("daemon.ping")
        c.call("daemon.status")
        c.close()
        gp, gp_sock = bench.gatherd(key, "paused")
        c = setup_gather(gp_sock, 10)
        c.call("timer.start")
        time.sleep(1.5)
        c.call("timer.pause")
        c.close()
        idle += [(key, "no gather", "fresh, no gather, after 6 requests", gi),
                 (key, "paused", "gather active, clock paused", gp),
                 (key, "after load", "gather active, clock stopped, after the load above", bench.srv[key][0])]
    idle += [(key, "after load", "after the load above", bench.srv[key][0]) for key in ("nio_ref", "ndjson_ref")]
    idle_ready = time.monotonic()

    log("ticks: starting tick_ref and per binary a fresh gatherd with a 5-minute clock")
    tick_servers = {"tick_ref": bench.ref("tick_ref", lambda s: [bench.tool("tick_ref"), "--socket", s])}
    phases = {"tick_ref": 0.0}
    bench.r["tick_start"] = {}
    for key in bench.binaries:
        tick_servers[key] = bench.gatherd(key, "tick")
        c = setup_gather(tick_servers[key][1], 5)
        t0, started = start_clock_at_phase(c, TICK_PHASES[key])
        c.close()
        phases[key] = wrap_ms((t0 % 1_000_000_000) / 1e6)
        bench.r["tick_start"][key] = {
            "phase_ms": phases[key],
            # endsAt - duration = when gatherd read its clock, truncated to the ms; minus T0 = the one-way trip
            "endsat_minus_t0_ms": (iso_ms(started["endsAt"]) - started["duration"] * 1000) - t0 / 1e6,
        }
        log(f"gatherd {key}: clock started at wall phase {phases[key]:+.3f} ms")
    log(f"tickprobe x{len(tick_servers)} for {TICKS} ticks")
    probes = {}
    for key, (_, sock) in tick_servers.items():
        out = open(os.path.join(bench.tmp, f"tickprobe-{key}.out"), "w+")
        cmd = [bench.tool("tickprobe"), "--socket", sock, "--count", str(TICKS)]
        if key != "tick_ref":
            cmd += ["--subscribe-line", SUBSCRIBE_TICK]
        probes[key] = (bench.procs.start(f"tickprobe-{key}", cmd, stdout=out), out)

    # Settle: connection teardown finishes, and libdispatch's worker threads, which ran the start-up's tasks,
    # retire (each exits 5 s after its last work item, once after start). The window begins no sooner than
    # IDLE_SETTLE_SECS after the last idle server was set up, however many binaries were set up after it.
    time.sleep(max(2.0, IDLE_SETTLE_SECS - (time.monotonic() - idle_ready)))
    log(f"idle wake-ups over {IDLE_SECS:.0f} s")
    cpu_before = [proc_cpu_seconds(p.pid) for *_, p in idle]
    sys0 = system_cpu()
    woke = count_wakeups([p.pid for *_, p in idle], IDLE_SECS)
    sys1 = system_cpu()
    cpu_after = [proc_cpu_seconds(p.pid) for *_, p in idle]
    bench.r["background_cpu"] = (sys1[0] - sys0[0]) / max(1, sys1[1] - sys0[1])
    bench.r["idle"] = [{"server": key, "state": state, "what": what, "wakeups": woke[p.pid],
                        "rss_kb": proc_rss_kb(p.pid), "cpu_s": ca - cb}
                       for (key, state, what, p), cb, ca in zip(idle, cpu_before, cpu_after)]
    for x in bench.r["idle"]:
        log(f"idle {x['server']} ({x['what']}): {x['wakeups']['total']} wake-ups {x['wakeups']['by_name']}")
    bench.check_alive(*(p for *_, p in idle))

    ticks = {}
    for key, (p, out) in probes.items():
        try:
            p.wait(TICKS + 30)
        except subprocess.TimeoutExpired as e:
            raise BenchError(f"{p.bench_name} did not finish") from e
        out.seek(0)
        text = out.read()
        if p.returncode != 0:
            raise BenchError(f"tickprobe on {key} failed:\n{text[-2000:]}{bench.procs.stderr_tail(p.bench_name)}")
        res = parse_result(text)
        bench.raw.append((f"ticks {key}", result_line(text)))
        offs = [float(m.group(3)) for m in re.finditer(r"^\s*\d+\s+(\d+)\.(\d{9})\s+([+-]?\d+\.\d+)\s+\d+\.\d+\s*$",
                                                       text, re.M)]
        if len(offs) != TICKS:
            raise BenchError(f"tickprobe on {key}: parsed {len(offs)} of {TICKS} ticks")
        res["late"] = [wrap_ms(x - phases[key]) for x in offs]
        ticks[key] = res
        log(f"ticks {key}: lateness p50 {pct(res['late'], 50):+.3f} ms p99 {pct(res['late'], 99):+.3f} ms, "
            f"interval max dev {res['interval_maxdev_ms']:.3f} ms, drift {res['drift_ms']:+.3f} ms")
    bench.r["ticks"] = ticks
    bench.check_alive(*(p for p, _ in tick_servers.values()))
    for key, state, _, p in idle:
        if state != "after load":
            bench.procs.stop(p)
    return tick_servers, phases


def measure_fanout(bench, tick_servers, phases):
    """FANOUT_N subscribers per server, all probes at once (the servers tick at different phases)."""
    log(f"fan-out: {FANOUT_N} subscribers each, {FANOUT_TICKS} ticks")
    probes = {}
    for key, (_, sock) in tick_servers.items():
        out = open(os.path.join(bench.tmp, f"fanout-{key}.out"), "w+")
        cmd = [bench.tool("tickprobe"), "--socket", sock, "--fanout", str(FANOUT_N), "--count", str(FANOUT_TICKS)]
        if key != "tick_ref":
            cmd += ["--subscribe-line", SUBSCRIBE_TICK]
        probes[key] = (bench.procs.start(f"fanout-{key}", cmd, stdout=out), out)
    rss_max = dict.fromkeys(tick_servers, 0)
    deadline = time.monotonic() + FANOUT_TICKS + 40
    while any(p.poll() is None for p, _ in probes.values()):
        if time.monotonic() > deadline:
            raise BenchError("fan-out probes did not finish")
        for key, (server, _) in tick_servers.items():
            rss_max[key] = max(rss_max[key], proc_rss_kb(server.pid))
        time.sleep(0.25)
    fo = {}
    for key, (p, out) in probes.items():
        out.seek(0)
        text = out.read()
        if p.returncode != 0:
            raise BenchError(f"fan-out tickprobe on {key} failed:\n{text[-2000:]}"
                             f"{bench.procs.stderr_tail(p.bench_name)}")
        res = parse_result(text)
        bench.raw.append((f"fan-out {key}", result_line(text)))
        rows = re.findall(r"^\s*\d+\s+(\d+)/\s*\d+\s+([+-]?\d+\.\d+)\s+([+-]?\d+\.\d+)\s+(\d+\.\d+)\s*$", text, re.M)
        res["first_late"] = [wrap_ms(float(r[1]) - phases[key]) for r in rows]
        res["last_late"] = [wrap_ms(float(r[2]) - phases[key]) for r in rows]
        res["rss_kb"] = rss_max[key]
        fo[key] = res
        log(f"fan-out {key}: spread p50 {res['spread_p50_us']:.0f} us p99 {res['spread_p99_us']:.0f} us, "
            f"RSS {rss_max[key]} kB")
    bench.r["fanout"] = fo
    for server, _ in tick_servers.values():
        bench.check_alive(server)
        bench.procs.stop(server)
