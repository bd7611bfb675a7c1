"""The wording of the effect validator's messages (a new user's findings): a mistyped value of
a condition atom gets the nearest value as every other typo does, values are shown as YAML
writes them (``true``, ``null``, never Python's ``True`` / ``None``), and a number out of
range is refused naming the range of that very value, not the file's general bound."""
from __future__ import annotations

import re

import pytest

from munchkin_lab.cards.effect_schema import effect_errors
from munchkin_lab.engine.lang import parse_atom, validate
from munchkin_lab.engine.lang import vocab as V
from munchkin_lab.engine.lang.parse import int_range, yaml_text

PYTHON_WORDS = re.compile(r"\b(True|False|None)\b")


def _at(doc, path, kind=None):
    """The validator's messages at ``path`` (the card files' check: the language plus the
    file's bounds)."""
    return [m for p, m in effect_errors(doc, kind) if tuple(p) == path]


def test_a_mistyped_gender_gets_the_nearest_value():
    doc = {"abilities": [{"when": "hits", "if": "gender:femal", "do": [{"lose_levels": 1}]}]}
    assert _at(doc, ("abilities", 0, "if"), "curse") == [
        "gender:femal - expected one of male, female (did you mean 'female'?)"]
    assert [p.message for p in validate({"not_pursue": "gender:mal"}, "monster")] == [
        "gender:mal - expected one of male, female (did you mean 'male'?)"]


@pytest.mark.parametrize("atom", [n for n, d in V.ATOMS.items() if d.arg == "enum"])
def test_every_atom_with_a_list_of_values_suggests_the_nearest(atom):
    """The siblings: every condition atom whose argument is one of a list (gender, wears,
    role, phase), each value typed with its last letter missing."""
    for value in V.ATOMS[atom].choices:
        typo = value[:-1] if len(value) > 3 else value + "x"
        with pytest.raises(ValueError) as info:
            parse_atom(f"{atom}:{typo}")
        assert str(info.value) == (f"{atom}:{typo} - expected one of {', '.join(V.ATOMS[atom].choices)} "
                                   f"(did you mean '{value}'?)")


def test_an_items_restriction_gets_the_same_suggestion():
    from pydantic import ValidationError

    from munchkin_lab.cards.files import CardFile, _describe

    with pytest.raises(ValidationError) as info:
        CardFile.model_validate({"name": "Odd Hat", "kind": "item", "deck": "treasure", "usable_by": ["gender:femal"]})
    assert [_describe(e) for e in info.value.errors()] == [
        ("usable_by", "bad condition atom 'gender:femal': expected one of male, female (did you mean 'female'?)")]


def test_values_are_shown_as_yaml_writes_them():
    assert [yaml_text(v) for v in (True, False, None, 3, 1.5, float("inf"), "hed", [True, None], {"a": False})] == [
        "true", "false", "null", "3", "1.5", ".inf", "'hed'", "[true, null]", "{a: false}"]
    assert _at({"ops": [{"lose_levels": True}]}, ("ops", 0, "lose_levels"), "curse") == [
        "expected an integer, got true"]
    assert _at({"ops": [{"lose_levels": None}]}, ("ops", 0, "lose_levels"), "curse") == [
        "expected an integer, got null"]
    assert _at({"side": True}, ("side",), "one_shot") == ["expected one of munchkin, monster, either, got true"]
    assert _at({"persistent": None}, ("persistent",), "curse") == ["expected true or false, got null"]


@pytest.mark.parametrize("value", [True, False, None])
def test_no_message_of_any_short_form_or_op_spells_a_value_the_python_way(value):
    """The siblings: every short form key and every op of a Curse's op list given true, false
    or null (wrong for most of them): no message says True, False or None."""
    messages = []
    for key in V.SHORT_SPECS:
        messages += [m for _p, m in effect_errors({key: value})]
    for op in V.OPS:
        messages += [m for _p, m in effect_errors({"ops": [{op: value}]}, "curse")]
    assert messages  # most of them refuse these values
    assert [m for m in messages if PYTHON_WORDS.search(m)] == []


def test_a_number_out_of_range_names_the_range_of_that_value():
    """lose_levels takes 0..10000: 10001 and -3 say so alike (10001 said the file's general
    -10000..10000 before)."""
    assert _at({"ops": [{"lose_levels": 10001}]}, ("ops", 0, "lose_levels"), "curse") == [
        "expected an integer >= 0 and <= 10000, got 10001"]
    assert _at({"ops": [{"lose_levels": -3}]}, ("ops", 0, "lose_levels"), "curse") == [
        "expected an integer >= 0 and <= 10000, got -3"]
    assert _at({"room_action": {"action_cost": 99999}}, ("room_action", "action_cost"), "ship_room") == [
        "expected an integer >= 1 and <= 10000, got 99999"]
    assert _at({"abilities": [{"when": "caught", "do": [{"set_level": 10001}]}]},
               ("abilities", 0, "do", 0, "set_level"), "monster") == [
        "expected an integer >= 1 and <= 10000 or 'lowest', got 10001"]
    # a number the language does not type still meets the file's bound
    assert _at({"bad_stuff": [{"lose_levels": 1}], "run_away": -10001}, ("run_away",), "monster") == [
        "expected an integer >= -10000 and <= 10000, got -10001"]


@pytest.mark.parametrize("op", [n for n, d in V.OPS.items() if d.value in ("int", "posint", "nonneg")])
def test_every_whole_number_op_states_its_own_range(op):
    """The siblings: each op whose value is a whole number, one above and one below its
    range, gets the same message naming both ends."""
    low, high = int_range(V.OPS[op].value)
    for bad in (high + 1, low - 1):
        got = _at({"ops": [{op: bad}]}, ("ops", 0, op), "curse")
        assert got == [f"expected an integer >= {low} and <= {high}, got {bad}"], (op, bad)
