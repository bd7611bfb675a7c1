"""Random playouts (1,020 games: 320+320+160+110+110) with invariants after every step:
card conservation, Levels in 1..10, undo+redo identity, exact replay of saved games."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from munchkin_lab.engine import Game, GameOptions

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(max_examples=320, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SLOW = settings(max_examples=110, print_blob=False, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _check(g: Game, total: int) -> None:
    z = g.all_zones()
    assert len(z) == total and len(set(z)) == total, "a card is lost or duplicated"
    for p in g.state.players:
        assert 1 <= p.level <= 10


def _playout(deck, seed, players, max_turns, options=None, history=False, each=None):
    opts = options or GameOptions(max_turns=max_turns)
    g = Game.new(players=players, deck=deck, seed=seed, options=opts, history=history)
    rnd = random.Random(seed)
    total = len(g.all_zones())
    assert total == sum(n for _, n in deck)
    steps = 0
    while g.outcome() is None:
        acts = g.legal_actions(labels=bool(seed % 7 == 0))
        assert acts, f"no legal action in phase {g.state.phase}"
        a = rnd.choice(acts)
        assert g.why_not(a) is None
        g.play(a)
        steps += 1
        _check(g, total)
        if each:
            each(g)
    return g, steps


@FAST
@given(seed=SEEDS, players=st.integers(2, 6))
def test_random_games_conserve_cards(base_deck, seed, players):
    _playout(base_deck, seed, players, max_turns=10)


@FAST
@given(seed=SEEDS)
def test_random_games_with_options(base_deck, seed):
    opts = GameOptions(max_turns=10, faster_play=bool(seed & 1), shared_victory=bool(seed & 2))
    _playout(base_deck, seed, 4, max_turns=10, options=opts)


@settings(max_examples=160, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS)
def test_long_random_games_stay_legal(base_deck, seed):
    g, _ = _playout(base_deck, seed, 3, max_turns=25)
    out = g.outcome()
    assert out is not None
    if out.winners:
        assert all(g.state.players[w].level == 10 for w in out.winners)


@SLOW
@given(seed=SEEDS)
def test_undo_redo_identity_every_step(base_deck, seed):
    def each(g):
        before = g.state_dict()
        log = list(g.log)
        g.undo()
        g.redo()
        assert g.state_dict() == before
        assert g.log == log

    _playout(base_deck, seed, 4, max_turns=6, history=True, each=each)


@SLOW
@given(seed=SEEDS)
def test_saved_game_replays_identically(base_deck, seed):
    g, steps = _playout(base_deck, seed, 4, max_turns=8, history=True)
    g2 = Game.from_json(g.to_json())
    assert g2.state_dict() == g.state_dict()
    assert g2.log == g.log
    # undo all the way back across turns, then redo to the end
    n = len(g.actions)
    for _ in range(n):
        g.undo()
    assert g.state_dict()["turn"] == 1
    for _ in range(n):
        g.redo()
    assert g.state_dict() == g2.state_dict()
