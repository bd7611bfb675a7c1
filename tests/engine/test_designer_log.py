"""What a designer's cards say in the log: an ability's ``label`` names it ("Swamp Troll (Troll
rage): ..."), an ``until_lost`` change names its slot, and a Curse that ends because its victim
lost the item it is tied to is said after that loss (the words are ours, ``Ops._lasting``)."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game

SOGGY = {"name": "Curse of Soggy Boots", "kind": "curse", "deck": "door", "effects": {"abilities": [
    {"when": "hits", "do": [{"run_away": -2, "for": {"until_lost": "footgear"}}]}]}}
TOAD = {"name": "Mire Toad", "kind": "monster", "deck": "door", "level": 12, "treasures": 1,
        "effects": {"bad_stuff": [{"lose_item": "footgear"}]}}
TROLL = {"name": "Swamp Troll", "kind": "monster", "deck": "door", "level": 10, "treasures": 1,
         "effects": {"abilities": [{"when": "enters_combat", "if": {"fighter": "class:warrior"},
                                    "who": "this_monster", "label": "Troll rage", "do": [{"combat_strength": 3}]}]}}
BREW = {"name": "Bog Brew", "kind": "one_shot", "deck": "treasure", "effects": {"abilities": [
    {"when": "played", "label": "Throw it", "who": "chosen_monster", "do": [{"combat_strength": -3}]},
    {"when": "played", "label": "Drink it", "do": [{"combat_strength": 2}]}]}}


def _game(resolver, hand, door):
    return build_game({"cards": [SOGGY, TOAD, TROLL, BREW],
                       "players": [{"name": "Ann", "level": 4, "class": "Warrior", "hand": hand,
                                    "equipped": ["Boots of Butt-Kicking"]}, {"name": "Bob"}],
                       "decks": {"door": door, "treasure": []}}, resolver)


def _lines(g, n=0):
    return [x.split("] ", 1)[1] for x in g.log[n:]]


def _card(g, name):
    return next(c for c in g.state.players[0].hand if g.specs[c].name == name)


def test_labels_name_the_ability_in_the_log(resolver):
    g = _game(resolver, ["Swamp Troll", "Bog Brew"], [])
    g.play(Action(0, "kick"))
    g.play(Action(0, "trouble", _card(g, "Swamp Troll")))
    assert "Swamp Troll (Troll rage): Swamp Troll gets +3 to combat strength for this combat." in _lines(g)
    n = len(g.log)
    g.play(next(a for a in g.legal_actions() if a.kind == "play" and a.card == _card(g, "Bog Brew")
                and "Throw it" in g.describe(a)))
    assert _lines(g, n)[-1] == "Bog Brew (Throw it): Swamp Troll gets -3 to combat strength for this combat."


def test_until_lost_names_the_slot_and_its_end_follows_the_loss(resolver):
    g = _game(resolver, ["Mire Toad"], ["Curse of Soggy Boots"])
    g.play(Action(0, "kick"))
    assert _lines(g)[-1] == "Curse of Soggy Boots: Ann gets -2 to Run Away until their footgear is lost."
    g.play(Action(0, "trouble", _card(g, "Mire Toad")))
    g.play(Action(0, "run"))
    for _ in range(4):  # (the others may react before the roll)
        if any(a.kind == "roll" for a in g.legal_actions()):
            break
        g.play(next(a for a in g.legal_actions() if a.kind == "pass"))
    g.state.forced.append(1)
    n = len(g.log)
    g.play(next(a for a in g.legal_actions() if a.kind == "roll"))
    said = _lines(g, n)
    assert said[-2:] == ["Mire Toad's Bad Stuff: Ann loses Boots of Butt-Kicking.", "Curse of Soggy Boots ends for Ann."]
    assert g.state.players[0].curses == []
