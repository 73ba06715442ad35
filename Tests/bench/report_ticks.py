"""report_ticks.py - the bench report's sections on ticks: their timing to one subscriber and their fan-out to many."""
from bench_settings import FANOUT_N, FANOUT_TICKS, TICKS
from report_wording import NAMES
from tool_output import pct


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
