"""season_simulation.py - one simulated season: a roster, and the same gathers played by three arms."""
import math
import os
import random
import statistics

from bench_daemon import Daemon
from season_forecasts import calibrated_draws, margin_forecasts, scores, three_way
from season_statistics import spearman

PLAYERS = 20
SKILLS = ("beginner", "amateur", "professional")
BASE_RATE, EFFECT = 2.5, 0.02
MEAN_STRENGTH, SPREAD = 25.0, 5.0
OFF_SHARE = 0.3


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
