"""The README's designer workflow as a new user runs it: a set file given to ``cards add``,
tags of required sets, every problem of a card at once, and the hints of the set commands."""
from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cli import app

from test_designer_sets import url  # noqa: F401  (the fixture: mini data, no designer sets)

runner = CliRunner()
EXAMPLE = config.DATABASE_DIR / "examples" / "example_haunted_harbor.yaml"


def run(url, *args, input=None):
    return runner.invoke(app, [*args, "--url", url], input=input)


def test_cards_add_refuses_a_set_file(url):
    assert run(url, "set", "new", "my_fan", "My Fan Set", "--requires", "alpha").exit_code == 0
    r = run(url, "cards", "add", "my_fan", "--file", str(EXAMPLE))
    assert r.exit_code == 1
    assert (f"Error: {EXAMPLE}: this is a set file (code 'example_haunted_harbor'): cards add takes a card or a "
            f"list of cards, and would drop the set's header and declared tags; use `munchkin-lab set import "
            f"{EXAMPLE}`") in r.stderr
    assert run(url, "cards", "show", "Foghorn Phantom").exit_code == 1  # nothing added


def test_a_tag_of_a_required_set_is_usable(url, tmp_path):
    assert run(url, "set", "new", "my_fan", "My Fan Set", "--requires", "alpha").exit_code == 0
    fan = tmp_path / "my_fan.yaml"
    fan.write_text("set: {code: my_fan, name: My Fan Set, family: munchkin, kind: fan, requires: [alpha]}\n"
                   "tags:\n  - {name: Swampy, description: lives in the swamp}\n"
                   "cards:\n  - {name: Bog Wisp, kind: monster, deck: door, level: 2, treasures: 1, tags: [Swampy],\n"
                   "     effects: {bad_stuff: [{lose_levels: 1}]}}\n", encoding="utf-8")
    assert run(url, "set", "import", str(fan), "--yes").exit_code == 0
    assert run(url, "set", "new", "sub_fan", "Sub", "--requires", "my_fan").exit_code == 0
    assert run(url, "set", "new", "sub_sub", "Sub sub", "--requires", "sub_fan").exit_code == 0
    for code, name in (("sub_fan", "Sub Slime"), ("sub_sub", "Deep Slime")):  # transitively too
        r = run(url, "cards", "add", code, f"{{name: {name}, kind: monster, deck: door, level: 4, treasures: 1, "
                                           "tags: [swampy], effects: {bad_stuff: [{lose_levels: 1}]}}")
        assert r.exit_code == 0, r.output
        assert "Swampy" in run(url, "cards", "show", name).stdout
    # a set of its own (no requires) still may not use it, and the list says which it may
    assert run(url, "set", "new", "other", "Other", "--requires", "alpha").exit_code == 0
    r = run(url, "cards", "add", "other", "{name: Dry Slime, kind: monster, deck: door, level: 4, tags: [Swampy]}")
    assert r.exit_code == 1 and "undeclared tag 'Swampy'" in r.stderr
    # declared again in a set that requires my_fan: refused, saying it is usable as it is
    sub = tmp_path / "sub_fan.yaml"
    sub.write_text("set: {code: sub_fan, name: Sub, family: munchkin, kind: fan, requires: [my_fan]}\n"
                   "tags:\n  - {name: Swampy}\n"
                   "cards:\n  - {name: Sub Slime, kind: monster, deck: door, level: 4, treasures: 1, tags: [Swampy],\n"
                   "     effects: {bad_stuff: [{lose_levels: 1}]}}\n", encoding="utf-8")
    r = run(url, "set", "import", str(sub), "--yes")
    assert r.exit_code == 1 and ("tag 'Swampy' is declared by set 'my_fan', which this set requires: its cards use "
                                 "it as it is") in r.stderr
    sub.write_text(sub.read_text(encoding="utf-8").replace("tags:\n  - {name: Swampy}\n", ""), encoding="utf-8")
    r = run(url, "set", "import", str(sub), "--yes")
    assert r.exit_code == 0, r.output


