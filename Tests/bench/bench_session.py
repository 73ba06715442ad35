"""bench_session.py - one bench run's servers, its rpcbench runs with their server-side costs, and its results."""
import os
import subprocess
import sys
import time

from gatherd_client import setup_gather
from processes import BenchError, Procs, log, wait_for_socket
from procfs import proc_cpu_seconds, proc_rss_kb, thread_switches
from tool_output import parse_result, result_line


class Bench:
    """The servers, processes and results of one run; the rounds (round_*.py) measure through it."""

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
                raise BenchError(f"{p.bench_name} died (status {p.returncode}):\n"
                                 f"{self.procs.stderr_tail(p.bench_name)}")

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
            f"server {res['server_cpu_us']:.2f} us/req {res['server_cs']:.2f} cs/req, "
            f"client cpu {res['client_cpu']:.0f}%")
        self.check_alive(server)
        return res

    @staticmethod
    def pin(pid, cpus):
        subprocess.run(["taskset", "-a", "-p", "-c", cpus, str(pid)], check=True, stdout=subprocess.DEVNULL)

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
