"""A 10-gather smoke run of the season bench (Tests/bench/ratings_season.py) against the real daemon: it
runs, drives three daemons through their sockets, and reports every figure; the full 20 x 150 run is the lead's
(docs/performance.md, "Ratings")."""

import os
import subprocess
import sys
import tempfile
import unittest

from harness import HERE, require_binary

BENCH = os.path.join(HERE, "..", "bench", "ratings_season.py")


class RatingsSeasonSmokeTests(unittest.TestCase):
    def test_a_short_season_reports_every_figure(self):
        with tempfile.TemporaryDirectory(prefix="ratings-season-smoke.") as tmp:
            proc = subprocess.run(
                [sys.executable, BENCH, "--gatherd", require_binary(), "--seeds", "2", "--gathers", "10", "--tmp", tmp],
                capture_output=True, text=True, timeout=300,
            )
        self.assertEqual(proc.returncode, 0, proc.stderr[-4000:])
        report = proc.stdout
        for line in (
            "### Ratings: a simulated season (2 seeds × 10 gathers)",
            "| learned ratings |",
            "| declared skill only (never updates) |",
            "| uniform (1/3 each) | 1.099 ± 0.000 | 0.667 ± 0.000 |",
            "| after 10 gathers |",
            "| by learned rating |",
            "| by declared skill (ratings never update) |",
            "- learned beats declared on log-loss over gathers 4–10:",
            "- Spearman ≥ 0.8 by gather 10:",
        ):
            self.assertIn(line, report)
        self.assertIn("seed 2/2 done", proc.stderr)


if __name__ == "__main__":
    unittest.main()
