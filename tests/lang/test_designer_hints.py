"""The effect language's "did you mean" where plain spelling points the wrong way (findings of
a designer's first set): a synonym table, plurals, op families, bare Race / Class words and
conditions written as sentences."""
from __future__ import annotations

import pytest

from munchkin_lab.engine.lang.validate import validate_strings


def _one(effects, kind="monster"):
    out = validate_strings(effects, kind)
    assert out, "expected a problem"
    return out[0]


@pytest.mark.parametrize("effects,kind,said", [
    ({"abilities": [{"when": "combat_start", "do": [{"combat_strength": 3}]}]}, "monster",
     "unknown trigger 'combat_start' (did you mean 'enters_combat'?)"),
    ({"abilities": [{"when": "enters_combat", "if": "race:elves", "do": [{"combat_strength": 3}]}]}, "monster",
     "unknown race 'elves' (did you mean 'Elf'?)"),
    ({"bad_stuff": [{"lose": "headgear"}]}, "monster",
     "unknown op (did you mean one of 'lose_levels', 'lose_level_per_roll', 'lose_item', 'lose_race', "),
    ({"abilities": [{"when": "hits", "do": [{"run_away": -2, "for": "permanent"}]}]}, "curse",
     "unknown duration 'permanent' (did you mean 'good'?)"),
    ({"abilities": [{"when": "hits", "do": [{"run_away": -2, "for": "forever"}]}]}, "curse",
     "unknown duration 'forever' (did you mean 'good'?)"),
    ({"abilities": [{"when": "enters_combat", "if": "fighter is warrior", "do": [{"combat_strength": 3}]}]},
     "monster", "a condition about the fighter is written {fighter: 'class:warrior'}"),
    ({"abilities": [{"when": "enters_combat", "if": "owner is an elf", "do": [{"combat_strength": 3}]}]},
     "monster", "{owner: 'race:elf'}"),
    ({"abilities": [{"when": "enters_combat", "if": "elf", "do": [{"combat_strength": 3}]}]}, "monster",
     "bad condition atom 'elf' (did you mean 'race:elf'?)"),
])
def test_hints_point_the_right_way(effects, kind, said):
    assert said in _one(effects, kind)


def test_usable_by_a_bare_race_name_suggests_the_atom():
    from munchkin_lab.cards.designer import card_model

    with pytest.raises(Exception) as exc:
        card_model({"name": "Reed Blowpipe", "kind": "item", "deck": "treasure", "bonus": 2, "slot": "one_hand",
                    "gold": 300, "usable_by": ["elf"], "provenance": "designer"})
    assert "bad condition atom 'elf' (did you mean 'race:elf'?)" in str(exc.value)
    with pytest.raises(Exception) as exc:
        card_model({"name": "Big Stick", "kind": "item", "deck": "treasure", "bonus": 3, "slot": "two_hands",
                    "usable_by": ["race:elves"], "provenance": "designer"})
    assert "did you mean 'Elf'?" in str(exc.value)
