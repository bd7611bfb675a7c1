"""Loader validation on small fixture files: every bad-input case, derived tags, atomicity."""
from __future__ import annotations

import textwrap

import pytest

from munchkin_lab.cards import api
from munchkin_lab.cards.build import build, load_files
from munchkin_lab.cards.errors import CardDataError

from cardtest_helpers import BACKENDS, MINI

HEADER = """\
set:
  code: gamma
  name: Gamma
  family: munchkin
  kind: fan
cards:
"""


def write_set(data_dir, body: str, name: str = "gamma.yaml") -> None:
    (data_dir / "sets" / name).write_text(HEADER + textwrap.dedent(body), encoding="utf-8")


def problems(data_dir) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load_files(data_dir)
    assert isinstance(info.value, ValueError)
    return info.value.problems


def test_fixture_loads_with_derived_tags():
    data = load_files(MINI)
    by = {(c.set_code, c.card.name): c for c in data.cards}
    assert by[("alpha", "Heavy Cart")].derived == ["Big", "Vehicle"]
    assert by[("alpha", "Potion")].derived == ["One-Shot"]
    assert by[("beta", "Engine Room V2")].derived == ["V2"]
    assert by[("beta", "Sheet Phantom")].tags == ["Ghost", "Undead", "Pirate"]  # case-insensitive tags
    assert by[("alpha", "Grave Lord")].card.aliases[1].language == "pl"


def test_malformed_yaml(data_copy):
    (data_copy / "sets" / "gamma.yaml").write_text(HEADER + "  - name: X\n    kind: [monster\n", encoding="utf-8")
    (p,) = problems(data_copy)
    assert p.startswith("database/sets/gamma.yaml:") and "malformed YAML" in p


def test_duplicate_yaml_key(data_copy):
    write_set(data_copy, """\
      - name: Twice
        kind: curse
        kind: curse
        deck: door
        source: x
    """)
    assert problems(data_copy) == ["database/sets/gamma.yaml:9: malformed YAML: duplicate key 'kind'"]


def test_unknown_field(data_copy):
    write_set(data_copy, """\
      - name: Odd Monster
        kind: monster
        deck: door
        colour: green
        source: x
    """)
    assert problems(data_copy) == ["database/sets/gamma.yaml:10: card 'Odd Monster': colour: unknown field"]


def test_undeclared_tag(data_copy):
    write_set(data_copy, """\
      - name: Zed
        kind: monster
        deck: door
        tags: [Undead, Zombie]
        source: x
    """)
    (p,) = problems(data_copy)
    assert p.startswith("database/sets/gamma.yaml:10: card 'Zed': tags: undeclared tag 'Zombie'")


def test_tag_declared_by_another_set_is_not_enough(data_copy):
    write_set(data_copy, """\
      - name: Yarr
        kind: monster
        deck: door
        tags: [Pirate]
        source: x
    """)
    assert "card 'Yarr': tags: undeclared tag 'Pirate'" in problems(data_copy)[0]


def test_duplicate_card_in_set(data_copy):
    write_set(data_copy, """\
      - name: Twin
        kind: curse
        deck: door
        source: x
      - name: twin
        kind: curse
        deck: door
        source: x
    """)
    assert problems(data_copy) == [
        "database/sets/gamma.yaml:11: card 'twin': name: duplicate card in set 'gamma' (first at line 7)"]


TWINS = """\
      - name: Potted Plant2
        kind: monster
        deck: door
        source: x
      - name: Potted Plant2
        kind: monster
        deck: door
        source: x
        tags: [Spooky]
"""


def test_a_duplicate_card_hides_none_of_its_other_problems(data_copy):
    """A duplicate is reported, and its own tags and effects are still checked (a schema error
    in its effects hides neither the duplicate nor the tag)."""
    duplicate = "database/sets/gamma.yaml:11: card 'Potted Plant2': name: duplicate card in set 'gamma' (first at line 7)"
    spooky = "database/sets/gamma.yaml:15: card 'Potted Plant2': tags: undeclared tag 'Spooky'"
    write_set(data_copy, TWINS + "        effects: {bad_stuff: [{lose_item: hat}]}\n")
    got = problems(data_copy)
    assert got[0] == duplicate and got[1].startswith(spooky)
    assert got[2].startswith("database/sets/gamma.yaml:16: card 'Potted Plant2': effects.bad_stuff[0].lose_item: "
                             "expected one of headgear")
    assert got[2].endswith("got 'hat' (did you mean 'hand'?)") and len(got) == 3  # (suggest.CUTOFF)
    write_set(data_copy, TWINS)  # a valid duplicate: its tags are checked too
    got = problems(data_copy)
    assert got[0] == duplicate and got[1].startswith(spooky) and len(got) == 2