def test_every_problem_of_a_card_at_once_with_a_did_you_mean_for_tags(url, tmp_path):
    assert run(url, "set", "new", "my_fan", "My Fan Set", "--requires", "alpha").exit_code == 0
    lich = "{name: Swamp Lich, kind: monster, deck: door, level: 200, treasures: 2, tags: [Undaed]}"
    r = run(url, "cards", "add", "my_fan", lich)
    assert r.exit_code == 1
    assert "card 'Swamp Lich': level: must be <= 100, got 200" in r.stderr
    assert "card 'Swamp Lich': tags[0]: undeclared tag 'Undaed'; did you mean 'Undead'? (declared: " in r.stderr
    r = run(url, "cards", "add", "my_fan", lich.replace("200", "2"))  # the tag alone: the same hint
    assert r.exit_code == 1 and "undeclared tag 'Undaed'; did you mean 'Undead'?" in r.stderr
    fan = tmp_path / "my_fan.yaml"
    fan.write_text("set: {code: my_fan, name: My Fan Set, family: munchkin, kind: fan, requires: [alpha]}\n"
                   "cards:\n"
                   "  - name: Swamp Lich\n    kind: monster\n    deck: door\n    level: 200\n    treasures: 2\n"
                   "    tags: [Undaed]\n", encoding="utf-8")
    r = run(url, "set", "import", str(fan), "--yes")
    assert r.exit_code == 1
    assert f"{fan}:6: card 'Swamp Lich': level: must be <= 100, got 200" in r.stderr
    assert f"{fan}:8: card 'Swamp Lich': tags[0]: undeclared tag 'Undaed'; did you mean 'Undead'?" in r.stderr


def test_set_delete_refuses_before_asking(url):
    from munchkin_lab.decks import Deck as DeckModel

    assert run(url, "set", "new", "my_fan", "My Fan Set", "--requires", "alpha").exit_code == 0
    assert run(url, "cards", "add", "my_fan", "{name: Bog Wisp, kind: monster, deck: door, level: 2, treasures: 1, "
                                              "effects: {bad_stuff: [{lose_levels: 1}]}}").exit_code == 0
    deck = DeckModel("Sub deck", url=url)
    deck.add("Bog Wisp")
    deck.save()
    r = run(url, "set", "delete", "my_fan", input="y\n")
    assert r.exit_code == 1 and "Delete designer set" not in r.output
    assert "set 'my_fan': saved deck(s) 'Sub deck' hold its cards" in r.stderr


def test_a_misspelt_set_code_or_header_field_gets_a_did_you_mean(url, tmp_path):
    assert run(url, "set", "new", "my_fan", "My Fan Set", "--requires", "alpha").exit_code == 0
    r = run(url, "cards", "add", "my_fann", "{name: Bog Wisp, kind: monster, deck: door, level: 2}")
    assert r.exit_code == 1
    assert r.stderr.strip() == "Error: set: no designer set 'my_fann'; did you mean 'my_fan'?"
    r = run(url, "cards", "add", "zzz", "{name: Bog Wisp, kind: monster, deck: door, level: 2}")
    assert r.exit_code == 1 and "(create_set)" not in r.stderr
    assert "no designer set 'zzz'; designer sets: my_fan: create one with `munchkin-lab set new CODE NAME`" in r.stderr
    fan = tmp_path / "my_fan.yaml"
    fan.write_text("set: {code: my_fan, name: My Fan Set, familly: munchkin, kind: fan, requires: [alpha]}\n"
                   "cards: []\n", encoding="utf-8")
    r = run(url, "set", "import", str(fan), "--yes")
    assert r.exit_code == 1 and f"{fan}:1: set.familly: unknown field; did you mean 'family'?" in r.stderr


def test_the_card_editor_tells_every_problem_at_once(url):
    """The form saves through save_card: its field and tag problems come together too."""
    import pytest

    from munchkin_lab.cards import designer as D

    D.create_set("my_fan", "My Fan Set", requires=["alpha"], url=url)
    with pytest.raises(D.DesignerCardError) as err:
        D.save_card({"name": "Swamp Lich", "kind": "monster", "deck": "door", "level": 200, "treasures": 2,
                     "tags": ["Undaed"]}, "my_fan", url=url)
    assert len(err.value.problems) == 2
    assert err.value.problems[0].startswith("card 'Swamp Lich': level: must be <= 100")
    assert err.value.problems[1].startswith("card 'Swamp Lich': tags[0]: undeclared tag 'Undaed'; did you mean "
                                            "'Undead'?")


