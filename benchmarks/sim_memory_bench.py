"""Simulation memory benchmark (issue 17): peak memory of ``simulate`` as the number of games
grows; prints one JSON object. Not a test.

Each size runs in a fresh process (``--one N``) that plays ``N`` games the way the
``simulate`` command does (per-game table streamed to a Parquet file, ``keep_games=False``)
and reports its peak resident memory (``VmHWM``). With ``--workers W > 1`` the peak of the
main process (which receives, orders and writes every game) and of each worker is reported.

Default configuration: the base preset, 4 random bots and ``--turn-cap 2`` (every game ends
after two turns, about 20 actions), so that a million games take minutes, not hours: the
memory a game takes in the results (one per-game row, the counters) is the same whatever its
length, and a game's own state is freed when it ends. ``--stop-after K`` stops a run after
``K`` games (as Ctrl-C does) and reports ``games_played``: with it the million-game run can
be cut short and its peak compared at the same request size (the work asked is what the old
code grew with).

Usage: ``python benchmarks/sim_memory_bench.py [--sizes 10000,1000000] [--workers 1]
[--bots random] [--turn-cap 2] [--stop-after K]``.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time


def _vm(pid: int | str = "self", key: str = "VmHWM") -> int:
    """A ``/proc/<pid>/status`` memory figure in bytes."""
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0


def _one(args) -> None:
    from munchkin_lab.decks import load_preset
    from munchkin_lab.sim import simulate

    try:
        deck = load_preset("base")
    except Exception:  # noqa: BLE001 - no database yet
        from munchkin_lab.cards.build import build

        build()
        deck = load_preset("base")
    simulate(deck, games=5, seed=1, workers=1, progress=False, keep_games=False)  # imports, caches
    base_rss = _vm(key="VmRSS")
    workers_peak: list[int] = []

    def hook(done, total):
        if args.stop_after and done >= args.stop_after:
            raise KeyboardInterrupt

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "results.parquet")
        t = time.perf_counter()
        if args.workers > 1:
            from munchkin_lab.sim import cluster as cl

            real = cl.close_quietly

            def spy(client, cluster, timeout=10.0):
                try:
                    if client is not None:
                        workers_peak.extend(client.run(_vm).values())
                except Exception:  # noqa: BLE001
                    pass
                real(client, cluster, timeout)

            cl.close_quietly = spy
        r = simulate(deck, games=args.one, seed=1, workers=args.workers, bots=args.bots, turn_cap=args.turn_cap,
                     progress=False, keep_games=False, out=out, on_progress=hook)
        seconds = time.perf_counter() - t
        size = os.path.getsize(out)
    print(json.dumps({"games_requested": args.one, "games_played": r.n_games, "seconds": round(seconds, 1),
                      "games_per_s": round(r.n_games / seconds, 1), "peak_rss_mb": round(_vm() / 1e6, 1),
                      "rss_before_run_mb": round(base_rss / 1e6, 1),
                      "worker_peak_rss_mb": [round(w / 1e6, 1) for w in workers_peak] or None,
                      "file_mb": round(size / 1e6, 2), "file_bytes_per_game": round(size / max(1, r.n_games), 1)}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,1000000", help="comma-separated game counts")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--turn-cap", type=int, default=2)
    ap.add_argument("--stop-after", type=int, default=0, help="stop each run after this many games (0: never)")
    ap.add_argument("--one", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        _one(args)
        return
    runs = []
    for n in [int(x) for x in args.sizes.split(",") if x.strip()]:
        cmd = [sys.executable, __file__, "--one", str(n), "--workers", str(args.workers), "--bots", args.bots,
               "--turn-cap", str(args.turn_cap), "--stop-after", str(args.stop_after)]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(p.stderr[-3000:])
        runs.append(json.loads(p.stdout.strip().splitlines()[-1]))
    peaks = [r["peak_rss_mb"] for r in runs]
    out = {"benchmark": "sim_memory", "deck": "base", "players": 4, "bots": args.bots, "turn_cap": args.turn_cap,
           "workers": args.workers, "output": "parquet, keep_games=False (as the simulate command)",
           "cpu_count": os.cpu_count(), "load_average_1min": os.getloadavg()[0],
           "python": platform.python_version(), "runs": runs,
           "peak_ratio_largest_to_smallest": round(max(peaks) / min(peaks), 3) if peaks else None}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
