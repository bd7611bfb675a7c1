"""Simulation benchmark (issue 7); prints one JSON object.

- ``single_core_games_per_s``: greedy-bot 4-player games of the base preset per second in this
  process (goal >= 300);
- ``parallel_seconds``: ``--games`` games (default 10,000) on ``--workers`` (default 2) local
  Dask worker processes, wall clock including the cluster start (goal < 60 s);
- ``speedup``: one worker's time for the same games divided by the parallel time (goal >= 1.7).

Usage: ``python benchmarks/sim_bench.py [--games N] [--single-games N] [--workers W] [--seed S]``.
The card database is built first when missing.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import time


def _deck():
    from munchkin_lab.decks import load_preset

    return load_preset("base")  # a missing default database is built on first use


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games for the parallel run and the one-worker baseline")
    ap.add_argument("--single-games", type=int, default=300, help="games for the one-core rate")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--skip-baseline", action="store_true", help="do not time one worker on --games (no speed-up)")
    args = ap.parse_args()

    from munchkin_lab.sim import simulate

    deck = _deck()
    simulate(deck, games=5, seed=args.seed, workers=1, progress=False)  # warm-up (imports, caches)

    t = time.perf_counter()
    single = simulate(deck, games=args.single_games, seed=args.seed, workers=1, progress=False)
    single_s = time.perf_counter() - t

    t = time.perf_counter()
    par = simulate(deck, games=args.games, seed=args.seed, workers=args.workers, progress=False)
    par_s = time.perf_counter() - t

    base_s = None
    if not args.skip_baseline:
        t = time.perf_counter()
        base = simulate(deck, games=args.games, seed=args.seed, workers=1, progress=False)
        base_s = time.perf_counter() - t
        assert base.games.equals(par.games), "parallel and one-worker runs differ"

    steps = float(single.games["steps"].mean())
    out = {
        "benchmark": "sim",
        "deck": "base",
        "players": 4,
        "bots": "greedy",
        "cpu_count": os.cpu_count(),
        "load_average_1min": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "python": platform.python_version(),
        "single_core_games": args.single_games,
        "single_core_seconds": round(single_s, 3),
        "single_core_games_per_s": round(args.single_games / single_s, 1),
        "single_core_goal_games_per_s": 300,
        "mean_actions_per_game": round(steps, 1),
        "mean_turns_per_game": round(float(single.games["turns"].mean()), 1),
        "actions_per_s": round(args.single_games * steps / single_s),
        "parallel_games": args.games,
        "parallel_workers": args.workers,
        "parallel_seconds": round(par_s, 2),
        "parallel_goal_seconds_for_10000": 60,
        "parallel_games_per_s": round(args.games / par_s, 1),
        "one_worker_seconds": round(base_s, 2) if base_s is not None else None,
        "speedup": round(base_s / par_s, 2) if base_s is not None else None,
        "speedup_goal": 1.7,
        "turn_cap_games": int((par.games["end_cause"] != "level_10").sum()),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
