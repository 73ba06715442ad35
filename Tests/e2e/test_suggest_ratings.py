"""gather.suggest by rating: the valid split whose predicted result is closest to even, with openskill's
win probability and the draw from the group's history, different alternatives on request, and by: skill as
before, predicting from the points it shows."""

import itertools
import math
import unittest

from harness import DaemonTestCase
from test_match_day import SchemaMixin
from test_ratings import draw_probability, percentages

try:
    from openskill.models import PlackettLuce
except ImportError:
    PlackettLuce = None

TOLERANCE = 1e-12


class SuggestByRatingTests(SchemaMixin, DaemonTestCase):
    fresh_daemon_per_test = True

    def setUp(self):
        if PlackettLuce is None:
            self.fail("openskill 6.2.0 is not installed: run make pydeps")
        super().setUp()
        self.model = PlackettLuce()
        skills = ["beginner", "amateur", "professional", "amateur"]
        positions = ["GK", "DEF", "MID", "ST", "DEF"]
        self.players = [
            self.ok(self.c, "players.create", {"name": f"S{i}", "skill": skills[i % 4], "position": positions[i % 5]})
            for i in range(10)
        ]
        self.ids = [p["id"] for p in self.players]
        # A few results, so that ratings differ from the priors and from each other.
        for team_a, team_b, score in [(self.ids[:5], self.ids[5:], (2, 1)), (self.ids[::2], self.ids[1::2], (0, 1)), (self.ids[2:7], self.ids[7:] + self.ids[:2], (3, 3))]:
            self.start_gather(self.c, team_a, team_b)
            self.ok(self.c, "score.set", {"teamA": score[0], "teamB": score[1]})
            self.ok(self.c, "gather.end")
        rows = self.ok(self.c, "stats.players", {"minGathers": 0})["players"]
        self.rating = {row["id"]: self.model.rating(mu=row["rating"]["mu"], sigma=row["rating"]["sigma"]) for row in rows}
        self.group = {p["id"]: p["position"] for p in self.players}

    def valid(self, side_a):
        ids, group = self.ids, self.group
        return abs(2 * len(side_a) - len(ids)) <= 1 and all(
            abs(2 * sum(group[i] == pos for i in side_a) - sum(group[i] == pos for i in ids)) <= 1 for pos in set(group.values())
        )

    def win(self, side_a, side_b):
        return self.model.predict_win([[self.rating[i] for i in side_a], [self.rating[i] for i in side_b]])[0]

    def check_split(self, split, points=None):
        """The split's sides and prediction: by rating openskill's win, by skill (`points`) the win of the points
        read as mu at 20 to one, every player at the prior's sigma; the draw from the three gathers, one drawn."""
        side_a = [p["id"] for p in split["teamA"]["players"]]
        side_b = [p["id"] for p in split["teamB"]["players"]]
        self.assertEqual(sorted(side_a + side_b), sorted(self.ids))
        self.assertTrue(self.valid(side_a), split)
        if points is None:
            teams = [[self.rating[i] for i in side_a], [self.rating[i] for i in side_b]]
            win = self.model.predict_win(teams)[0]
        else:
            difference = (sum(points[i] for i in side_a) - sum(points[i] for i in side_b)) / 20
            spread = math.sqrt(2 * (25 / 6) ** 2 + len(self.ids) * (25 / 3) ** 2)
            win = 0.5 * (1 + math.erf(difference / spread / math.sqrt(2)))
        self.assertAlmostEqual(split["winProbability"], win, delta=TOLERANCE)
        self.assertEqual(split["drawProbability"], draw_probability(3, 1))
        self.assertEqual(split["percent"], percentages(split["winProbability"], split["drawProbability"]))
        return frozenset(side_a) if self.ids[0] in side_a else frozenset(side_b)

    def test_the_split_closest_to_an_even_match_with_openskills_probabilities(self):
        suggestion = self.ok(self.c, "gather.suggest", {"players": self.ids, "seed": 3})
        self.assertEqual(suggestion["by"], "rating")
        self.check_split(suggestion)
        for player in suggestion["teamA"]["players"] + suggestion["teamB"]["players"]:
            self.assertEqual((player["rating"]["mu"], player["rating"]["sigma"]), (self.rating[player["id"]].mu, self.rating[player["id"]].sigma))
        best = min(
            abs(self.win(list(combo), [i for i in self.ids if i not in combo]) - 0.5)
            for size in (5,)
            for combo in itertools.combinations(self.ids, size)
            if self.valid(combo)
        )
        self.assertAlmostEqual(abs(suggestion["winProbability"] - 0.5), best, delta=1e-9)
        self.assertEqual(suggestion["alternatives"], [])
        self.assertMatchesSchema(suggestion, "Suggestion")
        self.assertEqual(self.ok(self.c, "gather.suggest", {"players": self.ids, "seed": 3, "by": "rating"}), suggestion)

    def test_alternatives_are_the_next_fairest_different_splits(self):
        alone = self.ok(self.c, "gather.suggest", {"players": self.ids, "seed": 1})
        suggestion = self.ok(self.c, "gather.suggest", {"players": self.ids, "seed": 1, "alternatives": 5})
        self.assertEqual((suggestion["teamA"], suggestion["teamB"]), (alone["teamA"], alone["teamB"]), "the first split stays")
        self.assertEqual(len(suggestion["alternatives"]), 5)
        keys = [self.check_split(suggestion)] + [self.check_split(a) for a in suggestion["alternatives"]]
        self.assertEqual(len(set(keys)), 6, "no split twice, and no mirror image of one")
        imbalances = [abs(s["winProbability"] - 0.5) for s in [suggestion] + suggestion["alternatives"]]
        self.assertEqual(imbalances, sorted(imbalances))
        # They are the six fairest valid splits there are.
        every = sorted(
            abs(self.win(list(combo), [i for i in self.ids if i not in combo]) - 0.5)
            for combo in itertools.combinations(self.ids, 5)
            if self.ids[0] in combo and self.valid(combo)
        )
        for offered, fairest in zip(imbalances, every):
            self.assertAlmostEqual(offered, fairest, delta=1e-9)
        self.assertMatchesSchema(suggestion, "Suggestion")
        # Other seeds: a different seed never hands back the same teams as its alternatives.
        for seed in range(6):
            other = self.ok(self.c, "gather.suggest", {"players": self.ids, "seed": seed, "alternatives": 3})
            keys = [self.check_split(other)] + [self.check_split(a) for a in other["alternatives"]]
            self.assertEqual(len(set(keys)), 4)

    def test_by_skill_keeps_the_balancing_from_before_ratings(self):
        suggestion = self.ok(self.c, "gather.suggest", {"players": self.ids, "seed": 7, "by": "skill"})
        self.assertEqual(suggestion["by"], "skill")
        points = {p["id"]: p["rating"] for p in suggestion["teamA"]["players"] + suggestion["teamB"]["players"]}
        self.assertTrue(all(isinstance(v, int) for v in points.values()), points)
        side_a = [p["id"] for p in suggestion["teamA"]["players"]]
        self.assertEqual(suggestion["teamA"]["strength"], sum(points[i] for i in side_a))
        best = min(
            abs(2 * sum(points[i] for i in combo) - sum(points.values()))
            for combo in itertools.combinations(self.ids, 5)
            if self.valid(combo)
        )
        self.assertEqual(suggestion["difference"], best)
        self.check_split(suggestion, points)
        if suggestion["teamA"]["strength"] == suggestion["teamB"]["strength"]:
            self.assertEqual(suggestion["winProbability"], 0.5, "equal strength, an even match")
        self.assertMatchesSchema(suggestion, "Suggestion")


if __name__ == "__main__":
    unittest.main()
