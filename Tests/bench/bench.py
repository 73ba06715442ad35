#!/usr/bin/env python3
"""bench.py - the measuring half of `make bench`; Tests/bench/run.sh builds everything and calls it.

Usage: bench.py --gatherd BIN [--gatherd-dev BIN] --tools DIR --pyrpc FILE --tmp DIR [--command TEXT]

Starts gatherd (the installed binary, and the dev build when given) and the reference servers of
../shared/tools side by side, measures them with rpcbench and tickprobe and by reading /proc, and prints a
Markdown report (report.py) on stdout. Progress goes to stderr. Every process it starts is stopped before it
returns (their pids are also listed in TMP/pids so that run.sh can stop them if this script is killed). Exit
status: 0 when every measurement ran (targets may be missed: this is a benchmark, not a test), 1 when
something failed to run.

BENCH_QUICK=1 shortens every phase (for working on the harness; the figures are then not meaningful).
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

from benchlib import (CREATE_PLAYER, DAEMON_PING, FANOUT_N, FANOUT_TICKS, GOAL_AND_UNDO, HOLD_N, IDLE_SECS,
                      LAT_SECS, LAT_WARM, NCPU, PING, SUBSCRIBE_TICK, TICK_PHASES, TICKS, TIMER_STATUS,
                      TPUT_ROUNDS, TPUT_SECS, TPUT_WARM, WRITE_SECS, WRITE_WARM, BenchError, Client, Procs,
                      count_wakeups, iso_ms, loadavg, log, parse_result, pct, proc_cpu_seconds, proc_rss_kb,
                      result_line, scrape_unix, setup_gather, start_clock_at_phase, system_cpu,
                      thread_switch_deltas, thread_switches, wait_for_socket, wrap_ms)
from report import report


class Bench:
    def __init__(self, opts):
        self.o = opts
        self.tmp = opts.tmp
        self.procs = Procs(opts.tmp)
        self.tool = lambda name: os.path.join(opts.tools, name)
        # The gatherd binaries by key: "installed" (judged by the targets) and, unless BENCH_GATHERD, "dev".
        self.binaries = {"installed": opts.gatherd}
        if opts.gatherd_dev:
            self.binaries["dev"] = opts.gatherd_dev
        self.srv = {}  # key -> (process, socket) of the long-running servers
        self.raw = []  # (label, RESULT line) for the appendix
        self.r = {}

    # ---- servers

    def gatherd(self, key, role, extra=()):
        name = f"gatherd-{key}-{role}"
        sock = os.path.join(self.tmp, f"{name}.sock")
        db = os.path.join(self.tmp, f"{name}.sqlite")
        p = self.procs.start(name, [self.binaries[key], "--socket", sock, "--database", db, "--log-level", "warning",
                                    *extra])
        wait_for_socket(sock, p)
        return p, sock

    def ref(self, name, cmd_for_sock):
        sock = os.path.join(self.tmp, f"{name}.sock")
        p = self.procs.start(name, cmd_for_sock(sock))
        wait_for_socket(sock, p)
        return p, sock

    def check_alive(self, *procs):
        for p in procs:
            if p.poll() is not None:
                raise BenchError(f"{p.bench_name} died (status {p.returncode}):\n{self.procs.stderr_tail(p.bench_name)}")

    # ---- rpcbench

    def rpcbench_start(self, name, sock, conns, line, secs, warm, client_cpu=None):
        cmd = [self.tool("rpcbench"), "--socket", sock, "--conns", str(conns), "--line", line,
               "--duration", str(secs), "--warmup", str(warm)]
        if client_cpu is not None:
            cmd = ["taskset", "-c", str(client_cpu)] + cmd
        return self.procs.start(name, cmd, stdout=subprocess.PIPE)

    def rpcbench_finish(self, label, p, timeout):
        out = p.communicate(timeout=timeout)[0].decode()
        if p.returncode != 0:
            raise BenchError(f"{label} failed (status {p.returncode}):\n{out[-2000:]}"
                             f"{self.procs.stderr_tail(p.bench_name)}")
        self.raw.append((label, result_line(out)))
        return parse_result(out)

    def rpcbench(self, label, server, sock, conns, line, secs, warm, client_cpu=None):
        """One rpcbench run against `server`, plus the server's CPU time and context switches per response."""
        p = self.rpcbench_start("rpcbench", sock, conns, line, secs, warm, client_cpu)
        time.sleep(warm)  # the server's CPU time is read over the measured part only
        cpu0 = proc_cpu_seconds(server.pid)
        sw0 = thread_switches(server.pid)
        res = self.rpcbench_finish(label, p, secs + warm + 30)
        cpu1 = proc_cpu_seconds(server.pid)
        sw1 = thread_switches(server.pid)
        res["server_cpu_us"] = (cpu1 - cpu0) * 1e6 / res["n"] if res["n"] else float("nan")
        switches = sum(n - sw0.get(tid, (c, 0))[1] for tid, (c, n) in sw1.items())
        res["server_cs"] = switches / res["n"] if res["n"] else float("nan")
        log(f"{label}: {res['rps']:.0f} req/s, p50 {res['p50_us']:.1f} us, p99 {res['p99_us']:.1f} us, "
            f"server {res['server_cpu_us']:.2f} us/req {res['server_cs']:.2f} cs/req, client cpu {res['client_cpu']:.0f}%")
        self.check_alive(server)
        return res

    @staticmethod
    def pin(pid, cpus):
        subprocess.run(["taskset", "-a", "-p", "-c", cpus, str(pid)], check=True, stdout=subprocess.DEVNULL)

    # ---- phases

    def run(self):
        self.r["load_before"] = loadavg()
        self.start_servers()
        self.latency()
        self.throughput()
        self.writes()
        tick_servers, phases = self.ticks_and_idle()
        self.fanout(tick_servers, phases)
        self.memory()
        self.r["load_after"] = loadavg()

    def start_servers(self):
        log(f"starting servers: gatherd ({', '.join(self.binaries)}), nio_ref, ndjson_ref, pyrpc_server.py")
        for key in self.binaries:
            self.srv[key] = self.gatherd(key, "main")
            # timer.status needs an active gather; its clock stays stopped
            setup_gather(self.srv[key][1], 10).close()
        # The installed binary again, with metrics on (they are counted only while something serves
        # them), for the throughput rounds next to the same binary with metrics off.
        self.metrics_sock = os.path.join(self.tmp, "gatherd-metrics.http.sock")
        self.srv["metrics"] = self.gatherd("installed", "metrics", ["--metrics", f"unix:{self.metrics_sock}"])
        setup_gather(self.srv["metrics"][1], 10).close()
        self.srv["nio_ref"] = self.ref("nio_ref", lambda s: [self.tool("nio_ref"), "--socket", s])
        self.srv["ndjson_ref"] = self.ref("ndjson_ref", lambda s: [self.tool("ndjson_ref"), "--socket", s])
        self.srv["pyrpc"] = self.ref("pyrpc", lambda s: [sys.executable, self.o.pyrpc, s])
        self.r["rss_start"] = {key: proc_rss_kb(p.pid) for key, (p, _) in self.srv.items()}

    def latency(self):
        """One connection, server and client pinned; every server gets the timer.status line (the references
        answer any line)."""
        log("latency, 1 connection, pinned")
        placements = [("same CPU", "0", 0)] + ([("across CPUs", "0", 1)] if NCPU > 1 else [])
        allcpus = f"0-{NCPU - 1}"
        lat = []
        for where, scpu, ccpu in placements:
            for key in (*self.binaries, "nio_ref", "ndjson_ref"):
                proc, sock = self.srv[key]
                self.pin(proc.pid, scpu)
                res = self.rpcbench(f"latency {key} {where}", proc, sock, 1, TIMER_STATUS, LAT_SECS, LAT_WARM, ccpu)
                self.pin(proc.pid, allcpus)
                lat.append({"server": key, "where": where, "res": res})
        self.r["latency"] = lat

    def throughput(self):
        """TPUT_ROUNDS interleaved rounds, so that a burst of outside load hits every server; the median round."""
        log(f"throughput, {TPUT_ROUNDS} rounds")
        configs = [("ndjson_ref", "any line", TIMER_STATUS), ("nio_ref", "any line", TIMER_STATUS)]
        for key in self.binaries:
            configs += [(key, "timer.status", TIMER_STATUS), (key, "daemon.ping", DAEMON_PING)]
            if key == "installed":
                # The same binary with metrics on, next to it in every round.
                configs += [("metrics", "timer.status", TIMER_STATUS), ("metrics", "daemon.ping", DAEMON_PING)]
        configs = ([(16, *c) for c in configs] + [(16, "pyrpc", "ping", PING)]
                   + [(64, key, req, line) for key, req, line in configs if req != "daemon.ping" and key != "metrics"])
        runs = [[] for _ in configs]
        # Which threads of each gatherd the rounds wake: the wall-clock watch should never be one.
        switches_before = {key: thread_switches(self.srv[key][0].pid) for key in self.binaries}
        # Metrics off and on run together in each round, off first in odd rounds and on first in even ones, so
        # that neither always meets the other's after-effects or the same trend in the machine's load.
        pairs = [(configs.index((16, "installed", req, line)), configs.index((16, "metrics", req, line)))
                 for req, line in (("timer.status", TIMER_STATUS), ("daemon.ping", DAEMON_PING))
                 if (16, "metrics", req, line) in configs]
        for rnd in range(TPUT_ROUNDS):
            order = list(range(len(configs)))
            if rnd % 2:
                for off, on in pairs:
                    order[off], order[on] = on, off
            for i in order:
                conns, key, req, line = configs[i]
                proc, sock = self.srv[key]
                runs[i].append(self.rpcbench(f"throughput {key} {req} {conns} conns (round {rnd + 1})", proc, sock,
                                             conns, line, TPUT_SECS, TPUT_WARM))
        self.r["tput_thread_switches"] = {
            key: thread_switch_deltas(before, thread_switches(self.srv[key][0].pid))
            for key, before in switches_before.items()}
        tput = []
        for (conns, key, req, _), results in zip(configs, runs):
            ordered = sorted(results, key=lambda x: x["rps"])
            med = dict(ordered[len(ordered) // 2])
            med["rps_min"], med["rps_max"] = ordered[0]["rps"], ordered[-1]["rps"]
            tput.append({"server": key, "req": req, "conns": conns, "res": med})
        self.r["tput"] = tput
        # Each round's metrics-on / metrics-off ratio (the rows ran one after the other in that round).
        index = {(conns, key, req): i for i, (conns, key, req, _) in enumerate(configs)}
        self.r["metrics_rounds"] = {
            req: [on["rps"] / off["rps"] for on, off in zip(runs[index[(16, "metrics", req)]],
                                                             runs[index[(16, "installed", req)]])]
            for req in ("timer.status", "daemon.ping")}
        self.r["metrics_scrape"] = scrape_unix(self.metrics_sock)
        self.procs.stop(self.srv.pop("metrics")[0])
        self.procs.stop(self.srv.pop("pyrpc")[0])

    def writes(self):
        """Commits (synchronous=FULL) on a fresh installed gatherd, so that the main servers' figures are not
        affected; then timer.status on 16 connections without and during a flood of players.create."""
        log("writes: a fresh gatherd (installed) with its own database")
        gw, sock = self.gatherd("installed", "write")
        c = setup_gather(sock, 10)
        c.send_line(GOAL_AND_UNDO)
        c.send_line(CREATE_PLAYER)
        players0 = c.call("daemon.status")["players"]
        w = {}
        for conns in (1, 16):
            w[f"goal{conns}"] = self.rpcbench(f"writes score.goal+score.undo batch {conns} conns", gw, sock, conns,
                                              GOAL_AND_UNDO, WRITE_SECS, WRITE_WARM)
        w["create16"] = self.rpcbench("writes players.create 16 conns", gw, sock, 16, CREATE_PLAYER, WRITE_SECS,
                                      WRITE_WARM)
        w["reads_alone"] = self.rpcbench("writes timer.status 16 conns, no writes", gw, sock, 16, TIMER_STATUS,
                                         WRITE_SECS, WRITE_WARM)
        # The flood starts first and ends after the reads: it covers their warm-up and measured part.
        flood = self.rpcbench_start("rpcbench-flood", sock, 16, CREATE_PLAYER, WRITE_SECS + WRITE_WARM + 0.5,
                                    WRITE_WARM)
        time.sleep(WRITE_WARM)
        w["reads_flood"] = self.rpcbench("writes timer.status 16 conns during 16 conns of players.create", gw, sock,
                                         16, TIMER_STATUS, WRITE_SECS, WRITE_WARM)
        w["flood"] = self.rpcbench_finish("writes players.create 16 conns (the flood)", flood, WRITE_SECS + 30)
        log(f"flood: players.create {w['flood']['rps']:.0f} req/s, p99 {w['flood']['p99_us']:.0f} us")
        # Every batch scored and took its goal back, and every players.create reply was a new player.
        score = c.call("score.get")["score"]
        created = c.call("daemon.status")["players"] - players0
        c.close()
        if (score["teamA"], score["teamB"]) != (0, 0):
            raise BenchError(f"after the score.goal+score.undo batches the score is {score}, not 0-0")
        if created < w["create16"]["n"] + w["flood"]["n"]:
            raise BenchError(f"{created} players created, fewer than the {w['create16']['n'] + w['flood']['n']:.0f} "
                             "players.create replies counted")
        self.check_alive(gw)
        self.procs.stop(gw)
        self.r["writes"] = w

    def ticks_and_idle(self):
        """Ticks over 60 s, with the idle measurement in the same window. The idle servers are set up first, so
        that nothing starts during the tick window: per gatherd binary a fresh one with no gather (after a few
        requests), one whose clock is paused, and the main one after the load; the references after the load."""
        log("idle servers: per binary a fresh gatherd, and one with a paused clock")
        idle = []
        for key in self.binaries:
            gi, gi_sock = self.gatherd(key, "idle")
            c = Client(gi_sock)
            for _ in range(5):
                c.call("daemon.ping")
            c.call("daemon.status")
            c.close()
            gp, gp_sock = self.gatherd(key, "paused")
            c = setup_gather(gp_sock, 10)
            c.call("timer.start")
            time.sleep(1.5)
            c.call("timer.pause")
            c.close()
            idle += [(key, "no gather", "fresh, no gather, after 6 requests", gi),
                     (key, "paused", "gather active, clock paused", gp),
                     (key, "after load", "gather active, clock stopped, after the load above", self.srv[key][0])]
        idle += [(key, "after load", "after the load above", self.srv[key][0]) for key in ("nio_ref", "ndjson_ref")]

        log("ticks: starting tick_ref and per binary a fresh gatherd with a 5-minute clock")
        tick_servers = {"tick_ref": self.ref("tick_ref", lambda s: [self.tool("tick_ref"), "--socket", s])}
        phases = {"tick_ref": 0.0}
        self.r["tick_start"] = {}
        for key in self.binaries:
            tick_servers[key] = self.gatherd(key, "tick")
            c = setup_gather(tick_servers[key][1], 5)
            t0, started = start_clock_at_phase(c, TICK_PHASES[key])
            c.close()
            phases[key] = wrap_ms((t0 % 1_000_000_000) / 1e6)
            self.r["tick_start"][key] = {
                "phase_ms": phases[key],
                # endsAt - duration = when gatherd read its clock, truncated to the ms; minus T0 = the one-way trip
                "endsat_minus_t0_ms": (iso_ms(started["endsAt"]) - started["duration"] * 1000) - t0 / 1e6,
            }
            log(f"gatherd {key}: clock started at wall phase {phases[key]:+.3f} ms")
        log(f"tickprobe x{len(tick_servers)} for {TICKS} ticks")
        probes = {}
        for key, (_, sock) in tick_servers.items():
            out = open(os.path.join(self.tmp, f"tickprobe-{key}.out"), "w+")
            cmd = [self.tool("tickprobe"), "--socket", sock, "--count", str(TICKS)]
            if key != "tick_ref":
                cmd += ["--subscribe-line", SUBSCRIBE_TICK]
            probes[key] = (self.procs.start(f"tickprobe-{key}", cmd, stdout=out), out)

        time.sleep(2.0)  # settle: let connection teardown finish
        log(f"idle wake-ups over {IDLE_SECS:.0f} s")
        cpu_before = [proc_cpu_seconds(p.pid) for *_, p in idle]
        sys0 = system_cpu()
        woke = count_wakeups([p.pid for *_, p in idle], IDLE_SECS)
        sys1 = system_cpu()
        cpu_after = [proc_cpu_seconds(p.pid) for *_, p in idle]
        self.r["background_cpu"] = (sys1[0] - sys0[0]) / max(1, sys1[1] - sys0[1])
        self.r["idle"] = [{"server": key, "state": state, "what": what, "wakeups": woke[p.pid],
                           "rss_kb": proc_rss_kb(p.pid), "cpu_s": ca - cb}
                          for (key, state, what, p), cb, ca in zip(idle, cpu_before, cpu_after)]
        for x in self.r["idle"]:
            log(f"idle {x['server']} ({x['what']}): {x['wakeups']['total']} wake-ups {x['wakeups']['by_name']}")
        self.check_alive(*(p for *_, p in idle))

        ticks = {}
        for key, (p, out) in probes.items():
            try:
                p.wait(TICKS + 30)
            except subprocess.TimeoutExpired as e:
                raise BenchError(f"{p.bench_name} did not finish") from e
            out.seek(0)
            text = out.read()
            if p.returncode != 0:
                raise BenchError(f"tickprobe on {key} failed:\n{text[-2000:]}{self.procs.stderr_tail(p.bench_name)}")
            res = parse_result(text)
            self.raw.append((f"ticks {key}", result_line(text)))
            offs = [float(m.group(3)) for m in re.finditer(r"^\s*\d+\s+(\d+)\.(\d{9})\s+([+-]?\d+\.\d+)\s+\d+\.\d+\s*$",
                                                             text, re.M)]
            if len(offs) != TICKS:
                raise BenchError(f"tickprobe on {key}: parsed {len(offs)} of {TICKS} ticks")
            res["late"] = [wrap_ms(x - phases[key]) for x in offs]
            ticks[key] = res
            log(f"ticks {key}: lateness p50 {pct(res['late'], 50):+.3f} ms p99 {pct(res['late'], 99):+.3f} ms, "
                f"interval max dev {res['interval_maxdev_ms']:.3f} ms, drift {res['drift_ms']:+.3f} ms")
        self.r["ticks"] = ticks
        self.check_alive(*(p for p, _ in tick_servers.values()))
        for key, state, _, p in idle:
            if state != "after load":
                self.procs.stop(p)
        return tick_servers, phases

    def fanout(self, tick_servers, phases):
        """FANOUT_N subscribers per server, all probes at once (the servers tick at different phases)."""
        log(f"fan-out: {FANOUT_N} subscribers each, {FANOUT_TICKS} ticks")
        probes = {}
        for key, (_, sock) in tick_servers.items():
            out = open(os.path.join(self.tmp, f"fanout-{key}.out"), "w+")
            cmd = [self.tool("tickprobe"), "--socket", sock, "--fanout", str(FANOUT_N), "--count", str(FANOUT_TICKS)]
            if key != "tick_ref":
                cmd += ["--subscribe-line", SUBSCRIBE_TICK]
            probes[key] = (self.procs.start(f"fanout-{key}", cmd, stdout=out), out)
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
                                 f"{self.procs.stderr_tail(p.bench_name)}")
            res = parse_result(text)
            self.raw.append((f"fan-out {key}", result_line(text)))
            rows = re.findall(r"^\s*\d+\s+(\d+)/\s*\d+\s+([+-]?\d+\.\d+)\s+([+-]?\d+\.\d+)\s+(\d+\.\d+)\s*$", text, re.M)
            res["first_late"] = [wrap_ms(float(r[1]) - phases[key]) for r in rows]
            res["last_late"] = [wrap_ms(float(r[2]) - phases[key]) for r in rows]
            res["rss_kb"] = rss_max[key]
            fo[key] = res
            log(f"fan-out {key}: spread p50 {res['spread_p50_us']:.0f} us p99 {res['spread_p99_us']:.0f} us, "
                f"RSS {rss_max[key]} kB")
        self.r["fanout"] = fo
        for server, _ in tick_servers.values():
            self.check_alive(server)
            self.procs.stop(server)

    def memory(self):
        """RSS with HOLD_N plain connections open, each having made one request."""
        log(f"RSS with {HOLD_N} connections open")
        lines = {"nio_ref": TIMER_STATUS, "ndjson_ref": PING}
        mem = []
        for key in (*self.binaries, "nio_ref", "ndjson_ref"):
            proc, sock = self.srv[key]
            idle_kb = proc_rss_kb(proc.pid)
            h = self.procs.start(f"hold-{key}", [sys.executable, os.path.join(self.o.here, "hold.py"), sock,
                                                 str(HOLD_N), lines.get(key, DAEMON_PING)],
                                 stdout=subprocess.PIPE, stdin=subprocess.PIPE)
            ready = h.stdout.readline().decode().strip()
            if not ready.startswith("ready"):
                raise BenchError(f"hold.py on {key} failed:\n{self.procs.stderr_tail(h.bench_name)}")
            time.sleep(0.5)
            held_kb = proc_rss_kb(proc.pid)
            h.stdin.close()
            self.procs.stop(h)
            mem.append({"server": key, "start_kb": self.r["rss_start"][key], "idle_kb": idle_kb, "held_kb": held_kb})
            log(f"RSS {key}: start {self.r['rss_start'][key]} kB, idle {idle_kb} kB, {HOLD_N} conns {held_kb} kB")
            self.check_alive(proc)
        self.r["mem"] = mem


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gatherd", required=True, help="the installed binary (static), which the targets judge")
    ap.add_argument("--gatherd-dev", default="", help="the dev build (swift build -c release); empty: none")
    ap.add_argument("--tools", required=True)
    ap.add_argument("--pyrpc", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--repo", default=".")
    ap.add_argument("--command", default="make bench")
    ap.add_argument("--load-at-start", default="")
    ap.add_argument("--gatherd-label", default="")
    ap.add_argument("--install-flags", default="", help="the swift build flags the installed binary was built with")
    ap.add_argument("--page-targets", default="", help="page_bench.py's rows for the targets table (--rows)")
    opts = ap.parse_args()
    opts.here = os.path.dirname(os.path.abspath(__file__))

    def on_signal(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    bench = Bench(opts)
    try:
        bench.run()
        text = report(bench.r, bench.raw, opts)
    except BenchError as e:
        log(f"FAILED: {e}")
        return 1
    finally:
        bench.procs.stop_all()
    sys.stdout.write(text)
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
