"""The card-file schema: strict types, bounds, expansion parts, JSON Schema, db check == db build."""
from __future__ import annotations

import functools
import json

import pytest

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build, load_files
from munchkin_lab.cards.effect_schema import effect_errors
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.engine.cards import FIELD_KINDS
from munchkin_lab.cards.files import BOUNDS, ScenarioCard, json_schema, json_schema_text

from test_cards_loader import HEADER, write_set


def problems(data_dir) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load_files(data_dir)
    return info.value.problems


def card(extra: str, kind: str = "monster", deck: str = "door") -> str:
    return f"  - name: Odd\n    kind: {kind}\n    deck: {deck}\n    source: x\n{extra}"


_card = card


@pytest.mark.parametrize("extra,expected", [
    ("    copies: true\n", "database/sets/gamma.yaml:11: card 'Odd': copies: expected a whole number, got true"),
    ("    bonus: '+3'\n", "database/sets/gamma.yaml:11: card 'Odd': bonus: expected a whole number, got '+3'"),
    ("    big: 'false'\n", "database/sets/gamma.yaml:11: card 'Odd': big: expected true or false, got 'false'"),
    ("    manual: 1\n", "database/sets/gamma.yaml:11: card 'Odd': manual: expected true or false, got 1"),
    ("    level: 2.5\n", "database/sets/gamma.yaml:11: card 'Odd': level: expected a whole number, got 2.5"),
    ("    gold: 1.0e+400\n", "database/sets/gamma.yaml:11: card 'Odd': gold: expected a whole number, got .inf"),
    ("    summary: 42\n", "database/sets/gamma.yaml:11: card 'Odd': summary: expected text, got 42"),
    ("    tags: Undead\n", "database/sets/gamma.yaml:11: card 'Odd': tags: expected a list, got 'Undead'"),
])
def test_strict_types_name_file_line_card_and_field(data_copy, extra, expected):
    write_set(data_copy, card(extra))
    assert problems(data_copy) == [expected]


@pytest.mark.parametrize("field", sorted(set(BOUNDS) - {"printed_cards"}))
def test_every_number_has_a_range(data_copy, field):
    lo, hi = BOUNDS[field]
    kind = FIELD_KINDS.get(field, ("monster",))[0]  # a kind that reads the field
    card = functools.partial(_card, kind=kind, deck="treasure" if kind == "item" else "door")
    write_set(data_copy, card(f"    {field}: {hi + 1}\n"))
    (p,) = problems(data_copy)
    assert p.endswith(f"card 'Odd': {field}: must be <= {hi}, got {hi + 1} (allowed: {lo}..{hi})")
    write_set(data_copy, card(f"    {field}: {lo - 1}\n"))
    (p,) = problems(data_copy)
    assert p.endswith(f"card 'Odd': {field}: must be >= {lo}, got {lo - 1} (allowed: {lo}..{hi})")
    write_set(data_copy, card(f"    {field}: {hi}\n"))
    assert any(c.card.name == "Odd" for c in load_files(data_copy).cards)


def test_huge_numbers_are_refused_by_check_and_build_alike(data_copy, tmp_path):
    write_set(data_copy, card("    level: 99999999999999999999999\n"))
    expected = ["database/sets/gamma.yaml:11: card 'Odd': level: must be <= 100, got 99999999999999999999999 "
                "(allowed: 0..100)"]
    assert problems(data_copy) == expected
    url = f"sqlite:///{tmp_path / 'x.sqlite'}"
    with pytest.raises(CardDataError) as info:
        build(url, data_copy)
    assert info.value.problems == expected
    assert not (tmp_path / "x.sqlite").exists()


def test_texts_names_and_atoms(data_copy):
    write_set(data_copy, card('    summary: "two\\nlines are fine"\n    usable_by: [class:cleric, "rase:dwarf"]\n'))
    (p,) = problems(data_copy)
    assert p == "database/sets/gamma.yaml:12: card 'Odd': usable_by: bad condition atom 'rase:dwarf' " \
                "(e.g. race:elf, class:wizard, gender:female, human)"
    write_set(data_copy, '  - name: "Two\\nLines"\n    kind: curse\n    deck: door\n    source: x\n')
    (p,) = problems(data_copy)
    assert "name: a line break is not allowed (one line of text)" in p


