"""report_requests.py - the report's request sections: latency, throughput, metrics on and off, writes."""
from bench_settings import LAT_SECS, LAT_WARM, TPUT_ROUNDS, TPUT_SECS, TPUT_WARM, WRITE_SECS, WRITE_WARM
from procfs import fs_type
from report_wording import NAMES, plural, verdict


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
