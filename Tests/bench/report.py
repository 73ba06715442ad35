"""report.py - the Markdown report of `make bench` (docs/performance.md), from the results bench.py gathered.

The targets (`Results.targets`) judge the installed binary (built as `make install` builds it); the dev build's
figures stand next to them."""
import datetime
import os
import subprocess
import sys

from benchlib import (FANOUT_N, FANOUT_TICKS, HOLD_N, IDLE_SECS, LAT_SECS, LAT_WARM, QUICK, TICKS, TPUT_ROUNDS,
                      TPUT_SECS, TPUT_WARM, WRITE_SECS, WRITE_WARM, cpu_model, fs_type, pct)

NAMES = {"installed": "gatherd (installed)", "dev": "gatherd (dev build)", "metrics": "gatherd (installed, metrics on)",
         "nio_ref": "nio_ref",
         "ndjson_ref": "ndjson_ref", "pyrpc": "pyrpc_server.py", "tick_ref": "tick_ref"}
IDLE_RSS_LIMIT_KB = 18_000  # 18 MB
# The request path against SwiftNIO's floor, and the fan-out against the C tick server (docs/performance.md).
TIMER_STATUS_SHARE = 0.90
PING_SHARE = 0.85
CPU_RATIO_LIMIT = 1.1
FANOUT_RATIO_LIMIT = 1.1


def plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def verdict(ok, gap):
    """PASS, or MISS with how far off it is."""
    return "PASS" if ok else f"**MISS** ({gap})"


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


def report(r, raw, o):
    """The whole report: r = bench.py's results, raw = (label, RESULT line) pairs, o = its options."""
    res = Results(r)
    keys = ["installed"] + (["dev"] if o.gatherd_dev else [])
    L = []
    add = L.append
    gd_commit = subprocess.run(["git", "-C", o.repo, "describe", "--always", "--dirty"], capture_output=True,
                               text=True).stdout.strip() or "unknown"
    add("# gatherd performance")
    add("")
    via = "" if o.command == "Tests/bench/run.sh" else " (which runs `Tests/bench/run.sh`)"
    add(f"Generated by `{o.command}`{via}. **Only figures from the same run are comparable**: "
        "the machine is shared, so absolute numbers move from run to run; the ratios to the reference "
        "servers measured in the same run are what the targets judge.")
    add("")
    add(f"- Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M:%S UTC')}")
    add(f"- Machine: `nproc` = {os.cpu_count()}, kernel {os.uname().release}, {cpu_model()}")
    if o.load_at_start:
        add(f"- Load (`/proc/loadavg`): before the build `{o.load_at_start}`, before measuring "
            f"`{r['load_before']}`, after `{r['load_after']}`")
    else:
        add(f"- Load (`/proc/loadavg`): before `{r['load_before']}`, after `{r['load_after']}`")
    add(f"- Background CPU use while this run was idle ({IDLE_SECS:.0f} s window of the idle measurement, "
        f"from /proc/stat): {r['background_cpu']:.0%} of all {os.cpu_count()} CPUs")
    busy = max(float(r["load_before"].split()[0]), float(r["load_after"].split()[0]))
    if busy >= 0.5:
        add(f"  - The 1-minute load reached {busy:.2f} on {os.cpu_count()} CPUs: other work competed with this "
            "run (its own load adds about 1 while it measures throughput), so expect noise, mostly in "
            "tails and tick timing; the ratios are still comparable within this run.")
    if o.gatherd_label:
        add(f"- gatherd: {o.gatherd_label}. The dev build's figures are therefore missing from this report.")
    else:
        flags = " ".join(o.install_flags.replace(os.path.join(o.repo, ""), "").split())
        add(f"- gatherd, two binaries built from one snapshot of the working tree (`{gd_commit}`) taken when the "
            "run started: the **installed** binary, built as `make install` builds it (`swift build -c release "
            f"{flags}`, stripped), which the "
            "targets judge, and the **dev build** (`swift build -c release`, "
            "the Swift runtime linked dynamically), reported next to it. Both run with `--log-level warning`.")
    add("- References: `ndjson_ref`, `tick_ref`, `rpcbench`, `tickprobe` from `../shared/tools` (gcc -O2), "
        "`nio_ref` (SwiftNIO, one event loop, `swift build -c release`), `pyrpc_server.py` (CPython "
        + sys.version.split()[0] + ")")
    if QUICK:
        add("- **BENCH_QUICK=1: shortened phases, figures not meaningful.**")
    add("")
    targets(add, res, keys, o.page_targets)
    analysis = os.path.join(o.repo, "Tests", "bench", "analysis.md")
    if os.path.exists(analysis):
        # Hand-written: where the time goes (perf), why a target is missed and what would close it.
        with open(analysis) as f:
            add(f.read().rstrip("\n"))
        add("")
    profile = os.path.join(o.repo, "Tests", "bench", "profile.md")
    if os.path.exists(profile):
        # Hand-written, measured with Tests/bench's callgrind and cold-start scripts: what the build settings
        # are worth.
        with open(profile) as f:
            add(f.read().rstrip("\n"))
        add("")
    latency(add, r, keys)
    throughput(add, r, res)
    metrics(add, r, res)
    writes(add, r, o)
    ticks(add, r, keys)
    fanout(add, r, keys)
    memory(add, res, keys)
    idle(add, r)
    sizes = os.path.join(o.repo, "Tests", "bench", "sizes.md")
    if os.path.exists(sizes):
        # Hand-written, measured with size/nm/strip on the installed binaries.
        with open(sizes) as f:
            add(f.read().rstrip("\n"))
        add("")
    add("## Raw RESULT lines")
    add("")
    add("```")
    for label, line in raw:
        add(f"{label}: {line}")
    add("```")
    return "\n".join(L) + "\n"


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


