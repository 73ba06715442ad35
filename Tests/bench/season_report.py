"""season_report.py - the simulated seasons' Markdown section: forecasts, ranking, even teams, targets."""
import math
import statistics

from season_statistics import interval, show


def print_section(seasons, seeds, gathers):
    """Prints the section for `seasons` (one play_season() result per seed) on stdout."""
    first = min(50, gathers // 3)  # forecasts from this gather on: the first 50 warm the ratings up
    def mean_score(season, arm, which):
        values = {"margin": season["what_if_margin"], "draws": season["what_if_draws"],
                  "declared-draw": season["what_if_declared"]}.get(arm) or season["forecasts"][arm]
        return statistics.fmean(v[which] for v in values[first:])

    arms = ["learned", "declared", "uniform"]
    has_margin = all(s["what_if_margin"] for s in seasons)
    print(f"\n### Ratings: a simulated season ({seeds} seeds × {gathers} gathers)\n")
    print(f"`python3 Tests/bench/ratings_season.py --gatherd PATH --seeds {seeds} --gathers {gathers}`; "
          f"means over the seeds with 95% intervals; forecasts over gathers {first + 1}–{gathers}.\n")
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
    print(f"\nMean σ of the roster after {gathers} gathers: {show([s['sigma'] for s in seasons], 2)}.\n")
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
    print(f"- learned beats declared on log-loss over gathers {first + 1}–{gathers}: "
          f"{'met' if mean_gain - (0 if math.isnan(half_gain) else half_gain) > 0 else 'MISSED'} "
          f"(declared − learned = {mean_gain:.3f}, 95% interval ±{half_gain:.3f}).")
    print(f"- Spearman ≥ 0.8 by gather {last}: {'met' if rho[0] >= 0.8 else 'MISSED'} "
          f"(ρ = {rho[0]:.3f} ± {rho[1]:.3f}; {'above' if rho[0] >= 0.8 else 'short'} by {abs(rho[0] - 0.8):.3f}).")
