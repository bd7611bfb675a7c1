"""The action table (engine/kinds.py): every kind has its check and apply; legal_actions(),
why_not() and why_not_actor() agree, because the candidate generators keep exactly what the
kinds' checks pass."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Action, Game, GameOptions
from munchkin_lab.engine.actions import KINDS
from munchkin_lab.engine.kinds import PHASE_CANDIDATES, TABLE


def test_every_core_kind_has_a_row_with_its_functions():
    core = ("pass kick trouble loot end_turn play join equip unequip carry discard sell give trade ask_help offer_help "
            "accept refuse fight run roll evade berserk flight charm turning chase backstab steal choose "
            "charity resolve use").split()
    assert sorted(TABLE) == sorted(core)
    assert all(k in KINDS for k in core)
    for k, row in TABLE.items():
        assert callable(getattr(Game, row.check)) and callable(getattr(Game, row.apply)), k
        if row.anytime:
            assert callable(getattr(Game, row.anytime)), k
    for gens in PHASE_CANDIDATES.values():
        for gen in gens:
            assert callable(getattr(Game, gen))


def _candidates(g: Game, seat: int) -> list:
    """The phase's candidates of every shape (unchecked) of the acting seat."""
    s = g.state
    out: list = []
    if s.pending:
        g._pending_candidates(seat, s.pending[0], out)
    else:
        ph = s.phase
        ph = s.combat.stage if ph == "combat" else ph if ph in ("setup", "charity") else "turn"
        for gen in g._PHASE_GEN[ph]:
            gen(g, seat, False, out)
    return out



@pytest.mark.parametrize("preset", ["base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures"])
def test_listed_actions_are_exactly_the_candidates_why_not_allows(preset):
    from munchkin_lab.decks import load_preset

    deck = load_preset(preset)
    checked = 0
    for seed in range(6):
        g = Game.new(players=3 + seed % 3, deck=deck.specs(), seed=seed,
                     options=deck.game_options(max_turns=25), history=False)
        rnd = random.Random(seed)
        while g.outcome() is None:
            seat = g.actor()
            listed = g.legal_actions(labels=False)
            cands = _candidates(g, seat)
            assert listed == [a for a in cands if g._why_inner(a) is None]
            # why_not_actor (a bot's check for the seat that decides) gives why_not's answer,
            # refusal texts included, for every candidate shape and argument-free kind
            for a in cands + [Action(seat, k) for k in ("pass", "kick", "loot", "end_turn", "fight", "run")]:
                assert g.why_not_actor(a) == g.why_not(a), a
            for a in listed:
                assert g.why_not(a) is None, (a, g.why_not(a))
            for q in range(len(g.state.players)):  # any-time actions of every seat
                for a in g.legal_actions(labels=False, seat=q):
                    assert g.why_not(a) is None
            checked += 1
            g.play(rnd.choice(listed))
    assert checked > 500