@pytest.mark.parametrize("effects,path,message", [
    ("{portal: {drw: 1}}", "effects.portal.drw", "unknown key of portal (did you mean 'draw'?)"),
    ("{dungeon: {vehicle_bonus: '3'}}", "effects.dungeon.vehicle_bonus", "expected an integer, got a string '3'"),
    ("{dungeon: {bonus_if: [{if: 'clas:x', bonus: 3}]}}", "effects.dungeon.bonus_if[0].if", "unknown condition atom"),
    ("{room: {forced_move: up}}", "effects.room.forced_move", "expected one of N, E, S, W, got 'up'"),
    ("{room: {on_entry: [{lose_levels: -2}]}}", "effects.room.on_entry[0].lose_levels", "expected an integer >= 0"),
    ("{room_action: {action_cost: 99999}}", "effects.room_action.action_cost",
     "expected an integer >= 1 and <= 10000, got 99999"),
    ("{fairy_dust: {fairy: 'yes'}}", "effects.fairy_dust.fairy", "expected true or false, got 'yes'"),
    ("{vehicle: {speed: 3}}", "effects.vehicle.speed", "no Vehicle field is defined yet"),
    ("{bad_stuff: [{lose_item: hat}]}", "effects.bad_stuff[0].lose_item", "expected one of"),
    ("{run_away: 1000000000}", "effects.run_away", "expected an integer >= -10000 and <= 10000, got 1000000000"),
    ("{flying: true}", "effects.flying", "unknown effect key"),
    ("{bonus_vs: [{if: class:cleric, bonus: 2.5}]}", "effects.bonus_vs[0].bonus", "expected a whole number, got 2.5"),
])
def test_effect_parts_are_strict(data_copy, effects, path, message):
    part = path.split(".")[1]  # each expansion part on a card of the kind that reads it
    kind, deck = {"portal": ("portal", "door"), "dungeon": ("dungeon", "dungeon"), "room": ("room_tile", "room_tile"),
                  "room_action": ("ship_room", "ship_room")}.get(part, ("monster", "door"))
    write_set(data_copy, card(f"    effects: {effects}\n", kind=kind, deck=deck))
    (p,) = problems(data_copy)
    assert p.startswith("database/sets/gamma.yaml:") and f"card 'Odd': {path}: " in p and message in p, p


def test_effect_line_is_the_offending_key(data_copy):
    write_set(data_copy, card("    effects:\n      dungeon:\n        bonus_if: []\n        vs_tag:\n"
                              "          - {tag: ghost, bonus: 3, colour: red}\n", kind="dungeon", deck="dungeon"))
    (p,) = problems(data_copy)
    assert p.startswith("database/sets/gamma.yaml:15: card 'Odd': effects.dungeon.vs_tag[0].colour: unknown key")


def test_every_problem_of_a_file_in_one_run(data_copy):
    write_set(data_copy, card("    copies: true\n    effects: {portal: {drw: 1}}\n    level: -1\n", kind="portal"))
    got = problems(data_copy)
    assert len(got) == 3 and {p.split(": ", 2)[2].split(":")[0] for p in got} == {"copies", "effects.portal.drw", "level"}


def test_shipped_effects_pass_the_strict_parts():
    data = load_files()
    parts = [c for c in data.cards if set(c.card.effects) & {"dungeon", "portal", "room", "room_action"}]
    assert len(parts) >= 15
    assert all(effect_errors(c.card.effects, c.card.kind, runnable=True) == [] for c in data.cards)


