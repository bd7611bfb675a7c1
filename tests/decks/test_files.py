"""Deck files on an inline catalog: grammar, round trips, every bad-input case."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_lab.decks import Deck, DeckError, DeckFileError, parse_text, parse_yaml, read_deck, write_deck

TEXT = """\
# a hand-written deck
name: Spooky mix
description: base bits + Scooby-Doo Dungeons + Fairy Dust
modules: +rooms, -solar_storm
options: faster_play, piles_per_set

3 Potted Plant [munchkin]     # three plants
2x Elf [munchkin]
[scooby_doo]
1 Snow Ghost
  1 Ghost Clown @door_top
1 K-Ghoul Mart
1 Creepy Cemetery Entrance
1 Wandering Monster
[fairy_dust]
*
1 Boots of Butt-Kicking [munchkin]
"""


def test_parse_text_reads_everything(catalog):
    d = parse_text(TEXT, catalog=catalog)
    assert d.name == "Spooky mix"
    assert d.description == "base bits + Scooby-Doo Dungeons + Fairy Dust"
    assert d.module_overrides == {"rooms": True, "solar_storm": False}
    assert d.options == {"faster_play": True, "shared_victory": False, "piles_per_set": True}
    assert d.copies("munchkin:Potted Plant") == 3
    assert d.copies("munchkin:Elf") == 2
    assert d.copies("scooby_doo:Wandering Monster") == 1  # the section picks the set
    assert d.entries["scooby_doo:Ghost Clown"].pile == "door_top"
    assert d.copies("fairy_dust:Pixie Sparkle") == 1 and d.copies("fairy_dust:Sparkly Good Fairy") == 1
    assert d.copies("munchkin:Boots of Butt-Kicking") == 1
    assert d.modules == ("fairy_dust", "dungeons", "rooms")
    assert d.size == 3 + 2 + 5 + 2 + 1


def test_text_and_yaml_round_trip_exactly(catalog, tmp_path):
    d = parse_text(TEXT, catalog=catalog)
    text = d.to_text()
    again = parse_text(text, catalog=catalog)
    assert again == d and again.to_text() == text
    y = d.to_yaml()
    back = parse_yaml(y, catalog=catalog)
    assert back == d and back.to_yaml() == y
    for fname in ("deck.txt", "deck.yaml"):
        write_deck(d, tmp_path / fname)
        assert read_deck(tmp_path / fname, catalog=catalog) == d


def test_aliases_and_whole_set_and_default_name(catalog, tmp_path):
    p = tmp_path / "my_deck.txt"
    p.write_text("1 Net Troll\n1 doniczkowa roślina\n* [solar_storm]\n", encoding="utf-8")
    d = read_deck(p, catalog=catalog)
    assert d.name == "my_deck"
    assert d.copies("munchkin:Forum Troll") == 1 and d.copies("munchkin:Potted Plant") == 1
    assert d.size == 2 + 17


def test_unknown_and_ambiguous_names_listed_with_lines(catalog):
    text = "name: x\n1 Poted Plant\n2 Wandering Monster\n3 Snow Gost [scooby_doo]\n1 Elf\n"
    with pytest.raises(DeckFileError) as e:
        parse_text(text, catalog=catalog)
    probs = {p.line: p for p in e.value.problems}
    assert sorted(probs) == [2, 3, 4]
    assert "Potted Plant [munchkin]" in probs[2].suggestions
    assert set(probs[3].suggestions) == {"Wandering Monster [munchkin]", "Wandering Monster [scooby_doo]"}
    assert probs[4].suggestions[0] == "Snow Ghost [scooby_doo]"
    assert "line 2" in str(e.value) and "line 4" in str(e.value)


@pytest.mark.parametrize("count,fragment", [("0", "at least 1"), ("-2", "at least 1"), ("three", "a card line is COUNT NAME"),
                                            ("1.5", "whole number")])
def test_bad_counts_name_the_line(catalog, count, fragment):
    with pytest.raises(DeckFileError) as e:
        parse_text(f"name: x\n1 Elf\n{count} Potted Plant\n", catalog=catalog)
    assert [p.line for p in e.value.problems] == [3]
    assert fragment in e.value.problems[0].message


@pytest.mark.parametrize("text,line,fragment", [
    ("name: x\n1 Elf\n[nosuch]\n1 Elf\n", 3, "unknown set"),
    ("name: x\n1 Elf\nname: y\n", 3, "header after the cards"),
    ("name: x\nmodules: +space\n", 2, "unknown module"),
    ("name: x\noptions: slow_play\n", 2, "unknown option"),
    ("name: x\n3\n", 2, "a card line is COUNT NAME (e.g. `2 Potted Plant`); got '3'"),
    ("name: x\n1 Elf [munchkin\n", 2, "unexpected"),
    ("name: x\n1 Elf @Top!\n", 2, "unexpected"),
    ("1 Elf\n", None, "needs a name"),
    ("name: x\n1 Elf @a\n1 Elf @b\n", 3, "another pile"),
])
def test_bad_lines(catalog, text, line, fragment):
    with pytest.raises(DeckFileError) as e:
        parse_text(text, catalog=catalog)
    assert e.value.problems[0].line == line
    assert fragment in str(e.value)


def test_not_text_files(catalog, tmp_path):
    b = tmp_path / "deck.txt"
    b.write_bytes(b"name: x\n1 Elf\n\x00\x01\x02binary")
    with pytest.raises(DeckFileError) as e:
        read_deck(b, catalog=catalog)
    assert e.value.problems[0].line == 3 and "not a text file" in str(e.value)
    b.write_bytes(b"name: x\n1 Elf\n1 \xff\xfe Plant\n")
    with pytest.raises(DeckFileError) as e:
        read_deck(b, catalog=catalog)
    assert e.value.problems[0].line == 3 and "UTF-8" in str(e.value)
    with pytest.raises(DeckFileError, match="cannot read"):
        read_deck(tmp_path / "missing.txt", catalog=catalog)


def test_yaml_errors_have_lines(catalog):
    bad = "name: x\ncards:\n  - {name: Elf, set: munchkin, copies: 0}\n  - {name: Eff, copies: 1}\n  - {name: Elf, copies: two}\n"
    with pytest.raises(DeckFileError) as e:
        parse_yaml(bad, catalog=catalog)
    assert [p.line for p in e.value.problems] == [3, 4, 5]
    assert "Elf [munchkin]" in e.value.problems[1].suggestions
    with pytest.raises(DeckFileError) as e:
        parse_yaml("name: x\ncards: [\n", catalog=catalog)
    assert "malformed YAML" in str(e.value)
    with pytest.raises(DeckFileError, match="unknown key"):
        parse_yaml("name: x\ncard: []\n", catalog=catalog)


def test_text_export_refuses_what_it_cannot_hold(catalog):
    d = Deck("x", "has # inside", catalog=catalog)
    with pytest.raises(DeckError, match="YAML"):
        d.to_text()
    assert parse_yaml(d.to_yaml(), catalog=catalog) == d


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from(list("name:[]#@*+-,0123456789 xElfPotedPlan\n\t\r")), max_size=60))
def test_parser_never_raises_anything_else(catalog, text):
    try:
        d = parse_text(text, catalog=catalog, name="fallback")
    except DeckFileError as exc:
        assert all(p.line is None or p.line >= 1 for p in exc.problems)
    else:
        assert isinstance(d, Deck)


# --------------------------------------------------------------------------- bounds and safety


def test_huge_copies_are_refused_with_the_line(catalog):
    with pytest.raises(DeckFileError) as e:
        parse_text("name: x\n99999999999999999999 Elf\n2 Potted Plant\n", catalog=catalog)
    assert [str(p) for p in e.value.problems] == ["line 2: copies must be at most 100, got 99999999999999999999"]
    with pytest.raises(DeckFileError) as e:
        parse_text("name: x\n60 Elf\n60 Elf\n", catalog=catalog)  # adds up
    assert [str(p) for p in e.value.problems] == ["Elf [munchkin]: 120 copies in all; at most 100 copies of a card"]
    lines = "".join(f"100 {n}\n" for n in ("Elf", "Warrior", "Potted Plant", "Magic Missile", "Mr. Bones", "King Tut"))
    many = "name: x\n" + "".join(f"[{s}]\n" for s in ()) + lines * 1
    assert parse_text(many, catalog=catalog).size == 600


def test_yaml_values_are_type_checked(catalog):
    bad = ("name: x\nmodules: {dungeons: 'false'}\noptions: {faster_play: 1}\ncards:\n"
           "  - {name: Elf, copies: true}\n  - {name: Elf, pile: 3}\n  - {name: 7}\n"
           "  - {name: Warrior, copies: 1000000000000}\n  - {name: Potted Plant, copies: 2}\n")
    with pytest.raises(DeckFileError) as e:
        parse_yaml(bad, catalog=catalog)
    assert [str(p) for p in e.value.problems] == [
        "line 2: modules.dungeons: expected true or false, got 'false'",
        "line 3: options.faster_play: expected true or false, got 1",
        "line 5: cards[0].copies: expected a whole number, got true",
        "line 6: cards[1].pile: expected text, got 3",
        "line 7: cards[2].name: expected text, got 7",
        "line 8: cards[3].copies: must be at most 100, got 1000000000000",
    ]


@pytest.mark.parametrize("text,fragment", [
    ("name: x\ncards: &a [*a]\n", "line 2: an anchor (&a) is not allowed"),
    ("name: x\ncards: *a\n", "line 2: an alias (*a) is not allowed"),
    ("name: x\nname: y\n", "line 2: malformed YAML: duplicate key 'name'"),
    ("name: x\ncards: " + "[" * 60 + "]" * 60 + "\n", "nested deeper than 40 levels"),
    ("name: \"x\\x01\"\n", "control character U+0001 in the value"),
])
def test_yaml_decks_are_read_safely(catalog, text, fragment):
    with pytest.raises(DeckFileError) as e:
        parse_yaml(text, catalog=catalog)
    assert fragment in str(e.value)


def test_billion_laughs_gives_a_short_message(catalog, tmp_path):
    bomb = "a: &a [1,1,1,1,1,1,1,1,1]\n" + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
    f = tmp_path / "bomb.yaml"
    f.write_text(bomb)
    with pytest.raises(DeckFileError) as e:
        read_deck(f, catalog=catalog)
    assert len(str(e.value)) < 400 and "anchor (&a)" in str(e.value)


def test_text_deck_control_characters_and_size(catalog, tmp_path):
    with pytest.raises(DeckFileError) as e:
        parse_text("name: x\n1 El\x07f\n", catalog=catalog)
    assert [str(p) for p in e.value.problems] == ["line 2: control character U+0007 at column 5 is not allowed (remove it)"]
    big = tmp_path / "big.txt"
    big.write_text("# " + "x" * (1024 * 1024 + 10) + "\n")
    with pytest.raises(DeckFileError, match="too large"):
        read_deck(big, catalog=catalog)


def test_names_match_without_diacritics(catalog):
    d = parse_text("name: x\n2 Doniczkowa Roslina\n1 DONICZKOWA ROŚLINA\n", catalog=catalog)
    assert d.copies("munchkin:Potted Plant") == 3
    assert [s.key for s in catalog.matches("doniczkowa roslina")] == ["munchkin:Potted Plant"]


# --------------------------------------------------------------------------- properties

_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-2**80, max_value=2**80),
                     st.floats(), st.text(max_size=10),
                     st.sampled_from(["Elf", "Potted Plant", "munchkin", "door_top", "false", "3", "\x07"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                         st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                       max_leaves=10)
_card = st.dictionaries(st.sampled_from(["name", "set", "copies", "pile", "colour"]), _values, max_size=4)
_deck = st.fixed_dictionaries({}, optional={"name": _values, "description": _values, "modules": _values,
                                            "options": _values, "cards": st.lists(_card, max_size=4),
                                            "extra": _values})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.one_of(_deck, _values))
def test_any_yaml_deck_is_a_deck_or_a_deck_file_error(catalog, doc):
    import yaml

    try:
        text = yaml.safe_dump(doc, allow_unicode=True)
    except yaml.YAMLError:
        return
    try:
        d = parse_yaml(text, catalog=catalog, name="fallback")
    except DeckFileError as exc:
        assert exc.problems and "Traceback" not in str(exc)
        return
    assert 0 <= d.size <= 5000


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(copies=st.one_of(st.integers(), st.integers(min_value=-2**70, max_value=2**70), st.integers(-3, 130)),
       form=st.sampled_from(["text", "yaml"]))
def test_copies_are_accepted_exactly_from_1_to_100(catalog, copies, form):
    text = (f"name: x\n{copies} Elf\n" if form == "text"
            else f"name: x\ncards:\n  - {{name: Elf, copies: {copies}}}\n")
    if 1 <= copies <= 100:
        parse = parse_text if form == "text" else parse_yaml
        assert parse(text, catalog=catalog).copies("munchkin:Elf") == copies
    else:
        with pytest.raises(DeckFileError) as e:
            (parse_text if form == "text" else parse_yaml)(text, catalog=catalog)
        assert len(e.value.problems) == 1 and e.value.problems[0].line == (2 if form == "text" else 3)
        assert "copies" in str(e.value.problems[0])


def test_the_same_cards_in_another_order_make_the_same_game(catalog):
    """A deck's cards go to the game in catalog order (Deck.specs), whatever order the file
    lists them in: the database lists a saved deck's entries in that order, so a deck file and
    the same deck saved and loaded play the same game for a seed (before, a deck imported from
    a file and that file gave different games, and ``compare`` a false difference)."""
    from munchkin_lab.engine import Game

    one = parse_text("name: one\n[munchkin]\n3 Potted Plant\n2 Elf\n1 Boots of Butt-Kicking\n1 Huge Rock\n"
                     "[scooby_doo]\n1 Snow Ghost\n1 Ghost Clown\n", catalog=catalog)
    two = parse_text("name: two\n[scooby_doo]\n1 Ghost Clown\n1 Snow Ghost\n[munchkin]\n1 Huge Rock\n"
                     "1 Boots of Butt-Kicking\n2 Elf\n3 Potted Plant\n", catalog=catalog)
    assert list(one.entries) != list(two.entries)
    assert [(s.key, n) for s, n in one.specs()] == [(s.key, n) for s, n in two.specs()]
    assert [s.key for s, _ in one.specs()][:2] == ["munchkin:Potted Plant", "munchkin:Elf"]
    games = [Game.new(players=3, deck=d.specs(), seed=5) for d in (one, two)]
    assert games[0].state_dict() == games[1].state_dict()


ODD_NAMES = ["Sword #2", "Rusty Blade [Cursed]", "Mail @home", '"Quoted" Beast', "It's #1", ' Padded ',
             "'Tis the Ghoul"]


def test_card_names_with_marks_round_trip_through_the_text_format(catalog):
    """A card name holding ``#``, ``[...]``, ``@``, a leading quote or outer spaces is written
    quoted (``1 "Sword #2"``, as ``deck add '"King Tut"'`` takes a name; ``'...'`` when the name
    holds ``"``) and read back to the same deck; a name that needs none stays as it was."""
    from munchkin_lab.decks import Catalog, Entry
    from munchkin_lab.decks.files import to_text
    from munchkin_lab.engine.cards import CardSpec

    extra = [(CardSpec.make(set="my_fan", name=n, kind="item", deck="treasure", bonus=1), 1) for n in ODD_NAMES]
    cat = Catalog(list(catalog.cards) + extra)
    d = Deck("Odd", catalog=cat)
    for i, n in enumerate(ODD_NAMES, 1):
        d.entries[f"my_fan:{n}"] = Entry(f"my_fan:{n}", i)
    d.add("Potted Plant", set="munchkin", copies=2)
    text = to_text(d)
    assert '1 "Sword #2"\n' in text and '2 "Rusty Blade [Cursed]"\n' in text and '3 "Mail @home"\n' in text
    assert "4 '\"Quoted\" Beast'\n" in text and '5 "It\'s #1"\n' in text and '6 " Padded "\n' in text
    assert '7 "\'Tis the Ghoul"\n' in text and "2 Potted Plant\n" in text
    back = parse_text(text, catalog=cat)
    assert back == d and to_text(back) == text
    # hand-written: quotes with a set, a pile and a comment after them; old unquoted lines as before
    hand = parse_text('name: H\n2 "Sword #2" [my_fan] @door_top # sharp\n1 \'Rusty Blade [Cursed]\'[my_fan]\n'
                      '1 "Potted Plant" [munchkin]\n1 Elf [munchkin]\n', catalog=cat)
    assert hand.copies("my_fan:Sword #2") == 2 and hand.entries["my_fan:Sword #2"].pile == "door_top"
    assert hand.copies("my_fan:Rusty Blade [Cursed]") == 1
    assert hand.copies("munchkin:Potted Plant") == 1 and hand.copies("munchkin:Elf") == 1


def test_a_name_holding_both_quotes_and_a_mark_still_asks_for_yaml(catalog):
    from munchkin_lab.decks import Catalog, Entry
    from munchkin_lab.decks.files import to_text
    from munchkin_lab.engine.cards import CardSpec

    name = "\"Big\" Bob's #1"
    cat = Catalog(list(catalog.cards) + [(CardSpec.make(set="my_fan", name=name, kind="item", deck="treasure"), 1)])
    d = parse_text("name: x\n1 Elf [munchkin]\n", catalog=cat)
    d.entries[f"my_fan:{name}"] = Entry(f"my_fan:{name}", 1)
    with pytest.raises(DeckError, match="cannot be written in the text format; use YAML"):
        to_text(d)


def test_an_unknown_set_is_told_once_with_the_way_to_get_it(catalog):
    """A deck of a designer set this database lacks: one problem naming the set and its lines,
    and how to bring it (set import, deck bundle), not one per line."""
    text = "name: swamp\n3 Swamp Lich [my_fan]\n2 Bog Rat [my_fan]\n1 Elf\n4 Mire Hag [my_fan]\n"
    with pytest.raises(DeckFileError) as e:
        parse_text(text, catalog=catalog)
    assert len(e.value.problems) == 1
    p = e.value.problems[0]
    assert p.line == 2 and p.message.startswith("unknown set [my_fan] (lines 2, 3, 5): not in this database; ")
    assert "`munchkin-lab set import FILE.yaml`" in p.message and "`munchkin-lab deck bundle`" in p.message
    yml = ("name: swamp\ncards:\n- {name: Swamp Lich, set: my_fan, copies: 3}\n- {name: Bog Rat, set: my_fan}\n"
           "- {name: Reed Imp, set: other_fan}\n")
    with pytest.raises(DeckFileError) as e:
        parse_yaml(yml, catalog=catalog)
    assert [str(p).split(":")[0] for p in e.value.problems] == ["line 3"]
    assert "unknown sets 'my_fan' (lines 3, 4), 'other_fan' (line 5): not in this database" in str(e.value)


def test_a_card_csv_given_as_a_deck_says_so(catalog):
    text = ("set,name,kind,deck,copies,level,treasures,levels_gained,bonus,slot,big,gold,version,tags\n"
            'munchkin,Potted Plant,monster,door,1,1,1,1,,,false,,,"[]"\n')
    with pytest.raises(DeckFileError) as e:
        parse_text(text, catalog=catalog)
    assert len(e.value.problems) == 1 and e.value.problems[0].line == 1
    assert "this looks like a card CSV (as `munchkin-lab db export` writes it), not a deck file: cards come in " \
           "with `munchkin-lab db import FILE`" in str(e.value)


def test_yaml_leaves_out_an_empty_modules_mapping(catalog, real_url):
    """A deck whose modules come from its cards has no module override: its YAML has no
    ``modules: {}`` line and still reads back as the same deck; an override is written."""
    import yaml
    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    d = Deck("Spooky", catalog=catalog)
    d.add("K-Ghoul Mart")
    d.add("Sparkly Good Fairy")
    assert d.modules == ("fairy_dust", "dungeons") and not d.module_overrides
    y = d.to_yaml()
    assert "modules" not in yaml.safe_load(y) and "modules:" not in y
    assert parse_yaml(y, catalog=catalog) == d
    d.set_module("rooms", True)
    y = d.to_yaml()
    assert yaml.safe_load(y)["modules"] == {"rooms": True} and parse_yaml(y, catalog=catalog) == d
    res = CliRunner().invoke(app, ["deck", "show", "preset:base_fairy_dust", "--format", "yaml", "--url", real_url])
    assert res.exit_code == 0, res.output
    assert "modules:" not in res.stdout and yaml.safe_load(res.stdout)["name"]
