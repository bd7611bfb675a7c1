"""New-user finding: the consent message of ``set import`` (and ``db import``, one wording)
named the cards whose database edits an older file would undo, but not what would change.
Now each card carries the fields that differ, the short ones with their values
(``'Sea Ghost' (level 9 -> 6, summary, effects)``), capped for many fields and many cards."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cards import designer as D
from munchkin_lab.cli import app

from test_designer_sets import GHOST, WISP, url  # noqa: F401  (url: the fixture)

runner = CliRunner()
HAT = {"name": "Soggy Hat", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 2, "gold": 300}


def _older_file(url, tmp_path):
    """Set ``my_fan`` (Sea Ghost, Fen Wisp, Soggy Hat) exported; then Sea Ghost and Soggy Hat
    edited in the database, and Fen Wisp's Level edited in the file (the designer's edit)."""
    D.create_set("my_fan", "My fan set", url=url)
    for card in (GHOST, WISP, HAT):
        D.add_card(card, "my_fan", url=url)
    path = tmp_path / "my_fan.yaml"
    D.export_set("my_fan", path, url=url)
    D.edit_card("Sea Ghost", None, {"level": 9, "summary": "A louder ghost.",
                                    "effects": {"bad_stuff": [{"lose_levels": 3}]}}, url=url)
    D.edit_card("Soggy Hat", None, {"gold": 400, "big": True}, url=url)
    text = path.read_text(encoding="utf-8")
    assert text.count("level: 2") == 1
    path.write_text(text.replace("level: 2", "level: 3"), encoding="utf-8")
    return path


def test_set_import_refusal_names_the_fields_of_each_card(url, tmp_path):
    path = _older_file(url, tmp_path)
    preview = D.import_set(path, url=url, dry_run=True)
    assert preview.newer == ["Sea Ghost", "Soggy Hat"]
    assert preview.changes == {"Sea Ghost": ["level 9 -> 6", "summary", "effects"],
                               "Fen Wisp": ["level 2 -> 3"],
                               "Soggy Hat": ["big yes -> no", "gold 400 -> 300"]}
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(path, url=url)
    text = str(info.value)
    assert ("2 card(s) were edited in the database after " + str(path) + " was exported and would lose those "
            "edits: 'Sea Ghost' (level 9 -> 6, summary, effects), 'Soggy Hat' (big yes -> no, gold 400 -> 300); "
            "it would also change 1 card(s) to the file's values: 'Fen Wisp' (level 2 -> 3). Nothing was written."
            ) in text
    assert D.get_card("Soggy Hat", url=url)["gold"] == 400  # refused: nothing written


def test_set_import_command_asks_with_the_same_fields(url, tmp_path):
    path = _older_file(url, tmp_path)
    r = runner.invoke(app, ["set", "import", str(path), "--url", url], input="n\n")
    assert r.exit_code == 0, r.output
    assert (f"2 cards were edited in the database after {path} was exported and will lose those edits: "
            "Sea Ghost (level 9 -> 6, summary, effects), Soggy Hat (big yes -> no, gold 400 -> 300)\n") in r.stdout
    assert ("1 card will be changed to the file's values (the file's own edits: not edited here since): "
            "Fen Wisp (level 2 -> 3)\n") in r.stdout
    r = runner.invoke(app, ["set", "import", str(path), "--url", url, "--yes"])
    assert r.exit_code == 0, r.output
    assert [D.get_card(n, url=url).get(f) for n, f in (("Sea Ghost", "level"), ("Fen Wisp", "level"),
                                                          ("Soggy Hat", "gold"))] == [6, 3, 300]


def test_card_changes_field_by_field():
    assert D.card_changes({"name": "A", "level": None}, {"name": "A", "level": 3}) == ["level none -> 3"]
    assert D.card_changes({"name": "A", "tags": ["Undead"]}, {"name": "A"}) == ["tags"]
    assert D.card_changes({"name": "A", "copies": 2}, {"name": "A"}) == ["copies 2 -> 1"]  # the default
    assert D.card_changes({"name": "A", "effects": {}}, {"name": "A"}) == []  # {} is the default
    assert D.card_changes(GHOST, {**GHOST, "name": "Bog Ghost", "aliases": ["Bilge Spook", "Sea Ghost"]}) == [
        "name 'Sea Ghost' -> 'Bog Ghost'", "aliases"]
    assert D.card_changes(GHOST, GHOST) == []


def test_many_fields_and_many_cards_are_capped():
    before = {"name": "A", "level": 1, "treasures": 1, "levels_gained": 1, "bonus": 1, "gold": 100,
              "summary": "x", "effects": {"bad_stuff": [{"lose_levels": 1}]}}
    after = {"name": "A", "level": 2, "treasures": 2, "levels_gained": 2, "bonus": 2, "gold": 200}
    fields = D.card_changes(before, after)
    assert fields == ["level 1 -> 2", "treasures 1 -> 2", "levels_gained 1 -> 2", "bonus 1 -> 2",
                      "gold 100 -> 200", "summary", "effects"]
    assert D.changed_cards(["A"], {"A": fields}) == ("'A' (level 1 -> 2, treasures 1 -> 2, levels_gained 1 -> 2, "
                                                     "bonus 1 -> 2, gold 100 -> 200, ... 2 more)")
    names = [f"Card {i}" for i in range(13)]
    shown = D.changed_cards(names, {n: ["gold 1 -> 2"] for n in names}, quote=False)
    assert shown == ", ".join(f"Card {i} (gold 1 -> 2)" for i in range(10)) + ", ... 3 more"
    assert D.changed_cards(["B"], {}) == "'B'"  # a card whose fields are not known: its name only
