"""The effect language: every shipped card compiles, short forms mean what the engine reads,
the validator names the exact path of every mistake and never raises."""
from __future__ import annotations

import dataclasses
import glob
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_lab.engine.lang import (EMPTY, About, All, AnyOf, Atom, Duration, EffectError, Not, Op,
                                      Per, Problem, Target, expand, parse_atom, validate)
from munchkin_lab.engine.lang import vocab as V
from munchkin_lab.engine.lang.expand import compile_problems
from munchkin_lab.engine.lang.render import to_data
from munchkin_lab.engine.lang.schema import schema_problems
from munchkin_lab.engine.lang.validate import _covered
from lang_strategies import ability_docs, effect_docs

ROOT = Path(__file__).resolve().parents[2]


def _card_sources():
    """(where, kind, effects) of every card of every shipped set file and every inline card of
    every scenario file."""
    out = []
    for f in sorted(glob.glob(str(ROOT / "database/sets/*.yaml"))):
        for c in yaml.safe_load(open(f, encoding="utf-8"))["cards"]:
            out.append((f"{Path(f).name}: {c['name']}", c["kind"], c.get("effects") or {}))
    for f in sorted(glob.glob(str(ROOT / "tests/scenarios/**/*.yaml"), recursive=True)):
        doc = yaml.safe_load(open(f, encoding="utf-8"))
        for c in (doc.get("cards") or []) if isinstance(doc, dict) else []:
            if isinstance(c, dict):
                out.append((f"{Path(f).relative_to(ROOT)}: {c.get('name')}", c.get("kind"),
                            c.get("effects") or {}))
    return out


CARDS = _card_sources()


def test_the_sources_are_found():
    assert len([c for c in CARDS if "munchkin.yaml" in c[0]]) >= 150
    assert len([c for c in CARDS if c[0].startswith("tests/")]) >= 150
    assert sum(1 for c in CARDS if c[2]) >= 250


def test_every_shipped_and_scenario_card_validates_and_expands():
    bad = {}
    for where, kind, eff in CARDS:
        probs = validate(eff, kind)
        if probs:
            bad[where] = [str(p) for p in probs]
        expand(eff, kind)  # raises EffectError on any problem
    assert bad == {}


def test_long_form_of_every_card_compiles_to_the_same_program():
    """The written-out form (``abilities:``) of every short form means the same: the language
    itself can say everything today's keys say."""
    strip = lambda p: tuple(dataclasses.replace(a, origin="") for a in p.abilities)  # noqa: E731
    checked = 0
    for where, kind, eff in CARDS:
        prog = expand(eff, kind)
        if not prog:
            continue
        long = to_data(prog)
        assert set(long) == {"abilities"}
        again = expand(yaml.safe_load(yaml.safe_dump(long)), kind)
        assert strip(again) == strip(prog), where
        checked += 1
    assert checked >= 250


def test_every_short_form_key_of_today_is_known():
    from munchkin_lab.engine.effects import OP_KEYS, TOP_KEYS
    assert set(TOP_KEYS) == set(V.SHORT_SPECS)
    assert set(OP_KEYS) <= set(V.OPS)


# --------------------------------------------------------------------------- short forms


def test_monster_short_forms_expand_to_what_the_engine_reads():
    p = expand({"bonus_vs": [{"if": "race:elf", "bonus": 4}],
                "bad_stuff": [{"lose_item": "footgear", "else": [{"lose_levels": 1}]}]}, "monster")
    slime, caught = p.abilities
    assert slime.when == ("in_play",) and slime.who == Target("this_monster")
    assert slime.cond == About("any_munchkin", Atom(False, "race", "elf"))
    assert slime.do == (Op("combat_strength", 4, duration=Duration("in_play")),)
    assert p.on("caught") == (caught,)
    assert caught.do[0].name == "lose_item" and caught.do[0].value == "footgear"
    assert caught.do[0].orelse == (Op("levels", -1),)


def test_run_away_depends_on_the_kind():
    assert expand({"run_away": -1}, "monster").abilities[0].who == Target("this_monster")
    assert expand({"run_away": 2}, "item").abilities[0].who == Target("owner")
    # no kind: monster keys make it a monster
    assert expand({"run_away": 1, "bad_stuff": []}).abilities[0].who == Target("this_monster")


def test_not_pursue_and_its_refinement():
    p = expand({"not_pursue": ["level<=4", "!race:elf"], "evade_treasures": 1}, "monster")
    (ab,) = p.abilities
    assert ab.when == ("use",) and ab.by == Target("fighter")
    assert ab.cond == About("fighter", All((Atom(False, "level", None, "<=", 4), Atom(True, "race", "elf"))))
    assert [op.name for op in ab.do] == ["leave_combat", "draw"]
    assert ab.do[1].get("count") == 1


