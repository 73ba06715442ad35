#!/usr/bin/env python3
"""Play a whole match on gatherd with gather_client: players, gather, clock, goals, pause, result.

    python3 example_match.py [--socket PATH] [--seconds N]

Creates Ana, Bruno, Carla and Duarte unless players of those names exist, starts a gather (Ana and
Carla against Bruno and Duarte) on a 1-minute clock (or N seconds), subscribes to tick, score and timer
events, starts the clock, scores goals between ticks, pauses and resumes once, waits for the final
whistle, ends the gather, and prints the result and its line in the history.

Exit status: 0 when the match was played, 1 when gatherd refused something (say, a gather is already
active), 3 when gatherd cannot be reached.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gather_client import GatherClient, GatherError, Unreachable, printable  # noqa: E402

NAMES = {"Ana": "ST", "Bruno": "GK", "Carla": "MID", "Duarte": "DEF"}


def ensure_players(gather):
    """The ids of the four players, creating the ones missing from the roster."""
    roster = {player["name"]: player["id"] for player in gather.call("players.list")["players"]}
    for name, position in NAMES.items():
        if name not in roster:
            roster[name] = gather.call("players.create", name=name, position=position)["id"]
            print("created player %s (#%d)" % (name, roster[name]))
    return roster


def clock(tick):
    """The clock as a status bar shows it: "07:32", "00:00 +0:30" in added time, "HT 04:12" at half time ("Break
    04:12" between other periods), "FT" at full time (as the board and MQTT read it)."""
    if tick["state"] == "finished":
        return "FT"
    if tick["state"] == "break":
        left = (tick["remainingMs"] + 999) // 1000  # the tick that ends a half already counts the break
        return "%s %02d:%02d" % (tick["breakName"], left // 60, left % 60)
    return tick["display"] + (" " + tick["added"] if tick["added"] else "")


def play(gather, seconds):
    """Run the match on an open client; returns the ended gather's record."""
    ids = ensure_players(gather)
    current = gather.call("gather.current")
    if current is not None:
        raise SystemExit("example_match: gather #%d is already active; end or cancel it first." % current["id"])
    started = gather.call("gather.start", teamA=[ids["Ana"], ids["Carla"]],
                         teamB=[ids["Bruno"], ids["Duarte"]], seconds=seconds)
    print("gather #%d started, clock %s" % (started["id"], started["timer"]["display"]))

    # What to do, by the time left on the clock (seconds): each runs once, at the first tick at or below.
    plan = [
        (max(1, seconds * 3 // 4), "goal", ("teamA", ids["Ana"])),
        (max(1, seconds // 2), "pause", None),
        (max(1, seconds // 2), "goal", ("teamB", ids["Bruno"])),
        (max(1, seconds // 4), "goal", ("teamA", ids["Carla"])),
    ]
    with gather.subscribe(["tick", "score", "timer"]) as events:
        gather.call("timer.start")
        for event in events:
            if event.topic == "tick":
                print("tick  %s" % clock(event), flush=True)
                while plan and event["remaining"] <= plan[0][0] and event["remaining"] > 0:
                    _, action, args = plan.pop(0)
                    if action == "goal":  # events that arrive during the call wait in the subscription
                        gather.call("score.goal", team=args[0], player=args[1])
                    else:
                        gather.call("timer.pause")
                        time.sleep(min(2.0, max(0.5, seconds / 6)))  # a short break, for show
                        gather.call("timer.resume")
            elif event.topic == "score":
                goal = event["goal"]
                scorer = printable(goal["player"]["name"]) if goal["player"] else "?"
                print("score %s  (%s, %s)" % (event["score"]["text"], scorer, goal["minute"]), flush=True)
            elif event.topic == "timer":
                print("timer %s at %s" % (event["change"], event["timer"]["display"]), flush=True)
                if event["change"] == "finished":
                    break
    return gather.call("gather.end")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Play a whole match on gatherd.")
    parser.add_argument("--socket", help="gatherd's socket (default: $GATHERD_SOCKET, then the daemon's default)")
    parser.add_argument("--seconds", type=int, default=60, help="length of the match clock (default 60)")
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 5999:
        parser.error("--seconds must be from 1 to 5999")
    try:
        with GatherClient(args.socket) as gather:
            record = play(gather, args.seconds)
            # What the sides are called ("Team A" and "Team B" unless named), as they may be printed.
            names = {side: printable(name) for side, name in record["names"].items()}
            winner = "a draw" if record["winner"] == "none" else names[record["winner"]] + " wins"
            print("final: %s %s %s, %s" % (names["teamA"], record["score"]["text"], names["teamB"], winner))
            for goal in record["goals"]:
                name = printable(goal["player"]["name"]) if goal["player"] else "?"
                print("  %s  %s %s  %s" % (goal["minute"], goal["team"], goal["score"]["text"], name))
            line = gather.call("gathers.list", limit=1)["gathers"][0]
            print("history: #%d\t%s\t%s\t%s" % (line["id"], line["endedAt"], line["score"]["text"], line["winner"]))
    except Unreachable as error:
        print("example_match: %s" % printable(str(error)), file=sys.stderr)
        return 3
    except GatherError as error:
        print("example_match: %s" % printable(str(error)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
