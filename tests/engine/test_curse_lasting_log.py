"""A Curse whose effect lasts (the next combat, until removed) says in the log what it does to
its victim, not only that it hits (core rules, 10. Curses: a Curse that lasts stays in front of
its victim; the words are ours, as ``Ops._lasting``'s)."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game

CARDS = [{"name": "Soggy Boots", "kind": "curse", "deck": "door",
          "effects": {"ops": [{"combat_strength": -2, "for": "next_combat"}]}}]


@pytest.mark.parametrize("curse,said", [
    ("Soggy Boots", ["Soggy Boots hits Bob.", "The Curse Soggy Boots: Bob gets -2 to combat strength for the next combat."]),
    ("Change Sex", ["Change Sex hits Bob.", "The Curse Change Sex: Bob becomes female.",
                    "The Curse Change Sex: Bob gets -5 to combat strength for the next combat."]),
    ("Malign Mirror", ["Malign Mirror hits Bob.", "The Curse Malign Mirror: Bob may use only the armor slot for the next combat."]),
    ("Chicken On Your Head", ["Chicken On Your Head hits Bob.",
                              "The Curse Chicken On Your Head: Bob gets -1 to die rolls until the Curse is removed "
                              "(losing the headgear removes it)."]),
])
def test_a_lasting_curse_says_what_it_does(resolver, curse, said):
    g = build_game({"cards": CARDS, "players": [{"name": "Ann", "level": 4, "hand": [curse]},
                                                {"name": "Bob", "level": 5, "gender": "male"}],
                    "decks": {"door": [], "treasure": []}}, resolver)
    n = len(g.log)
    g.play(Action(0, "play", g.state.players[0].hand[0], target=1))
    assert [x.split("] ", 1)[1] for x in g.log[n:]][-len(said):] == said
    assert g.state.players[1].curses  # it stays in front of Bob
