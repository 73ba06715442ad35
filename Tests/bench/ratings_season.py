#!/usr/bin/env python3
"""ratings_season.py - do learned ratings make fairer teams and better forecasts? A simulated season against the
real daemon.

Usage: ratings_season.py --gatherd PATH [--seeds 20] [--gathers 150] [--tmp DIR] [--json FILE]

For each seed:
- 20 players with hidden true strengths on the ratings' own scale: 25 + 5z, z standard normal (so the thirds of
  the roster sit near the priors 20, 25 and 30). Each declares the third of the roster their true strength is in
  (beginner, amateur, professional), except 30% of them, who declare one level off.
- --gathers gathers of 10 to 12 attendees each. A side's strength is the sum of its players' (additive, as in the
  model: with 11 attendees the side of 6 has an extra player's worth). Goals are Poisson: a side scores at the rate
  2.5 * exp(0.02 * (its strength - the other side's)), so one player 1 sd better lifts the better side's rate by
  10% and cuts the other's by 10%. The goals come from a generator seeded by the seed and the gather, so every
  arm below meets the same attendance and the same luck and differs only in its teams.
- Three arms, each on a gatherd of its own (socket and database in a temporary folder):
  - learned: teams from gather.suggest (by rating, the default); each gather is played and ended, so ratings learn;
  - declared: teams from gather.suggest by rating on a daemon where no gather ever ends, so every rating stays the
    prior of the declared skill (a rating that never updates);
  - skill: teams from gather.suggest by skill (declared skill plus form after 5 gathers, the release before).
- The forecasts of each learned-arm gather before it is rated: the learned ratings' (gather.start's prediction,
  from the ratings at kick-off), the declared skill's (gather.predict of the same teams on the declared daemon), and
  a uniform guess (1/3 each). A three-way forecast from the prediction's two numbers: Team A wins with
  p * (1 - d), a draw d, Team B (1 - p) * (1 - d), where d is the group's draw rate so far (the declared daemon,
  where nothing ends, keeps its prior, 0.2). Scored by log-loss and Brier score, over gathers 51 to the end.
- Spearman's correlation between the learned mu and the true strengths after 50, 100 and 150 gathers.
- What-if, offline over the learned arm's own matches: openskill 6.2.0 told the goal margin (PlackettLuce(margin=1),
  rated from the scores), the learned forecasts with the raw draw share so far (a prior of one in three worth three
  gathers) for the draw, and the declared forecasts with the learned arm's draw, so that the two compare their win
  probabilities alone.

Prints a Markdown section: means over the seeds with 95% intervals (Student's t), the targets met or missed.
Exit status 0 when it ran (a missed target is reported, not an error).
"""

import argparse
import json
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

PLAYERS = 20
SKILLS = ("beginner", "amateur", "professional")
BASE_RATE, EFFECT = 2.5, 0.02
MEAN_STRENGTH, SPREAD = 25.0, 5.0
OFF_SHARE = 0.3
# Student's t for a two-sided 95% interval, by degrees of freedom (beyond 30, the normal's 1.96 is close enough).
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
       11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086,
       24: 2.064, 29: 2.045}


