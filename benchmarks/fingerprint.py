"""Behaviour fingerprint of the engine and the bots (a tool for speed work, not a benchmark).

Plays fixed-seed games and prints one SHA-256 per family, so a change meant to be only faster can
be checked to play every game exactly as before:

- ``random_<preset>``: random legal actions (seeded) on each Munchkin preset, final
  ``state_dict()`` and the action log;
- ``policy_base``: the engine's default greedy policy on the base deck;
- ``history_base``: random games with ``history=True`` (the event log text, undo of the last 20
  steps);
- ``sim_<preset>``: ``simulate()`` with the greedy bots (the per-game and per-card tables).

Usage: ``python benchmarks/fingerprint.py [--quick] [--out FILE]``; compare two outputs with
``diff``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random

PRESETS = ("base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures")


def _h(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _random_games(deck, n: int, history: bool = False) -> str:
    from munchkin_lab.engine import Game

    acc = hashlib.sha256()
    for seed in range(n):
        opts = deck.game_options(max_turns=150)
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=opts, history=history)
        choice = random.Random(seed).choice
        steps = 0
        while g.state.phase != "over" and steps < 4000:
            g.play(choice(g.legal_actions(labels=False)))
            steps += 1
        if history:
            for _ in range(min(20, steps)):
                g.undo()
            acc.update(_h(g.log).encode())
        acc.update(_h(g.state_dict()).encode())
        acc.update(_h([str(a) for a in g.actions]).encode())
    return acc.hexdigest()[:16]


def _policy_games(deck, n: int) -> str:
    from munchkin_lab.engine import Game
    from munchkin_lab.engine.policy import greedy_policy

    acc = hashlib.sha256()
    for seed in range(n):
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=deck.game_options(max_turns=300),
                     history=False)
        while g.state.phase != "over":
            g.play(greedy_policy(g))
        acc.update(_h(g.state_dict()).encode())
    return acc.hexdigest()[:16]


def _sim(name: str, n: int) -> str:
    from munchkin_lab.sim import simulate

    r = simulate(name, players=4, games=n, seed=3, workers=1, progress=False)
    return _h([r.games.to_dict("records"), r.cards.to_dict("records")])


def main() -> None:
    from munchkin_lab.decks import load_preset

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games per family")
    ap.add_argument("--out", help="also write the JSON here")
    args = ap.parse_args()
    k = 4 if args.quick else 1
    out = {}
    for name in PRESETS:
        deck = load_preset(name)
        out[f"random_{name}"] = _random_games(deck, (200 if name == "base" else 40) // k)
        out[f"sim_{name}"] = _sim(name, (200 if name == "base" else 40) // k)
    base = load_preset("base")
    out["policy_base"] = _policy_games(base, 40 // k)
    out["history_base"] = _random_games(base, 20 // k, history=True)
    text = json.dumps(out, indent=1, sort_keys=True)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