def test_negative_level(data_copy):
    write_set(data_copy, """\
      - name: Minus One
        kind: monster
        deck: door
        level: -1
        source: x
    """)
    assert problems(data_copy) == ["database/sets/gamma.yaml:10: card 'Minus One': level: must be >= 0, got -1 (allowed: 0..100)"]


@pytest.mark.parametrize("field,value,expected", [
    ("slot", "hat", "slot: unknown slot 'hat'"),
    ("kind", "wizardry", "kind: unknown kind 'wizardry'"),
    ("deck", "attic", "deck: unknown deck 'attic'"),
])
def test_unknown_vocabulary(data_copy, field, value, expected):
    fields = {"kind": "item", "deck": "treasure", "slot": "none"}
    fields[field] = value
    write_set(data_copy, f"""\
      - name: Thing
        kind: {fields['kind']}
        deck: {fields['deck']}
        slot: {fields['slot']}
        source: x
    """)
    (p,) = problems(data_copy)
    assert p.startswith(f"database/sets/gamma.yaml:") and f"card 'Thing': {expected}" in p


def test_printed_without_source(data_copy):
    write_set(data_copy, """\
      - name: Nowhere
        kind: curse
        deck: door
    """)
    (p,) = problems(data_copy)
    assert p == ("database/sets/gamma.yaml:7: card 'Nowhere': source: required when provenance is 'printed' (add "
                 "source: saying where the card's facts come from, or provenance: designer for a card of your own)")


def test_alias_clash_with_other_card_name(data_copy):
    write_set(data_copy, """\
      - name: Copycat
        kind: monster
        deck: door
        aliases: [Grave Lord]
        source: x
    """)
    (p,) = problems(data_copy)
    assert p == ("database/sets/gamma.yaml:10: card 'Copycat': aliases: alias 'Grave Lord' clashes with "
                 "card 'Grave Lord' (alpha)")


def test_alias_clash_with_other_alias(data_copy):
    write_set(data_copy, """\
      - name: Other Lord
        kind: monster
        deck: door
        aliases: [{name: lord of graves}]
        source: x
    """)
    (p,) = problems(data_copy)
    assert "card 'Other Lord': aliases: alias 'lord of graves' clashes with an alias of card 'Grave Lord' (alpha)" in p


def test_an_alias_listed_twice_on_a_card_is_refused(data_copy):
    write_set(data_copy, """\
      - name: Echo
        kind: monster
        deck: door
        aliases: [Yodel, {name: Hall Voice, language: en}, yodel, {name: Hall Voice, language: de}]
        source: x
    """)
    (p,) = problems(data_copy)
    assert p == ("database/sets/gamma.yaml:10: card 'Echo': aliases: alias 'yodel' is listed twice "
                 "(aliases[0] as 'Yodel' and aliases[2]); list it once")  # one word in two languages is fine


def test_reprint_may_share_alias(data_copy):
    # alpha and beta both print "Cleric" with the alias "Priest": not a clash
    data = load_files(data_copy)
    assert sum(c.card.name == "Cleric" for c in data.cards) == 2


def test_every_problem_is_reported_at_once(data_copy):
    write_set(data_copy, """\
      - name: A
        kind: monster
        deck: door
        level: -3
        source: x
      - name: B
        kind: item
        deck: treasure
        slot: hat
        source: x
    """)
    assert len(problems(data_copy)) == 2


def test_unknown_required_set(data_copy):
    (data_copy / "sets" / "gamma.yaml").write_text(
        HEADER.replace("kind: fan\n", "kind: fan\n  requires: [omega]\n") + "  []\n", encoding="utf-8")
    assert any("requires: unknown set 'omega'" in p for p in problems(data_copy))
    (data_copy / "sets" / "gamma.yaml").write_text(  # a misspelt code: the closest one suggested
        HEADER.replace("kind: fan\n", "kind: fan\n  requires: [alpah]\n") + "  []\n", encoding="utf-8")
    assert any(p.endswith("requires: unknown set 'alpah' (did you mean 'alpha'?)") for p in problems(data_copy))


def test_set_new_suggests_a_misspelt_required_set(tmp_path):
    from munchkin_lab.cards.designer import DesignerCardError, create_set

    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    build(url, MINI)
    with pytest.raises(DesignerCardError, match=r"unknown set\(s\) alpah \(did you mean 'alpha'\?\) \(known: alpha, beta\)"):
        create_set("my_fan", "My fan", requires=["alpah"], url=url)