class Daemon:
    """A gatherd on a fresh database, and one connection to it."""

    def __init__(self, gatherd, folder):
        os.makedirs(folder)
        self.socket_path = os.path.join(folder, "s.sock")
        self.proc = subprocess.Popen(
            [gatherd, "--socket", self.socket_path, "--database", os.path.join(folder, "gather.sqlite"),
             "--log-level", "warning"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.conn.connect(self.socket_path)
                break
            except OSError:
                self.conn.close()
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.proc.kill()
                    sys.exit("gatherd did not come up")
                time.sleep(0.02)
        self.buffer, self.next_id = b"", 0

    def call(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.conn.sendall(json.dumps(message).encode() + b"\n")
        while b"\n" not in self.buffer:
            chunk = self.conn.recv(1 << 20)
            if not chunk:
                sys.exit(f"gatherd closed the connection during {method}")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        reply = json.loads(line)
        if "error" in reply:
            sys.exit(f"{method} {params} was refused: {reply['error']}")
        return reply["result"]

    def stop(self):
        self.conn.close()
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=30)


def poisson(rng, rate):
    """Knuth's sampler: fine for the small rates of a football match."""
    limit, count, product = math.exp(-rate), 0, rng.random()
    while product > limit:
        count += 1
        product *= rng.random()
    return count


def roster(rng):
    """True strengths and declared skills: the third each is in, 30% of them one level off."""
    strengths = [MEAN_STRENGTH + SPREAD * rng.gauss(0, 1) for _ in range(PLAYERS)]
    order = sorted(range(PLAYERS), key=lambda i: strengths[i])
    level = [0] * PLAYERS
    for rank, player in enumerate(order):
        level[player] = min(2, rank * 3 // PLAYERS)
    for player in rng.sample(range(PLAYERS), round(OFF_SHARE * PLAYERS)):
        level[player] += 1 if level[player] == 0 else -1 if level[player] == 2 else rng.choice((-1, 1))
    return strengths, [SKILLS[l] for l in level]


def three_way(prediction):
    p, d = prediction["winProbability"], prediction["drawProbability"]
    return {"teamA": p * (1 - d), "none": d, "teamB": (1 - p) * (1 - d)}


def scores(forecast, outcome):
    """Log-loss and Brier score of a three-way forecast of `outcome`."""
    log_loss = -math.log(max(forecast[outcome], 1e-15))
    brier = sum((forecast[k] - (1.0 if k == outcome else 0.0)) ** 2 for k in ("teamA", "none", "teamB"))
    return log_loss, brier


def spearman(xs, ys):
    def ranks(values):
        order = sorted(range(len(values)), key=lambda i: values[i])
        result = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                result[order[k]] = (i + j) / 2
            i = j + 1
        return result

    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))


def play_season(gatherd, folder, seed, gathers):
    rng = random.Random(seed)
    strengths, declared = roster(rng)
    arms = {name: Daemon(gatherd, os.path.join(folder, f"{seed}-{name}")) for name in ("learned", "declared", "skill")}
    try:
        ids = {}
        for name, daemon in arms.items():
            ids[name] = [daemon.call("players.create", {"name": f"P{i}", "skill": declared[i]})["id"] for i in range(PLAYERS)]
        result = {"forecasts": {"learned": [], "declared": [], "uniform": []}, "goal_difference": {}, "spearman": {},
                  "matches": [], "declared_spearman": None, "learned_predictions": [], "declared_predictions": []}
        differences = {name: [] for name in arms}
        for number in range(1, gathers + 1):
            attendees = rng.sample(range(PLAYERS), rng.randint(10, 12))
            for name, daemon in arms.items():
                params = {"players": [ids[name][i] for i in attendees], "seed": number}
                if name == "skill":
                    params["by"] = "skill"
                suggestion = daemon.call("gather.suggest", params)
                index = {pid: i for i, pid in enumerate(ids[name])}
                team_a = [index[p["id"]] for p in suggestion["teamA"]["players"]]
                team_b = [index[p["id"]] for p in suggestion["teamB"]["players"]]
                # The same luck in every arm: the Poisson draws come from the same generator, seeded alike.
                goals_rng = random.Random(seed * 100_003 + number)
                edge = sum(strengths[i] for i in team_a) - sum(strengths[i] for i in team_b)
                goals = (poisson(goals_rng, BASE_RATE * math.exp(EFFECT * edge)),
                         poisson(goals_rng, BASE_RATE * math.exp(-EFFECT * edge)))
                differences[name].append(abs(goals[0] - goals[1]))
                if name == "declared":
                    continue  # never ended: the declared daemon's ratings stay at the priors
                gather = daemon.call("gather.start", {"teamA": [ids[name][i] for i in team_a],
                                                       "teamB": [ids[name][i] for i in team_b]})
                daemon.call("score.set", {"teamA": goals[0], "teamB": goals[1]})
                record = daemon.call("gather.end")
                if name == "learned":
                    outcome = record["winner"]
                    declared_prediction = arms["declared"].call(
                        "gather.predict", {"teamA": [ids["declared"][i] for i in team_a],
                                           "teamB": [ids["declared"][i] for i in team_b]})
                    result["forecasts"]["learned"].append(scores(three_way(gather["prediction"]), outcome))
                    result["learned_predictions"].append((gather["prediction"], outcome))
                    result["forecasts"]["declared"].append(scores(three_way(declared_prediction), outcome))
                    result["declared_predictions"].append(declared_prediction)
                    result["forecasts"]["uniform"].append(scores({"teamA": 1 / 3, "none": 1 / 3, "teamB": 1 / 3}, outcome))
                    result["matches"].append((team_a, team_b, goals))
            if number in (50, 100, 150) or number == gathers:
                rows = arms["learned"].call("stats.players", {"minGathers": 0})["players"]
                mu = {row["id"]: row["rating"]["mu"] for row in rows}
                result["spearman"][number] = spearman([mu[ids["learned"][i]] for i in range(PLAYERS)], strengths)
        prior = {"beginner": 20, "amateur": 25, "professional": 30}
        result["declared_spearman"] = spearman([prior[s] for s in declared], strengths)
        result["goal_difference"] = {name: statistics.fmean(values) for name, values in differences.items()}
        rows = arms["learned"].call("stats.players", {"minGathers": 0})["players"]
        result["sigma"] = statistics.fmean(row["rating"]["sigma"] for row in rows)
        result["what_if_margin"] = margin_forecasts(result["matches"], declared)
        result["what_if_draws"] = calibrated_draws(result["learned_predictions"])
        result["what_if_declared"] = [
            scores(three_way({"winProbability": d["winProbability"], "drawProbability": l["drawProbability"]}), o)
            for d, (l, o) in zip(result["declared_predictions"], result["learned_predictions"])]
        return result
    finally:
        for daemon in arms.values():
            daemon.stop()


def calibrated_draws(predictions):
    """The learned forecasts with openskill's draw probability replaced by the share of draws so far (with one
    draw in three as a prior worth three gathers): what calibrating draws would give."""
    forecasts, draws = [], 0
    for number, (prediction, outcome) in enumerate(predictions):
        d = (draws + 1) / (number + 3)
        forecasts.append(scores(three_way({"winProbability": prediction["winProbability"], "drawProbability": d}), outcome))
        draws += outcome == "none"
    return forecasts


def margin_forecasts(matches, declared):
    """The learned arm's matches replayed offline by openskill told the goal margin: its forecasts' scores."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce(margin=1.0)
    prior = {"beginner": 20.0, "amateur": 25.0, "professional": 30.0}
    ratings = {i: model.rating(mu=prior[declared[i]]) for i in range(PLAYERS)}
    forecasts = []
    for team_a, team_b, goals in matches:
        teams = [[ratings[i] for i in team_a], [ratings[i] for i in team_b]]
        p, d = model.predict_win(teams)[0], model.predict_draw(teams)
        outcome = "teamA" if goals[0] > goals[1] else "teamB" if goals[1] > goals[0] else "none"
        forecasts.append(scores(three_way({"winProbability": p, "drawProbability": d}), outcome))
        new = model.rate(teams, scores=[goals[0], goals[1]]) if goals[0] != goals[1] else model.rate(teams, ranks=[1, 1])
        for team, rated in zip((team_a, team_b), new):
            for player, rating in zip(team, rated):
                ratings[player] = rating
    return forecasts


def interval(values):
    """Mean and the half-width of its 95% interval (Student's t over the seeds)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    df = len(values) - 1
    t = T95.get(df) or (T95[max(k for k in T95 if k <= df)] if df < 30 else 1.96)
    return mean, t * statistics.stdev(values) / math.sqrt(len(values))


def show(values, digits=3):
    mean, half = interval(values)
    return f"{mean:.{digits}f} ± {half:.{digits}f}" if not math.isnan(half) else f"{mean:.{digits}f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gatherd", required=True)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--gathers", type=int, default=150)
    parser.add_argument("--tmp")
    parser.add_argument("--json", help="also write every seed's figures to this file")
    args = parser.parse_args()
    if args.gathers < 2:
        sys.exit("--gathers must be at least 2")
    folder = tempfile.mkdtemp(prefix="ratings-season.", dir=args.tmp)
    began = time.monotonic()
    seasons = []
    for seed in range(1, args.seeds + 1):
        seasons.append(play_season(args.gatherd, folder, seed, args.gathers))
        print(f"[ratings-season] seed {seed}/{args.seeds} done ({time.monotonic() - began:.0f} s)", file=sys.stderr)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump([{k: v for k, v in s.items() if k != "matches"} for s in seasons], handle)

    first = min(50, args.gathers // 3)  # forecasts from this gather on: the first 50 warm the ratings up
    def mean_score(season, arm, which):
        values = {"margin": season["what_if_margin"], "draws": season["what_if_draws"],
                  "declared-draw": season["what_if_declared"]}.get(arm) or season["forecasts"][arm]
        return statistics.fmean(v[which] for v in values[first:])

    arms = ["learned", "declared", "uniform"]
    has_margin = all(s["what_if_margin"] for s in seasons)
    print(f"\n### Ratings: a simulated season ({args.seeds} seeds × {args.gathers} gathers)\n")
    print(f"`python3 Tests/bench/ratings_season.py --gatherd PATH --seeds {args.seeds} --gathers {args.gathers}`; "
          f"means over the seeds with 95% intervals; forecasts over gathers {first + 1}–{args.gathers}.\n")
    print("| forecast of each gather before it is rated | log-loss | Brier |")
    print("|---|---|---|")
    for arm in arms + (["margin"] if has_margin else []) + ["draws", "declared-draw"]:
        label = {"learned": "learned ratings", "declared": "declared skill only (never updates)",
                 "uniform": "uniform (1/3 each)", "margin": "what-if: openskill told the goal margin (offline)",
                 "draws": "what-if: learned, with the raw draw share so far for the draw (offline)",
                 "declared-draw": "what-if: declared, with the learned arm's draw (offline)"}[arm]
        print(f"| {label} | {show([mean_score(s, arm, 0) for s in seasons])} | {show([mean_score(s, arm, 1) for s in seasons])} |")
    gain = [mean_score(s, "declared", 0) - mean_score(s, "learned", 0) for s in seasons]
    print(f"| declared − learned (paired by seed) | {show(gain)} | "
          f"{show([mean_score(s, 'declared', 1) - mean_score(s, 'learned', 1) for s in seasons])} |")
    print(f"| declared with the same draw − learned (paired by seed) | "
          f"{show([mean_score(s, 'declared-draw', 0) - mean_score(s, 'learned', 0) for s in seasons])} | "
          f"{show([mean_score(s, 'declared-draw', 1) - mean_score(s, 'learned', 1) for s in seasons])} |")
    draw_share = [statistics.fmean(o == "none" for _, o in s["learned_predictions"]) for s in seasons]
    predicted = [statistics.fmean(p["drawProbability"] for p, _ in s["learned_predictions"]) for s in seasons]
    learned_p = [statistics.fmean(abs(p["winProbability"] - 0.5) for p, _ in s["learned_predictions"]) for s in seasons]
    declared_p = [statistics.fmean(abs(p["winProbability"] - 0.5) for p in s["declared_predictions"]) for s in seasons]
    print(f"\nDraws: {show(draw_share)} of the learned arm's gathers; its predicted draw probability "
          f"{show(predicted)} on average. Win probabilities' mean distance from 0.5: learned {show(learned_p)}, "
          f"declared {show(declared_p)} (the learned arm's teams are the ones its own ratings call even).")
    print("\n| Spearman's ρ, learned μ against the true strengths | value |")
    print("|---|---|")
    for number in sorted(seasons[0]["spearman"]):
        print(f"| after {number} gathers | {show([s['spearman'][number] for s in seasons])} |")
    print(f"| declared skill (for comparison) | {show([s['declared_spearman'] for s in seasons])} |")
    print(f"\nMean σ of the roster after {args.gathers} gathers: {show([s['sigma'] for s in seasons], 2)}.\n")
    print("| teams from gather.suggest | mean absolute goal difference |")
    print("|---|---|")
    for arm, label in [("learned", "by learned rating"), ("declared", "by declared skill (ratings never update)"),
                       ("skill", "by skill and form (`by: \"skill\"`)")]:
        print(f"| {label} | {show([s['goal_difference'][arm] for s in seasons], 2)} |")
    fairer = [s["goal_difference"]["declared"] - s["goal_difference"]["learned"] for s in seasons]
    print(f"| declared − learned (paired by seed) | {show(fairer, 2)} |")
    last = max(seasons[0]["spearman"])
    rho = interval([s["spearman"][last] for s in seasons])
    mean_gain, half_gain = interval(gain)
    print("\nTargets:")
    print(f"- learned beats declared on log-loss over gathers {first + 1}–{args.gathers}: "
          f"{'met' if mean_gain - (0 if math.isnan(half_gain) else half_gain) > 0 else 'MISSED'} "
          f"(declared − learned = {mean_gain:.3f}, 95% interval ±{half_gain:.3f}).")
    print(f"- Spearman ≥ 0.8 by gather {last}: {'met' if rho[0] >= 0.8 else 'MISSED'} "
          f"(ρ = {rho[0]:.3f} ± {rho[1]:.3f}; {'above' if rho[0] >= 0.8 else 'short'} by {abs(rho[0] - 0.8):.3f}).")
    print(f"\n[ratings-season] done in {time.monotonic() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
