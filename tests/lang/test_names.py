"""The names an effect refers to (Races, Classes, tags, card names) must exist (issue 13:
"nothing ignored silently": ``if: class:wizzard`` could never fire and was accepted)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from munchkin_lab.engine.cards import CardSpec
from munchkin_lab.engine.lang import Names, parse_atom, validate
from munchkin_lab.engine.lang.names import shipped
from munchkin_lab.engine.tables import _lname, _parse_atom


def ability(cond, do=None, when="in_play"):
    return {"abilities": [{"when": when, "if": cond, "who": "owner", "do": do or [{"combat_strength": 1}]}]}


@pytest.mark.parametrize("cond,message", [
    ("class:wizzard", "abilities[0].if: unknown class 'wizzard' (did you mean 'Wizard'?)"),
    ("race:elff", "abilities[0].if: unknown race 'elff' (did you mean 'Elf'?)"),
    ("tag:ghots", "abilities[0].if: unknown tag 'ghots' (did you mean 'Ghost'?)"),
    ("!race:dwarff", "abilities[0].if: unknown race 'dwarff' (did you mean 'Dwarf'?)"),
    ({"fighter": "class:theif"}, "abilities[0].if.fighter: unknown class 'theif' (did you mean 'Thief'?)"),
    ({"or": ["race:elf", "has_item:swrod"]}, "abilities[0].if.or[1]: no item's name holds 'swrod' (did you mean 'sword'?)"),
    ("dungeon:k-ghoul mrt", "abilities[0].if: unknown Dungeon 'k-ghoul mrt' (did you mean 'K-Ghoul Mart'?)"),
])
def test_misspelt_names_in_conditions_are_errors_with_a_did_you_mean(cond, message):
    assert [str(p) for p in validate(ability(cond))] == [message]


def test_the_issue_cases_and_their_fixes():
    for bad, good in (("class:wizzard", "class:wizard"), ("race:elff", "race:elf"), ("tag:ghots", "tag:ghost")):
        assert validate(ability(bad)) and validate(ability(good)) == []
    # names are compared case-insensitively, as the engine matches them; Priest is the Cleric
    assert validate(ability("class:WIZARD")) == validate(ability("race:Elf")) == []
    assert validate(ability("class:priest")) == [] and validate(ability("race:human")) == []
    # with names=None nothing is looked up (the compiler's own checks stay)
    assert validate(ability("class:wizzard"), names=None) == []


def test_names_of_every_place_are_checked():
    cases = {
        "bonus_vs": ({"bonus_vs": [{"if": "race:dwarv", "bonus": 2}]}, "bonus_vs[0].if", "monster"),
        "not_pursue": ({"not_pursue": ["level<=3", "class:clerik"]}, "not_pursue[1]", "monster"),
        "tagged": ({"bad_stuff": [{"lose_item": "all_worn", "tagged": ["below the wiast"]}]},
                   "bad_stuff[0].tagged[0]", "monster"),
        "named": ({"bad_stuff": [{"lose_class": True, "named": ["wizzard"]}]}, "bad_stuff[0].named[0]", "monster"),
        "grant_tag": ({"abilities": [{"when": "played", "who": "this_monster", "do": [{"grant_tag": "undaed"}]}]},
                      "abilities[0].do[0].grant_tag", "monster_enhancer"),
        "cost": ({"abilities": [{"when": "use", "cost": [{"discard": "item", "named": ["potoin"]}], "do": [{"escape": True}]}]},
                 "abilities[0].cost[0].named[0]", "item"),
        "evade_discard": ({"evade_discard": ["sandwhich"]}, "evade_discard[0]", "monster"),
        "vs_tag": ({"dungeon": {"vs_tag": [{"tag": "ghots", "bonus": 1}]}}, "dungeon.vs_tag[0].tag", "dungeon"),
        "name": ({"abilities": [{"when": "enters_combat", "if": {"monster": "name:dargon"}, "do": [{"levels": 1}]}]},
                 "abilities[0].if.monster", "item"),
        "used": ({"abilities": [{"when": "combat_won", "if": "used:poton", "do": [{"levels": 1}]}]},
                 "abilities[0].if", "item"),
    }
    for what, (eff, where, kind) in cases.items():
        assert validate(eff, kind, names=None) == [], what
        probs = validate(eff, kind)
        assert [p.where for p in probs] == [where], (what, [str(p) for p in probs])
    # the names as printed are found
    assert validate({"bad_stuff": [{"lose_item": "all_worn", "tagged": ["below the waist"]},
                                   {"lose_class": True, "named": ["wizard"]}]}, "monster") == []
    assert validate({"extra_level_with": ["flaming", "napalm"], "evade_discard": ["sandwich"]}, "monster") == []
    # extra_level_with names a kind of weapon (Large Angry Chicken: fire or flame): a word no
    # card holds yet is kept for the cards a designer adds later
    assert validate({"extra_level_with": ["fire"]}, "monster") == []


def test_a_names_context_adds_the_cards_of_the_file_being_checked():
    gnome = {"bonus_vs": [{"if": "race:gnome", "bonus": 3}]}
    (p,) = validate(gnome, "monster")
    assert str(p).startswith("bonus_vs[0].if: unknown race 'gnome': no Race card has that name; known: ")
    assert "Elf" in str(p) and "Dwarf" in str(p)
    mine = shipped().merged([("Gnome", "race")], ["Lucky"])
    assert validate(gnome, "monster", names=mine) == []
    assert validate({"bonus_vs": [{"if": "race:gnom", "bonus": 3}]}, "monster", names=mine)[0].message == \
        "unknown race 'gnom' (did you mean 'Gnome'?)"
    lucky = {"abilities": [{"when": "use", "cost": [{"discard": "item", "tagged": ["lucky"]}], "do": [{"draw": "treasure"}]}]}
    assert validate(lucky, "item") and validate(lucky, "item", names=mine) == []
    # an empty context knows nothing
    assert validate(gnome, "monster", names=Names())[0].message == "unknown race 'gnome': no Race card has that name"


def test_a_name_read_as_another_is_refused_where_the_engine_compares_it_exactly():
    # lose_class named: compared with the card names (Priest is read as Cleric), so 'priest' never matches
    (p,) = validate({"bad_stuff": [{"lose_class": True, "named": ["priest"]}]}, "monster")
    assert p.message == "class 'priest' is the Cleric here: write 'cleric'"


# -- the check agrees with the engine: a name it accepts is one the engine can match

_NAME = st.text(alphabet="abcdeEL -", min_size=1, max_size=8).filter(lambda s: s.strip())


def _variant(name: str, data) -> str:
    """``name`` as a designer might write it: other case, spaces added around or inside."""
    out = "".join(ch.upper() if data.draw(st.booleans()) else ch for ch in name)
    return data.draw(st.sampled_from(["", " "])) + out.replace(" ", data.draw(st.sampled_from([" ", "  "]))) \
        + data.draw(st.sampled_from(["", " "]))


@settings(max_examples=400, deadline=None)
@given(cards=st.lists(_NAME, min_size=1, max_size=4), data=st.data(), kind=st.sampled_from(["race", "class"]))
def test_accepted_race_and_class_names_are_those_the_engine_matches(cards, data, kind):
    names = Names([(c, kind) for c in cards])
    written = data.draw(st.one_of(_NAME, st.sampled_from(cards).map(lambda c: _variant(c, data))))
    engine = {_lname(CardSpec.make(name=c, kind=kind, deck="door", set="t")) for c in cards}
    text = f"{kind}:{written}"
    try:
        atom = parse_atom(text)
    except ValueError:
        return
    if atom.name != kind:  # race:human
        return
    # the language's interpreter: a.arg in world.races(seat) (the cards' _lnames)
    problems = validate({"bonus_vs": [{"if": text, "bonus": 1}]}, "monster", names=names, schema=False)
    assert (problems == []) == (atom.arg in engine), (text, cards, problems)
    # an item's usable_by: Game.matches reads the atom with its own parse
    from munchkin_lab.cards.effect_schema import atom_name_problems
    _neg, typ, arg = _parse_atom(text)
    assert (atom_name_problems([text], names) == []) == (arg in engine), (text, cards)


def test_usable_by_names_are_checked_as_game_matches_reads_them():
    from munchkin_lab.cards.effect_schema import atom_name_problems
    assert atom_name_problems(["race:elf", "class:Wizard", "human", "gender:female", "!class:priest"]) == []
    assert atom_name_problems(["race:elff"]) == ["'race:elff': unknown race 'elff' (did you mean 'Elf'?)"]
    # Game.matches reads 'race: elf' as the race ' elf': it would never match
    assert atom_name_problems(["race: elf"]) == ["'race: elf': unknown race ' elf' (did you mean 'Elf'?)"]
    assert atom_name_problems(["tag:undead"])[0].startswith("'tag:undead': a tag: atom tests a monster")
