"""A Dungeon, Portal, room tile or Fairy Dust card of any set switches its rules module on
(``RulesModule.parts``), not only the cards of the module's own set: a designer's Dungeon among
base cards comes into play (Scooby-Doo rules, Set-up: one Dungeon face up), whatever route
starts the game (a card list: ``play --sets``, ``simulate`` of specs, a scenario)."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import Game
from munchkin_lab.engine.cards import CardSpec


def _fan(name, kind, deck, **kw):
    return CardSpec.make(set="my_fan", name=name, kind=kind, deck=deck, **kw)


def test_a_designer_dungeon_among_base_cards_comes_into_play(base_deck):
    cellar = _fan("Damp Cellar", "dungeon", "dungeon", bonus=1,
                  effects={"dungeon": {"vs_tag": [{"tag": "ghost", "bonus": 3}]}})
    g = Game.new(4, deck=[*base_deck, (cellar, 1)], seed=1)
    sd = g.state_dict()
    assert sd["modules"] == ["core", "scooby_doo"]
    assert sd["module_state"]["scooby_doo"]["dungeons"] == ["Damp Cellar"]


def test_a_designer_fairy_dust_card_plays_with_the_fairy_dust_rules(base_deck):
    dust = _fan("Glitter Pinch", "fairy_dust", "fairy_dust", gold=100)
    g = Game.new(4, deck=[*base_deck, (dust, 1)], seed=1)
    assert [m.name for m in g.modules] == ["core", "fairy_dust"]
    assert "fairy_dust" in g.deck_names


@pytest.mark.parametrize("card,says", [
    (("Odd Portal", "portal", "door"), "holds no Dungeon card"),
    (("Odd Room", "room_tile", "room_tile"), "no START tile"),
])
def test_a_designer_portal_or_room_alone_is_refused_not_ignored(base_deck, card, says):
    with pytest.raises(ValueError, match=says):
        Game.new(4, deck=[*base_deck, (_fan(*card), 1)], seed=1)
