"""report_targets.py - the performance targets, judged on bench.py's results, and the report's table of them."""
import os

from bench_settings import FANOUT_N, HOLD_N, IDLE_SECS, TICKS, TPUT_ROUNDS
from report_wording import plural, verdict

IDLE_RSS_LIMIT_KB = 18_000  # 18 MB
# The request path against SwiftNIO's floor, and the fan-out against the C tick server (docs/performance.md).
TIMER_STATUS_SHARE = 0.90
PING_SHARE = 0.85
CPU_RATIO_LIMIT = 1.1
FANOUT_RATIO_LIMIT = 1.1


class Results:
    """Looks figures up in bench.py's results."""

    def __init__(self, r):
        self.r = r

    def tput(self, server, conns, req=None):
        return next(x["res"] for x in self.r["tput"]
                    if x["server"] == server and x["conns"] == conns and req in (None, x["req"]))

    def lat(self, server, where="same CPU"):
        return next(x["res"] for x in self.r["latency"] if x["server"] == server and x["where"] == where)

    def idle(self, server, state):
        return next(x for x in self.r["idle"] if x["server"] == server and x["state"] == state)

    def mem(self, server):
        return next(x for x in self.r["mem"] if x["server"] == server)

    def per_conn_kb(self, server):
        m = self.mem(server)
        return (m["held_kb"] - m["idle_kb"]) / HOLD_N

    def targets(self, key):
        """The performance targets for gatherd binary `key`: [(target, measured text, the figure alone, ok, gap)]."""
        ts, ping = self.tput(key, 16, "timer.status"), self.tput(key, 16, "daemon.ping")
        nio, nd = self.tput("nio_ref", 16), self.tput("ndjson_ref", 16)
        out = []
        for req, x, limit in (("timer.status", ts, TIMER_STATUS_SHARE), ("daemon.ping", ping, PING_SHARE)):
            ratio = x["rps"] / nio["rps"]
            out.append((f"`{req}` at 16 connections ≥ {limit:.0%} of nio_ref's req/s",
                        f"{x['rps']:,.0f} / {nio['rps']:,.0f} req/s = **{ratio:.0%}** (fastest rounds "
                        f"{x['rps_max'] / nio['rps_max']:.0%}; {x['rps'] / nd['rps']:.0%} of ndjson_ref)",
                        f"{ratio:.0%}", ratio >= limit, f"needs {limit / ratio:.1f}× the req/s"))
        cpu = ts["server_cpu_us"] / nio["server_cpu_us"]
        out.append((f"server CPU per request (`timer.status`, 16 conns) ≤ {CPU_RATIO_LIMIT}× nio_ref's",
                    f"{ts['server_cpu_us']:.2f} / {nio['server_cpu_us']:.2f} µs = **{cpu:.2f}×** "
                    f"(ndjson_ref {nd['server_cpu_us']:.2f} µs)", f"{ts['server_cpu_us']:.2f} µs = {cpu:.2f}×",
                    cpu <= CPU_RATIO_LIMIT, f"{cpu - CPU_RATIO_LIMIT:.2f}× over"))
        lat, lnio = self.lat(key), self.lat("nio_ref")
        rt = lat["p50_us"] / lnio["p50_us"]
        out.append(("round trip, 1 connection, same CPU, p50 ≤ 1.3× nio_ref's",
                    f"{lat['p50_us']:.1f} / {lnio['p50_us']:.1f} µs = **{rt:.2f}×** "
                    f"(ndjson_ref {self.lat('ndjson_ref')['p50_us']:.1f} µs)", f"{lat['p50_us']:.1f} µs = {rt:.2f}×",
                    rt <= 1.3, f"{rt / 1.3:.1f}× the limit"))
        fo, fr = self.r["fanout"][key], self.r["fanout"]["tick_ref"]
        spread = fo["spread_p50_us"] / fr["spread_p50_us"]
        out.append((f"fan-out spread at {FANOUT_N:,} subscribers, p50 ≤ {FANOUT_RATIO_LIMIT}× tick_ref's",
                    f"{fo['spread_p50_us']:,.0f} / {fr['spread_p50_us']:,.0f} µs = **{spread:.2f}×**",
                    f"{fo['spread_p50_us']:,.0f} µs = {spread:.2f}×", spread <= FANOUT_RATIO_LIMIT,
                    f"{spread - FANOUT_RATIO_LIMIT:.2f}× over"))
        dev = self.r["ticks"][key]["interval_maxdev_ms"]
        out.append((f"tick interval max \\|error\\| over {TICKS - 1} s ≤ 0.5 ms",
                    f"**{dev:.3f} ms** (tick_ref {self.r['ticks']['tick_ref']['interval_maxdev_ms']:.3f} ms)",
                    f"{dev:.3f} ms", dev <= 0.5, f"{dev / 0.5:.1f}× the limit"))
        none, paused = (self.idle(key, s)["wakeups"]["total"] for s in ("no gather", "paused"))
        out.append((f"wake-ups in {IDLE_SECS:.0f} s idle, no gather and clock paused = 0",
                    f"no gather **{none}**, clock paused **{paused}** (nio_ref "
                    f"{self.idle('nio_ref', 'after load')['wakeups']['total']}, ndjson_ref "
                    f"{self.idle('ndjson_ref', 'after load')['wakeups']['total']})",
                    f"no gather {none}, paused {paused}", none == 0 and paused == 0,
                    f"{plural(none + paused, 'wake-up')} too many"))
        woken = self.r.get("tput_thread_switches", {}).get(key)
        if woken is not None:
            clock = woken.get("gatherd-clock")
            busiest = ", ".join(f"`{k}` {v:,}" for k, v in sorted(woken.items(), key=lambda kv: -kv[1])[:3])
            out.append(("wall-clock watch (`gatherd-clock`) woken during the throughput rounds = 0",
                        f"**{'no such thread' if clock is None else clock}** (busiest: {busiest})",
                        f"{'absent' if clock is None else clock}", clock == 0,
                        "the thread is missing" if clock is None else f"{plural(clock, 'wake-up')}"))
        m = self.mem(key)
        out.append((f"idle RSS ≤ {IDLE_RSS_LIMIT_KB // 1000} MB (VmRSS ≤ {IDLE_RSS_LIMIT_KB:,} kB; after the load, "
                    "nothing connected)",
                    f"**{m['idle_kb'] / 1000:.1f} MB** ({m['idle_kb']:,} kB; just started {m['start_kb']:,} kB; "
                    f"nio_ref {self.mem('nio_ref')['idle_kb']:,} kB)", f"{m['idle_kb'] / 1000:.1f} MB",
                    m["idle_kb"] <= IDLE_RSS_LIMIT_KB,
                    f"{(m['idle_kb'] - IDLE_RSS_LIMIT_KB) / 1000:.1f} MB over"))
        per = self.per_conn_kb(key)
        out.append((f"RSS per idle connection ({HOLD_N:,} held) ≤ 8 kB",
                    f"**{per:.1f} kB** (nio_ref {self.per_conn_kb('nio_ref'):.1f} kB)", f"{per:.1f} kB", per <= 8.0,
                    f"{per / 8.0:.1f}× the limit"))
        return out


