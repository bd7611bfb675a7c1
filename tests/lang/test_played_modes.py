"""A Race, Class or Item whose ``played`` abilities are modes (several, all labelled) is played
in each mode (finding of a designer's session: the engine listed only its plain play, which
ran no mode). One table (``Game._lmodes``) gives the candidates (once per mode), the check
(the mode named in ``cs``, its ``if``) and the firing (that mode only), at every moment the
kind may be played: setup, the own turn, the own combat (a Race or Class), a card just
received. Modes on a kind no play offers them for (a Curse, a Monster Enhancer) are refused by
``validate``, naming the place; the loader adds file, line and card."""
from __future__ import annotations

import pytest

from munchkin_lab.cards import designer
from munchkin_lab.engine.lang import validate
from munchkin_lab.scenarios.runner import build_game, database_resolver

MODES = [{"when": "played", "label": "a level", "who": "owner", "do": [{"levels": 1}]},
         {"when": "played", "label": "a door", "who": "owner", "if": {"owner": "level<=5"},
          "do": [{"draw": "door", "count": 1}]}]


def _card(kind: str) -> dict:
    card = {"name": "Twin Charm", "kind": kind, "deck": "treasure" if kind == "item" else "door",
            "effects": {"abilities": MODES}}
    return {**card, "slot": "headgear", "bonus": 1, "gold": 100} if kind == "item" else card


def _game(kind: str, phase: str, level: int = 3, **player):
    sc = {"cards": [_card(kind)], "players": [{"name": "Ann", "level": level, "hand": ["Twin Charm"], **player},
                                              {"name": "Bob"}],
          "decks": {"door": ["Potted Plant", "Elf"], "treasure": ["Boots of Butt-Kicking"]}, "phase": phase}
    return build_game(sc, database_resolver())


def _plays(g, seat=0):
    return [a for a in g.legal_actions(seat=seat) if a.kind == "play" and g.specs[a.card].name == "Twin Charm"]


@pytest.mark.parametrize("kind", ["item", "race", "class"])
@pytest.mark.parametrize("phase", ["setup", "trouble"])
def test_each_mode_is_listed_checked_and_run_alone(kind, phase):
    g = _game(kind, phase)
    plays = _plays(g)
    assert [(a.cards, a.label.rsplit("(", 1)[-1]) for a in plays] == [((0,), "a level)"), ((1,), "a door)")]
    c = plays[0].card
    plain = type(plays[0])(0, "play", c)
    assert "choose one of its modes: cs=0 (a level), cs=1 (a door)" in g.why_not(plain)
    level, hand = g.state.players[0].level, len(g.state.players[0].hand)
    g.play(plays[0])
    assert (g.state.players[0].level, len(g.state.players[0].hand)) == (level + 1, hand - 1)  # the Level only
    g.undo()
    g.play(plays[1])
    assert (g.state.players[0].level, len(g.state.players[0].hand)) == (level, hand)  # the card drawn only


def test_a_modes_if_is_checked_and_a_race_is_listed_per_mode_in_its_own_combat():
    g = _game("item", "trouble", level=6)  # the door mode's if (level<=5) does not hold
    assert [a.cards for a in _plays(g)] == [(0,)]
    assert "cannot be played now" in g.why_not(type(_plays(g)[0])(0, "play", _plays(g)[0].card, cards=(1,)))
    g = _game("race", "start")
    g.play(next(a for a in g.legal_actions() if a.kind == "kick"))
    assert g.state.phase == "combat" and [a.cards for a in _plays(g)] == [(0,), (1,)]


def test_bots_play_such_cards():
    """Greedy bots meet the per-mode plays (its facts say a mode is playable out of combat)."""
    from munchkin_lab.cards.api import load_specs
    from munchkin_lab.engine import CardSpec, Game
    from munchkin_lab.sim.bots import GreedyBot

    hat = CardSpec.make(set="x", **{k: v for k, v in _card("item").items() if k != "set"})
    g = Game.new(players=3, deck=load_specs(sets=["munchkin"]) + [(hat, 12)], seed=5)
    c = g.card_ids("Twin Charm")[0]
    assert g.facts.turn_category[c] == 8 and g.facts.modes_out_of_combat[c] is True
    bots = [GreedyBot(seed=i) for i in range(3)]
    played = 0
    for _ in range(3000):
        if g.state.phase == "over":
            break
        seat = g.actor()
        a = bots[seat].pick(g, seat)
        played += a.kind == "play" and g.specs[a.card].name == "Twin Charm"
        g.play(a)
    assert played > 0


@pytest.mark.parametrize("kind, what", [("curse", "not a Curse"), ("monster_enhancer", "not a Monster Enhancer")])
def test_modes_on_a_kind_without_that_choice_are_refused(kind, what):
    ab = [{**m, "who": "chosen_player"} for m in MODES]
    problems = [str(p) for p in validate({"abilities": ab}, kind)]
    assert len(problems) == 1 and problems[0].startswith("abilities[0].label: labelled `played` abilities are modes")
    assert what in problems[0] and "drop the labels" in problems[0]
    unlabelled = [{k: v for k, v in m.items() if k != "label"} for m in ab]  # the advice: every ability runs
    assert [str(p) for p in validate({"abilities": unlabelled}, kind)] == []
    with pytest.raises(designer.DesignerCardError, match=r"card 'Twin Charm': effects\.abilities\[0\]\.label: "
                                                         r"labelled `played` abilities are modes"):
        designer.card_model({**_card(kind), "deck": "door", "effects": {"abilities": ab}}, names=None)
