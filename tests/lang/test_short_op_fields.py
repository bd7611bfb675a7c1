"""The short forms' ops (``ops:``, ``bad_stuff:`` ...) take every field the long form takes on
the same op (new-user finding: ``floor`` on ``lose_levels`` was refused by the short form
and taken by the long form; ``winning`` on ``set_level`` was the same gap before)."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import lang
from munchkin_lab.engine.effects import OP_KEYS, validate_effects
from munchkin_lab.engine.lang.vocab import OPS

#: a valid value of each field spec the long form uses on these ops
SAMPLE = {"posint": 2, "bool": True, "words": ["Wizard"], "enum:left|right": "right"}


def _op(key):
    """A valid short op of ``key`` (its main value)."""
    return {"lose_levels": 2, "gain_levels": 1, "set_level": 3, "lose_race": True, "lose_class": True,
            "lose_item": "headgear", "take_from_discards": "race", "others_take_item": "all",
            "others_draw_hand": True}.get(key, True)


CASES = [(key, field) for key in OP_KEYS if key in OPS for field in OPS[key].fields
         if OPS[key].fields[field] in SAMPLE]


@pytest.mark.parametrize("key,field", CASES, ids=[f"{k}.{f}" for k, f in CASES])
@pytest.mark.parametrize("form", ["ops", "bad_stuff"])
def test_the_short_form_takes_what_the_long_form_takes(key, field, form):
    value = {"tagged": ["Undead"], "named": ["Elf" if key == "lose_race" else "Wizard"]}.get(field, SAMPLE[OPS[key].fields[field]])
    op = {key: _op(key), field: value}
    long = {"abilities": [{"when": "kicked", "who": "owner", "do": [op]}]}
    assert [str(p) for p in lang.validate(long)] == []  # the long form takes it
    assert validate_effects({form: [op]}) == []  # so does the short form


def test_floor_on_lose_levels_is_checked_and_kept_to_its_op():
    assert validate_effects({"ops": [{"lose_levels": 2, "floor": 3}]}) == []
    assert validate_effects({"ops": [{"lose_levels": 2, "floor": 0}]}) == ["ops[0].floor: expected a positive integer"]
    assert validate_effects({"ops": [{"death": True, "floor": 3}]}) == ["ops[0].floor: only with lose_levels"]
    assert validate_effects({"ops": [{"lose_levels": 2, "flor": 3}]}) == ["ops[0].flor: unknown op field"]


def test_floor_in_the_short_form_holds_in_a_game():
    """A Curse ``ops: [{lose_levels: 5, floor: 3}]`` on a Level 6 player leaves Level 3 (5
    without the floor would leave Level 1: core rules, 8. Level)."""
    from munchkin_lab.widgets.designer import try_game

    def level_after(ops):
        card = {"name": "Bog Sink", "kind": "curse", "deck": "door", "provenance": "designer", "effects": {"ops": ops}}
        g, _ = try_game(card, "bog_fan", level=6)
        return g.state_dict()["players"][0]["level"]

    assert level_after([{"lose_levels": 5, "floor": 3}]) == 3
    assert level_after([{"lose_levels": 5}]) == 1


def test_a_card_with_floor_in_the_short_form_is_run_by_the_engine_not_marked_manual():
    from munchkin_lab.cards.designer import engine_notes

    assert engine_notes({"ops": [{"lose_levels": 2, "floor": 3}]}, "curse") == []
    assert engine_notes({"bad_stuff": [{"lose_levels": 2, "floor": 3}]}, "monster") == []