def test_curse_short_forms_carry_their_durations():
    chicken = expand({"persistent": True, "roll_mod": -1, "removed_with": "headgear"}, "curse")
    (ab,) = chicken.abilities
    assert ab.when == ("hits",)
    assert ab.do == (Op("roll_mod", -1, duration=Duration("until_lost", "headgear")),)
    sex = expand({"ops": [{"change_sex": True}], "next_combat": -5}, "curse")
    assert [a.do[0].name for a in sex.abilities] == ["change_sex", "combat_strength"]
    assert sex.abilities[1].do[0].duration == Duration("next_combat")
    assert expand({"persistent": True}, "curse").abilities[0].do[0] == Op("stays", True, duration=Duration("good"))


def test_one_shot_short_forms():
    lamp = expand({"discard_monster": True, "keep_treasure": True, "own_turn": True}, "one_shot")
    (ab,) = lamp.abilities
    assert ab.when == ("played",) and ab.who == Target("chosen_monster")
    assert ab.do == (Op("leave_combat", "keep_if_alone"),)
    assert ab.cond == All((Atom(False, "own_turn"), Atom(False, "in_combat")))
    parrot = expand({"discard_monster": True, "leave_treasure": True}, "one_shot").abilities[0]
    assert parrot.do == (Op("leave_combat", "keep"),) and parrot.who == Target("chosen_monster")
    (friend,) = expand({"end_combat": True, "loot_room": True}, "one_shot").abilities
    assert friend.do == (Op("end_combat", True, params=(("loot_room", True),)),)
    assert expand({"end_combat": True}, "one_shot").abilities[0].do == (Op("end_combat", True),)
    yuppie = expand({"bonus_per": {"if": "race:elf", "bonus": 2}}, "one_shot").abilities[0]
    assert yuppie.do[0].value == Per(2, Target("munchkins", Atom(False, "race", "elf")))
    glue = expand({"reroll_escape": True}, "one_shot").abilities[0]
    assert glue.from_hand and glue.may and glue.when == ("run_away_rolled",)
    assert expand({"side": "munchkin"}, "one_shot").abilities[0].who == Target("munchkin_side")
    assert expand({"end_combat": True, "draw_treasures": 2}, "special").abilities[0].do[1].get("count") == 2


def test_go_up_a_level_default_and_steal_a_level():
    gual = expand({}, "go_up_a_level")
    assert gual is EMPTY  # no effects at all: the core's default Level
    assert expand({"levels": 2}, "go_up_a_level").abilities[0].do == (Op("levels", 2),)
    steal = expand({"steal_level": True}, "special").abilities[0]
    assert steal.do == (Op("levels", -1, Target("chosen_other_player")), Op("levels", 1, Target("owner")))


def test_expansion_parts():
    k = expand({"dungeon": {"vs_tag": [{"tag": "ghost", "bonus": 3}],
                            "bonus_if": [{"if": "class:ghost hunters", "bonus": 3}],
                            "on_reveal": {"reshuffle_door_discards": True, "each_draws_door": True}}}, "dungeon")
    assert [a.when for a in k.abilities] == [("in_play",), ("in_play",), ("revealed",)]
    assert k.abilities[0].who == Target("munchkins", Atom(False, "class", "ghost hunters"))
    assert k.abilities[1].cond == About("any_monster", Atom(False, "tag", "ghost"))
    assert [o.name for o in k.abilities[2].do] == ["reshuffle", "draw"]
    portal = expand({"portal": {"discard_dungeons": True, "draw": {"1-3": 1, "4-6": 2}}}, "portal").abilities[0]
    assert portal.when == ("kicked", "played")
    assert portal.do[1].name == "roll" and [r for r, _ in portal.do[1].value] == [(1, 3), (4, 6)]
    room = expand({"room": {"on_exit": [{"lose_levels": 1}], "destroy": "N", "forced_move": "E",
                            "run_away_roll_required": True, "on_fail": [{"lose_levels": 2}]}}, "room_tile")
    assert [a.origin for a in room.abilities] == ["room.on_exit", "room.run_away_roll_required",
                                                  "room.destroy", "room.forced_move"]
    assert room.abilities[1].do[0].get("fail") == (Op("levels", -2),)
    ra = expand({"room_action": {"action_cost": 2, "give_action_tokens": {"max": 3}}}, "ship_room").abilities[0]
    assert ra.do[0].name == "room_action" and ra.do[0].value["action_cost"] == 2


