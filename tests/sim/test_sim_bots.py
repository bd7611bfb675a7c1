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
            # the engine lists one sale and a free offer of help; the greedy bot builds its own
            # bundle and its own share of an offer, checked by why_not above
            assert a in listed or a.kind == "sell" or (a.kind == "offer_help" and a.n > 0), \
                f"step {steps}: {a} not among legal_actions()"
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


def _staged(base_deck, hands, levels, top_door):
    """A 3-player game after setup with chosen hands (card names), Levels and the next Door."""
    g = Game.new(players=3, deck=base_deck.specs(), seed=2, history=False, deal=False,
                 options=GameOptions(setup_window=False))
    s = g.state

    def take(name):
        for pile in list(s.decks.values()) + list(s.discards.values()):
            for c in pile:
                if g.specs[c].name == name:
                    pile.remove(c)
                    return c
        raise AssertionError(name)

    for seat, names in hands.items():
        s.players[seat].hand = [take(n) for n in names]
    for seat, lv in levels.items():
        s.players[seat].level = lv
    s.decks["door"].append(take(top_door))
    return g


def test_greedy_plays_wandering_monster_on_a_leader_about_to_win(base_deck):
    g = _staged(base_deck, {1: ["Wandering Monster", "Plutonium Dragon", "Lame Goblin"]}, {0: 9, 1: 3}, "Potted Plant")
    g.play("0 kick")
    bot = make_bot("greedy", 1)
    a = bot.choose(g, 0)
    assert a.kind == "fight"
    g.play(a)
    assert g.actor() == 1
    a = bot.choose(g, 1)
    assert a.kind == "play" and g.specs[a.card].name == "Wandering Monster"
    assert g.specs[a.m].name == "Plutonium Dragon"  # the strongest monster in hand
    g.play(a)
    assert not g.munchkins_win()


def test_greedy_enhances_against_the_leader_but_lets_others_win(base_deck):
    g = _staged(base_deck, {1: ["Enraged"], 2: ["Ancient"]}, {0: 6, 1: 5, 2: 3}, "Potted Plant")
    g.play("0 kick")
    bot = make_bot("greedy", 1)
    g.play(bot.choose(g, 0))  # fight: 6 vs 1
    a1 = bot.choose(g, 1)  # seat 1 (Level 5) sees a leader at Level 6 >= 5 winning: hinder
    assert a1.kind == "play" and g.specs[a1.card].name == "Enraged"
    g.play(a1)
    # still winning (6 vs 6 is a tie: the monster wins) -> not winning any more, seat 1 passes
    assert bot.choose(g, 1).kind == "pass"


def test_greedy_curses_the_leader_out_of_combat(base_deck):
    g = _staged(base_deck, {0: ["Duck of Doom"]}, {0: 2, 1: 4, 2: 6}, "Potted Plant")
    bot = make_bot("greedy", 1)
    a = bot.choose(g, 0)
    assert a.kind == "play" and g.specs[a.card].name == "Duck of Doom" and a.target == 2


def test_greedy_runs_or_asks_for_help_when_losing(base_deck):
    g = _staged(base_deck, {}, {0: 3, 1: 8, 2: 2}, "Bigfoot")
    g.play("0 kick")
    bot = make_bot("greedy", 1)
    ps, ms = g.strengths()
    assert ps < ms
    a = bot.choose(g, 0)
    if ps + g.player_strength(1) > ms:
        assert a.kind == "ask_help" and a.target == 1 and a.n > 0
    else:
        assert a.kind == "run"