def test_a_tag_other_sets_cards_carry_is_not_orphaned_by_an_import(url, tmp_path):
    """Set my_fan declares Swampy; sub_fan requires my_fan and sub_sub requires sub_fan, and a
    card of each carries Swampy. An import of my_fan that no longer declares Swampy used to say
    "tag 'Swampy' no longer declared" while the tag stayed (linked to Sub Slime) and my_fan's
    export still listed it; an import of sub_fan dropping ``requires: [my_fan]`` left Deep Slime
    with a tag its set could not use (its own export no longer imported). Both are refused now,
    naming the tag, the card and its set; nothing is written."""
    from munchkin_lab.cards import api
    from munchkin_lab.cards import designer as D

    fan = ("set: {code: my_fan, name: My Fan Set, family: munchkin, kind: fan, requires: [alpha]}\n"
           "tags:\n  - {name: Swampy}\n"
           "cards:\n  - {name: Bog Wisp, kind: monster, deck: door, level: 2, treasures: 1,\n"
           "     effects: {bad_stuff: [{lose_levels: 1}]}}\n")
    D.import_set("my_fan.yaml", text=fan, url=url)
    slime = {"kind": "monster", "deck": "door", "level": 4, "tags": ["Swampy"],
             "effects": {"bad_stuff": [{"lose_levels": 1}]}}
    D.create_set("sub_fan", "Sub", requires=["my_fan"], url=url)
    D.add_card({"name": "Sub Slime", **slime}, "sub_fan", url=url)
    D.create_set("sub_sub", "Sub sub", requires=["sub_fan"], url=url)
    D.add_card({"name": "Deep Slime", **slime}, "sub_sub", url=url)
    before = {c: D.export_set(c, url=url) for c in ("my_fan", "sub_fan", "sub_sub")}

    undeclared = fan.replace("tags:\n  - {name: Swampy}\n", "")
    for dry in (True, False):
        with pytest.raises(D.DesignerCardError) as info:
            D.import_set("my_fan.yaml", text=undeclared, url=url, dry_run=dry)
        assert info.value.problems == [
            f"my_fan.yaml:1: tags: tag 'Swampy' is no longer declared in the file's tags:, but card {card!r} of set "
            f"{owner!r} (which requires 'my_fan') carries it; declare it again, or take it off that card first"
            for card, owner in (("Sub Slime", "sub_fan"), ("Deep Slime", "sub_sub"))]
    path = tmp_path / "my_fan.yaml"
    path.write_text(undeclared, encoding="utf-8")
    r = run(url, "set", "import", str(path), "--yes")
    assert r.exit_code == 1 and "but card 'Sub Slime' of set 'sub_fan' (which requires 'my_fan') carries it" \
        in r.stderr, r.output

    # sub_fan dropping its requirement (its own card off the tag) strands Deep Slime of sub_sub
    dropped = before["sub_fan"].replace("    - my_fan", "    - alpha").replace("    tags:\n      - Swampy\n", "")
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set("sub_fan.yaml", text=dropped, url=url)
    assert re.sub(r"^sub_fan.yaml:\d+: ", "", str(info.value)) == (
        "set: requires: set 'sub_sub' (built on 'sub_fan') would no longer require 'my_fan', whose tag 'Swampy' its "
        "card 'Deep Slime' carries; keep the requirement, or take the tag off that card first")
    assert {c: D.export_set(c, url=url) for c in before} == before
    assert api.card("Deep Slime", url=url)["tags"] == ["Swampy"]

    # taken off the cards first, both imports go through and the tag is gone
    D.edit_card("Deep Slime", "sub_sub", {"tags": []}, url=url)
    assert D.import_set("sub_fan.yaml", text=dropped, url=url)["updated"] == 1
    assert D.import_set("my_fan.yaml", text=undeclared, url=url).header == ["tag 'Swampy' no longer declared"]
    assert "Swampy" not in D.export_set("my_fan", url=url)


def test_a_misspelt_tag_gets_the_same_did_you_mean_from_cards_add_and_from_search(url):
    """One home for "closest names" (``search.near_names``): ``cards add`` with tag ``Swamp``
    while the set declares ``Swampy Thing`` named no tag to try (its own difflib call found
    nothing that close) while ``cards search tag:swamp`` suggested 'Swampy Thing' (a name the
    word starts); both say the same now."""
    from munchkin_lab.cards import api
    from munchkin_lab.cards import designer as D

    D.import_set("my_fan.yaml", url=url, text=(
        "set: {code: my_fan, name: My Fan Set, family: munchkin, kind: fan, requires: [alpha]}\n"
        "tags:\n  - {name: Swampy Thing}\n"
        "cards:\n  - {name: Bog Wisp, kind: monster, deck: door, level: 2, treasures: 1, tags: [Swampy Thing],\n"
        "     effects: {bad_stuff: [{lose_levels: 1}]}}\n"))
    with pytest.raises(D.DesignerCardError) as info:
        D.add_card({"name": "Bog Slime", "kind": "monster", "deck": "door", "level": 3, "tags": ["Swamp"],
                    "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "my_fan", url=url)
    assert str(info.value).startswith("card 'Bog Slime': tags[0]: undeclared tag 'Swamp'; did you mean "
                                      "'Swampy Thing'? (declared: ")
    assert api.cards("tag:swamp", url=url).attrs["hints"] == ["no card has the tag 'swamp'; did you mean "
                                                               "'Swampy Thing'?"]
