"""Any-time actions from every seat (core rules, 6. When You May Act) mixed into random
playouts: every listed action is legal, cards are conserved, Levels stay in 1..10, undo/redo
restores the same state and a saved game replays exactly."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Game, GameOptions


@pytest.mark.parametrize("seed", range(40))
def test_random_playouts_with_any_time_actions(base_deck, seed):
    rnd = random.Random(seed)
    g = Game.new(players=rnd.randint(2, 6), deck=base_deck, seed=seed,
                 options=GameOptions(max_turns=25, setup_window=rnd.random() < 0.5))
    total = len(g.specs)
    steps = 0
    while g.outcome() is None and steps < 1500:
        steps += 1
        k = rnd.randrange(len(g.state.players))
        acts = g.legal_actions(seat=k, labels=False) if rnd.random() < 0.3 else []
        if acts:
            a = rnd.choice(acts)
        else:
            a = rnd.choice(g.legal_actions(labels=False))
        assert g.why_not(a) is None
        before = g.state_dict()
        g.play(a)
        if steps % 25 == 0:
            after = g.state_dict()
            g.undo()
            assert g.state_dict() == before
            g.redo()
            assert g.state_dict() == after
        zones = g.all_zones()
        assert len(zones) == len(set(zones)) == total
        assert all(1 <= p.level <= 10 for p in g.state.players)
    assert Game.from_json(g.to_json()).state_dict() == g.state_dict()