@pytest.mark.parametrize("backend_url", BACKENDS, indirect=True)
def test_failed_build_leaves_database_untouched(backend_url, data_copy):
    build(backend_url, data_copy)
    before = api.cards("", url=backend_url)
    write_set(data_copy, """\
      - name: Broken
        kind: monster
        deck: door
        level: -1
        source: x
    """)
    with pytest.raises(CardDataError, match="level: must be >= 0"):
        build(backend_url, data_copy)
    after = api.cards("", url=backend_url)
    assert after.equals(before)
    # a later good build works and is idempotent
    (data_copy / "sets" / "gamma.yaml").unlink()
    build(backend_url, data_copy)
    build(backend_url, data_copy)
    assert api.cards("", url=backend_url).equals(before)


def test_failed_sqlite_build_keeps_file_bytes(tmp_path, data_copy):
    url = f"sqlite:///{tmp_path / 'x.sqlite'}"
    build(url, data_copy)
    from munchkin_lab import config

    config.dispose_engine(url)
    raw = (tmp_path / "x.sqlite").read_bytes()
    (data_copy / "sets" / "alpha.yaml").write_text("set: [", encoding="utf-8")
    with pytest.raises(CardDataError, match="malformed YAML"):
        build(url, data_copy)
    assert (tmp_path / "x.sqlite").read_bytes() == raw
    assert sorted(p.name for p in tmp_path.iterdir()) == ["database", "x.sqlite"]  # no temp files left


BAD_FAN = """\
  - name: Odd Thing
    kind: monster
    deck: door
    level: 3
    treasures: 1
    provenance: printed
  - name: Tag Thing
    kind: monster
    deck: door
    level: 3
    treasures: 1
    tags: [nosuchtag]
    source: "x"
  - name: Tag Thing
    kind: monster
    deck: door
    level: 4
    treasures: 1
    source: "y"
  - name: Bad Level
    kind: monster
    deck: door
    level: lots
    treasures: 1
    source: "z"
"""


def test_every_problem_of_a_file_in_one_run(data_copy):
    """Issue 13/17: a schema error on one card hides neither the other cards' schema errors
    nor the checks that need valid cards (undeclared tag, duplicate card); sorted by line."""
    write_set(data_copy, BAD_FAN)
    assert problems(data_copy) == [
        "database/sets/gamma.yaml:7: card 'Odd Thing': source: required when provenance is 'printed' (add source: "
        "saying where the card's facts come from, or provenance: designer for a card of your own)",
        "database/sets/gamma.yaml:18: card 'Tag Thing': tags: undeclared tag 'nosuchtag' "
        "(declare it in tags.yaml or in this set's tags:)",
        "database/sets/gamma.yaml:20: card 'Tag Thing': name: duplicate card in set 'gamma' (first at line 13)",
        "database/sets/gamma.yaml:29: card 'Bad Level': level: expected a whole number, got 'lots'",
    ]


def test_every_file_and_a_bad_header_in_one_run(data_copy):
    """A bad set header is reported with its cards' problems; a second bad file too."""
    (data_copy / "sets" / "gamma.yaml").write_text(HEADER.replace("kind: fan", "kind: fanfic")
                                                   + textwrap.dedent(BAD_FAN), encoding="utf-8")
    write_set(data_copy, "  - name: Zed\n    kind: curse\n    deck: door\n    source: s\n    tags: [Zombie]\n",
              name="omega.yaml")
    got = problems(data_copy)
    assert got[0].startswith("database/sets/gamma.yaml:5: set.kind: unknown kind 'fanfic'")
    assert [p.split(": ", 2)[1] for p in got[1:5]] == ["card 'Odd Thing'", "card 'Tag Thing'", "card 'Tag Thing'",
                                                       "card 'Bad Level'"]
    assert got[5].startswith("database/sets/omega.yaml:11: card 'Zed': tags: undeclared tag 'Zombie'")
    assert len(got) == 6


def test_paths_resolve_from_the_current_folder(data_copy, tmp_path, monkeypatch):
    """Problems name the file as given (--data relative or absolute) or relative to the
    current folder; never relative to a folder the reader is not in."""
    write_set(data_copy, "  - name: Odd\n    kind: curse\n    deck: door\n")
    inside = problems(data_copy)[0]  # the test runs in tmp_path (data_copy's parent)
    assert inside.startswith("database/sets/gamma.yaml:7: ")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    absolute = problems(data_copy)[0]
    assert absolute.startswith(f"{data_copy}/sets/gamma.yaml:7: ")
    assert problems("../database")[0].startswith("../database/sets/gamma.yaml:7: ")
    from pathlib import Path

    assert Path(absolute.split(":", 1)[0]).is_file()
