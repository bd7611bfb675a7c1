"""Bots: always a legal action, seeded, no global random, clear errors."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Game, GameOptions
from munchkin_lab.sim.bots import BOT_NAMES, Bot, legal_actions, make_bot


def _play(specs, names, seed, max_turns=40, check=True):
    g = Game.new(players=len(names), deck=specs, seed=seed, options=GameOptions(max_turns=max_turns),
                 history=False)
    bots = [make_bot(n, seed * 10 + k) for k, n in enumerate(names)]
    steps = 0
    kinds = set()
    while g.outcome() is None:
        seat = g.actor()
        a = bots[seat].choose(g, seat)
        if check:
            assert g.why_not(a) is None, f"step {steps}: {a} refused: {g.why_not(a)}"
            listed = g.legal_actions()
            assert a in listed or a.kind == "sell", f"step {steps}: {a} not among legal_actions()"
        kinds.add(a.kind)
        g.play(a)
        steps += 1
        assert steps < 40000
    return g, kinds


@pytest.mark.parametrize("names", [("greedy",) * 4, ("random",) * 3, ("greedy", "random", "greedy", "random", "greedy")])
def test_bots_always_choose_a_legal_action(base_deck, names):
    specs = base_deck.specs()
    kinds = set()
    for seed in range(4):
        _, k = _play(specs, names, seed)
        kinds |= k
    assert {"kick", "end_turn"} <= kinds


def test_greedy_fights_wins_and_finishes_games(base_deck):
    specs = base_deck.specs()
    ended = 0
    kinds = set()
    for seed in range(6):
        g, k = _play(specs, ("greedy",) * 4, seed, max_turns=300, check=False)
        kinds |= k
        ended += g.outcome().reason == "level 10"
    assert ended == 6
    assert {"fight", "run", "sell", "ask_help", "charity"} <= kinds


def test_legal_actions_helper_matches_engine(base_deck):
    g = Game.new(players=4, deck=base_deck.specs(), seed=3, history=False)
    bot = make_bot("random", 1)
    for _ in range(300):
        if g.outcome() is not None:
            break
        assert set(legal_actions(g)) == set(g.legal_actions())
        g.play(bot.choose(g))


def test_bots_are_seeded_and_leave_global_random_alone(base_deck):
    specs = base_deck.specs()
    state = random.getstate()
    g1, _ = _play(specs, ("random",) * 4, 5, max_turns=15, check=False)
    g2, _ = _play(specs, ("random",) * 4, 5, max_turns=15, check=False)
    assert random.getstate() == state
    assert [str(a) for a in g1.actions] == [str(a) for a in g2.actions]


def test_make_bot_errors_and_seat_check(base_deck):
    assert set(BOT_NAMES) == {"random", "greedy"}
    with pytest.raises(ValueError, match="random, greedy"):
        make_bot("smart", 1)
    bot = make_bot("Greedy", 1)
    assert isinstance(bot, Bot) and bot.name == "greedy"
    g = Game.new(players=3, deck=base_deck.specs(), seed=1, history=False)
    other = (g.actor() + 1) % 3
    with pytest.raises(ValueError, match="does not act now"):
        bot.choose(g, other)
    g2 = Game.new(players=3, deck=base_deck.specs(), seed=1, options=GameOptions(max_turns=1), history=False)
    while g2.outcome() is None:
        g2.play(bot.choose(g2))
    with pytest.raises(ValueError, match="over"):
        bot.choose(g2)
