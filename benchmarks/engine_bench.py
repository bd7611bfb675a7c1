"""Engine benchmark: random-playout steps/s of the Munchkin engine vs RLCard's pure-Python UNO,
measured in the same run, plus full 4-player games/s (random and greedy policy). Prints JSON.

    .venv/bin/python -m pip install -e '.[bench]'     # RLCard, once
    .venv/bin/python benchmarks/engine_bench.py [--seconds 3]

The base deck comes from the card database (built into a temp file when missing).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path


def load_deck():
    from munchkin_lab.cards.api import load_specs
    try:
        return load_specs(sets=["munchkin"])
    except Exception:  # noqa: BLE001
        from munchkin_lab.cards.build import build
        url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'cards.sqlite'}"
        build(url=url)
        return load_specs(sets=["munchkin"], url=url)


def bench_munchkin(deck, seconds: float, labels: bool, max_turns: int = 500) -> dict:
    from munchkin_lab.engine import Game, GameOptions
    opts = GameOptions(max_turns=max_turns)
    steps = games = 0
    seed = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = Game.new(players=4, deck=deck, seed=seed, options=opts, history=False)
        rnd = random.Random(seed)
        choice = rnd.choice
        while g.state.phase != "over":
            g.play(choice(g.legal_actions(labels)))
            steps += 1
        games += 1
        seed += 1
    dt = time.perf_counter() - t0
    return {"steps_per_s": steps / dt, "games_per_s": games / dt, "games": games,
            "steps_per_game": steps / max(games, 1)}


def bench_greedy(deck, seconds: float) -> dict:
    from munchkin_lab.engine import Game, GameOptions
    from munchkin_lab.engine.policy import greedy_policy
    opts = GameOptions(max_turns=1000)
    games = won = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = Game.new(players=4, deck=deck, seed=games, options=opts, history=False)
        while g.state.phase != "over":
            g.play(greedy_policy(g))
            steps += 1
        won += bool(g.state.winners)
        games += 1
    dt = time.perf_counter() - t0
    return {"games_per_s": games / dt, "games": games, "finished_with_winner": won,
            "steps_per_s": steps / dt}


def bench_uno(seconds: float) -> dict:
    try:
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return {"error": "rlcard not installed (pip install -e '.[bench]')"}
    import numpy as np
    steps = games = 0
    rnd = random.Random(0)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game = UnoGame(num_players=4)
        game.np_random = np.random.RandomState(games)
        game.init_game()
        while not game.is_over():
            game.step(rnd.choice(game.get_legal_actions()))
            steps += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"steps_per_s": steps / dt, "games_per_s": games / dt, "games": games}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = ap.parse_args(argv)
    deck = load_deck()
    # interleave short rounds so that machine load hits both engines alike
    rounds = 6
    acc = {"uno": [0.0, 0.0], "mk": [0.0, 0.0]}
    for _ in range(rounds):
        u = bench_uno(args.seconds / rounds)
        m = bench_munchkin(deck, args.seconds / rounds, labels=False)
        if "steps_per_s" in u:
            acc["uno"][0] += u["steps_per_s"]
        acc["mk"][0] += m["steps_per_s"]
    uno = bench_uno(args.seconds)
    fast = bench_munchkin(deck, args.seconds, labels=False)
    if acc["uno"][0]:
        uno["interleaved_steps_per_s"] = acc["uno"][0] / rounds
    fast["interleaved_steps_per_s"] = acc["mk"][0] / rounds
    labelled = bench_munchkin(deck, args.seconds, labels=True)
    greedy = bench_greedy(deck, args.seconds)
    out = {
        "python": sys.version.split()[0],
        "munchkin_random": fast,
        "munchkin_random_with_labels": labelled,
        "munchkin_greedy_4p": greedy,
        "rlcard_uno_random": uno,
        "ratio_steps_vs_uno": (fast["interleaved_steps_per_s"] / uno["interleaved_steps_per_s"])
        if "interleaved_steps_per_s" in uno else None,
        "goal_ratio": 1.5,
        "note": "random games stop at 500 turns without a winner; greedy games at 1000 turns",
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
