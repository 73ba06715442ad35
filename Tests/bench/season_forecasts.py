"""season_forecasts.py - three-way forecasts of a gather, their scores, and the offline what-ifs."""
import math


def three_way(prediction):
    p, d = prediction["winProbability"], prediction["drawProbability"]
    return {"teamA": p * (1 - d), "none": d, "teamB": (1 - p) * (1 - d)}


def scores(forecast, outcome):
    """Log-loss and Brier score of a three-way forecast of `outcome`."""
    log_loss = -math.log(max(forecast[outcome], 1e-15))
    brier = sum((forecast[k] - (1.0 if k == outcome else 0.0)) ** 2 for k in ("teamA", "none", "teamB"))
    return log_loss, brier


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
    ratings = {i: model.rating(mu=prior[declared[i]]) for i in range(len(declared))}
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
