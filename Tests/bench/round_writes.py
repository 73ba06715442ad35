"""round_writes.py - the write round: commits on a fresh gatherd, and reads during a flood of writes."""
import time

from bench_settings import CREATE_PLAYER, GOAL_AND_UNDO, TIMER_STATUS, WRITE_SECS, WRITE_WARM
from gatherd_client import setup_gather
from processes import BenchError, log


def measure_writes(bench):
    """Commits (synchronous=FULL) on a fresh installed gatherd, so that the main servers' figures are not
    affected; then timer.status on 16 connections without and during a flood of players.create."""
    log("writes: a fresh gatherd (installed) with its own database")
    gw, sock = bench.gatherd("installed", "write")
    c = setup_gather(sock, 10)
    c.send_line(GOAL_AND_UNDO)
    c.send_line(CREATE_PLAYER)
    players0 = c.call("daemon.status")["players"]
    w = {}
    for conns in (1, 16):
        w[f"goal{conns}"] = bench.rpcbench(f"writes score.goal+score.undo batch {conns} conns", gw, sock, conns,
                                           GOAL_AND_UNDO, WRITE_SECS, WRITE_WARM)
    w["create16"] = bench.rpcbench("writes players.create 16 conns", gw, sock, 16, CREATE_PLAYER, WRITE_SECS,
                                   WRITE_WARM)
    w["reads_alone"] = bench.rpcbench("writes timer.status 16 conns, no writes", gw, sock, 16, TIMER_STATUS,
                                      WRITE_SECS, WRITE_WARM)
    # The flood starts first and ends after the reads: it covers their warm-up and measured part.
    flood = bench.rpcbench_start("rpcbench-flood", sock, 16, CREATE_PLAYER, WRITE_SECS + WRITE_WARM + 0.5,
                                 WRITE_WARM)
    time.sleep(WRITE_WARM)
    w["reads_flood"] = bench.rpcbench("writes timer.status 16 conns during 16 conns of players.create", gw, sock,
                                      16, TIMER_STATUS, WRITE_SECS, WRITE_WARM)
    w["flood"] = bench.rpcbench_finish("writes players.create 16 conns (the flood)", flood, WRITE_SECS + 30)
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
    bench.check_alive(gw)
    bench.procs.stop(gw)
    bench.r["writes"] = w
