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
import sys
import tempfile
import time

from season_report import print_section
from season_simulation import play_season


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

    print_section(seasons, args.seeds, args.gathers)
    print(f"\n[ratings-season] done in {time.monotonic() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