def test_atoms_parse_like_the_engine_reads_them():
    assert parse_atom("Race:Elf") == Atom(False, "race", "elf")
    assert parse_atom("!race:human") == Atom(True, "human")
    assert parse_atom("class:priest") == Atom(False, "class", "cleric")
    assert parse_atom("level<=3") == Atom(False, "level", None, "<=", 3)
    assert parse_atom("class:ghost hunters").arg == "ghost hunters"
    for bad, part in [("race", "needs an argument"), ("level", "compares a number"),
                      ("gender:robot", "expected one of male, female"), ("human:x", "takes no argument"),
                      ("colour:red", "unknown condition atom"), ("race::", "bad name")]:
        with pytest.raises(ValueError, match=part):
            parse_atom(bad)


# --------------------------------------------------------------------------- the language


def test_a_dungeon_for_every_player_never_the_winning_level():
    eff = {"abilities": [{"when": "revealed", "who": "each_player", "do": [{"levels": 1}]}]}
    (ab,) = expand(eff, "dungeon").abilities
    assert ab.who == Target("each_player") and ab.do == (Op("levels", 1),)
    assert ab.do[0].get("winning", False) is False


def test_durations_default_from_the_trigger_and_the_ability():
    p = expand({"abilities": [
        {"when": "played", "who": "this_monster", "do": [{"grant_tag": "undead"}]},
        {"when": "hits", "for": "good", "do": [{"combat_strength": -2}, {"run_away": -1, "for": "next_combat"}]},
        {"when": "in_play", "who": "owner", "do": [{"run_away": 2}]}]})
    assert p.abilities[0].do[0].duration == Duration("this_combat")
    assert [o.duration for o in p.abilities[1].do] == [Duration("good"), Duration("next_combat")]
    assert p.abilities[2].do[0].duration == Duration("in_play") and p.statics == (p.abilities[2],)


def test_conditions_compose():
    ab = expand({"abilities": [{"when": "caught", "if": {"and": ["!race:elf", {"or": ["level>=5", {"fighter": "class:wizard"}]},
                                                                {"not": {"any_monster": "tag:undead"}}]},
                                "do": [{"levels": -1}]}]}).abilities[0]
    assert ab.cond == All((Atom(True, "race", "elf"),
                           AnyOf((Atom(False, "level", None, ">=", 5), About("fighter", Atom(False, "class", "wizard")))),
                           Not(About("any_monster", Atom(False, "tag", "undead")))))


