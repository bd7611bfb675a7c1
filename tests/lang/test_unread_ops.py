"""An op the engine reads only in one fixed form (``validate.SHAPE_ONLY``) is refused in any
other form, naming the form, instead of compiling into an ability nobody acts on; the printed
forms of the shipped cards still validate, and a Race's in_play ability may leave out
``who: owner`` (its player is its owner)."""
from __future__ import annotations

import glob
from pathlib import Path

import pytest
import yaml

from munchkin_lab.engine.lang import expand, validate
from munchkin_lab.engine.lang.validate import SHAPE_ONLY, unread_problems
from munchkin_lab.engine.lang_compile import specialise

ROOT = Path(__file__).resolve().parents[2]


def _msgs(effects, kind):
    return [str(p) for p in validate(effects, kind)]


@pytest.mark.parametrize("kind,effects,op", [
    ("item", {"abilities": [{"when": "in_play", "do": [{"double_sale": 1}]}]}, "double_sale"),
    ("class", {"abilities": [{"when": "in_play", "do": [{"half_breed": True}]}]}, "half_breed"),
    ("race", {"abilities": [{"when": "in_play", "who": "owner", "do": [{"double_sale": 2}]}]}, "double_sale"),
    ("race", {"abilities": [{"when": "in_play", "who": "owner", "if": "own_turn", "do": [{"double_sale": 1}]}]},
     "double_sale"),
    ("item", {"abilities": [{"when": "in_play", "do": [{"stays": True}]}]}, "stays"),
    ("item", {"abilities": [{"when": "in_play", "do": [{"strength_twice": True}]}]}, "strength_twice"),
    ("monster", {"abilities": [{"when": "in_play", "who": "this_monster", "if": {"any_munchkin": "race:elf"},
                                "do": [{"items_dont_count": True}]}]}, "items_dont_count"),
    ("monster", {"abilities": [{"when": "in_play", "who": "this_monster", "do": [
        {"if": {"any_munchkin": "race:elf"}, "then": [{"level_doesnt_count": True}]}]}]}, "level_doesnt_count"),
])
def test_an_op_out_of_its_form_is_refused_naming_the_form(kind, effects, op):
    msgs = _msgs(effects, kind)
    assert len(msgs) == 1, msgs
    assert msgs[0].startswith(f"abilities[0]: {op}: the engine reads it only as {SHAPE_ONLY[op]}"), msgs


@pytest.mark.parametrize("kind,effects", [
    ("race", {"abilities": [{"when": "in_play", "who": "owner", "do": [{"double_sale": 1}]}]}),
    ("race", {"abilities": [{"when": "in_play", "do": [{"double_sale": 1}]}]}),  # who left out
    ("monster", {"abilities": [{"when": "in_play", "who": "this_monster", "do": [{"items_dont_count": True}]}]}),
    ("class", {"abilities": [{"when": "in_play", "do": [{"wins_ties": True}, {"run_away": 1}]}]}),
])
def test_the_forms_the_engine_reads_are_accepted(kind, effects):
    assert _msgs(effects, kind) == []
    fx, run = specialise(expand(effects, kind), kind)
    assert run == () and fx, fx


def test_every_shipped_card_is_read_by_the_engine():
    seen = 0
    for f in sorted(glob.glob(str(ROOT / "database/sets/*.yaml"))):
        for c in yaml.safe_load(open(f, encoding="utf-8"))["cards"]:
            if c.get("effects"):
                seen += 1
                assert unread_problems(expand(c["effects"], c["kind"]), c["kind"]) == [], (f, c["name"])
    assert seen > 100


def test_a_monster_enhancers_played_ability_needs_no_in_combat_condition():
    """A Monster Enhancer is only played in a combat: its ``played`` ability without ``if:
    in_combat`` is the same shape as with it (the card editor writes it so)."""
    bare = {"abilities": [{"when": "played", "who": "this_monster", "do": [{"counts_twice": True}]}]}
    assert _msgs(bare, "monster_enhancer") == []
    assert specialise(expand(bare, "monster_enhancer"), "monster_enhancer") == ({"mate": True}, ())
