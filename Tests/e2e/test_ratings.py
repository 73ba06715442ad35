"""Ratings through the real daemon: equal to openskill 6.2.0 (the oracle) after every gather, replayed
when a declared skill changes, kept when a player is deleted; gather.predict (openskill's win, the draw from the
group's history, percentages that add up to 100), the active gather's prediction across a restart, and stats by
rating."""

import math
import random
import unittest

from harness import DaemonTestCase

try:
    from openskill.models import PlackettLuce
except ImportError:  # make pydeps installs it; the tests say so rather than skip
    PlackettLuce = None

PRIOR_MU = {"beginner": 20.0, "amateur": 25.0, "professional": 30.0, None: 25.0}
SKILLS = ["beginner", "amateur", "professional", None]
# The daemon computes what openskill computes, operation for operation; 1e-12 leaves room only for a libm that
# rounds a last bit differently (RatingOracleTests explains it). In practice the numbers are identical.
TOLERANCE = 1e-12


def close(a, b):
    return abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))


def draw_probability(gathers, draws):
    """The draw a prediction takes from the group's history (docs/protocol.md): (draws + 0.2 x 10) / (gathers + 10)."""
    return (draws + 0.2 * 10) / (gathers + 10)


def percentages(win, draw):
    """The whole percentages screens show for Team A, the draw and Team B, as docs/protocol.md rounds them: each
    down, the missing points to the largest remainders (the draw first among equal ones, and to the draw when one
    point is left for two sides alike)."""
    raw = [round(x * 100 * 1e6) / 1e6 for x in (draw, win * (1 - draw), (1 - win) * (1 - draw))]
    shown = [math.floor(x) for x in raw]
    missing = max(0, 100 - sum(shown))
    remainders = [raw[i] - shown[i] for i in range(3)]
    order = sorted(range(3), key=lambda i: (-remainders[i], i))
    if missing == 1 and remainders[1] == remainders[2] and order[0] != 0:
        shown[0], missing = shown[0] + 1, 0
    for index in range(missing):
        shown[order[index % 3]] += 1
    return {"teamA": shown[1], "draw": shown[0], "teamB": shown[2]}


def prediction_of(win, draw):
    """A Prediction as the daemon writes it for this win and draw probability."""
    return {"winProbability": win, "drawProbability": draw,
            "threeWay": {"teamA": win * (1 - draw), "draw": draw, "teamB": (1 - win) * (1 - draw)},
            "percent": percentages(win, draw)}


class OpenSkillBook:
    """The oracle's ratings: openskill's PlackettLuce with its defaults, replayed from the priors."""

    def __init__(self):
        self.model = PlackettLuce()
        self.matches = []  # (teamA ids, teamB ids, winner)

    def replay(self, priors):
        ratings = {}
        history = {}
        for team_a, team_b, winner in self.matches:
            teams = [
                [ratings.get(i) or self.model.rating(mu=priors[i], sigma=25 / 3) for i in team] for team in (team_a, team_b)
            ]
            ranks = {"teamA": [1, 2], "teamB": [2, 1], "none": [1, 1]}[winner]
            rated = self.model.rate(teams, ranks=ranks)
            for team, new in zip((team_a, team_b), rated):
                for player, rating in zip(team, new):
                    ratings[player] = rating
                    history.setdefault(player, []).append((rating.mu, rating.sigma))
        return ratings, history