BAD = [
    ({"portal": {"drw": 1}}, ("portal", "drw"), "did you mean 'draw'"),
    ({"bad_stuff": [{"lose_item": "hat"}]}, ("bad_stuff", 0, "lose_item"), "expected one of headgear"),
    ({"abilities": [{"when": "caught", "do": [{"levels": "two"}]}]}, ("abilities", 0, "do", 0, "levels"), "expected an amount"),
    ({"abilities": [{"when": "kiked", "do": [{"levels": 1}]}]}, ("abilities", 0, "when"), "did you mean 'kicked'"),
    ({"abilities": [{"when": "caught", "do": [{"lose_levels": 1, "for": "good"}]}]}, ("abilities", 0, "do", 0, "for"),
     "lose_levels happens at once"),
    ({"abilities": [{"when": "caught", "do": [{"combat_strength": -1}]}]}, ("abilities", 0, "do", 0),
     "say for how long"),
    ({"abilities": [{"when": "in_play", "do": [{"death": True}]}]}, ("abilities", 0, "do", 0), "cannot be continuous"),
    ({"abilities": [{"when": "in_play", "do": [{"run_away": 1, "for": "good"}]}]}, ("abilities", 0, "do", 0, "for"),
     "not allowed in a continuous ability"),
    ({"abilities": [{"when": "played", "who": "fighter", "do": [{"grant_tag": "undead", "who": "monsters"}, {"treasures": 1}]}]},
     ("abilities", 0, "do", 1), "treasures acts on monsters; the ability's target is a player"),
    ({"abilities": [{"when": "played", "who": "sideways", "do": [{"levels": 1}]}]}, ("abilities", 0, "who"), "unknown target"),
    ({"abilities": [{"when": "caught", "may": True, "cost": [{"discard": "hat"}], "do": [{"levels": 1}]}]},
     ("abilities", 0, "cost", 0, "discard"), "expected one of card"),
    ({"abilities": [{"when": "caught", "cost": [{"discard": "card"}], "do": [{"levels": 1}]}]},
     ("abilities", 0, "cost"), "automatic ability has nobody to pay"),
    ({"abilities": [{"when": "caught", "do": [{"levels": -1}], "otherwise": [{"levels": -2}]}]},
     ("abilities", 0, "otherwise"), "only with may: true"),
    ({"abilities": [{"when": "caught", "may": True, "do": []}]}, ("abilities", 0, "do"), "at least one op"),
    ({"abilities": [{"when": "caught", "may": True, "cost": [{"discard": "hand"}], "do": [], "otherwise": []}]},
     ("abilities", 0, "otherwise"), "at least one op"),
    ({"abilities": [{"when": "caught", "may": True, "do": [{"levels": -1}], "otherwise": [{"levels": "x"}]}]},
     ("abilities", 0, "otherwise", 0, "levels"), "expected"),
    ({"abilities": [{"when": "caught", "do": [{"destroy_rooms": "start"}]}]}, ("abilities", 0, "do", 0, "destroy_rooms"),
     "expected one of self"),
    ({"abilities": [{"when": "caught", "by": "owner", "do": [{"levels": 1}]}]}, ("abilities", 0, "by"), "only for when: use"),
    ({"abilities": [{"when": ["in_play", "caught"], "do": [{"run_away": 1}]}]}, ("abilities", 0, "when"), "cannot be combined"),
    ({"abilities": [{"when": "caught", "if": {"fighter": "race:elf", "helper": "race:elf"}, "do": [{"levels": 1}]}]},
     ("abilities", 0, "if"), "exactly one key"),
    ({"abilities": [{"when": "caught", "who": {"select": "monsters", "where": "race:elf"}, "do": [{"treasures": 1, "for": "good"}]}]},
     ("abilities", 0, "who", "where"), "tests a player, but the subject here is a monster"),
    ({"bad_stuff": [{"roll": {"1-2": [{"death": True}], "2-6": [{"levels": -1}]}}]}, ("bad_stuff", 0, "roll", "2-6"), "overlaps"),
    ({"abilities": [{"when": "kicked", "do": [{"draw": "treasure", "count": -3}]}]}, ("abilities", 0, "do", 0, "count"),
     "expected an amount >= 1"),
    ({"vehicle": {"speed": 3}}, ("vehicle", "speed"), "no Vehicle field is defined yet"),
    ({"escape_both": True}, ("escape_both",), "refines escape"),
    ({"room": {"on_fail": [{"lose_levels": 1}]}}, ("room", "on_fail"), "only with run_away_roll_required"),
    ({"room_action": {"min_players": 4, "max_players": 3}}, ("room_action", "min_players"), "above max_players"),
    ({"effects": 1}, ("effects",), "unknown effect key"),
    (["bad_stuff"], (), "expected a mapping"),
]


@pytest.mark.parametrize("doc,path,part", BAD, ids=[str(b[1]) for b in BAD])
def test_the_validator_names_the_exact_path(doc, path, part):
    probs = validate(doc)
    assert probs and all(isinstance(p, Problem) for p in probs)
    hits = [p for p in probs if p.path == path]
    assert hits, [str(p) for p in probs]
    assert any(part in p.message for p in hits), [str(p) for p in hits]
    with pytest.raises(EffectError) as exc:
        expand(doc)
    assert exc.value.problems and path in [p.path for p in exc.value.problems]


def test_problem_text_and_error_prefix():
    (p,) = validate({"bad_stuff": [{"lose_item": "hat"}]})
    assert str(p).startswith("bad_stuff[0].lose_item: expected one of")
    assert p.where == "bad_stuff[0].lose_item"
    with pytest.raises(EffectError, match=r"^sets/x.yaml:3: card 'Hat': bad_stuff\[0\]\.lose_item"):
        expand({"bad_stuff": [{"lose_item": "hat"}]}, where="sets/x.yaml:3: card 'Hat'")


def test_every_problem_is_reported_in_one_run():
    probs = validate({"colour": 1, "bonus_vs": [{"if": "race", "bonus": "x"}],
                      "abilities": [{"when": "kiked", "do": [{"lose_levels": 1, "for": "good"}]}]})
    assert {p.where for p in probs} == {"colour", "bonus_vs[0].if", "bonus_vs[0].bonus", "abilities[0].when",
                                        "abilities[0].do[0].for"}


# --------------------------------------------------------------------------- property tests

_SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))