def test_abilities_are_card_file_syntax_and_run(data_copy):
    """The effect language's ``abilities`` are card-file syntax in set files and scenario cards
    alike (the engine runs them, ``engine/abilities.py``); a malformed ability is still an error
    naming the card and the key."""
    from munchkin_lab.cards.files import CardFile

    eff = {"abilities": [{"when": "in_play", "who": "owner", "do": [{"run_away": 2}]}]}
    assert CardFile.model_validate({"name": "Shoes", "kind": "item", "deck": "treasure", "source": "x",
                                    "effects": eff}).effects == eff
    sp = ScenarioCard.model_validate({"name": "Shoes", "kind": "item", "deck": "treasure", "effects": eff}).spec()
    assert sp.effects["abilities"][0]["do"][0] == {"run_away": 2}  # frozen (tuples) in the spec
    with pytest.raises(ValueError, match=r"effects.abilities.0.do.0.run_awy"):
        ScenarioCard.model_validate({"name": "Shoes", "kind": "item", "deck": "treasure",
                                     "effects": {"abilities": [{"when": "in_play", "do": [{"run_awy": 2}]}]}})
    write_set(data_copy, card("    effects: {abilities: [{when: in_play, who: owner, do: [{run_away: 2}]}]}\n",
                              kind="item", deck="treasure"))
    assert [c.card.name for c in load_files(data_copy).cards if c.card.name == "Odd"] == ["Odd"]
    write_set(data_copy, card("    effects: {abilities: [{when: in_plya, who: owner, do: [{run_away: 2}]}]}\n",
                              kind="item", deck="treasure"))
    (p,) = problems(data_copy)
    assert "card 'Odd': effects.abilities[0].when" in p and "in_plya" in p


def test_scenario_card_schema():
    sp = ScenarioCard.model_validate({"name": "Goblin", "kind": "monster", "deck": "door", "level": 1}).spec()
    assert (sp.key, sp.set, sp.level) == ("scenario:Goblin", "scenario", 1)
    with pytest.raises(ValueError, match="portal.drw"):
        ScenarioCard.model_validate({"name": "P", "kind": "portal", "deck": "door", "effects": {"portal": {"drw": 1}}})
    with pytest.raises(ValueError, match="level"):
        ScenarioCard.model_validate({"name": "G", "kind": "monster", "deck": "door", "level": True})


def test_json_schema_file_is_current_and_validates_the_shipped_files():
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    path = config.DATABASE_DIR / "cards.schema.json"
    assert path.read_text(encoding="utf-8") == json_schema_text(), "run `munchkin-lab db schema` to refresh it"
    from referencing import Registry, Resource

    effects = json.loads((config.DATABASE_DIR / "effects.schema.json").read_text(encoding="utf-8"))
    registry = Registry().with_resource(effects["$id"], Resource.from_contents(effects))
    validator = jsonschema.Draft202012Validator(json_schema(), registry=registry)
    for f in sorted((config.DATABASE_DIR / "sets").glob("*.yaml")):
        assert list(validator.iter_errors(yaml.safe_load(f.read_text(encoding="utf-8")))) == [], f.name
    bad = yaml.safe_load(HEADER + card("    copies: true\n    bonus: '+3'\n    effects: {portal: {drw: 1}}\n"))
    paths = sorted(".".join(map(str, e.path)) for e in validator.iter_errors(bad))
    assert paths == ["cards.0.bonus", "cards.0.copies", "cards.0.effects"]
    schema = json.loads(path.read_text())
    assert schema["$defs"]["CardFile"]["properties"]["level"]["anyOf"][0]["maximum"] == BOUNDS["level"][1]


def test_csv_import_uses_the_same_schema(tmp_path, data_copy):
    url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    build(url, data_copy)
    csv_path = tmp_path / "cards.csv"
    api.export_csv(csv_path, url=url)
    text = csv_path.read_text(encoding="utf-8").splitlines()
    head = text[0].split(",")
    row = text[1].split(",")
    row[head.index("level")] = "999"
    csv_path.write_text("\n".join([text[0], ",".join(row)] + text[2:]) + "\n", encoding="utf-8")
    before = api.cards("", url=url)
    with pytest.raises(CardDataError, match=r"level: must be <= 100, got 999"):
        api.import_csv(csv_path, url=url)
    assert api.cards("", url=url).equals(before)
    config.dispose_engine(url)
