"""The greedy bot keeps no copy of the rules (issue 12): it reads the engine's per-card facts,
builds candidates and asks the engine; what it returns is legal in every preset, rules
modules included (the simulator plays it without a second check)."""
from __future__ import annotations

import inspect
import re

import pytest

from munchkin_lab.engine import Game
from munchkin_lab.sim import bots


def test_no_rule_copies_and_no_engine_internals():
    src = inspect.getsource(bots)
    for gone in ("_play_legality", "_combat_legality", "class _Cards", "_rule_allows", "_combat_ok",
                 "_sale_legal", "combat_category(", "turn_category("):
        assert gone not in src, gone
    # the bot reads the engine through its public face only: no game._private attribute
    private = set(re.findall(r"\bgame\._([a-z]\w*)", src))
    assert private == set(), private


@pytest.mark.parametrize("preset", ["base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures"])
def test_every_greedy_choice_is_legal_in_every_preset(preset):
    from munchkin_lab.decks import load_preset

    deck = load_preset(preset)
    kinds = set()
    for seed in range(8):
        players = 3 + seed % 4
        g = Game.new(players=players, deck=deck.specs(), seed=seed, options=deck.game_options(max_turns=80),
                     history=False)
        seats = [bots.GreedyBot(seed * 10 + k) for k in range(players)]
        while g.outcome() is None:
            seat = g.actor()
            a = seats[seat]._decide(g, seat)  # the simulator's call
            assert g.why_not(a) is None, f"{preset} seed {seed}: {a}: {g.why_not(a)}"
            kinds.add(a.kind)
            g.play(a, check=False)
    assert {"end_turn", "pass"} <= kinds  # (with room tiles a turn starts by moving, not kicking)


def test_the_facts_the_bot_reads_are_the_engine_rules_answers(base_deck):
    g = Game.new(players=4, deck=base_deck.specs(), seed=2, history=False)
    f = g.facts
    assert len(f.kind) == len(g.specs)
    for c, sp in enumerate(g.specs):
        assert f.kind[c] == sp.kind and f.big[c] == bool(sp.big)
        if f.plain_bonus[c] is not None:  # nothing can change it: every seat gets it
            assert all(g.item_bonus(q, c) == f.plain_bonus[c] for q in range(4))
        if f.unrestricted[c]:
            assert all(g.can_use(q, c) for q in range(4))
        assert f.sale_gold[c] == (max(0, sp.gold or 0) if sp.kind in ("item", "one_shot") else 0)


def test_the_bot_reads_no_card_effects_and_no_class_names():
    """Powers are asked by name (``has_power``), card flags from ``Game.facts``: a designer's
    Race or Class with a printed power, or a card written in the language, counts."""
    src = inspect.getsource(bots)
    assert ".effects" not in src and "has_class(" not in src


def test_has_power_answers_for_a_designers_class_written_like_the_warrior(base_deck):
    from munchkin_lab.engine import CardSpec

    specs = [sp for sp, n in base_deck.specs() for _ in range(n)]
    warrior = next(sp for sp in specs if sp.name == "Warrior")
    d = {f: getattr(warrior, f) for f in warrior.__dataclass_fields__}
    d.update(name="Brawler")
    specs.append(CardSpec.make(**d))
    g = Game.new(players=3, deck=specs, seed=1, history=False)
    brawler = next(c for c, sp in enumerate(g.specs) if sp.name == "Brawler")
    g.state.players[1].classes.append(brawler)
    assert g.has_power(1, "berserk") and g.has_power(1, "wins_ties")
    assert not g.has_power(1, "turning") and not g.has_power(2, "berserk")
    with pytest.raises(ValueError, match="unknown power 'fly'.*berserk"):
        g.has_power(1, "fly")
