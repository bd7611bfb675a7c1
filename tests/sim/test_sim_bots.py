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


def _elves(g, seats):
    """Seats ``seats`` become Elves (an Elf card from the piles into their Race)."""
    s = g.state
    for seat in seats:
        elf = next(c for c in s.decks["door"] if g.specs[c].name == "Elf")
        s.decks["door"].remove(elf)
        s.players[seat].races.append(elf)
    g.begin()


def _running(base_deck, levels, elves=()):
    """Seat 0 meets Bigfoot (12, 3 Treasures) and declares a Run Away: the window is open."""
    g = _staged(base_deck, {}, levels, "Bigfoot")
    _elves(g, elves)
    g.play("0 kick")
    g.play("0 run")
    return g


def test_greedy_offers_help_for_half_the_treasures_to_a_fighter_who_cannot_win_alone(base_deck):
    g = _running(base_deck, {0: 4, 1: 9, 2: 2})  # 4 + 9 = 13 beats 12; the fighter is no threat
    assert g.actor() == 1 and not g.munchkins_win() and g.munchkins_win_with(1)
    bot = make_bot("greedy", 1)
    a = bot.choose(g, 1)
    assert (a.kind, a.n, a.m) == ("offer_help", 2, 1)  # 3 Treasures: 2 of them, picking first
    g.play(a)
    assert bot.choose(g, 0).kind == "accept"  # the fighter cannot win alone: help at a price
    g.play(bot.choose(g, 0))
    assert g.state.combat.helper == 1 and g.state.combat.bribe_n == 2 and g.munchkins_win()


def test_greedy_elf_offers_help_for_nothing_and_nobody_helps_a_fighter_to_the_winning_level(base_deck):
    g = _running(base_deck, {0: 4, 1: 9, 2: 2}, elves=(1,))
    a = make_bot("greedy", 1).choose(g, 1)
    assert (a.kind, a.n) == ("offer_help", 0)  # an Elf's Level is the reward
    g = _running(base_deck, {0: 9, 1: 5, 2: 2})  # a kill takes the fighter to Level 10
    assert g.munchkins_win_with(1)
    assert make_bot("greedy", 1).choose(g, 1).kind == "pass"
    g = _running(base_deck, {0: 2, 1: 3, 2: 2})  # 2 + 3 = 5 does not beat 12: no offer
    assert make_bot("greedy", 1).choose(g, 1).kind == "pass"


def test_greedy_fighter_asks_an_elf_for_nothing_and_turns_an_elf_down_when_winning_alone(base_deck):
    g = _staged(base_deck, {}, {0: 5, 1: 9, 2: 8}, "Bigfoot")
    _elves(g, (2,))
    g.play("0 kick")
    a = make_bot("greedy", 1).choose(g, 0)
    assert (a.kind, a.target, a.n) == ("ask_help", 2, 0)  # the Elf (5 + 8 = 13 > 12), not seat 1 for the Treasures
    g = _staged(base_deck, {}, {0: 5, 1: 8, 2: 9}, "Bigfoot")
    _elves(g, (2,))
    g.play("0 kick")
    a = make_bot("greedy", 1).choose(g, 0)
    assert (a.kind, a.target, a.n) == ("ask_help", 1, 3)  # the Elf at Level 9 would win the game by it
    g = _staged(base_deck, {}, {0: 6, 1: 3, 2: 3}, "Potted Plant")
    _elves(g, (1,))
    g.play("0 kick")
    g.play("0 fight")
    g.play("1 offer_help")
    assert make_bot("greedy", 1).choose(g, 0).kind == "refuse"  # no Level for the Elf: 6 beats 1