class RatingsTests(DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        if PlackettLuce is None:
            self.fail("openskill 6.2.0 is not installed: run make pydeps")
        super().setUp()
        self.rng = random.Random(22)
        self.skills = {}

    def create(self, count, prefix="R"):
        ids = []
        for index in range(count):
            skill = self.rng.choice(SKILLS)
            params = {"name": f"{prefix}{index}"}
            if skill:
                params["skill"] = skill
            player = self.ok(self.c, "players.create", params)
            self.skills[player["id"]] = skill
            ids.append(player["id"])
        return ids

    def play(self, team_a, team_b, bench=(), winner=None):
        self.start_gather(self.c, team_a, team_b, bench)
        goals = {"teamA": (2, 1), "teamB": (0, 3), "none": (1, 1)}[winner or "none"]
        self.ok(self.c, "score.set", {"teamA": goals[0], "teamB": goals[1]})
        record = self.ok(self.c, "gather.end")
        self.assertEqual(record["winner"], winner or "none")
        return record

    def stored(self):
        rows = self.ok(self.c, "stats.players", {"minGathers": 0})["players"]
        return {row["id"]: row["rating"] for row in rows}

    def assertRatingsEqual(self, stored, oracle, priors, what):
        for player, rating in stored.items():
            mu, sigma = (oracle[player].mu, oracle[player].sigma) if player in oracle else (priors[player], 25 / 3)
            self.assertTrue(close(rating["mu"], mu) and close(rating["sigma"], sigma), f"{what}: player {player}: {rating} against openskill's {(mu, sigma)}")
            self.assertEqual(rating["ordinal"], rating["mu"] - 3 * rating["sigma"])

    def test_ratings_equal_openskill_after_every_gather_and_replay_a_changed_skill(self):
        ids = self.create(18)
        book = OpenSkillBook()
        for number in range(36):
            size_a = self.rng.randint(1, 8)
            size_b = min(9, max(1, size_a + self.rng.choice((-1, 0, 1))))
            players = self.rng.sample(ids, size_a + size_b + self.rng.randint(0, 18 - size_a - size_b))
            team_a, team_b, bench = players[:size_a], players[size_a : size_a + size_b], players[size_a + size_b :]
            winner = self.rng.choice(["teamA", "teamA", "teamB", "teamB", "teamA", "none"])
            self.play(team_a, team_b, bench, winner)
            book.matches.append((team_a, team_b, winner))
            priors = {i: PRIOR_MU[self.skills[i]] for i in ids}
            self.assertRatingsEqual(self.stored(), book.replay(priors)[0], priors, f"after gather {number + 1}")
            if number == 20:
                # A new declared skill is a new prior: every rating is replayed from it.
                changed = next(i for i in ids if book.replay(priors)[1].get(i))
                new_skill = "professional" if self.skills[changed] != "professional" else "beginner"
                self.ok(self.c, "players.update", {"id": changed, "skill": new_skill})
                self.skills[changed] = new_skill
                priors = {i: PRIOR_MU[self.skills[i]] for i in ids}
                self.assertRatingsEqual(self.stored(), book.replay(priors)[0], priors, "after a skill change")
        self.assertTrue(any(w == "none" for _, _, w in book.matches))
        # stats.player has the rating after each of the player's gathers, oldest first.
        priors = {i: PRIOR_MU[self.skills[i]] for i in ids}
        _, history = book.replay(priors)
        for player in ids:
            report = self.ok(self.c, "stats.player", {"id": player})
            points = [(point["mu"], point["sigma"]) for point in report["ratings"]]
            self.assertEqual(len(points), len(history.get(player, [])))
            for (mu, sigma), (oracle_mu, oracle_sigma) in zip(points, history.get(player, [])):
                self.assertTrue(close(mu, oracle_mu) and close(sigma, oracle_sigma))
            self.assertEqual(report["rating"], self.stored()[player])

    def test_a_deleted_player_keeps_everyone_elses_rating_and_their_own_prior_in_replays(self):
        ids = self.create(6)
        book = OpenSkillBook()
        for team_a, team_b, winner in [(ids[:3], ids[3:], "teamA"), ([ids[0], ids[3]], [ids[1], ids[4]], "none")]:
            self.play(team_a, team_b, winner=winner)
            book.matches.append((team_a, team_b, winner))
        before = self.stored()
        gone = ids[1]
        self.ok(self.c, "players.delete", {"id": gone})
        after = self.stored()
        self.assertEqual(after, {i: r for i, r in before.items() if i != gone})
        # A later skill change replays everything; the deleted player still plays their part, from their prior.
        self.ok(self.c, "players.update", {"id": ids[0], "skill": "professional" if self.skills[ids[0]] != "professional" else None})
        self.skills[ids[0]] = "professional" if self.skills[ids[0]] != "professional" else None
        priors = {i: PRIOR_MU[self.skills[i]] for i in ids}
        oracle, _ = book.replay(priors)
        self.assertRatingsEqual(self.stored(), oracle, priors, "after a deletion and a skill change")

    def test_predict_gives_openskills_prediction(self):
        ids = self.create(8)
        self.play(ids[:4], ids[4:], winner="teamB")
        self.play(ids[::2], ids[1::2], winner="teamA")
        model = PlackettLuce()
        stored = self.stored()
        rating = {i: model.rating(mu=stored[i]["mu"], sigma=stored[i]["sigma"]) for i in ids}
        for team_a, team_b in [(ids[:1], ids[1:2]), (ids[:3], ids[3:7]), (ids[2:6], ids[6:] + ids[:2])]:
            prediction = self.ok(self.c, "gather.predict", {"teamA": team_a, "teamB": team_b})
            teams = [[rating[i] for i in team_a], [rating[i] for i in team_b]]
            self.assertTrue(close(prediction["winProbability"], model.predict_win(teams)[0]), prediction)
            # Two gathers, none drawn: the draw is the history's, whoever plays.
            self.assertEqual(prediction["drawProbability"], draw_probability(2, 0), prediction)
            self.assertEqual({k: prediction[k] for k in ("threeWay", "percent")},
                             {k: v for k, v in prediction_of(prediction["winProbability"], draw_probability(2, 0)).items()
                              if k in ("threeWay", "percent")})
            self.assertEqual(sum(prediction["percent"].values()), 100)
            self.assertEqual([p["id"] for p in prediction["teamA"]], team_a)
            self.assertEqual(prediction["teamB"][0]["rating"], stored[team_b[0]])

    def test_the_active_gather_predicts_from_the_ratings_at_kick_off_across_a_restart(self):
        ids = self.create(4)
        self.play(ids[:2], ids[2:], winner="teamA")
        stored = self.stored()
        gather = self.start_gather(self.c, [ids[0], ids[2]], [ids[1], ids[3]])
        model = PlackettLuce()
        teams = [[model.rating(mu=stored[i]["mu"], sigma=stored[i]["sigma"]) for i in side] for side in ([ids[0], ids[2]], [ids[1], ids[3]])]
        # One gather so far, won: the draw of that history, kept by the gather while it is played.
        expected = prediction_of(model.predict_win(teams)[0], draw_probability(1, 0))
        self.assertEqual(gather["prediction"], expected)
        self.assertEqual(self.ok(self.c, "gather.current")["prediction"], expected)
        # A skill change replays the ratings, but the kick-off prediction stays as it was.
        self.ok(self.c, "players.update", {"id": ids[0], "skill": "beginner" if self.skills[ids[0]] != "beginner" else "professional"})
        self.assertNotEqual(self.stored()[ids[0]], stored[ids[0]])
        self.assertEqual(self.ok(self.c, "gather.current")["prediction"], expected)
        self.daemon.kill9()
        self.daemon.start()
        self.c = self.client()
        self.assertEqual(self.ok(self.c, "gather.current")["prediction"], expected)
        # Moving a player changes the sides, so the prediction, still from the kick-off ratings.
        moved = self.ok(self.c, "gather.assign", {"player": ids[2], "team": "teamB"})
        teams = [[teams[0][0]], [teams[1][0], teams[1][1], teams[0][1]]]
        self.assertTrue(close(moved["prediction"]["winProbability"], model.predict_win(teams)[0]))

    def test_stats_are_ordered_by_rating_by_default(self):
        ids = self.create(6)
        for _ in range(3):
            self.play(ids[:3], ids[3:], winner="teamA")
        rows = self.ok(self.c, "stats.players")
        self.assertEqual(rows["order"], "rating")
        ordinals = [row["rating"]["ordinal"] for row in rows["players"]]
        self.assertEqual(ordinals, sorted(ordinals, reverse=True))
        self.assertEqual(rows, self.ok(self.c, "stats.players", {"order": "rating"}))
        self.assertEqual({row["id"] for row in rows["players"][:3]}, set(ids[:3]))


if __name__ == "__main__":
    unittest.main()