def targets(add, res, keys, page_targets=""):
    add("## Targets")
    add("")
    dev = "; the dev build's figure stands in the last column, for comparison" if "dev" in keys else ""
    add(f"Judged on the installed binary{dev}. Throughput figures are the median of "
        f"{plural(TPUT_ROUNDS, 'round')}; nio_ref and ndjson_ref answer the same request line with a fixed reply. "
        "Where a target is missed, the result says by how much.")
    add("")
    rows = {key: res.targets(key) for key in keys}
    if "dev" in keys:
        add("| target | installed binary (this run) | result | dev build (this run) |")
        add("|---|---|---|---|")
    else:
        add("| target | installed binary (this run) | result |")
        add("|---|---|---|")
    for i, (target, measured, _, ok, gap) in enumerate(rows["installed"]):
        line = f"| {target} | {measured} | {verdict(ok, gap)} |"
        if "dev" in keys:
            _, _, figure, dok, _ = rows["dev"][i]
            line += f" {figure} ({'pass' if dok else 'miss'}) |"
        add(line)
    # The page's targets, measured in Chromium by page_bench.py (its section, "The page on a phone", has more).
    if page_targets and os.path.exists(page_targets):
        with open(page_targets) as rows:
            for row in rows.read().splitlines():
                add(row + (" not measured |" if "dev" in keys else ""))
    w = res.r["writes"]
    g1, g16, create, alone, flood = w["goal1"], w["goal16"], w["create16"], w["reads_alone"], w["reads_flood"]
    tail = " not measured |" if "dev" in keys else ""
    add(f"| writes: `score.goal` round trips with fsync (a figure; batch of score.goal + score.undo, 2 commits, "
        f"per batch) | 1 conn: p50 **{g1['p50_us']:,.0f} µs**, {g1['rps']:,.0f} batches/s ({2 * g1['rps']:,.0f} "
        f"commits/s); 16 conns: {g16['rps']:,.0f} batches/s ({2 * g16['rps']:,.0f} commits/s), "
        f"p50 {g16['p50_us']:,.0f} µs, p99 {g16['p99_us']:,.0f} µs; `players.create` (1 "
        f"commit), 16 conns: {create['rps']:,.0f} req/s, p99 {create['p99_us']:,.0f} µs | – |{tail}")
    add(f"| reads keep their p99 during a write flood (a figure): `timer.status` on 16 conns while 16 conns send "
        f"`players.create` | p99 **{flood['p99_us']:,.0f} µs** during vs {alone['p99_us']:,.0f} µs without "
        f"(**{flood['p99_us'] / alone['p99_us']:.2f}×**); p50 {flood['p50_us']:,.0f} vs {alone['p50_us']:,.0f} µs "
        f"| – |{tail}")
    add("")