@_SETTINGS
@given(st.one_of(effect_docs(), ability_docs()))
def test_random_documents_give_problems_never_exceptions(doc):
    probs = validate(doc)
    assert isinstance(probs, list) and all(isinstance(p, Problem) and isinstance(p.message, str) for p in probs)
    _prog, compiler = compile_problems(doc)
    try:
        expand(doc)
        ok = True
    except EffectError as exc:
        ok = False
        assert exc.problems
    assert ok == (not compiler) == (not probs)
    # the compiler is at least as strict as the schema the JSON Schema comes from
    only_schema = [p for p in schema_problems(doc) if not _covered(p.path, [q.path for q in compiler])]
    assert only_schema == []


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(effect_docs(), ability_docs()))
def test_valid_random_documents_round_trip_through_the_long_form(doc):
    if validate(doc, schema=False):
        return
    prog = expand(doc)
    again = expand(to_data(prog))
    assert tuple(dataclasses.replace(a, origin="") for a in again.abilities) == \
        tuple(dataclasses.replace(a, origin="") for a in prog.abilities)


@pytest.mark.parametrize("key", sorted(V.SHORT_SPECS))
def test_every_short_form_with_an_empty_or_zero_value_round_trips(key):
    """A short form given an empty list, an empty mapping, 0 or false either is refused by the
    validator or compiles to abilities whose long form compiles back to the same (``bonus_if:
    []`` once gave an ability with no op, which the long form refuses)."""
    for value in ([], {}, 0, False):
        doc = {key: value}
        if validate(doc, schema=False):
            continue
        prog = expand(doc)
        assert all(ab.do for ab in prog.abilities), (key, value)
        again = expand(to_data(prog))
        assert tuple(dataclasses.replace(a, origin="") for a in again.abilities) == \
            tuple(dataclasses.replace(a, origin="") for a in prog.abilities), (key, value)


# --------------------------------------------------------------------------- runtime form


def test_frozen_card_specs_validate_like_plain_data():
    from munchkin_lab.engine.cards import _freeze
    plain = {"bonus_vs": [{"if": "race:elf", "bonus": 4}], "bad_stuff": [{"lose_item": "footgear", "else": [{"lose_levels": 1}]}]}
    assert validate(_freeze(plain)) == []
    assert expand(_freeze(plain), "monster") == expand(plain, "monster")
    assert [p.where for p in validate(_freeze({"bad_stuff": [{"lose_item": "hat"}]}))] == ["bad_stuff[0].lose_item"]


def test_the_compiled_form_is_frozen_hashable_and_picklable():
    p = expand({"bonus_vs": [{"if": "race:elf", "bonus": 4}], "bad_stuff": [{"roll": {"1-2": [{"death": True}]}}],
                "room_action": {"action_cost": 2}})
    hash(p)
    assert pickle.loads(pickle.dumps(p)) == p
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.abilities[0].who = Target("owner")  # type: ignore[misc]
    assert p.ops("death") and p.ops("death")[0].name == "death"


def test_the_language_imports_no_pydantic_yaml_or_database():
    code = ("import sys, munchkin_lab.engine.lang as L; L.expand({'bad_stuff': [{'death': True}]});"
            "bad = [m for m in ('pydantic', 'yaml', 'sqlalchemy', 'sqlmodel', 'ipywidgets', 'pandas') "
            "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("doc, path, op", [
    ({"abilities": [{"when": "enters_combat", "do": {"combat_strength": 3}}]}, ("abilities", 0, "do"),
     "combat_strength: 3"),
    ({"abilities": [{"when": "caught", "do": {"lose_levels": 2, "who": "fighter"}}]}, ("abilities", 0, "do"),
     "lose_levels: 2"),
])
def test_one_op_written_as_a_mapping_is_told_how_to_make_it_a_list(doc, path, op):
    """A designer who writes ``do: {op: n}`` (a mapping) instead of a list of ops is shown both
    list spellings of that very op, at the key's path; anything else keeps the plain message."""
    _prog, problems = compile_problems(doc, kind="monster")
    assert [p.path for p in problems] == [path]
    msg = problems[0].message
    assert msg.startswith("expected a list of ops, got a mapping; one op written as a mapping")
    assert f"'- {op}' on its own line" in msg and f"[{{{op}}}]" in msg
    _prog, problems = compile_problems({"abilities": [{"when": "caught", "do": "lose_levels"}]}, kind="monster")
    assert [p.message for p in problems] == ["expected a list of ops, got a string"]


def test_short_form_op_list_written_as_a_mapping_is_told_the_list_form():
    from munchkin_lab.engine.effects import validate_effects

    assert validate_effects({"bad_stuff": {"lose_levels": 1}}) == [
        "bad_stuff: expected a list of ops; one op written as a mapping: make it a list of one op, "
        "'- lose_levels: 1' on its own line or [{lose_levels: 1}]"]
    assert validate_effects({"bad_stuff": {"nonsense": 1}}) == ["bad_stuff: expected a list of ops"]