def latency(add, r, keys):
    add("## Round-trip latency over 1 connection")
    add("")
    add(f"rpcbench, 1 connection, closed loop, {LAT_SECS:g} s after {LAT_WARM:g} s warm-up. Server pinned to "
        "CPU 0 with `taskset -a -p` (all its threads); client pinned with `taskset -c` to CPU 0 (same CPU) or "
        "CPU 1 (across CPUs). Every server gets the same line, `timer.status`: gatherd answers it (an active "
        "gather, clock stopped); nio_ref and ndjson_ref answer any line with a fixed reply, without parsing.")
    add("")
    add("| server | placement | req/s | p50 µs | p50 vs nio_ref | p99 µs | server CPU µs/req | "
        "server context switches/req |")
    add("|---|---|---:|---:|---:|---:|---:|---:|")
    for row in r["latency"]:
        x = row["res"]
        nio = next(y["res"] for y in r["latency"] if y["server"] == "nio_ref" and y["where"] == row["where"])
        add(f"| {NAMES[row['server']]} | {row['where']} | {x['rps']:,.0f} | {x['p50_us']:.1f} | "
            f"{x['p50_us'] / nio['p50_us']:.2f}× | {x['p99_us']:.1f} | {x['server_cpu_us']:.2f} | "
            f"{x['server_cs']:.2f} |")
    add("")
    add("With one request in flight the server sleeps between requests, so context switches per request "
        "count the thread wake-ups it takes to answer one: 1 means the thread that reads the request also "
        "writes the reply; each hand-off to another thread (and back) adds about one.")
    add("")


