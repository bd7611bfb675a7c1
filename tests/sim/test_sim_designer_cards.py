"""A designer's own cards in simulations: a card of a designer set whose modes may be played
out of a combat is played by the greedy bot in the mode that serves it best (its plays tried
on copies of the game, ``GreedyBot._turn_look``), as a deck mixing it with the base game is
simulated."""
from __future__ import annotations

import pytest

from munchkin_lab.cards import designer as D
from munchkin_lab.decks import Deck
from munchkin_lab.sim import simulate

#: a designer Special with two modes out of a combat: a Level for its player, or every other
#: player loses one
WELL = {"name": "Wishing Well", "kind": "special", "deck": "door", "copies": 4,
        "summary": "Out of a combat: go up a Level, or every other player goes down one.",
        "effects": {"abilities": [
            {"when": "played", "if": "!in_combat", "who": "owner", "label": "make a wish", "do": [{"levels": 1}]},
            {"when": "played", "if": "!in_combat", "who": "other_players", "label": "curse the rest",
             "do": [{"levels": -1}]}]}}


@pytest.fixture
def own_url(sim_url):
    """The session's card database with the designer set ``well_fan`` (Wishing Well), which
    is deleted afterwards (the other tests never see it)."""
    D.create_set("well_fan", "Wishing wells", requires=["munchkin"], url=sim_url)
    try:
        yield sim_url
    finally:
        D.delete_set("well_fan", url=sim_url)


def test_the_greedy_bot_plays_a_designer_card_with_modes_in_a_simulation(own_url):
    saved = D.add_card(WELL, "well_fan", url=own_url)
    assert saved.manual is False
    deck = Deck("Wells", "base with wishing wells", url=own_url)
    deck.add_set("munchkin")
    deck.add("Wishing Well", 4)
    r = simulate(deck, players=4, games=12, bots="greedy", seed=5, workers=1, progress=False)
    row = r.cards[r.cards["name"] == "Wishing Well"].iloc[0]
    assert row["drawn"] > 0
    assert row["played"] > 0
    # a copy drawn is played at its holder's next own-turn decision out of a combat (a few may
    # be lost first: a death, the game's end)
    assert row["played"] >= row["drawn"] // 2
