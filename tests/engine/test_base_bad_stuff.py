"""The plain Bad Stuff of the base monsters, played from the set file's data: a lone fighter of
Level 7 (no Class or item; a Halfling for the Stoned Golem: pursued by every monster), against each monster made Ancient
(+10) so that it is not beaten, fails to Run Away and loses the Levels of card_facts.md table (d),
or dies (core rules, 7. Running Away and Bad Stuff)."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game

# monster: Level after the Bad Stuff from Level 7 (None: death) - card_facts.md (d)
PLAIN = {
    "Lame Goblin": 6, "Maul Rat": 6, "Large Angry Chicken": 6, "Pit Bull": 5, "Flying Frogs": 5,
    "Mr. Bones": 5, "Undead Horse": 5, "Harpies": 5, "Gazebo": 4, "Wannabe Vampire": 4,
    "Tongue Demon": 5, "Wight Brothers": 1, "Stoned Golem": None, "Squidzilla": None,
    "Bullrog": None, "Plutonium Dragon": None, "Unspeakably Awful Indescribable Horror": None,
}
#: who the monster pursues at all: the Stoned Golem only a Halfling (the others may let it go)
RACE = {"Stoned Golem": "Halfling"}


@pytest.mark.parametrize("monster", sorted(PLAIN))
def test_base_monster_bad_stuff_from_level_seven(monster, resolver):
    ann = {"name": "Ann", "level": 7, **({"race": RACE[monster]} if monster in RACE else {})}
    g = build_game({"players": [ann, {"name": "Bob", "hand": ["Ancient"]}],
                    "decks": {"door": [monster], "treasure": []}}, resolver)
    g.play(Action(0, "kick"))
    assert g.state_dict()["combat"]["monsters"][0]["name"] == monster
    g.play(Action(1, "play", g.state.players[1].hand[0], m=0))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    g.state.forced.append(1)
    g.play(Action(0, "roll", n=0))
    assert not g.state.pending, (monster, g.state_dict()["pending"])  # nothing to choose for these
    ann = g.state_dict()["players"][0]
    if PLAIN[monster] is None:
        assert not ann["alive"], monster
    else:
        assert ann["alive"] and ann["level"] == PLAIN[monster], (monster, ann["level"])