def throughput(add, r, res):
    add("## Throughput")
    add("")
    add(f"rpcbench, closed loop (one request in flight per connection), {TPUT_SECS:g} s after {TPUT_WARM:g} s "
        f"warm-up, nothing pinned; {plural(TPUT_ROUNDS, 'round')}, each round running every row once, and each row "
        "shows its median round (req/s range = slowest–fastest round). nio_ref and ndjson_ref get the "
        "`timer.status` line (they answer any line), pyrpc_server.py gets `ping`. Server CPU per request = the "
        "server's utime+stime from `/proc/PID/stat` (all threads) over the measured part, divided by the "
        "responses counted; context switches/req likewise from the threads' "
        "`voluntary_ctxt_switches + nonvoluntary_ctxt_switches` (a handoff between threads costs a switch; under "
        "load several requests share one). client CPU near 100% would mean rpcbench itself is the limit; on 2 "
        "CPUs the client and the server share the machine.")
    add("")
    add("| server | request | conns | req/s | req/s range | vs nio_ref | vs ndjson_ref | p50 µs | p99 µs | "
        "server CPU µs/req | server context switches/req | client CPU |")
    add("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in r["tput"]:
        x, conns = row["res"], row["conns"]
        nio, nd = res.tput("nio_ref", conns), res.tput("ndjson_ref", conns)
        add(f"| {NAMES[row['server']]} | {row['req']} | {conns} | {x['rps']:,.0f} | "
            f"{x['rps_min'] / 1000:,.0f}k–{x['rps_max'] / 1000:,.0f}k | {x['rps'] / nio['rps']:.0%} | "
            f"{x['rps'] / nd['rps']:.0%} | {x['p50_us']:.1f} | {x['p99_us']:.1f} | {x['server_cpu_us']:.2f} | "
            f"{x['server_cs']:.2f} | {x['client_cpu']:.0f}% |")
    add("")


def metrics(add, r, res):
    """The same installed binary with metrics on and off, in the same rounds."""
    add("## Metrics on and off")
    add("")
    add("The installed binary twice: as above (metrics off: nothing serves them, so swift-metrics keeps its no-op "
        "handlers) and with `--metrics unix:PATH` (metrics on: every request bumps its method's counter), 16 "
        "connections. In each round the four rows (two requests, metrics off and on) run together, metrics off "
        "first in odd rounds and on first in even ones; the target is the median round within 3%. "
        "`Tests/bench/metrics_callgrind.py` gives the same comparison in instructions (docs/monitoring.md).")
    add("")
    add("| request | metrics off req/s | metrics on req/s | on / off (median round) | each round | "
        "server CPU µs/req off → on | result |")
    add("|---|---:|---:|---:|---|---:|---|")
    for req in ("timer.status", "daemon.ping"):
        off, on = res.tput("installed", 16, req), res.tput("metrics", 16, req)
        ratio = on["rps"] / off["rps"]
        rounds = ", ".join(f"{x:.1%}" for x in r["metrics_rounds"][req])
        add(f"| `{req}` | {off['rps']:,.0f} | {on['rps']:,.0f} | **{ratio:.1%}** | {rounds} | "
            f"{off['server_cpu_us']:.2f} → {on['server_cpu_us']:.2f} | "
            f"{verdict(ratio >= 0.97, f'{(1 - ratio):.1%} slower')} |")
    scrape = r["metrics_scrape"]
    counted = {req: scrape.get(f'gatherd_rpc_requests_total{{method="{req}",outcome="ok"}}', 0)
               for req in ("timer.status", "daemon.ping")}
    add("")
    add(f"The metrics-on server's own scrape after the rounds: {counted['timer.status']:,.0f} `timer.status` and "
        f"{counted['daemon.ping']:,.0f} `daemon.ping` answered (`gatherd_rpc_requests_total`), so the counters were "
        "live throughout.")
    add("")


def writes(add, r, o):
    w = r["writes"]
    add("## Writes (installed binary)")
    add("")
    add(f"A fresh gatherd (the installed binary) with a fresh database in the run's temporary folder (file "
        f"system: {fs_type(o.tmp)}), so that the figures above are not affected; every change is committed with "
        "`synchronous=FULL` (fsync) before it is acknowledged. rpcbench sends one fixed line, and a score shows "
        "at most 99 goals a side, so the `score.goal` rows send a batch, "
        "`[score.goal teamA, score.undo]`: one reply line, **two commits**; their req/s and latencies are "
        "**per batch** (commits/s = 2 × batches/s). `players.create` is one commit per request. The harness "
        "checks that every batch succeeded (the score is 0-0 afterwards) and that every `players.create` reply "
        "was a new player. The last two rows ran at the same time: the flood of `players.create` started first "
        "and ended after the reads; the reads' server CPU per request then includes the writes' CPU. "
        f"Each row: {WRITE_SECS:g} s after {WRITE_WARM:g} s warm-up.")
    add("")
    add("| request | conns | alongside | req/s | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs | "
        "server CPU µs/req |")
    add("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    rows = (("`score.goal` + `score.undo` (batch, 2 commits)", 1, "–", w["goal1"]),
            ("`score.goal` + `score.undo` (batch, 2 commits)", 16, "–", w["goal16"]),
            ("`players.create` (1 commit)", 16, "–", w["create16"]),
            ("`timer.status` (read)", 16, "–", w["reads_alone"]),
            ("`timer.status` (read)", 16, "16 conns of `players.create`", w["reads_flood"]),
            ("`players.create` (1 commit), the flood", 16, "16 conns of `timer.status`", w["flood"]))
    for req, conns, along, x in rows:
        cpu = f"{x['server_cpu_us']:.2f}" if "server_cpu_us" in x else "–"
        add(f"| {req} | {conns} | {along} | {x['rps']:,.0f} | {x['p50_us']:,.1f} | {x['p90_us']:,.1f} | "
            f"{x['p99_us']:,.1f} | {x['p999_us']:,.1f} | {x['max_us']:,.1f} | {cpu} |")
    add("")


def ticks(add, r, keys):
    one_way = min(x["res"]["p50_us"] for x in r["latency"] if x["server"] in keys) / 2
    starts = "; ".join(f"{NAMES[k]} at wall phase {r['tick_start'][k]['phase_ms']:+.3f} ms, `endsAt` − duration − "
                       f"T0 = {r['tick_start'][k]['endsat_minus_t0_ms']:+.3f} ms" for k in keys)
    add(f"## Tick timing, 1 subscriber, {TICKS} ticks ({TICKS - 1} s)")
    add("")
    add("tickprobe timestamps each tick line (CLOCK_REALTIME and CLOCK_MONOTONIC) right after the read that "
        "completes it. tick_ref ticks on whole seconds of the wall clock, so its lateness is tickprobe's "
        "offset from the whole second. gatherd ticks on whole seconds of the *match clock*, i.e. at "
        "T0 + k s, where T0 is when the clock was started; its phase against the wall clock is arbitrary, "
        "so tickprobe's own offset column is not comparable. The harness therefore starts each gatherd's clock "
        "at a chosen moment and takes T0 = CLOCK_REALTIME just before sending `timer.start`; gatherd's "
        "lateness = (arrival − T0) mod 1 s. gatherd reads its clock when it handles the request, a one-way trip "
        "after T0, so this overstates gatherd's lateness by that trip: about half its 1-connection round trip, "
        f"i.e. ~{one_way:.0f} µs. Started: {starts} (the cross-check `endsAt` has millisecond resolution and is "
        "rounded down, so it only confirms T0 to within a couple of ms). Interval error and drift need no "
        f"phase and are directly comparable. All servers ran in the same {TICKS - 1} s at different phases, so "
        "none disturbs another's tick.")
    add("")
    add("| server | lateness p50 ms | p99 ms | max ms | min ms | max \\|interval − 1 s\\| ms | drift ms |")
    add("|---|---:|---:|---:|---:|---:|---:|")
    for key in (*keys, "tick_ref"):
        x = r["ticks"][key]
        add(f"| {NAMES[key]} | {pct(x['late'], 50):+.3f} | {pct(x['late'], 99):+.3f} | {max(x['late']):+.3f} | "
            f"{min(x['late']):+.3f} | {x['interval_maxdev_ms']:.3f} | {x['drift_ms']:+.3f} |")
    add("")
    add("Drift = (last arrival − first arrival) − (ticks − 1) s on CLOCK_MONOTONIC; positive = late.")
    add("")


def fanout(add, r, keys):
    add(f"## Fan-out to {FANOUT_N:,} subscribers, {FANOUT_TICKS} ticks")
    add("")
    add(f"`tickprobe --fanout {FANOUT_N}`: one probe process per server, {FANOUT_N} connections (each subscribed "
        "to ticks for gatherd). Spread = last minus first arrival of the same tick, including the probe's own "
        "~1–2 µs per socket read. Lateness of the first / last arrival is measured as above. All probes ran "
        "at once (the servers tick at different phases). RSS = the server's largest VmRSS while the probe was "
        "connected.")
    add("")
    add("| server | spread p50 µs | p99 µs | max µs | p50 vs tick_ref | first arrival late p50 ms | "
        "last arrival late p50 ms | p99 ms | incomplete ticks | RSS kB |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    ref = r["fanout"]["tick_ref"]["spread_p50_us"]
    for key in (*keys, "tick_ref"):
        x = r["fanout"][key]
        add(f"| {NAMES[key]} | {x['spread_p50_us']:,.0f} | {x['spread_p99_us']:,.0f} | {x['spread_max_us']:,.0f} | "
            f"{x['spread_p50_us'] / ref:.2f}× | {pct(x['first_late'], 50):+.3f} | {pct(x['last_late'], 50):+.3f} | "
            f"{pct(x['last_late'], 99):+.3f} | {x['incomplete']:.0f} | {x['rss_kb']:,} |")
    add("")


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
        f"Window: {IDLE_SECS:.0f} s, starting 2 s after the last request. The servers were measured at once. "
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
