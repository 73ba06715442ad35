"""round_requests.py - the request rounds: latency over one pinned connection, throughput with metrics off/on."""
from bench_settings import DAEMON_PING, LAT_SECS, LAT_WARM, NCPU, PING, TIMER_STATUS, TPUT_ROUNDS, TPUT_SECS, TPUT_WARM
from gatherd_client import scrape_unix
from processes import log
from procfs import thread_switch_deltas, thread_switches


def measure_latency(bench):
    """One connection, server and client pinned; every server gets the timer.status line (the references
    answer any line)."""
    log("latency, 1 connection, pinned")
    placements = [("same CPU", "0", 0)] + ([("across CPUs", "0", 1)] if NCPU > 1 else [])
    allcpus = f"0-{NCPU - 1}"
    lat = []
    for where, scpu, ccpu in placements:
        for key in (*bench.binaries, "nio_ref", "ndjson_ref"):
            proc, sock = bench.srv[key]
            bench.pin(proc.pid, scpu)
            res = bench.rpcbench(f"latency {key} {where}", proc, sock, 1, TIMER_STATUS, LAT_SECS, LAT_WARM, ccpu)
            bench.pin(proc.pid, allcpus)
            lat.append({"server": key, "where": where, "res": res})
    bench.r["latency"] = lat


def measure_throughput(bench):
    """TPUT_ROUNDS interleaved rounds, so that a burst of outside load hits every server; the median round."""
    log(f"throughput, {TPUT_ROUNDS} rounds")
    configs = [("ndjson_ref", "any line", TIMER_STATUS), ("nio_ref", "any line", TIMER_STATUS)]
    for key in bench.binaries:
        configs += [(key, "timer.status", TIMER_STATUS), (key, "daemon.ping", DAEMON_PING)]
        if key == "installed":
            # The same binary with metrics on, next to it in every round.
            configs += [("metrics", "timer.status", TIMER_STATUS), ("metrics", "daemon.ping", DAEMON_PING)]
    configs = ([(16, *c) for c in configs] + [(16, "pyrpc", "ping", PING)]
               + [(64, key, req, line) for key, req, line in configs if req != "daemon.ping" and key != "metrics"])
    runs = [[] for _ in configs]
    # Which threads of each gatherd the rounds wake: the wall-clock watch should never be one.
    switches_before = {key: thread_switches(bench.srv[key][0].pid) for key in bench.binaries}
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
            proc, sock = bench.srv[key]
            runs[i].append(bench.rpcbench(f"throughput {key} {req} {conns} conns (round {rnd + 1})", proc, sock,
                                          conns, line, TPUT_SECS, TPUT_WARM))
    bench.r["tput_thread_switches"] = {
        key: thread_switch_deltas(before, thread_switches(bench.srv[key][0].pid))
        for key, before in switches_before.items()}
    tput = []
    for (conns, key, req, _), results in zip(configs, runs):
        ordered = sorted(results, key=lambda x: x["rps"])
        med = dict(ordered[len(ordered) // 2])
        med["rps_min"], med["rps_max"] = ordered[0]["rps"], ordered[-1]["rps"]
        tput.append({"server": key, "req": req, "conns": conns, "res": med})
    bench.r["tput"] = tput
    # Each round's metrics-on / metrics-off ratio (the rows ran one after the other in that round).
    index = {(conns, key, req): i for i, (conns, key, req, _) in enumerate(configs)}
    bench.r["metrics_rounds"] = {
        req: [on["rps"] / off["rps"] for on, off in zip(runs[index[(16, "metrics", req)]],
                                                        runs[index[(16, "installed", req)]])]
        for req in ("timer.status", "daemon.ping")}
    bench.r["metrics_scrape"] = scrape_unix(bench.metrics_sock)
    bench.procs.stop(bench.srv.pop("metrics")[0])
    bench.procs.stop(bench.srv.pop("pyrpc")[0])
