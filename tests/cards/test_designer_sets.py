"""Designer sets and designer cards (issue 14, items 1-2): a set of one's own in the database
with a YAML round trip identical to the set-file format, cards with every field, names that
may not shadow printed cards or aliases, effects the engine cannot run saved as manual, the
row_version check, shipped sets and presets never touched, db build keeping designer sets,
and the ``cards add|edit|delete|show`` / ``set new|list|export|import|delete`` commands
(SQLite and PostgreSQL)."""
from __future__ import annotations

import csv
import json
import re

import pytest
import yaml
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards import designer as D
from munchkin_lab.cards.build import build
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.models import Card, Deck
from munchkin_lab.cli import app

from cardtest_helpers import MINI, clear_designer_data

runner = CliRunner()
GHOST = {"name": "Sea Ghost", "kind": "monster", "deck": "door", "level": 6, "treasures": 2, "levels_gained": 1,
         "tags": ["Undead"], "aliases": ["Bilge Spook"], "source": "my own idea, 2026",
         "summary": "A dripping ghost.", "effects": {"bad_stuff": [{"lose_levels": 2}]}}
#: a second designer monster for the set import tests
WISP = {"name": "Fen Wisp", "kind": "monster", "deck": "door", "level": 2,
        "effects": {"bad_stuff": [{"lose_levels": 1}]}}


def _exported_pair(url, tmp_path):
    """Set ``my_fan`` with Sea Ghost and Fen Wisp, exported to ``my_fan.yaml``: its path."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    D.add_card(WISP, "my_fan", url=url)
    path = tmp_path / "my_fan.yaml"
    D.export_set("my_fan", path, url=url)
    return path


@pytest.fixture()
def url(backend_url):
    """The mini data (sets alpha, beta), no designer sets, cards or decks."""
    build(backend_url, MINI)
    clear_designer_data(backend_url)
    return backend_url


def test_a_designer_set_holds_designer_cards_with_every_field(url):
    info = D.create_set("my_fan", "My fan set", requires=["alpha"], notes="just trying", url=url)
    assert info == {"code": "my_fan", "name": "My fan set", "family": "munchkin", "kind": "fan", "printed_cards": None,
                    "requires": ["alpha"], "source": None, "notes": "just trying"}
    saved = D.add_card(GHOST, "my_fan", url=url)
    assert (saved.key, saved.row_version, saved.manual, saved.notes) == ("my_fan:Sea Ghost", 1, False, [])
    row = api.card("bilge spook", url=url)  # the alias finds it
    assert (row["set"], row["name"], row["level"], row["treasures"], row["levels_gained"]) == ("my_fan", "Sea Ghost", 6, 2, 1)
    assert row["provenance"] == "designer" and row["origin"] == "designer" and row["source"] == "my own idea, 2026"
    assert row["tags"] == ["Undead"] and row["effects"] == {"bad_stuff": [{"lose_levels": 2}]} and not row["manual"]
    item = D.add_card({"name": "Soggy Hat", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 2,
                       "gold": 300, "copies": 2, "usable_by": ["gender:female"], "not_usable_by": ["class:cleric"]},
                      "my_fan", url=url)
    hat = api.card("Soggy Hat", url=url)
    assert (hat["copies"], hat["bonus"], hat["gold"], list(hat["usable_by"]), list(hat["not_usable_by"])) == (
        2, 2, 300, ["gender:female"], ["class:cleric"])
    assert item.key == "my_fan:Soggy Hat"
    sets = D.list_sets(url)
    mine = sets[sets["code"] == "my_fan"].iloc[0]
    assert (mine["origin"], mine["cards"], mine["copies"]) == ("designer", 2, 3)
    assert list(sets[sets["origin"] == "file"]["code"]) == ["alpha", "beta"]


def test_shipped_sets_never_take_designer_cards(url):
    before = len(api.cards("set:alpha", url=url))
    with pytest.raises(D.DesignerCardError, match="'alpha' is a shipped set: its cards come from "
                                                  "database/sets/alpha.yaml and never change in the lab"):
        D.add_card(GHOST, "alpha", url=url)
    with pytest.raises(D.DesignerCardError, match="no designer set 'nope'.*munchkin-lab set new"):
        D.add_card(GHOST, "nope", url=url)
    with pytest.raises(D.DesignerCardError, match="a printed card never changes in the lab"):
        D.edit_card("Potion", "alpha", {"gold": 1}, url=url)
    with pytest.raises(D.DesignerCardError, match="a printed card is never deleted"):
        D.delete_card("Potion", "alpha", url=url)
    with pytest.raises(D.DesignerCardError, match="code 'alpha' is taken"):
        D.create_set("alpha", "Mine", url=url)
    assert len(api.cards("set:alpha", url=url)) == before


def test_an_alias_listed_twice_on_a_designer_card_is_refused(url):
    D.create_set("my_fan", "My fan set", url=url)
    with pytest.raises(D.DesignerCardError, match=r"^card 'Sea Ghost': aliases: alias 'Bilge spook' is listed twice "
                       r"\(aliases\[0\] as 'Bilge Spook' and aliases\[1\]\); list it once$"):
        D.add_card({**GHOST, "aliases": ["Bilge Spook", "Bilge  spook"]}, "my_fan", url=url)
    assert api.cards("origin:designer", url=url).empty


@pytest.mark.parametrize("name, field, what", [
    ("Priest", "name", "alias 'Priest' of printed card 'Cleric'"),
    ("PRIÉST", "name", "alias 'Priest' of printed card 'Cleric'"),
    ("grave lord", "name", "printed card 'Grave Lord' (alpha)"),
    ("Lord of Gravés", "name", "alias 'Lord of Graves' of printed card 'Grave Lord'"),
    ("Cler\u0456c", "name", "printed card 'Cleric'"),  # a Cyrillic і (new-user finding)
    ("Grave-Lord", "name", "printed card 'Grave Lord' (alpha)"),  # punctuation and spacing
    ("GraveLord", "name", "printed card 'Grave Lord' (alpha)"),
    ("Lord of Graves!", "name", "alias 'Lord of Graves' of printed card 'Grave Lord'"),
    ("\u0420otion", "name", "printed card 'Potion' (alpha)"),  # a Cyrillic Р
])
def test_names_may_not_shadow_a_printed_card_or_alias(url, name, field, what):
    D.create_set("my_fan", "My fan set", url=url)
    with pytest.raises(D.DesignerCardError) as info:
        D.add_card({**GHOST, "name": name, "aliases": []}, "my_fan", url=url)
    assert f"{field}: {name!r} shadows the {what}" in str(info.value) and "choose another name" in str(info.value)
    with pytest.raises(D.DesignerCardError, match=r"aliases\[0\]: 'potion' shadows the printed card 'Potion'"):
        D.add_card({**GHOST, "aliases": ["potion"]}, "my_fan", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    D.create_set("other_fan", "Other", url=url)  # another designer's card of the same name: refused too
    with pytest.raises(D.DesignerCardError, match="shadows the designer card 'Sea Ghost' \\(my_fan\\)"):
        D.add_card(GHOST, "other_fan", url=url)
    assert list(api.cards("origin:designer", url=url)["name"]) == ["Sea Ghost"]


@pytest.mark.parametrize("ch", ["\u200b", "\u200d", "\u2060", "\ufeff", "\u202e", "\u00ad"])
def test_invisible_characters_in_a_name_are_refused(url, ch):
    """A zero-width space (or another invisible format character) would make a name that looks
    like a printed card's and passes the shadow check: refused, naming the character."""
    D.create_set("my_fan", "My fan set", url=url)
    with pytest.raises(D.DesignerCardError) as info:
        D.add_card({**GHOST, "name": f"Grave{ch} Lord", "aliases": []}, "my_fan", url=url)
    assert f"name: invisible character U+{ord(ch):04X}" in str(info.value)
    assert len(api.cards("origin:designer", url=url)) == 0


@pytest.mark.parametrize("ws", ["\u00a0", "\u2002", "\u202f", "\u3000", "  ", " \u00a0 "])
def test_odd_whitespace_in_a_name_is_stored_as_one_plain_space(url, ws, tmp_path):
    """Left over: a no-break space (or another space character, or a run of spaces) was stored
    inside a name, so ``Fen\u00a0Wisp`` and ``Fen Wisp`` were two spellings of one card (the
    names compare equal, name_key). Every path that stores names stores one plain space, as
    the ends are stripped: the Python API (add, edit), set import; the CSV import and the
    card editor have their own tests."""
    D.create_set("my_fan", "My fan set", url=url)
    saved = D.add_card({**WISP, "name": f" Fen{ws}Wisp ", "aliases": [f"Bog{ws}Light"]}, "my_fan", url=url)
    assert saved.key == "my_fan:Fen Wisp"
    row = api.card("Fen Wisp", url=url)
    assert (row["name"], list(row["aliases"])) == ("Fen Wisp", ["Bog Light"])
    saved = D.edit_card("Fen Wisp", "my_fan", {"name": f"Marsh{ws}Wisp"}, url=url)
    assert saved.key == "my_fan:Marsh Wisp" and list(api.cards("set:my_fan", url=url)["name"]) == ["Marsh Wisp"]
    # set import: the file's spelling with odd spaces is the stored card, unchanged
    text = D.export_set("my_fan", url=url)
    done = D.import_set("my_fan.yaml", text=text.replace("name: Marsh Wisp", f"name: Marsh{ws}Wisp"), url=url)
    assert (done.names["unchanged"], done.names["updated"], done.notes) == (["Marsh Wisp"], [], [])
    added = text.replace("cards:\n", f"cards:\n  - {{name: 'Sea{ws}Lamp', kind: monster, deck: door, level: 1, "
                                     "provenance: designer}\n")
    done = D.import_set("my_fan.yaml", text=added, url=url)
    assert done.names["added"] == ["Sea Lamp"]
    assert list(api.cards("set:my_fan", url=url)["name"]) == ["Sea Lamp", "Marsh Wisp"]
    assert "\u00a0" not in D.export_set("my_fan", url=url)


@pytest.mark.parametrize("name, what", [("Fen\u2028Wisp", "a line break"), ("Fen\tWisp", "control character U+0009")])
def test_a_line_break_or_tab_in_a_name_is_still_refused(url, name, what):
    D.create_set("my_fan", "My fan set", url=url)
    with pytest.raises(D.DesignerCardError, match=re.escape(f"name: {what} is not allowed")):
        D.add_card({**WISP, "name": name}, "my_fan", url=url)


def test_bad_fields_name_the_field_and_nothing_is_written(url):
    D.create_set("my_fan", "My fan set", url=url)
    cases = [({**GHOST, "level": 999}, "card 'Sea Ghost': level: must be <= 100, got 999 (allowed: 0..100)"),
             ({**GHOST, "tags": ["Robot"]}, "card 'Sea Ghost': tags[0]: undeclared tag 'Robot'"),
             ({**GHOST, "kind": "dragon"}, "card 'Sea Ghost': kind: unknown kind 'dragon'"),
             ({**GHOST, "copies": True}, "card 'Sea Ghost': copies:"),
             ({**GHOST, "provenance": "printed"}, "provenance: a designer card is 'designer', got 'printed'"),
             ({**GHOST, "effects": {"bad_stuff": [{"lose_levls": 2}]}}, "effects.bad_stuff[0].lose_levls"),
             ({**GHOST, "usable_by": ["elves"]}, "usable_by: bad condition atom 'elves'")]
    for card, msg in cases:
        with pytest.raises(D.DesignerCardError) as info:
            D.add_card(card, "my_fan", url=url)
        assert msg in str(info.value), str(info.value)
    assert api.cards("origin:designer", url=url).empty


def test_effects_the_engine_cannot_run_are_saved_as_manual(url):
    D.create_set("my_fan", "My fan set", url=url)
    spooky = {"name": "Spookify", "kind": "monster_enhancer", "deck": "door", "bonus": 3,
              "effects": {"abilities": [{"when": "played", "who": "this_monster",
                                         "do": [{"grant_tag": "undead", "for": "this_combat"}]}]}}
    saved = D.add_card(spooky, "my_fan", url=url)  # the language's long form: the engine runs it
    assert not saved.manual and saved.notes == []
    assert bool(api.card("Spookify", url=url)["manual"]) is False
    hand = D.add_card({**GHOST, "name": "Muddy Ghost", "aliases": [],
                       "effects": {"bad_stuff": [{"manual": "lose your boots into the mud"}]}}, "my_fan", url=url)
    assert hand.manual and "manual op" in hand.notes[0]
    bare = D.add_card({"name": "Quiet Ghost", "kind": "monster", "deck": "door", "level": 2}, "my_fan", url=url)
    assert not bare.manual and "a monster without Bad Stuff" in bare.notes[0]
    assert not any("without a Level" in n for n in bare.notes)
    blob = D.add_card({"name": "Levelless Blob", "kind": "monster", "deck": "door",
                       "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "my_fan", url=url)
    assert blob.notes == ["a monster without a Level: it fights at Level 0, an easy Level for anyone "
                          "(set level, or mark the card manual while its Level is unknown)"]
    # new-user finding: 'revealed' written for 'kicked open' never ran, and nothing said so
    tentacle = D.add_card({"name": "Kraken Tentacle", "kind": "monster", "deck": "door", "level": 4,
                           "effects": {"bad_stuff": [{"lose_levels": 1}],
                                       "abilities": [{"when": "revealed", "who": "each_player",
                                                      "do": [{"levels": -1}]}]}}, "my_fan", url=url)
    assert not tentacle.manual and tentacle.notes == [
        "'revealed' runs when a Dungeon is turned face up (Scooby-Doo) while this monster is in play, "
        "not when the monster itself is kicked open: for that, use 'kicked'"]
    both = D.add_card({"name": "Kraken Eye", "kind": "monster", "deck": "door", "level": 4,
                       "effects": {"bad_stuff": [{"lose_levels": 1}],
                                   "abilities": [{"when": ["kicked", "revealed"], "who": "each_player",
                                                  "do": [{"levels": -1}]}]}}, "my_fan", url=url)
    assert both.notes == []  # both written: the designer meant both
    # the engine plays the manual one by hand: a ResolveByHand decision, not nothing
    from munchkin_lab.cards.spec import to_spec
    from munchkin_lab.engine import Game

    spec = to_spec(api.card("Muddy Ghost", url=url))
    assert spec.manual and spec.effects["bad_stuff"][0]["manual"]
    g = Game.new(2, deck=[(spec, 6), *[(s, n) for s, n in api.load_specs(sets=["alpha"], url=url)]], seed=1)
    assert g is not None


def test_a_set_level_above_nine_is_saved_with_a_note_saying_it_acts_as_nine(url):
    """New-user finding: a Curse ``set_level: 10`` was accepted without a word and did not do
    what its designer meant. It runs (the Level becomes 9: a card never gives the winning
    Level, core rules 5.), as ``gain_levels: 20`` runs up to 9, so ``cards add`` notes it, no
    error; with ``winning: true`` (the language's switch) there is nothing to note."""
    D.create_set("my_fan", "My fan set", url=url)
    win = D.add_card({"name": "Win Curse", "kind": "curse", "deck": "door",
                      "effects": {"ops": [{"set_level": 10}]}}, "my_fan", url=url)
    assert not win.manual and win.notes == [
        "set_level: 10 acts as 9: a card never gives the winning Level (core rules, 5.); add `winning: true` "
        "to the op if the card says it may"]
    top = D.add_card({"name": "Top Curse", "kind": "curse", "deck": "door",
                      "effects": {"ops": [{"set_level": 10, "winning": True}]}}, "my_fan", url=url)
    assert not top.manual and top.notes == []
    deep = D.add_card({"name": "Deep Curse", "kind": "curse", "deck": "door",
                       "effects": {"abilities": [{"when": "hits", "who": "player",
                                                  "do": [{"set_level": 12, "winning": True}, {"set_level": 9}]}]}},
                      "my_fan", url=url)
    assert deep.notes == ["set_level: 12 acts as 10 (a Level never goes above 10)"]


def test_edits_keep_the_row_version_check(url):
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    first = D.edit_card("Sea Ghost", "my_fan", {"level": 7, "summary": None}, row_version=1, url=url)
    assert first.row_version == 2
    c = D.get_card("Sea Ghost", url=url)
    assert c["level"] == 7 and "summary" not in c and c["row_version"] == 2 and c["set"] == "my_fan"
    with pytest.raises(D.EditConflictError, match="edit conflict: 'Sea Ghost' was saved by someone else since you "
                                                  r"opened it \(version 1, now 2\); reload it"):
        D.edit_card("Sea Ghost", "my_fan", {"level": 9}, row_version=1, url=url)
    assert api.card("Sea Ghost", url=url)["level"] == 7
    renamed = D.edit_card("Sea Ghost", None, {"name": "Deep Ghost"}, row_version=2, url=url)
    assert renamed.key == "my_fan:Deep Ghost" and renamed.row_version == 3
    with pytest.raises(D.EditConflictError):
        D.delete_card("Deep Ghost", "my_fan", row_version=2, url=url)
    assert D.delete_card("Deep Ghost", "my_fan", row_version=3, url=url) == "my_fan:Deep Ghost"
    assert api.cards("origin:designer", url=url).empty


def test_a_card_in_a_saved_deck_is_not_deleted(url):
    from munchkin_lab.decks import Deck as DeckModel

    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    deck = DeckModel("Wet mix", url=url)
    deck.add("Sea Ghost", 2)
    deck.add("Potion")
    deck.save()
    with pytest.raises(D.DesignerCardError, match="saved deck\\(s\\) 'Wet mix' hold it; remove it from them first"):
        D.delete_card("Sea Ghost", url=url)
    with pytest.raises(D.DesignerCardError, match="saved deck\\(s\\) 'Wet mix' hold its cards"):
        D.delete_set("my_fan", url=url)
    assert api.card("Sea Ghost", url=url)["set"] == "my_fan"


def _db_state(url) -> str:
    df = api.cards("", url=url)
    return df.drop(columns=[]).to_json()


def test_yaml_round_trip_is_identical(url, tmp_path):
    D.create_set("my_fan", "My fan set", requires=["alpha"], notes="line one\nline two", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    D.add_card({"name": "Soggy Hat", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 2,
                "gold": 300, "aliases": [{"name": "Mokry Kapelusz", "language": "pl"}]}, "my_fan", url=url)
    path = tmp_path / "my_fan.yaml"
    text = D.export_set("my_fan", path, url=url)
    assert path.read_text(encoding="utf-8") == text
    path.write_text("my own notes\n", encoding="utf-8")  # never replaced unless told
    with pytest.raises(FileExistsError, match="my_fan.yaml' already exists; pass overwrite=True"):
        D.export_set("my_fan", path, url=url)
    assert path.read_text(encoding="utf-8") == "my own notes\n"
    assert D.export_set("my_fan", path, url=url, overwrite=True) == text == path.read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    assert doc["set"]["code"] == "my_fan" and [c["name"] for c in doc["cards"]] == ["Sea Ghost", "Soggy Hat"]
    assert doc["cards"][1]["aliases"] == [{"name": "Mokry Kapelusz", "language": "pl"}]
    assert "  - name: Sea Ghost\n" in text  # lists indented, as in database/sets/
    state = _db_state(url)
    again = D.import_set(path, url=url)
    assert again == {"added": 0, "updated": 0, "removed": 0, "unchanged": 2} and not again.created
    assert _db_state(url) == state and D.export_set("my_fan", url=url) == text
    # the same file, read by the set-file loader's schema, is a valid set file
    from munchkin_lab.cards.files import SetFile

    SetFile.model_validate(doc)
    # edit by hand: change one card, drop one, add one; import back; the export is the file
    doc["cards"][0]["level"] = 8
    doc["cards"] = [doc["cards"][0], {"name": "Salt Imp", "kind": "monster", "deck": "door", "level": 1,
                                      "provenance": "designer", "effects": {"bad_stuff": [{"lose_levels": 1}]}}]
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    preview = D.import_set(path, url=url, dry_run=True)
    assert preview == {"added": 1, "updated": 1, "removed": 1, "unchanged": 0} and preview.dry_run
    assert _db_state(url) == state
    with pytest.raises(D.SetConsentError, match="1 card\\(s\\) of the database are not in .*my_fan.yaml and would "
                       "be removed: 'Soggy Hat'; it would also change 1 card\\(s\\) to the file's values: 'Sea Ghost'"):
        D.import_set(path, url=url)  # removing a card needs the designer's consent
    assert _db_state(url) == state
    done = D.import_set(path, url=url, remove_missing=True)
    assert done.names == {"added": ["Salt Imp"], "updated": ["Sea Ghost"], "removed": ["Soggy Hat"], "unchanged": []}
    assert yaml.safe_load(D.export_set("my_fan", url=url)) == doc
    assert api.card("Sea Ghost", url=url)["level"] == 8
    # a fresh database: import creates the set, and the export is the same text
    other = tmp_path / "other.sqlite"
    other_url = f"sqlite:///{other}"
    build(other_url, MINI)
    created = D.import_set(path, url=other_url)
    assert created.created and created["added"] == 2
    assert D.export_set("my_fan", url=other_url) == D.export_set("my_fan", url=url)
    config.dispose_engine(other_url)


def test_set_import_errors_name_the_line_and_change_nothing(url, tmp_path):
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    good = D.export_set("my_fan", url=url)
    state = _db_state(url)
    path = tmp_path / "bad.yaml"
    path.write_text(good.replace("level: 6", "level: 600").replace("- Undead", "- Robot"), encoding="utf-8")
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set(path, url=url)
    text = str(info.value)
    assert f"{path}:" in text and "card 'Sea Ghost': level: must be <= 100, got 600" in text
    path.write_text(good.replace("- Undead", "- Robot"), encoding="utf-8")
    with pytest.raises(D.DesignerCardError, match=r"bad.yaml:\d+: card 'Sea Ghost': tags\[0\]: undeclared tag 'Robot'"):
        D.import_set(path, url=url)
    path.write_text(good.replace("code: my_fan", "code: alpha"), encoding="utf-8")
    with pytest.raises(D.DesignerCardError, match="'alpha' is a shipped set"):
        D.import_set(path, url=url)
    path.write_text(good.replace("name: Sea Ghost", "name: Grave Lord"), encoding="utf-8")
    with pytest.raises(D.DesignerCardError, match="shadows the printed card 'Grave Lord'"):
        D.import_set(path, url=url)
    path.write_text(good.replace("provenance: designer", "provenance: inferred"), encoding="utf-8")
    with pytest.raises(D.DesignerCardError, match="provenance: cards of a designer set are 'designer'"):
        D.import_set(path, url=url)
    path.write_text("set: &a {code: x}\ncards: *a\n", encoding="utf-8")
    with pytest.raises(D.DesignerCardError, match="alias"):
        D.import_set(path, url=url)
    assert _db_state(url) == state
    # a set of its own declares its own tags
    path.write_text(good.replace("\ncards:", "\ntags:\n  - name: Soggy\n    description: wet things\ncards:")
                    .replace("- Undead", "- Soggy"), encoding="utf-8")
    assert D.import_set(path, url=url)["updated"] == 1
    assert api.card("Sea Ghost", url=url)["tags"] == ["Soggy"]
    assert "  - name: Soggy\n    description: wet things\n" in D.export_set("my_fan", url=url)


def test_db_build_keeps_designer_sets_and_refuses_a_set_file_taking_their_code(url, data_copy):
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    path = data_copy / "sets" / "soggy.yaml"
    text = D.export_set("my_fan", url=url)
    counts = build(url, MINI)
    assert counts["designer_sets"] == 1 and counts["designer_cards"] == 1
    assert D.export_set("my_fan", url=url) == text
    path.write_text(text.replace("kind: fan", "kind: fan").replace("provenance: designer", "provenance: designer"),
                    encoding="utf-8")
    with pytest.raises(Exception) as info:
        build(url, data_copy)
    assert "designer set 'my_fan': code: a card file now defines a set with this code" in str(info.value)
    assert D.export_set("my_fan", url=url) == text


def test_a_database_built_from_older_card_files_says_so(url, data_copy, recwarn):
    from munchkin_lab.cards.build import StaleDatabaseWarning, _fresh_checked

    build(url, data_copy)
    _fresh_checked.clear()
    api.cards("", url=url)
    assert not [w for w in recwarn if w.category is StaleDatabaseWarning]
    alpha = data_copy / "sets" / "alpha.yaml"
    alpha.write_text(alpha.read_text(encoding="utf-8").replace("level: 16", "level: 17"), encoding="utf-8")
    (data_copy / "sets" / "gamma.yaml").write_text((data_copy / "sets" / "beta.yaml").read_text(encoding="utf-8")
                                                   .replace("code: beta", "code: gamma"), encoding="utf-8")
    df = api.cards("", url=url)  # the old cards, used as they are: never rebuilt by itself
    assert api.card("Grave Lord", url=url)["level"] == 16 and "gamma" not in set(df["set"])
    stale = [w for w in recwarn if w.category is StaleDatabaseWarning]
    assert len(stale) == 1
    msg = str(stale[0].message)
    assert "sets/alpha.yaml (changed)" in msg and "sets/gamma.yaml (new)" in msg
    assert f"`munchkin-lab db build --data {data_copy.resolve()} --url {url}`" in msg  # the files and the database
    api.cards("", url=url)
    assert len([w for w in recwarn if w.category is StaleDatabaseWarning]) == 1  # said once
    build(url, data_copy)
    recwarn.clear()
    api.cards("", url=url)
    assert not [w for w in recwarn if w.category is StaleDatabaseWarning]
    assert api.card("Grave Lord", url=url)["level"] == 17


def test_the_stale_warning_on_the_command_line(url, data_copy):
    from munchkin_lab.cards.build import _fresh_checked

    build(url, data_copy)
    (data_copy / "tags.yaml").write_text((data_copy / "tags.yaml").read_text(encoding="utf-8") + "\n# edited\n",
                                         encoding="utf-8")
    _fresh_checked.clear()
    res = runner.invoke(app, ["cards", "Potion", "--url", url])
    assert res.exit_code == 0 and "Potion" in res.stdout
    assert "Warning: " in res.stderr and "tags.yaml (changed)" in res.stderr and "munchkin-lab db build" in res.stderr
    assert "StaleDatabaseWarning" not in res.stderr


# --------------------------------------------------------------------------- command line


def test_cards_and_set_commands(url, tmp_path):
    def run(*args, input=None):
        return runner.invoke(app, [*args, "--url", url], input=input)

    r = run("set", "new", "my_fan", "My fan set", "--requires", "alpha")
    assert r.exit_code == 0 and r.stdout == "created designer set my_fan (My fan set, munchkin)\n"
    r = run("cards", "add", "my_fan", json.dumps(GHOST))
    assert r.exit_code == 0 and r.stdout == "added my_fan:Sea Ghost (version 1)\n", r.output
    r = run("cards", "add", "my_fan", "{name: Hex Ghost, kind: monster, deck: door, level: 3, "
                                      "effects: {abilities: [{when: caught, do: [{levels: -1}]}]}}")
    assert r.exit_code == 0 and r.stdout == "added my_fan:Hex Ghost (version 1)\n", r.output  # the engine runs it
    many = tmp_path / "cards.yaml"
    many.write_text("- {name: Salt Imp, kind: monster, deck: door, level: 1, effects: {bad_stuff: [{death: true}]}}\n"
                    "- {name: Tide Charm, kind: item, deck: treasure, slot: none, bonus: 1, gold: 100}\n",
                    encoding="utf-8")
    r = run("cards", "add", "my_fan", "--file", str(many))
    assert r.exit_code == 0 and "added my_fan:Salt Imp" in r.stdout and "added my_fan:Tide Charm" in r.stdout
    r = run("cards", "show", "Sea Ghost")
    assert r.exit_code == 0 and r.stdout.startswith("# set: my_fan  origin: designer  row_version: 1\nname: Sea Ghost\n")
    assert yaml.safe_load(r.stdout)["effects"] == {"bad_stuff": [{"lose_levels": 2}]}
    r = run("cards", "show", "bilge spook")  # an alias shows its card, as munchkin_lab.card() finds it
    assert r.exit_code == 0 and r.stdout.startswith("# set: my_fan  origin: designer  row_version: 1\nname: Sea Ghost\n")
    r = run("cards", "show", "Bilge Spock")
    assert r.exit_code == 1 and "Error: card 'Bilge Spock': no such card" in r.stderr
    r = run("cards", "edit", "Sea Ghost", "{level: 7}", "--version", "1")
    assert r.exit_code == 0 and r.stdout == "updated my_fan:Sea Ghost (version 2)\n"
    r = run("cards", "edit", "Sea Ghost", "{level: 8}", "--version", "1")
    assert r.exit_code == 1 and "Error: card 'Sea Ghost': edit conflict" in r.stderr
    r = run("cards", "edit", "Sea Ghost", "{aliases: [Priest]}")
    assert r.exit_code == 1 and "aliases[0]: 'Priest' shadows the alias 'Priest' of printed card 'Cleric'" in r.stderr
    r = run("cards", "add", "alpha", "{name: Nope, kind: curse, deck: door}")
    assert r.exit_code == 1 and "'alpha' is a shipped set" in r.stderr and "Traceback" not in r.output
    r = run("cards", "add", "my_fan", "{name: [unclosed")
    assert r.exit_code == 1 and r.stderr.startswith("Error: <command line>:1")
    r = run("cards", "add", "my_fan")  # a usage error (README: 2), as both at once (new-user finding: 1)
    assert r.exit_code == 2 and "Error: give the card either as text (YAML or JSON) or with --file, not neither" in r.stderr
    r = run("cards", "add", "my_fan", "{name: Both, kind: curse, deck: door}", "--file", "x.yaml")
    assert r.exit_code == 2 and "Error: give the card either as text (YAML or JSON) or with --file, not both" in r.stderr
    # the search still works as before, with -words and options first
    r = run("cards", "origin:designer", "--format", "json")
    assert r.exit_code == 0 and sorted(c["name"] for c in json.loads(r.stdout)) == [
        "Hex Ghost", "Salt Imp", "Sea Ghost", "Tide Charm"]
    r = runner.invoke(app, ["cards", "--format", "csv", "-kind:monster", "--url", url])
    assert r.exit_code == 0 and r.stdout.startswith("set,name,")
    r = run("cards", "delete", "Salt Imp")
    assert r.exit_code == 0 and r.stdout == "deleted my_fan:Salt Imp\n"
    r = run("set", "list")
    assert r.exit_code == 0 and "my_fan" in r.stdout and "designer" in r.stdout
    out = tmp_path / "my_fan.yaml"
    r = run("set", "export", "my_fan", str(out))
    assert r.exit_code == 0 and r.stdout == f"wrote {out} (3 cards)\n"
    r = run("set", "export", "my_fan", str(out))
    assert r.exit_code == 1 and "already exists (use --force" in r.stderr
    r = run("set", "import", str(out), "--dry-run")
    assert r.exit_code == 0 and r.stdout.startswith("dry run, nothing written: would be set 'my_fan' updated: "
                                                    "0 added; 0 updated; 0 removed; 3 unchanged")
    r = run("set", "delete", "my_fan", input="n\n")
    assert r.exit_code == 0 and "Delete designer set my_fan and its 3 cards?" in r.stdout
    r = run("set", "delete", "my_fan", input="")  # no answer to read (a script, </dev/null)
    assert r.exit_code == 1 and "Error: not deleting designer set my_fan: no answer to the question" in r.stderr
    assert "pass --yes" in r.stderr and "Aborted" not in r.stdout + r.stderr
    r = run("set", "delete", "my_fan", "--yes")
    assert r.exit_code == 0 and r.stdout == "deleted designer set my_fan (3 cards)\n"
    r = run("set", "import", str(out))
    assert r.exit_code == 0 and r.stdout.startswith("set 'my_fan' created: 3 added")
    r = run("set", "delete", "alpha", "--yes")
    assert r.exit_code == 1 and "'alpha' is a shipped set" in r.stderr


def test_cards_add_from_a_file_is_all_or_nothing_with_lines(url, tmp_path):
    """``cards add --file`` with a list whose second card is bad writes no card (not even the
    first), and every problem names the file's line, the card and the field, sorted by line."""
    D.create_set("my_fan", "My fan set", url=url)
    before = _db_state(url)
    many = tmp_path / "cards.yaml"
    many.write_text(
        "- name: Harbor Hag\n"          # 1
        "  kind: monster\n"
        "  deck: door\n"
        "  level: 5\n"
        "- name: Tide Troll\n"          # 5
        "  kind: monster\n"
        "  deck: door\n"
        "  level: 9\n"
        "  effects:\n"
        "    abilities:\n"              # 10
        "      - when: enters_combat\n"
        "        do:\n"
        "          - combat_strength: -2\n"
        "            for: until_dawn\n"  # 14
        "    bad_stuff:\n"
        "      - lose_item: hat\n"       # 16
        "- name: Cursed Anchor\n"
        "  kind: curse\n"
        "  deck: door\n"
        "  tags: [Soggy]\n"              # 20
        "- {name: Harbor Hag, kind: curse, deck: door}\n",  # 21: twice in the list
        encoding="utf-8")
    r = runner.invoke(app, ["cards", "add", "my_fan", "--file", str(many), "--url", url])
    assert r.exit_code == 1, r.output
    lines = r.stderr.splitlines()
    assert lines[0] == "Error: 4 problems in the card data:"
    assert lines[1].startswith(f"  {many}:14: card 'Tide Troll': effects.abilities[0].do[0].for: unknown duration "
                               "'until_dawn'")
    assert lines[2].startswith(f"  {many}:16: card 'Tide Troll': effects.bad_stuff[0].lose_item: expected one of ")
    # the undeclared tag is told with the fields' problems, not after they are mended
    assert lines[3].startswith(f"  {many}:20: card 'Cursed Anchor': tags[0]: undeclared tag 'Soggy' (declared: ")
    assert lines[4] == f"  {many}:21: card 'Harbor Hag': name: the list holds it twice (first at {many}:1)"
    assert _db_state(url) == before and r.stdout == ""  # Harbor Hag was not added
    # the fields are fine now: the database checks (an undeclared tag) also name the line, still nothing written
    text = many.read_text(encoding="utf-8").replace("until_dawn", "this_combat").replace("hat", "headgear")
    many.write_text(text.replace("- {name: Harbor Hag, kind: curse, deck: door}\n", ""), encoding="utf-8")
    r = runner.invoke(app, ["cards", "add", "my_fan", "--file", str(many), "--url", url])
    assert r.exit_code == 1 and f"Error: {many}:20: card 'Cursed Anchor': tags[0]: undeclared tag 'Soggy'" in r.stderr
    assert _db_state(url) == before
    many.write_text(text.replace("  tags: [Soggy]\n", "").replace("- {name: Harbor Hag, kind: curse, deck: door}\n", ""),
                    encoding="utf-8")
    r = runner.invoke(app, ["cards", "add", "my_fan", "--file", str(many), "--url", url])
    assert r.exit_code == 0, r.output
    assert [ln.split(" (")[0] for ln in r.stdout.splitlines() if ln.startswith("added")] == [
        "added my_fan:Harbor Hag", "added my_fan:Tide Troll", "added my_fan:Cursed Anchor"]
    assert sorted(api.cards("set:my_fan", url=url)["name"]) == ["Cursed Anchor", "Harbor Hag", "Tide Troll"]


def test_a_card_written_by_hand_in_a_designer_set_file_is_the_designers(url, tmp_path):
    """A card of a designer set file without ``provenance:`` is a designer card (as with
    ``cards add``); a ``printed`` one without ``source:`` says how to fix it."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    path = tmp_path / "new.yaml"
    text = D.export_set("my_fan", url=url)
    path.write_text(text + "  - name: Kraken Pup\n    kind: monster\n    deck: door\n    level: 8\n    treasures: 2\n"
                           "    effects: {bad_stuff: [{lose_levels: 1}]}\n", encoding="utf-8")
    result = D.import_set(path, url=url)
    assert result.names["added"] == ["Kraken Pup"], result.names
    pup = api.card("Kraken Pup", url=url)
    assert (pup["set"], pup["origin"], pup["provenance"], pup["level"]) == ("my_fan", "designer", "designer", 8)
    line = len(text.splitlines()) + 1
    path.write_text(text + "  - {name: Eel Ghost, kind: monster, deck: door, level: 3, provenance: printed}\n",
                    encoding="utf-8")
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set(path, url=url)
    assert str(info.value) == (f"{path}:{line}: card 'Eel Ghost': source: required when provenance is 'printed' (add "
                               "source: saying where the card's facts come from, or provenance: designer for a card "
                               "of your own)")


def test_a_designer_sets_family_follows_the_sets_it_requires(url, tmp_path):
    """``set new ss_fan --requires beta`` (a solar_storm set) makes a solar_storm set; a
    family other than the required sets' is refused, by ``set new`` and ``set import``."""
    r = runner.invoke(app, ["set", "new", "ss_fan", "SS fan", "--requires", "beta", "--url", url])
    assert r.exit_code == 0 and r.stdout == "created designer set ss_fan (SS fan, solar_storm)\n", r.output
    assert D.create_set("m_fan", "M fan", requires=["alpha"], url=url)["family"] == "munchkin"
    assert D.create_set("no_req", "No req", url=url)["family"] == "munchkin"
    before = _db_state(url)
    r = runner.invoke(app, ["set", "new", "odd_fan", "Odd", "--requires", "beta", "--family", "munchkin", "--url", url])
    assert r.exit_code == 1
    assert r.stderr == ("Error: set 'odd_fan': family: 'munchkin', but it requires beta (solar_storm): a set mixes "
                        "with the sets of its own game only; use family 'solar_storm' (set new --family solar_storm)\n")
    r = runner.invoke(app, ["set", "new", "two_fan", "Two", "--requires", "beta", "--requires", "alpha", "--url", url])
    assert r.exit_code == 1  # no family given: the message does not pretend one was
    assert r.stderr == ("Error: set 'two_fan': requires sets of 2 games (beta (solar_storm), alpha (munchkin)): a set "
                        "mixes with the sets of its own game only; require the sets of one family\n")
    path = tmp_path / "odd.yaml"
    path.write_text("set:\n  code: odd_fan\n  name: Odd\n  family: munchkin\n  kind: fan\n  requires: [beta]\n"
                    "cards: []\n", encoding="utf-8")
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set(path, url=url)
    assert str(info.value) == (f"{path}:4: set 'odd_fan': family: 'munchkin', but it requires beta (solar_storm): "
                               "a set mixes with the sets of its own game only; use family 'solar_storm' "
                               "(set new --family solar_storm)")
    assert _db_state(url) == before


def test_a_misspelt_field_or_value_gets_a_did_you_mean(url):
    D.create_set("my_fan", "My fan set", url=url)
    r = runner.invoke(app, ["cards", "add", "my_fan", "{name: Sea Ghost, kind: monstr, deck: door, levl: 6}",
                            "--url", url])
    assert r.exit_code == 1
    assert "<command line>:1: card 'Sea Ghost': kind: unknown kind 'monstr'; did you mean 'monster'? (expected " in r.stderr
    assert "<command line>:1: card 'Sea Ghost': levl: unknown field; did you mean 'level'?" in r.stderr
    D.add_card({"name": "Sea Ghost", "kind": "monster", "deck": "door", "level": 6}, "my_fan", url=url)
    r = runner.invoke(app, ["cards", "edit", "Sea Ghost", "{levl: 4}", "--url", url])
    assert r.exit_code == 1 and r.stderr == "Error: card 'Sea Ghost': levl: unknown field; did you mean 'level'?\n"
    r = runner.invoke(app, ["cards", "edit", "Sea Ghost", "{colour: red}", "--url", url])
    assert r.exit_code == 1 and r.stderr == "Error: card 'Sea Ghost': colour: unknown field\n"  # nothing close


def _import_problems(url, tmp_path, cards: str) -> list[str]:
    """The problems ``set import`` refuses a fan set file with (header lines 1-6, ``cards`` from
    line 7 on) for; nothing is written."""
    path = tmp_path / "fan.yaml"
    path.write_text("set:\n  code: my_fan\n  name: My fan\n  family: munchkin\n  kind: fan\n"
                    "cards:\n" + cards, encoding="utf-8")
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set(path, url=url)
    return info.value.problems


def test_set_import_problems_come_sorted_by_line(url, tmp_path):
    got = _import_problems(url, tmp_path,
                           "  - name: Tide Troll\n"     # 7
                           "    level: lots\n"          # 8
                           "    deck: door\n"
                           "    kind: monstr\n"         # 10
                           "  - name: Eel\n"            # 11
                           "    treasures: -1\n"        # 12
                           "    kind: curse\n"
                           "    deck: dor\n")           # 14
    lines = [int(p.split(":")[1]) for p in got]
    assert lines == [8, 10, 12, 14], got


def test_set_import_tells_a_shadowing_name_with_the_schemas_problems(url, tmp_path):
    """A file with a bad field on one card and a name that shadows a printed card on another
    gets both problems in one run (before: the shadowing name only after the field was fixed)."""
    got = _import_problems(url, tmp_path,
                           "  - name: Tide Troll\n"     # 7
                           "    level: lots\n"          # 8
                           "    deck: door\n"
                           "    kind: monster\n"
                           "  - name: po-tion\n"        # 11
                           "    kind: curse\n"
                           "    deck: door\n")
    assert [int(p.split(":")[1]) for p in got] == [8, 11], got
    assert "name: 'po-tion' shadows the printed card 'Potion'" in got[1] and "choose another name" in got[1]
    assert list(api.cards("origin:designer", url=url)["name"]) == []

def test_set_import_tells_a_duplicate_name_with_another_cards_schema_problem(url, tmp_path):
    """Two valid cards of one name and a third card the schema refuses: set import reports both
    problems in one run, as ``db check`` does (before: only the bad field, the duplicate after
    it was fixed)."""
    got = _import_problems(url, tmp_path,
                           "  - name: Typo Monster\n"   # 7
                           "    kind: monster\n"
                           "    deck: door\n"
                           "    level: 2\n"
                           "  - name: Typo Monster\n"   # 11
                           "    kind: monster\n"
                           "    deck: door\n"
                           "    level: 3\n"
                           "  - name: Elf Hat\n"        # 15
                           "    kind: item\n"
                           "    deck: treasure\n"
                           "    usable_by: [race:elff]\n")  # 18
    assert [int(p.split(":")[1]) for p in got] == [11, 18], got
    assert got[0].endswith("card 'Typo Monster': name: duplicate card in set 'my_fan' "
                           f"(first at {tmp_path / 'fan.yaml'}:7)"), got
    assert "elff" in got[1]
    # the same message as when the duplicate is the file's only problem
    fixed = _import_problems(url, tmp_path,
                             "  - name: Typo Monster\n    kind: monster\n    deck: door\n    level: 2\n"
                             "  - name: Typo Monster\n    kind: monster\n    deck: door\n    level: 3\n")
    assert fixed == [got[0]]
    assert list(api.cards("origin:designer", url=url)["name"]) == []


LONG_OPS_IN_SHORT_LISTS = [
    ("monster", {"bad_stuff": [{"levels": -3}]}),
    ("monster", {"bad_stuff": [{"if": "level>=3", "then": [{"levels": -1}], "else": [{"draw": "treasure"}]}]}),
    ("monster", {"bad_stuff": [{"lose_levels": 1}], "on_escape": [{"combat_strength": -2, "for": "next_combat"}]}),
    ("curse", {"ops": [{"draw": "treasure", "count": 2}]}),
    ("curse", {"ops": [{"levels": -1, "floor": 1}]}),
]


@pytest.mark.parametrize("kind,effects", LONG_OPS_IN_SHORT_LISTS)
def test_long_form_ops_in_a_short_form_op_list_run_in_the_engine(url, kind, effects):
    """An op list of a short form (``bad_stuff``, ``on_escape``, a Curse's ``ops``) runs every op
    of the language (EFFECTS.md, 5. Ops): such a card is not marked manual (it was, with the
    note "exactly one op key expected ... got ['levels']", and the board then asked for a
    by-hand step besides running the op)."""
    D.create_set("my_fan", "My fan set", url=url)
    card = {"name": "Long Op Card", "kind": kind, "deck": "door", "effects": effects,
            **({"level": 6, "treasures": 2} if kind == "monster" else {})}
    saved = D.add_card(card, "my_fan", url=url)
    assert (saved.manual, saved.notes) == (False, [])
    assert D.engine_notes({"bad_stuff": [{"levl": -3}]}, "monster")  # a typo is still a note


def test_a_monster_with_a_levels_op_in_bad_stuff_plays_without_a_manual_step(url):
    from munchkin_lab.cards.spec import to_spec
    from munchkin_lab.engine import Game

    D.create_set("my_fan", "My fan set", url=url)
    D.add_card({"name": "Minus Three", "kind": "monster", "deck": "door", "level": 20, "treasures": 1,
                "effects": {"bad_stuff": [{"levels": -3}]}}, "my_fan", url=url)
    spec = to_spec(api.card("Minus Three", url=url))
    assert not spec.manual
    from munchkin_lab.scenarios.runner import run_scenario

    sc = {"name": "designer monster with a long-form op in its Bad Stuff", "rule": "EFFECTS.md, 5. Ops",
          "players": [{"name": "Ann", "level": 5}, {"name": "Bob", "level": 1}],
          "decks": {"door": ["Minus Three"]}, "forced_dice": [1],
          "steps": [{"actor": "Ann", "action": "kick"}, {"actor": "Ann", "action": "run"},
                    {"actor": "Bob", "action": "pass"}, {"actor": "Ann", "action": "roll", "monster": "Minus Three"}],
          "expect": {"players.Ann.level": 2, "pending#": 0, "phase": "end"}}
    result = run_scenario(sc, resolver=lambda name: spec if name == "Minus Three" else None)
    assert result.ok, result


def test_a_printed_card_taking_a_designer_cards_name_stops_check_and_build(url, data_copy):
    """An update of the shipped set files that gives a printed card the name (or alias) of a
    designer card is named by `db check` and refused by `db build` before anything is written."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card({**GHOST, "aliases": ["Bilge Spook"]}, "my_fan", url=url)
    build(url, data_copy)
    alpha = data_copy / "sets" / "alpha.yaml"
    lines = len(alpha.read_text(encoding="utf-8").splitlines())
    alpha.write_text(alpha.read_text(encoding="utf-8") + "  - name: SEA GHOST\n    kind: monster\n    deck: door\n"
                     "    level: 4\n    treasures: 1\n    aliases: [Bilge Spook]\n"
                     "    source: update\n", encoding="utf-8")
    before = D.export_set("my_fan", url=url)
    res = runner.invoke(app, ["db", "check", "--data", str(data_copy), "--url", url])
    assert res.exit_code == 1, res.output
    assert (f"designer card 'Sea Ghost' (my_fan): name: 'Sea Ghost' is now also the printed card 'SEA GHOST' of set "
            f"'alpha' (database/sets/alpha.yaml:{lines + 1})") in res.output
    assert "aliases[0]: 'Bilge Spook' is now also the alias 'Bilge Spook' of printed card 'SEA GHOST'" in res.output
    assert "rename the designer card (munchkin-lab cards edit 'Sea Ghost' '{name: ...}' --set my_fan)" in res.output
    res = runner.invoke(app, ["db", "build", "--data", str(data_copy), "--url", url])
    assert res.exit_code == 1 and "is now also the printed card 'SEA GHOST'" in res.output
    assert api.cards("set:alpha", url=url)["name"].str.lower().tolist().count("sea ghost") == 0  # nothing written
    assert D.export_set("my_fan", url=url) == before
    D.edit_card("Sea Ghost", "my_fan", {"name": "Sea Spook", "aliases": []}, url=url)
    assert build(url, data_copy)["added"] == 1
    assert runner.invoke(app, ["db", "check", "--data", str(data_copy), "--url", url]).exit_code == 0


def test_set_import_checks_a_changed_header_and_says_what_changed(url, tmp_path):
    """A file that changes the set header (name, family, requires) is checked like `set new`
    (a family that does not fit the set's cards is refused, nothing written) and the summary
    names each header change."""
    D.create_set("my_fan", "My fan set", requires=["alpha"], url=url)
    D.add_card(GHOST, "my_fan", url=url)
    data = yaml.safe_load(D.export_set("my_fan", url=url))
    path = tmp_path / "my_fan.yaml"

    def write(**header):
        path.write_text(yaml.safe_dump({**data, "set": {**data["set"], **header}}, sort_keys=False), encoding="utf-8")

    write(family="solar_storm", requires=[])
    before = _db_state(url)
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set(path, url=url)
    assert (f"{path}:4: set 'my_fan': family: 'solar_storm', but it holds 1 Munchkin card ('Sea Ghost'): a set holds "
            "the cards of its own game; use family 'munchkin'") in str(info.value)
    assert _db_state(url) == before
    write(name="My harbour", requires=["beta"])
    with pytest.raises(D.DesignerCardError, match="family: 'munchkin', but it requires beta"):
        D.import_set(path, url=url)
    assert _db_state(url) == before
    write(name="My harbour", requires=[])
    # a new name could be another designer's set of the same code taking this one over: asked first
    res = runner.invoke(app, ["set", "import", str(path), "--url", url], input="")
    assert res.exit_code == 1 and "no answer to the question" in res.stderr
    assert res.stdout.splitlines()[0] == "the header of set my_fan will change: name 'My fan set' -> 'My harbour'"
    assert _db_state(url) == before and "name: My fan set" in D.export_set("my_fan", url=url)
    res = runner.invoke(app, ["set", "import", str(path), "--url", url], input="y\n")
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[2] == ("set 'my_fan' updated: header: name 'My fan set' -> 'My harbour', "
                                          "requires ['alpha'] -> []; 0 added; 0 updated; 0 removed; 1 unchanged")
    assert D.import_set(path, url=url).header == []  # imported again: nothing changes
    solar = D.create_set("ss_fan", "SS fan", family="solar_storm", url=url)["code"]
    with pytest.raises(D.DesignerCardError, match="card 'Tide Crab': deck: set 'ss_fan': family: 'solar_storm'"):
        D.add_card({**GHOST, "name": "Tide Crab", "aliases": []}, solar, url=url)


def test_import_set_renames_a_set_only_when_the_caller_agrees(url, tmp_path):
    """``set import`` asks before a file changes an existing set's name or notes (it could be
    another designer's set of the same code); ``import_set`` refused nothing and renamed the
    set silently. Now it refuses, naming the set, both names and the keyword, unless
    ``rename=True``."""
    D.create_set("my_fan", "My fan set", notes="ghosts of the harbour", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    data = yaml.safe_load(D.export_set("my_fan", url=url))
    path = tmp_path / "my_fan.yaml"

    def write(cards=data["cards"], **header):
        path.write_text(yaml.safe_dump({**data, "set": {**data["set"], **header}, "cards": cards}, sort_keys=False),
                        encoding="utf-8")

    def header() -> dict:
        return yaml.safe_load(D.export_set("my_fan", url=url))["set"]

    write(name="Their harbour")
    before = (_db_state(url), header())
    assert D.import_set(path, url=url, dry_run=True).renamed == ["name 'My fan set' -> 'Their harbour'"]
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(path, url=url)
    message = str(info.value)
    assert message.startswith("set 'my_fan': the file would rename the set: name 'My fan set' -> 'Their harbour' ")
    assert "Nothing was written" in message and message.endswith("or pass rename=True")
    assert info.value.renamed == ["name 'My fan set' -> 'Their harbour'"]
    assert info.value.removed == [] and info.value.newer == []
    assert (_db_state(url), header()) == before
    # the notes (the set's description) tell a set apart too: asked the same way
    write(notes="their own notes")
    with pytest.raises(D.SetConsentError, match="rename the set: notes 'ghosts of the harbour' -> 'their own "
                                                "notes'.*or pass rename=True"):
        D.import_set(path, url=url)
    assert (_db_state(url), header()) == before
    # with cards to remove too: one refusal naming both keywords
    write(name="Their harbour", cards=[])
    with pytest.raises(D.SetConsentError, match="or pass rename=True and remove_missing=True$"):
        D.import_set(path, url=url)
    with pytest.raises(D.SetConsentError, match="rename=True$"):
        D.import_set(path, url=url, remove_missing=True)
    assert (_db_state(url), header()) == before
    write(name="Their harbour")
    done = D.import_set(path, url=url, rename=True)
    assert done.header == ["name 'My fan set' -> 'Their harbour'"] and done.renamed == done.header
    assert header()["name"] == "Their harbour"
    assert D.import_set(path, url=url).header == []  # imported again: no rename, nothing asked
    # a new set is no rename
    other = dict(data, set={**data["set"], "code": "new_fan", "name": "New fan"}, cards=[])
    path.write_text(yaml.safe_dump(other, sort_keys=False), encoding="utf-8")
    assert D.import_set(path, url=url).created


def test_an_edit_that_changes_nothing_keeps_the_version(url):
    """`cards edit X '{}'` or the values the card has: "unchanged", nothing written, so
    another editor holding the version gets no conflict."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    before = _db_state(url)
    for changes in ({}, {"level": 6, "tags": ["Undead"], "aliases": ["Bilge Spook"]}):
        saved = D.edit_card("Sea Ghost", "my_fan", changes, row_version=1, url=url)
        assert (saved.row_version, saved.unchanged) == (1, True)
    assert _db_state(url) == before
    res = runner.invoke(app, ["cards", "edit", "Sea Ghost", "{level: 6}", "--version", "1", "--url", url])
    assert res.exit_code == 0 and res.stdout.startswith("unchanged my_fan:Sea Ghost (version 1)"), res.output
    saved = D.edit_card("Sea Ghost", "my_fan", {"level": 7}, row_version=1, url=url)
    assert (saved.row_version, saved.unchanged) == (2, False)
    with pytest.raises(D.EditConflictError):  # a stale version is still a conflict, change or not
        D.edit_card("Sea Ghost", "my_fan", {}, row_version=1, url=url)


@pytest.mark.parametrize("command", ["edit", "delete"])
@pytest.mark.parametrize("version, why", [("99999999999999999999999", "at most 2147483647"), ("0", "at least 1")])
def test_a_version_out_of_range_is_a_usage_error(url, command, version, why):
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    argv = ["cards", command, "Sea Ghost"] + (["{level: 7}"] if command == "edit" else [])
    res = runner.invoke(app, argv + ["--version", version, "--url", url])
    assert res.exit_code == 2, res.output
    assert res.stderr == f"Error: --version must be {why}, got {version} (allowed: 1..2147483647)\n"
    assert api.card("Sea Ghost", url=url)["level"] == 6


def _older_export_and_newer_db(url, tmp_path):
    """A set exported, then a card added and another edited in the database: the file is older."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    old = tmp_path / "old.yaml"
    D.export_set("my_fan", old, url=url)
    D.add_card(WISP, "my_fan", url=url)
    D.edit_card("Sea Ghost", None, {"level": 9}, url=url)
    return old


def test_set_import_of_an_older_export_removes_nothing_without_consent(url, tmp_path):
    """New-user finding: importing an older export silently removed the cards added since and
    reverted later edits. The API refuses (naming the cards and the way on) unless
    ``remove_missing=True`` (cards the file lacks) and ``overwrite_newer=True`` (cards the file
    holds as exported, edited in the database since: the export's fingerprints tell); nothing
    is written."""
    old = _older_export_and_newer_db(url, tmp_path)
    assert old.read_text(encoding="utf-8").splitlines()[2].startswith("# card fingerprints (set import spots edits")
    state = _db_state(url)
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(old, url=url)
    assert (info.value.removed, info.value.newer) == (["Fen Wisp"], ["Sea Ghost"])
    text = str(info.value)
    assert "1 card(s) of the database are not in" in text and "would be removed: 'Fen Wisp'" in text
    assert "1 card(s) were edited in the database after" in text and "would lose those edits: 'Sea Ghost'" in text
    assert "export the set again (`munchkin-lab set export my_fan FILE`)" in text
    assert "remove_missing=True and overwrite_newer=True" in text
    with pytest.raises(D.SetConsentError) as info:  # agreeing to the removal only: the edit is still kept
        D.import_set(old, url=url, remove_missing=True)
    assert (info.value.removed, info.value.newer) == ([], ["Sea Ghost"]) and "overwrite_newer=True" in str(info.value)
    assert _db_state(url) == state and api.card("Sea Ghost", url=url)["level"] == 9
    preview = D.import_set(old, url=url, dry_run=True)  # a dry run shows it and never refuses
    assert preview.names["removed"] == ["Fen Wisp"] and preview.newer == ["Sea Ghost"]
    assert preview.summary().endswith("\nnote: edited in the database after the file was exported, set back to the "
                                      "file's values: Sea Ghost")
    # a preview agreed to, then someone adds another card: refused, nothing written
    D.add_card({"name": "Bog Lurker", "kind": "monster", "deck": "door", "level": 3,
                "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "my_fan", url=url)
    state = _db_state(url)
    with pytest.raises(D.SetConsentError, match="would now also remove 'Bog Lurker'"):
        D.import_set(old, url=url, remove_missing=True, overwrite_newer=True, expect_removed=["Fen Wisp"])
    assert _db_state(url) == state
    done = D.import_set(old, url=url, remove_missing=True, overwrite_newer=True,
                        expect_removed=["Fen Wisp", "Bog Lurker"])
    assert done.names["removed"] == ["Fen Wisp", "Bog Lurker"] and api.card("Sea Ghost", url=url)["level"] == 6


def test_set_import_takes_the_designers_own_file_edits_without_asking(url, tmp_path):
    """The usual route (export, edit the file, import; edit again, import again) asks nothing:
    a card changed in the file is the designer's edit, not an older copy."""
    path = _exported_pair(url, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("level: 6", "level: 7"), encoding="utf-8")
    first = D.import_set(path, url=url)
    assert first.names["updated"] == ["Sea Ghost"] and first.newer == []
    path.write_text(text.replace("level: 6", "level: 8").replace("level: 2", "level: 3"), encoding="utf-8")
    second = D.import_set(path, url=url)
    assert second.names["updated"] == ["Sea Ghost", "Fen Wisp"] and second.newer == []
    assert (api.card("Sea Ghost", url=url)["level"], api.card("Fen Wisp", url=url)["level"]) == (8, 3)
    # Fen Wisp edited in the database; the file (Fen Wisp as exported) would undo it: refused
    D.edit_card("Fen Wisp", None, {"level": 5}, url=url)
    path.write_text(text.replace("level: 6", "level: 9"), encoding="utf-8")
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(path, url=url)
    assert info.value.newer == ["Fen Wisp"] and info.value.removed == []
    assert "it would also change 1 card(s) to the file's values: 'Sea Ghost'" in str(info.value)
    assert api.card("Fen Wisp", url=url)["level"] == 5 and api.card("Sea Ghost", url=url)["level"] == 8
    # an export taken now imports back unchanged
    again = D.export_set("my_fan", url=url)
    assert D.import_set("my_fan.yaml", text=again, url=url) == {"added": 0, "updated": 0, "removed": 0, "unchanged": 2}


def test_an_edit_undone_by_hand_is_no_newer_edit_for_set_import(url, tmp_path):
    """Left over: a card edited in the database, then edited back to exactly what the last
    import wrote, was still asked about once (the import remembered the card's version, and
    each edit bumps it). It has no edit left to lose: the import asks nothing. An edit that
    is not undone still asks, and so does one undone only in part."""
    path = _exported_pair(url, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("level: 6", "level: 7"), encoding="utf-8")
    assert D.import_set(path, url=url).names["updated"] == ["Sea Ghost"]  # the last import wrote level 7
    D.edit_card("Sea Ghost", None, {"level": 9, "summary": "Dripping."}, url=url)
    saved = D.edit_card("Sea Ghost", None, {"level": 7, "summary": "A dripping ghost."}, url=url)
    assert saved.row_version == 4  # two edits (the version moved on), the card as imported
    for file_text in (text.replace("level: 6", "level: 8"),  # with the export's fingerprints
                      "\n".join(ln for ln in text.replace("level: 6", "level: 8").splitlines()
                                if not ln.startswith("#"))):  # and without (comments dropped)
        done = D.import_set("my_fan.yaml", text=file_text, url=url, dry_run=True)
        assert (done.names["updated"], done.newer) == (["Sea Ghost"], [])
    path.write_text(text.replace("level: 6", "level: 8"), encoding="utf-8")
    done = D.import_set(path, url=url)
    assert done.newer == [] and api.card("Sea Ghost", url=url)["level"] == 8
    D.edit_card("Sea Ghost", None, {"level": 9, "summary": "Dripping."}, url=url)
    D.edit_card("Sea Ghost", None, {"level": 8}, url=url)  # the summary's edit stays
    path.write_text(text.replace("level: 6", "level: 10"), encoding="utf-8")
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(path, url=url)
    assert info.value.newer == ["Sea Ghost"] and api.card("Sea Ghost", url=url)["summary"] == "Dripping."


def test_set_import_asks_when_the_file_and_the_database_both_edited_a_card(url, tmp_path):
    """Break-it finding: a card changed in the file *and* edited in the database after the
    export took the file's values silently (the database edit was lost: only cards the file
    held unchanged were checked). Now it is a card whose edit would be lost (``newer``), while
    the export, edit, import, edit, import loop still asks nothing."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    path = tmp_path / "my_fan.yaml"
    text = D.export_set("my_fan", path, url=url)
    path.write_text(text.replace("level: 6", "level: 8"), encoding="utf-8")
    D.edit_card("Sea Ghost", None, {"level": 7}, url=url)  # someone edits it in the database meanwhile
    state = _db_state(url)
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(path, url=url)
    assert (info.value.removed, info.value.newer) == ([], ["Sea Ghost"])
    assert _db_state(url) == state and api.card("Sea Ghost", url=url)["level"] == 7
    assert D.import_set(path, url=url, dry_run=True).newer == ["Sea Ghost"]
    done = D.import_set(path, url=url, overwrite_newer=True)
    assert done.newer == ["Sea Ghost"] and api.card("Sea Ghost", url=url)["level"] == 8
    # the loop: the card changed since the export by the import itself is no database edit
    path.write_text(text.replace("level: 6", "level: 9"), encoding="utf-8")
    again = D.import_set(path, url=url)
    assert again.names["updated"] == ["Sea Ghost"] and again.newer == []
    assert api.card("Sea Ghost", url=url)["level"] == 9
    D.edit_card("Sea Ghost", None, {"level": 4}, url=url)  # an edit after that import is one again
    path.write_text(text.replace("level: 6", "level: 10"), encoding="utf-8")
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(path, url=url)
    assert info.value.newer == ["Sea Ghost"] and api.card("Sea Ghost", url=url)["level"] == 4


def test_a_file_without_fingerprints_asks_before_undoing_a_database_edit(url, tmp_path):
    """Break-it finding: a file without the export's fingerprint line (written by hand, its
    comments dropped) set a card edited in the database back without asking. Now the last
    import's fingerprints vouch for a card (the hand-written file's import, edit, import loop
    asks nothing); a card edited since that import, or never imported, is ``newer``."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    path = tmp_path / "my_fan.yaml"
    text = "\n".join(line for line in D.export_set("my_fan", url=url).splitlines()
                     if not line.startswith("# card fingerprints")) + "\n"
    path.write_text(text.replace("level: 6", "level: 7"), encoding="utf-8")
    with pytest.raises(D.SetConsentError) as info:  # made by cards add: nothing vouches for it
        D.import_set(path, url=url)
    assert info.value.newer == ["Sea Ghost"] and api.card("Sea Ghost", url=url)["level"] == 6
    assert ("1 card(s) were edited in the database since the set's last import (" + str(path)
            + " has no export fingerprints to tell it is newer) and would lose those edits: 'Sea Ghost'") \
        in str(info.value)
    assert D.import_set(path, url=url, overwrite_newer=True).newer == ["Sea Ghost"]
    path.write_text(text.replace("level: 6", "level: 8"), encoding="utf-8")
    assert D.import_set(path, url=url).newer == [] and api.card("Sea Ghost", url=url)["level"] == 8
    D.edit_card("Sea Ghost", None, {"level": 3}, url=url)
    path.write_text(text.replace("level: 6", "level: 9"), encoding="utf-8")
    state = _db_state(url)
    r = runner.invoke(app, ["set", "import", str(path), "--url", url], input="")
    assert r.exit_code == 1 and "1 card was edited in the database since the set's last import" in r.stdout
    assert _db_state(url) == state and api.card("Sea Ghost", url=url)["level"] == 3


def test_ctrl_c_at_the_import_question_says_interrupted_and_writes_nothing(url, tmp_path, monkeypatch):
    """Break-it finding: Ctrl-C at the question of ``set import`` (at a terminal) ended with
    ``no answer to the question (no terminal?); pass --yes``. It now says it was interrupted
    (exit 130); nothing is written."""
    import munchkin_lab.cli as cli

    old = _older_export_and_newer_db(url, tmp_path)
    state = _db_state(url)
    monkeypatch.setattr(cli, "interactive", lambda: True)  # a terminal; the answer's end is then a Ctrl-C/D
    r = runner.invoke(app, ["set", "import", str(old), "--url", url], input="")
    assert r.exit_code == 130, r.output
    assert r.stderr.strip() == f"Interrupted: nothing imported from {old}"
    assert _db_state(url) == state


@pytest.mark.parametrize("started", ["sigint_default", "sigint_ignored"])
def test_ctrl_c_in_the_middle_of_set_import_exits_130_and_writes_nothing(url, tmp_path, started):
    """Finding 2 of the new user's session: SIGINT to ``set import`` while it writes ends it
    with ``Interrupted.`` and exit 130, and the transaction is rolled back (no set, no card).
    Also when the command was started with SIGINT ignored, as ``cmd &`` in a shell script
    starts it (the command line put the ignored SIGINT back once its modules were imported,
    so the import ran on and exited 0)."""
    import signal
    import subprocess
    import sys
    import textwrap

    path = tmp_path / "bulk.yaml"
    cards = "".join(f"  - {{name: Bulk Beast {i}, kind: monster, deck: door, level: 1}}\n" for i in range(30))
    path.write_text(f"set: {{code: bulk_fan, name: Bulk, family: munchkin, kind: fan, requires: [alpha]}}\ncards:\n{cards}", encoding="utf-8")
    state = _db_state(url)
    code = textwrap.dedent(f"""
        import sys, time
        sys.argv = ["munchkin-lab", "set", "import", {str(path)!r}, "--url", {url!r}]
        from munchkin_lab.cli import app
        from munchkin_lab.cards import designer
        renumber = designer._renumber

        def slow(*args, **kwargs):  # the set and its cards are written, not yet committed
            renumber(*args, **kwargs)
            print("writing", flush=True)
            time.sleep(15)

        designer._renumber = slow
        app()
    """)

    def start():  # in the child, before Python starts
        if started == "sigint_ignored":
            signal.signal(signal.SIGINT, signal.SIG_IGN)

    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=start)
    try:
        assert proc.stdout.readline() == "writing\n"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, (out, err)
    assert err == f"Interrupted: nothing imported from {path}; the set is as it was.\n" and out == ""
    config.dispose_engine(url)
    assert _db_state(url) == state
    assert "bulk_fan" not in set(D.list_sets(url)["code"])


def test_a_card_renamed_in_the_file_that_a_deck_holds_is_refused_naming_the_file(url, tmp_path):
    """A card renamed in the file is the old card removed and a new one added: a saved deck
    holding the old one refuses it (with ``--yes`` too), the message naming the file, the
    card and the deck (break-it finding: the file was not named); nothing is written."""
    from munchkin_lab.decks import Deck as DeckModel

    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    deck = DeckModel("Wet mix", url=url)
    deck.add("Sea Ghost", 2)
    deck.save()
    path = tmp_path / "my_fan.yaml"
    path.write_text(D.export_set("my_fan", url=url).replace("name: Sea Ghost", "name: Sea Spook"), encoding="utf-8")
    state = _db_state(url)
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 1, r.output
    assert (f"{path}: card 'Sea Ghost': missing from the file but saved deck(s) 'Wet mix' hold it: it looks "
            "renamed to 'Sea Spook' (with all of its fields): to follow the rename here, rename it first "
            "(munchkin-lab cards edit 'Sea Ghost' '{name: Sea Spook}' --set my_fan; the decks follow it) or give "
            "'Sea Spook' the alias 'Sea Ghost' in the file, then import again; else put it back in the file, or "
            "remove it from the decks first (munchkin-lab deck remove 'Wet mix' 'Sea Ghost')") in r.stderr.replace("\n", " ")
    assert _db_state(url) == state and DeckModel.load("Wet mix", url=url).copies("Sea Ghost") == 2


def test_a_card_renamed_elsewhere_is_followed_by_both_routes_the_refusal_names(url, tmp_path):
    """Another machine renamed the card (cards edit) and shared the set: the file holds the new
    name only. The refusal's two routes both keep the card (its id) and the decks holding it:
    the former name as an alias in the file, or the rename made here first."""
    from munchkin_lab.decks import Deck as DeckModel

    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    deck = DeckModel("Wet mix", url=url)
    deck.add("Sea Ghost", 2)
    deck.save()
    text = D.export_set("my_fan", url=url).replace("name: Sea Ghost", "name: Sea Spook")
    path = tmp_path / "my_fan.yaml"
    path.write_text(text.replace("- Bilge Spook", "- Bilge Spook\n      - Sea Ghost"), encoding="utf-8")
    assert "- Sea Ghost" in path.read_text(encoding="utf-8")
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 0, r.output
    assert DeckModel.load("Wet mix", url=url).copies("Sea Spook") == 2
    # the other route: the rename made here first, then the file without the alias imports
    D.edit_card("Sea Spook", "my_fan", {"name": "Sea Wraith"}, url=url)
    path.write_text(text.replace("name: Sea Spook", "name: Sea Wraith"), encoding="utf-8")
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 0, r.output
    assert DeckModel.load("Wet mix", url=url).copies("Sea Wraith") == 2


def test_a_name_written_with_other_case_spacing_or_accents_is_the_same_card_renamed(url, tmp_path):
    """Break-it finding: a file naming a card with other case or accents (``Sea Ghost`` ->
    ``SEA Ghost``, ``Séa Ghost``), names the project itself holds to be the same, was a removal
    and an addition: refused while a deck held the card, with a message naming a card the file
    seemed to hold. It is now the same card renamed: its id, and the decks holding it, kept;
    the summary says so. (A no-break space, ``Sea\u00a0Ghost``, is stored as a plain space:
    the same name, unchanged, test_odd_whitespace_in_a_name_is_stored_as_one_plain_space.)"""
    from munchkin_lab.decks import Deck as DeckModel

    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    from sqlalchemy import select

    def ids():
        with config.get_engine(url).connect() as conn:
            return list(conn.execute(select(Card.id, Card.name).where(Card.origin == "designer")))

    [(cid, _)] = ids()
    deck = DeckModel("Wet mix", url=url)
    deck.add("Sea Ghost", 2)
    deck.save()
    text = D.export_set("my_fan", url=url)
    for new in ("SEA Ghost", "Séa Ghost"):
        done = D.import_set("my_fan.yaml", text=text.replace("name: Sea Ghost", f"name: {new}"), url=url)
        assert (done.names["updated"], done.names["removed"], done.names["added"]) == ([new], [], [])
        assert done.notes[-1].endswith(f"-> {new!r} (the same card renamed)")
        assert ids() == [(cid, new)]
        assert DeckModel.load("Wet mix", url=url).copies(new) == 2


def test_set_import_refuses_a_database_edit_made_after_the_preview(url, tmp_path):
    """Break-it finding: the command agreed to undo the edits its preview listed with
    ``overwrite_newer=True``, which also undid an edit saved between the preview and the
    import. ``expect_newer`` names the agreed cards; any other is refused, nothing written."""
    path = _exported_pair(url, tmp_path)
    D.edit_card("Sea Ghost", None, {"level": 9}, url=url)
    assert D.import_set(path, url=url, dry_run=True).newer == ["Sea Ghost"]
    D.edit_card("Fen Wisp", None, {"level": 5}, url=url)  # saved after the preview
    state = _db_state(url)
    with pytest.raises(D.SetConsentError, match="would now also undo the database edits of 'Fen Wisp'") as info:
        D.import_set(path, url=url, overwrite_newer=True, expect_newer=["Sea Ghost"])
    assert (info.value.removed, info.value.newer) == ([], ["Fen Wisp"])
    assert _db_state(url) == state and api.card("Fen Wisp", url=url)["level"] == 5
    done = D.import_set(path, url=url, overwrite_newer=True, expect_newer=["Sea Ghost", "Fen Wisp"])
    assert done.newer == ["Sea Ghost", "Fen Wisp"]
    assert (api.card("Sea Ghost", url=url)["level"], api.card("Fen Wisp", url=url)["level"]) == (6, 2)


def test_set_import_command_lists_the_removed_and_changed_cards_and_asks(url, tmp_path):
    old = _older_export_and_newer_db(url, tmp_path)
    state = _db_state(url)

    def run(*args, input=None):
        return runner.invoke(app, [*args, "--url", url], input=input)

    r = run("set", "import", str(old), input="n\n")
    assert r.exit_code == 0, r.output  # the user's choice, not bad input (README: 1 is bad input)
    assert f"1 card of set my_fan is not in {old} and will be removed: Fen Wisp\n" in r.stdout
    assert f"1 card was edited in the database after {old} was exported and will lose those edits: Sea Ghost " \
        "(level 9 -> 6)\n" in r.stdout
    assert "Import the file and remove those cards and undo those edits? [y/N]" in r.stdout
    assert "nothing imported" in r.stdout
    r = run("set", "import", str(old), input="")  # no terminal: refused unless --yes
    assert r.exit_code == 1 and f"Error: nothing imported from {old}: no answer" in r.stderr and "--yes" in r.stderr
    assert _db_state(url) == state
    r = run("set", "import", str(old), input="y\n")
    assert r.exit_code == 0 and "set 'my_fan' updated: 0 added; 1 updated (Sea Ghost); 1 removed (Fen Wisp)" in r.stdout
    with pytest.raises(D.DesignerCardError, match="no such card"):
        D.get_card("Fen Wisp", url=url)
    D.add_card(WISP, "my_fan", url=url)
    r = run("set", "import", str(old), "--yes")
    assert r.exit_code == 0 and "1 removed (Fen Wisp)" in r.stdout and "[y/N]" not in r.stdout
    r = run("set", "import", str(old))  # nothing to remove: no question
    assert r.exit_code == 0 and r.stdout.startswith("set 'my_fan' updated: 0 added; 0 updated; 0 removed; 1 unchanged")


def test_manual_follows_the_effects_on_edit(url):
    """New-user finding: a card manual because of a ``manual`` op kept ``manual: true`` after an
    edit gave it effects the engine runs (so it was still resolved by hand). The flag follows
    the effects unless the edit sets it; a flag set on effects the engine runs stays."""
    D.create_set("my_fan", "My fan set", url=url)
    odd = {"name": "Hand Ghost", "kind": "monster", "deck": "door", "level": 3,
           "effects": {"bad_stuff": [{"manual": "the player sings a sea shanty"}]}}
    assert D.add_card(odd, "my_fan", url=url).manual
    saved = D.edit_card("Hand Ghost", None, {"effects": {"bad_stuff": [{"lose_levels": 1}]}}, url=url)
    assert (saved.manual, saved.row_version) == (False, 2)
    assert saved.notes[0].startswith("manual: true -> false: the effects now run in the engine")
    assert not api.card("Hand Ghost", url=url)["manual"] and "manual" not in D.get_card("Hand Ghost", url=url)
    saved = D.edit_card("Hand Ghost", None, {"effects": {"bad_stuff": [{"manual": "again"}]}}, url=url)
    assert saved.manual and saved.notes[0] == "manual: false -> true: the card is now resolved by hand on the board"
    # set by the designer in the edit: kept, and kept by a later edit of effects the engine runs
    saved = D.edit_card("Hand Ghost", None, {"effects": {"bad_stuff": [{"lose_levels": 2}]}, "manual": True}, url=url)
    assert saved.manual and not any(n.startswith("manual:") for n in saved.notes)
    saved = D.edit_card("Hand Ghost", None, {"effects": {"bad_stuff": [{"lose_levels": 1}]}}, url=url)
    assert saved.manual and api.card("Hand Ghost", url=url)["manual"]
    # an edit of another field leaves a derived flag alone
    D.edit_card("Hand Ghost", None, {"effects": {"bad_stuff": [{"manual": "x"}]}, "manual": None}, url=url)
    saved = D.edit_card("Hand Ghost", None, {"level": 4}, url=url)
    assert saved.manual and not any(n.startswith("manual:") for n in saved.notes)
    r = runner.invoke(app, ["cards", "edit", "Hand Ghost", "{effects: {bad_stuff: [{lose_levels: 1}]}}", "--url", url])
    assert r.exit_code == 0 and r.stdout.startswith("updated my_fan:Hand Ghost (version 8)\n"
                                                    "note: manual: true -> false: the effects now run in the engine")


def test_set_import_lets_the_manual_flag_follow_the_effects_as_cards_edit_does(url):
    """An export writes ``manual: true`` for a card its ``manual`` op made manual; a file that
    then gives it effects the engine runs but keeps that line kept the card manual (``cards
    edit`` cleared it). The file's flag as stored is no say of the designer's: it follows the
    effects, and the import says so; imported again with ``manual: true`` it is the
    designer's and stays, also through a later change of the effects."""
    D.create_set("my_fan", "My fan set", url=url)
    odd = {"name": "Hand Ghost", "kind": "monster", "deck": "door", "level": 3,
           "effects": {"bad_stuff": [{"manual": "the player sings a sea shanty"}]}}
    assert D.add_card(odd, "my_fan", url=url).manual
    text = D.export_set("my_fan", url=url)
    assert "    manual: true\n" in text
    runs = text.replace("- manual: the player sings a sea shanty", "- lose_levels: 1")
    done = D.import_set("my_fan.yaml", text=runs, url=url)
    assert done.names["updated"] == ["Hand Ghost"] and not api.card("Hand Ghost", url=url)["manual"]
    assert done.notes == ["card 'Hand Ghost': manual: true -> false: the effects now run in the engine (import it "
                          "again with manual: true to keep resolving the card by hand)"]
    again = D.import_set("my_fan.yaml", text=runs, url=url)  # now the file's flag is the designer's
    assert again.names["updated"] == ["Hand Ghost"] and again.notes == [] and api.card("Hand Ghost", url=url)["manual"]
    later = D.import_set("my_fan.yaml", text=runs.replace("lose_levels: 1", "lose_levels: 2"), url=url)
    assert later.notes == [] and api.card("Hand Ghost", url=url)["manual"]
    # the round trip of a manual card is unchanged
    assert D.import_set("my_fan.yaml", text=D.export_set("my_fan", url=url), url=url).names["unchanged"] == ["Hand Ghost"]


def test_set_import_refuses_a_tag_the_file_no_longer_declares_but_a_card_carries(url, tmp_path):
    """New-user finding: a file that dropped its ``Swampy`` declaration while a card still
    carried the tag imported with exit 0 and kept the tag undeclared. Now an error naming the
    card, the field and the line (as ``cards add`` refuses an undeclared tag); nothing written."""
    D.create_set("my_fan", "My fan set", url=url)
    path = tmp_path / "my_fan.yaml"
    D.export_set("my_fan", path, url=url)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("cards: []", "tags:\n  - name: Swampy\ncards:\n  - name: Bog Lurker\n    kind: monster\n"
                                 "    deck: door\n    level: 3\n    tags:\n      - Swampy\n"
                                 "    effects:\n      bad_stuff:\n        - lose_levels: 1\n"), encoding="utf-8")
    assert D.import_set(path, url=url)["added"] == 1 and api.card("Bog Lurker", url=url)["tags"] == ["Swampy"]
    state, exported = _db_state(url), D.export_set("my_fan", url=url)
    path.write_text(exported.replace("tags:\n  - name: Swampy\n", ""), encoding="utf-8")
    with pytest.raises(D.DesignerCardError, match=r"my_fan.yaml:\d+: card 'Bog Lurker': tags\[0\]: tag 'Swampy' is no "
                                                  r"longer declared in the file's tags: \(set 'my_fan' declared it\)"):
        D.import_set(path, url=url)
    r = runner.invoke(app, ["set", "import", str(path), "--url", url])
    assert r.exit_code == 1 and "card 'Bog Lurker': tags[0]: tag 'Swampy' is no longer declared" in r.stderr
    assert _db_state(url) == state and D.export_set("my_fan", url=url) == exported
    # taking it off the card too: the import goes through and the tag is gone
    path.write_text(exported.replace("tags:\n  - name: Swampy\n", "").replace("    tags:\n      - Swampy\n", ""),
                    encoding="utf-8")
    res = D.import_set(path, url=url)
    assert res.names["updated"] == ["Bog Lurker"] and "tag 'Swampy' no longer declared" in res.summary()
    assert api.card("Bog Lurker", url=url)["tags"] == [] and "Swampy" not in D.export_set("my_fan", url=url)


def test_edit_and_delete_find_a_card_as_show_does_and_say_what_is_wrong(url):
    """New-user findings: ``cards edit "Swamp Thing"`` (an alias ``cards show`` accepts) said
    "no such card"; a misspelt name had no suggestion; ``--version 5`` on a card at version 1
    was called somebody else's save."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card({"name": "Bog Lurker", "kind": "monster", "deck": "door", "level": 3, "aliases": ["Swamp Thing"],
                "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "my_fan", url=url)

    def run(*args):
        return runner.invoke(app, [*args, "--url", url])

    r = run("cards", "edit", "Swamp Thing", "{level: 4}")
    assert r.exit_code == 0 and r.stdout == "updated my_fan:Bog Lurker (version 2)\n", r.output
    assert D.edit_card("swamp thing", "my_fan", {"level": 5}, url=url).key == "my_fan:Bog Lurker"
    for cmd in (("cards", "edit", "Bog Lurkr", "{level: 4}"), ("cards", "show", "Bog Lurkr"),
                ("cards", "delete", "Bog Lurkr")):
        r = run(*cmd)
        assert r.exit_code == 1 and "Error: card 'Bog Lurkr': no such card; did you mean 'Bog Lurker'?" in r.stderr
    r = run("cards", "show", "Zzyzx Qwerty")
    assert r.exit_code == 1 and r.stderr.strip() == "Error: card 'Zzyzx Qwerty': no such card"
    r = run("cards", "edit", "Bog Lurker", "{level: 6}", "--version", "9")
    assert r.exit_code == 1 and "card 'Bog Lurker': version 9 is not a version this card has had: it is at version 3" \
        in r.stderr and "someone else" not in r.stderr
    r = run("cards", "delete", "Swamp Thing", "--version", "9")
    assert r.exit_code == 1 and "version 9 is not a version this card has had: it is at version 3" in r.stderr
    with pytest.raises(D.EditConflictError, match=r"saved by someone else since you opened it \(version 2, now 3\)"):
        D.edit_card("Bog Lurker", None, {"level": 6}, row_version=2, url=url)  # an older version: a conflict
    assert api.card("Bog Lurker", url=url)["level"] == 5
    r = run("cards", "delete", "Swamp Thing", "--version", "3")
    assert r.exit_code == 0 and r.stdout == "deleted my_fan:Bog Lurker\n"


def test_a_set_file_taking_a_shipped_sets_code_is_told_so_whatever_its_cards_name(url, tmp_path):
    """New-user finding: a designer set file whose code was changed to ``munchkin`` got
    "unknown class 'wizard'" errors (the shipped set's own cards were left out of the names
    its effects may use, as an import of a set leaves out the set's stored cards) instead of
    the shipped-set message; now only a designer set's own cards are left out."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card({**WISP, "effects": {"bonus_vs": [{"if": "has_item:flame", "bonus": 2}],
                                    "bad_stuff": [{"lose_levels": 1}]}}, "my_fan", url=url)
    path = tmp_path / "taken.yaml"
    path.write_text(D.export_set("my_fan", url=url).replace("code: my_fan", "code: alpha"), encoding="utf-8")
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set(path, url=url)
    assert str(info.value) == (f"{path}:5: set: code: 'alpha' is a shipped set (database/sets/alpha.yaml); a designer "
                               "set needs a code of its own")
    r = runner.invoke(app, ["set", "import", str(path), "--url", url])
    assert r.exit_code == 1 and "'alpha' is a shipped set" in r.stderr and "unknown item" not in r.stderr


def test_a_lookalike_name_is_refused_naming_both_cards_and_the_letter(url, tmp_path):
    """New-user finding: "Clerіc" (a Cyrillic і) and "Potted-Plant" got past the no-shadowing
    rule. Names are now compared as a reader tells them apart; the refusal names both cards
    and, for a look-alike letter, the letter with its code point. A word of real Cyrillic
    (a translated name) is no look-alike; the same rule holds for set import and CSV import."""
    D.create_set("my_fan", "My fan set", url=url)
    with pytest.raises(D.DesignerCardError) as info:
        D.add_card({"name": "Cler\u0456c", "kind": "class", "deck": "door"}, "my_fan", url=url)
    assert str(info.value) == (
        "card 'Cler\u0456c': name: 'Cler\u0456c' shadows the printed card 'Cleric' (alpha) (names are compared as a "
        "reader tells them apart: without case, diacritics, spaces or punctuation, and with letters of other scripts "
        "read as the Latin letters they look like: '\u0456' (U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I) "
        "looks like 'i'); choose another name")
    with pytest.raises(D.DesignerCardError, match=re.escape(
            "'Grave-Lord' shadows the printed card 'Grave Lord' (alpha) (names are compared as a reader tells them "
            "apart: without case, diacritics, spaces or punctuation); choose another name")):
        D.add_card({**WISP, "name": "Grave-Lord"}, "my_fan", url=url)
    with pytest.raises(D.DesignerCardError, match=r"shadows the printed card 'Grave Lord' \(alpha\) \(names are "
                                                  r"compared without case and diacritics\)"):
        D.add_card({**WISP, "name": "GRAVE LORD"}, "my_fan", url=url)  # the plain message as before
    assert D.add_card({"name": "\u041a\u043b\u0435\u0440\u0438\u043a", "kind": "class", "deck": "door"},
                      "my_fan", url=url).key == "my_fan:\u041a\u043b\u0435\u0440\u0438\u043a"
    # within one file: two cards that read the same
    text = D.export_set("my_fan", url=url) + "  - {name: Fen Wisp, kind: monster, deck: door, level: 1}\n" \
        "  - {name: Fen-Wisp, kind: monster, deck: door, level: 1}\n"
    with pytest.raises(D.DesignerCardError, match=r"card 'Fen-Wisp': name: 'Fen-Wisp' is also a name of .*card "
                                                  r"'Fen Wisp' \(names are compared as a reader tells them apart"):
        D.import_set("my_fan.yaml", text=text, url=url)
    path = tmp_path / "odd.csv"  # CSV import: the same rule for new designer cards
    api.export_csv(path, url=url)
    rows = list(csv.DictReader(open(path, encoding="utf-8", newline="")))
    rows = [dict(rows[0], set="my_fan", name="Potion\u2014", origin="", aliases="[]")]
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
        w.writeheader()
        w.writerows(rows)
    with pytest.raises(CardDataError, match=r"'Potion\u2014' shadows the printed card 'Potion' \(alpha\)"):
        api.import_csv(path, url=url)


def test_set_import_and_csv_import_read_a_respelt_name_as_the_same_card(url, tmp_path):
    """Both imports take a name respelt in case, accents, spacing or punctuation as the
    same card renamed (its id and the decks holding it kept), never as a new card that
    shadows the old one (the CSV import said so for accents while set import renamed)."""
    from sqlalchemy import select

    from munchkin_lab.decks import Deck as DeckModel

    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    deck = DeckModel("Wet mix", url=url)
    deck.add("Sea Ghost", 2)
    deck.save()

    def ids():
        with config.get_engine(url).connect() as conn:
            return list(conn.execute(select(Card.id, Card.name).where(Card.origin == "designer")))

    [(cid, _)] = ids()
    text = D.export_set("my_fan", url=url)
    done = D.import_set("my_fan.yaml", text=text.replace("name: Sea Ghost", "name: Sea-Ghost"), url=url)
    assert (done.names["updated"], done.names["added"], done.names["removed"]) == (["Sea-Ghost"], [], [])
    assert ids() == [(cid, "Sea-Ghost")]
    path = tmp_path / "ghost.csv"
    for new in ("Séa Ghost", "  Sea   Ghost ", "SeaGhost"):
        api.export_csv(path, url=url, overwrite=True)
        rows = [r for r in csv.DictReader(open(path, encoding="utf-8", newline="")) if r["set"] == "my_fan"]
        rows[0]["name"] = new
        with open(path, "w", encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
            w.writeheader()
            w.writerows(rows)
        stored = " ".join(new.split())
        result = api.import_csv(path, url=url)
        assert result.names["updated"] == [f"my_fan:{stored}"] and result["inserted"] == 0, new
        assert ids() == [(cid, stored)]
        assert DeckModel.load("Wet mix", url=url).copies(stored) == 2


def test_matched_rows_matches_by_name_first_then_a_unique_key():
    """Two stored cards whose names now read the same (kept from before) are each matched by
    their own name only; a respelt name matches the one card of its key."""
    rows = [{"id": 1, "name": "Cat Fish"}, {"id": 2, "name": "Catfish"}, {"id": 3, "name": "Sea Ghost"}]
    assert {n: r["id"] for n, r in D.matched_rows(rows, ["catfish", "Cat-Fish", "Sea-Ghost"]).items()} == \
        {"catfish": 2, "Sea-Ghost": 3}
    assert {n: r["id"] for n, r in D.matched_rows(rows, ["Cat Fish", "CATFISH"]).items()} == {"Cat Fish": 1, "CATFISH": 2}


def test_set_import_messages_say_how_many_more_name_the_first_line_and_report_a_clash_once(url, tmp_path):
    """New-user findings (small messages): a summary listed the first 10 names with no "...
    N more"; a duplicate card named "card #3", not its line; an alias clash came twice, once as
    "card 'X': card 'X': aliases: ..."; a set code over 64 characters was refused while the
    docs said 200 (the docs now say 64, as the schema)."""
    cards = "".join(f"  - {{name: Bulk Beast {i}, kind: monster, deck: door, level: 1}}\n" for i in range(12))
    head = "set: {code: bulk_fan, name: Bulk, family: munchkin, kind: fan, requires: [alpha]}\ncards:\n"
    done = D.import_set("bulk.yaml", text=head + cards, url=url)
    assert done.summary() == ("set 'bulk_fan' created: 12 added (" + ", ".join(f"Bulk Beast {i}" for i in range(10))
                              + ", ... 2 more); 0 updated; 0 removed; 0 unchanged\n"
                              # monsters without Bad Stuff: one note naming them (the note cards add gives)
                              "note: 12 cards: " + ", ".join(f"'Bulk Beast {i}'" for i in range(10)) + ", ... 2 more: "
                              "a monster without Bad Stuff: nothing happens to a player it catches (add "
                              "effects.bad_stuff, or mark the card manual)")
    text = head + cards + "  - {name: bulk beast 3, kind: monster, deck: door, level: 2}\n"
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set("bulk.yaml", text=text, url=url)
    assert str(info.value) == ("bulk.yaml:15: card 'bulk beast 3': name: duplicate card in set 'bulk_fan' "
                               "(first at bulk.yaml:6)")
    text = head + "  - {name: Grog Potion, kind: one_shot, deck: treasure, aliases: [Grog]}\n" \
        "  - {name: Grog, kind: one_shot, deck: treasure}\n"
    with pytest.raises(D.DesignerCardError) as info:
        D.import_set("grog.yaml", text=text, url=url)
    assert str(info.value) == ("grog.yaml:4: card 'Grog': name: 'Grog' is also a name of grog.yaml:3: card "
                               "'Grog Potion'; choose another name")
    with pytest.raises(D.DesignerCardError, match=r"code: .*at most 64"):
        D.create_set("x" * 65, "Long", url=url)
    readme = (config.DATABASE_DIR / "README.md").read_text(encoding="utf-8")
    assert "a set `code` at most 64\ncharacters" in readme


def _sigint_at(monkeypatch, module, name):
    """``module.name`` sends this process a real SIGINT (Ctrl-C) after running."""
    import os
    import signal

    real = getattr(module, name)

    def then_ctrl_c(*args, **kwargs):
        out = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)
        return out

    monkeypatch.setattr(module, name, then_ctrl_c)


def test_ctrl_c_just_after_the_set_import_commit_says_it_was_saved(url, tmp_path, monkeypatch):
    """New-user finding: Ctrl-C right after ``set import --yes`` listed the removed cards could
    land after the commit (in the cache bookkeeping) and print ``Interrupted.`` (exit 130) while
    the set had changed. The import is saved: it says so, with the summary (exit 130)."""
    path = _exported_pair(url, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("level: 6", "level: 9").split("- name: Fen Wisp")[0], encoding="utf-8")
    _sigint_at(monkeypatch, D, "_forget_caches")
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 130, r.output
    assert "will be removed: Fen Wisp" in r.stdout
    assert "set 'my_fan' updated: 0 added; 1 updated (Sea Ghost); 1 removed (Fen Wisp)" in r.stdout
    assert r.stderr == f"Interrupted: the import of {path} was saved (above).\n"
    assert api.card("Sea Ghost", url=url)["level"] == 9
    with pytest.raises(D.DesignerCardError, match="no such card"):
        D.get_card("Fen Wisp", url=url)


def test_ctrl_c_landing_right_after_the_commit_says_the_import_was_saved(url, tmp_path, monkeypatch):
    """Leftover of a closing note: a Ctrl-C that landed just after the commit, once Ctrl-C was
    no longer held back (after the commit's guarded block, or once the import had returned
    but before the command had its result), was a plain KeyboardInterrupt: the command said
    ``Interrupted: nothing imported ...; the set is as it was.`` while the import was saved.
    It now says it was saved, as the other committed interrupts do (exit 130)."""
    import os
    import signal

    path = _exported_pair(url, tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("level: 6", "level: 9"), encoding="utf-8")
    real_exit = config.interrupts_noted.__exit__
    blocks: list[int] = []

    def exit_then_ctrl_c(self, *exc):
        out = real_exit(self, *exc)
        blocks.append(1)
        if len(blocks) == 1:  # the block that held Ctrl-C back during the commit: just after it
            os.kill(os.getpid(), signal.SIGINT)
        return out

    monkeypatch.setattr(config.interrupts_noted, "__exit__", exit_then_ctrl_c)
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    monkeypatch.undo()
    assert blocks and r.exit_code == 130, r.output
    assert api.card("Sea Ghost", url=url)["level"] == 9  # saved
    assert "set 'my_fan' updated: 0 added; 1 updated (Sea Ghost)" in r.stdout
    assert r.stderr == f"Interrupted: the import of {path} was saved (above).\n"

    # the import had returned; the Ctrl-C lands before the command has its result
    path.write_text(path.read_text(encoding="utf-8").replace("level: 9", "level: 4"), encoding="utf-8")
    _sigint_at(monkeypatch, config, "run_write")
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    monkeypatch.undo()
    assert r.exit_code == 130, r.output
    assert api.card("Sea Ghost", url=url)["level"] == 4
    assert r.stderr == f"Interrupted: the import of {path} was saved.\n"


def test_ctrl_c_just_before_the_set_import_commit_rolls_back_and_says_so(url, tmp_path, monkeypatch):
    path = _exported_pair(url, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("level: 6", "level: 9").split("- name: Fen Wisp")[0], encoding="utf-8")
    state = _db_state(url)
    _sigint_at(monkeypatch, D, "_record_import")  # the last write before the commit
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 130, r.output
    assert r.stderr == f"Interrupted: nothing imported from {path}; the set is as it was.\n"
    assert "updated:" not in r.stdout
    assert _db_state(url) == state and api.card("Sea Ghost", url=url)["level"] == 6


def test_ctrl_c_while_the_commit_runs_is_a_committed_interrupt():
    """config.write_transaction: a Ctrl-C during the commit is noted, and raised after it as
    CommittedInterrupt (the writes are saved), never as a plain KeyboardInterrupt."""
    import os
    import signal

    from sqlalchemy import text as sql

    engine = config.get_engine("sqlite://")
    with engine.begin() as conn:
        conn.execute(sql("create table t (x int)"))
    import sqlalchemy

    real = sqlalchemy.Connection.commit

    def commit(self):
        os.kill(os.getpid(), signal.SIGINT)
        return real(self)

    try:
        sqlalchemy.Connection.commit = commit
        with pytest.raises(config.CommittedInterrupt) as info:
            config.run_write(engine, lambda conn: conn.execute(sql("insert into t values (7)")).rowcount)
    finally:
        sqlalchemy.Connection.commit = real
    assert info.value.result == 1
    with engine.connect() as conn:
        assert conn.execute(sql("select x from t")).scalars().all() == [7]


def test_set_export_never_writes_into_the_shipped_sets_folder(url, tmp_path):
    """New-user finding: ``set export my_set database/sets/munchkin.yaml --force`` replaced a
    shipped set's source file, and a new file could be written there too. Both are refused
    (exit 1, naming the folder); the shipped file is unchanged. Elsewhere it is written."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    shipped = config.DATABASE_DIR / "sets" / "munchkin.yaml"
    before = shipped.read_bytes()
    r = runner.invoke(app, ["set", "export", "my_fan", str(shipped), "--force", "--url", url])
    assert r.exit_code == 1, r.output
    assert "holds the shipped sets" in r.stderr and "export it to a file elsewhere" in r.stderr
    assert shipped.read_bytes() == before
    new = config.DATABASE_DIR / "sets" / "my_fan.yaml"
    r = runner.invoke(app, ["set", "export", "my_fan", str(new), "--url", url])
    assert r.exit_code == 1 and "holds the shipped sets" in r.stderr and not new.exists()
    sneaky = config.DATABASE_DIR / "sets" / ".." / "sets" / "my_fan.yaml"
    with pytest.raises(D.DesignerCardError, match="holds the shipped sets"):
        D.export_set("my_fan", sneaky, url=url, overwrite=True)
    assert not new.exists()
    r = runner.invoke(app, ["set", "export", "my_fan", str(tmp_path / "my_fan.yaml"), "--url", url])
    assert r.exit_code == 0 and (tmp_path / "my_fan.yaml").exists()


def test_ctrl_c_as_db_build_commits_says_the_build_is_saved(url, monkeypatch):
    """Ctrl-C that lands once the build's transaction has committed said "the build stopped
    before it finished ... the previous one is kept" (its KeyboardInterrupt was read as a
    stopped build): it now says the build is saved. Before the commit it keeps saying the
    previous database is kept."""
    import os
    import signal

    from munchkin_lab.cards import build as B

    class Pops(dict):  # the bookkeeping right after the commit gets a real SIGINT
        def pop(self, *args):
            os.kill(os.getpid(), signal.SIGINT)
            return super().pop(*args)

    monkeypatch.setattr(B, "_fresh_checked", Pops())
    r = runner.invoke(app, ["db", "build", "--url", url, "--data", str(MINI)])
    assert r.exit_code == 130, r.output
    assert r.stderr == "Interrupted: the build had finished; the new database is saved.\n"
    assert api.card("Bone Rattler", url=url)["level"] == 2
    monkeypatch.setattr(B, "_fresh_checked", {})
    _sigint_at(monkeypatch, B, "_build_work")  # the work made (not run): Ctrl-C before the commit
    r = runner.invoke(app, ["db", "build", "--url", url, "--data", str(MINI)])
    assert r.exit_code == 130 and r.stderr.startswith("Interrupted: the build stopped before it finished")


def test_a_ctrl_c_after_the_build_commits_says_the_same_however_it_lands(url, monkeypatch):
    """One wording of a saved build (cards.build.BUILD_SAVED), one builder of the line
    (munchkin_lab.saved.interrupted_line): a Ctrl-C in the bookkeeping after build's own
    commit raised a CommittedInterrupt that did not say what was saved (``Interrupted: the
    changes were saved.`` through the API) while the command line hand-wrote its own line."""
    import os
    import signal

    from munchkin_lab import saved
    from munchkin_lab.cards import build as B

    class Discards(set):  # build's bookkeeping after run_write gets a real SIGINT
        def discard(self, item):
            os.kill(os.getpid(), signal.SIGINT)
            return super().discard(item)

    monkeypatch.setattr(B, "_schema_ok", Discards())
    with pytest.raises(config.CommittedInterrupt) as info:
        B.build(url, MINI)
    assert info.value.saved == "the build had finished; the new database is saved"
    assert info.value.interrupted_line == saved.interrupted_line([], info.value) \
        == "Interrupted: the build had finished; the new database is saved."
    assert info.value.result["cards"] > 0
    assert saved.interrupted_line([], config.CommittedInterrupt()) == "Interrupted: the changes were saved."
    assert saved.interrupted_line(["deck 'Mix' was saved"], KeyboardInterrupt()) == "Interrupted: deck 'Mix' was saved."
    assert saved.interrupted_line([], KeyboardInterrupt()) == "Interrupted."


def test_ctrl_c_just_after_a_card_write_commits_says_what_was_saved(url, monkeypatch):
    """``cards add`` / ``cards edit`` / ``cards delete``: a Ctrl-C in the bookkeeping right
    after the commit printed the bare ``Interrupted.`` while the card had changed; it now says
    what the database kept (exit 130). Before the commit: nothing written, and it says so."""
    D.create_set("my_fan", "My fan set", url=url)
    _sigint_at(monkeypatch, D, "_forget_caches")
    r = runner.invoke(app, ["cards", "add", "my_fan", json.dumps(GHOST), "--url", url])
    assert r.exit_code == 130, r.output
    assert r.stderr == "Interrupted: card my_fan:Sea Ghost (version 1) was saved.\n"
    assert api.card("Sea Ghost", url=url)["level"] == 6
    r = runner.invoke(app, ["cards", "edit", "Sea Ghost", "{level: 7}", "--url", url])
    assert r.exit_code == 130 and r.stderr == "Interrupted: card my_fan:Sea Ghost (version 2) was saved.\n"
    assert api.card("Sea Ghost", url=url)["level"] == 7
    r = runner.invoke(app, ["cards", "delete", "Sea Ghost", "--url", url])
    assert r.exit_code == 130 and r.stderr == "Interrupted: the deletion of card my_fan:Sea Ghost was saved.\n"
    with pytest.raises(D.DesignerCardError, match="no such card"):
        D.get_card("Sea Ghost", url=url)
    monkeypatch.undo()
    _sigint_at(monkeypatch, D, "_store")  # the last write before the commit: rolled back
    r = runner.invoke(app, ["cards", "add", "my_fan", json.dumps(GHOST), "--url", url])
    assert r.exit_code == 130 and r.stderr == "Interrupted: nothing written; the database is as it was.\n"
    with pytest.raises(D.DesignerCardError, match="no such card"):
        D.get_card("Sea Ghost", url=url)


def test_ctrl_c_just_after_the_csv_import_commits_says_it_was_saved(url, tmp_path, monkeypatch):
    """``db import``: a Ctrl-C right after the commit (the cache bookkeeping) said only
    ``Interrupted.``; it now says the import was saved, with its summary (exit 130)."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    path = tmp_path / "cards.csv"
    api.export_csv(path, url=url)
    with open(path, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["name"] == "Sea Ghost"]
    rows[0]["level"] = "9"
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    _sigint_at(monkeypatch, D, "_forget_caches")
    r = runner.invoke(app, ["db", "import", str(path), "--url", url])
    assert r.exit_code == 130, r.output
    assert r.stderr.startswith(f"Interrupted: the import of {path} was saved: 0 added; 1 updated (my_fan:Sea Ghost)")
    assert r.stdout == ""
    assert api.card("Sea Ghost", url=url)["level"] == 9


def test_ctrl_c_as_a_deck_save_commits_says_the_deck_was_saved(url, monkeypatch):
    """``deck add`` (and every deck save): a Ctrl-C during the commit (noted, raised after it
    as config.CommittedInterrupt) printed ``Interrupted.``; it now names the deck saved."""
    import os
    import signal

    import sqlalchemy

    from munchkin_lab.decks.store import load_deck

    r = runner.invoke(app, ["deck", "new", "Mix", "--url", url])
    assert r.exit_code == 0, r.output
    real = sqlalchemy.Connection.commit

    def commit(self):
        os.kill(os.getpid(), signal.SIGINT)
        return real(self)

    monkeypatch.setattr(sqlalchemy.Connection, "commit", commit)
    r = runner.invoke(app, ["deck", "add", "Mix", "Bone Rattler", "--url", url])
    monkeypatch.undo()
    assert r.exit_code == 130, r.output
    assert r.stderr == "Interrupted: deck 'Mix' was saved.\n"
    assert load_deck("Mix", url=url).copies("alpha:Bone Rattler") == 1


def test_a_ship_room_marked_v1_with_a_room_action_is_saved_with_a_note(url):
    """Solar Storm Alternative Rooms: a V1 room's action is the base game's, so the engine does
    not run the room_action of a room marked V1: ``cards add`` says so and saves it by hand."""
    D.create_set("my_ship", "My ship", "solar_storm", url=url)
    card = {"name": "Old Hold", "kind": "ship_room", "deck": "ship_room", "version": "V1",
            "effects": {"room_action": {"draw_resources": {"count": 1, "from": ["deck", "face_up"]}}}}
    saved = D.add_card(card, "my_ship", url=url)
    assert saved.manual and len(saved.notes) == 1 and "a V1 room's action is the base game's" in saved.notes[0]
    v2 = D.add_card({**card, "name": "New Hold", "version": "V2"}, "my_ship", url=url)
    assert not v2.manual and v2.notes == []


def test_db_check_lists_the_cards_resolved_by_hand_with_why(url):
    """`db check` names every card the board hands to a person: the set files' (a ``manual:
    true`` flag) and the designer cards of any kind (a manual op, a flag set by hand), each
    with its set and the reason `cards add` gives."""
    D.create_set("my_fan", "My fan set", url=url)
    hand = D.add_card({**GHOST, "name": "Muddy Ghost", "aliases": [],
                       "effects": {"bad_stuff": [{"manual": "lose your boots into the mud"}]}}, "my_fan", url=url)
    D.add_card({"name": "Odd Hat", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 1,
                "gold": 100, "manual": True}, "my_fan", url=url)
    D.add_card(WISP, "my_fan", url=url)  # runs in the engine: not listed
    res = runner.invoke(app, ["db", "check", "--data", str(MINI), "--url", url])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[1] == "resolved by hand on the board: 3 cards"
    assert lines[2:] == ["  Engine Room V2 (beta): marked manual: true (no effects given)",
                         f"  Muddy Ghost (my_fan, designer card): {hand.notes[0]}",
                         "  Odd Hat (my_fan, designer card): marked manual: true (no effects given)"]
    assert "manual op" in hand.notes[0]


GNAT_NOTE = ("a Curse without effects: it hits and nothing happens to its victim "
             "(add effects.ops or abilities, or mark the card manual)")


def test_a_card_that_does_nothing_in_play_gets_a_note_and_db_check_lists_it(url, tmp_path):
    """New-user finding: a designer Curse with no effects was added with no word, `db check`
    did not list it, and in play it hit and nothing happened. Every kind whose point is its
    effect gets a note when it has none (as a monster without Bad Stuff does), in `cards add`,
    `cards edit` and `db check`; the kinds the engine hands to a person without effects (a
    Portal, a trap) are listed as resolved by hand; a card with a bonus, a value, effects or
    the manual flag gets none."""
    D.create_set("my_fan", "My fan set", url=url)
    res = runner.invoke(app, ["cards", "add", "my_fan", "{name: Gnat Swarm, kind: curse, deck: door}", "--url", url])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines() == ["added my_fan:Gnat Swarm (version 1)", f"note: {GNAT_NOTE}"]
    idle = {
        "Bog Boost": ({"kind": "one_shot", "deck": "treasure", "gold": 100}, "a One-Shot without a bonus or effects"),
        "Mud Mate": ({"kind": "monster_enhancer", "deck": "door"},
                     "a Monster Enhancer without a bonus (its Level change) or effects"),
        "Bog Trick": ({"kind": "special", "deck": "treasure"}, "a special without effects"),
        "Bog Stick": ({"kind": "item", "deck": "treasure", "slot": "one_hand"},
                      "an item without a bonus, a Gold value or effects"),
    }
    said = {}
    for name, (card, note) in idle.items():
        saved = D.add_card({"name": name, **card}, "my_fan", url=url)
        assert not saved.manual and len(saved.notes) == 1 and saved.notes[0].startswith(note + ":"), saved.notes
        said[name] = saved.notes[0]
    gate = D.add_card({"name": "Bog Gate", "kind": "portal", "deck": "door"}, "my_fan", url=url)
    assert gate.notes == ["a Portal without effects: when it is followed, the board hands it to a person to "
                          "resolve by hand (add effects.portal for the engine to run it)"]
    fine = [{"name": "Bog Brew", "kind": "one_shot", "deck": "treasure", "bonus": 2},
            {"name": "Mud Giant", "kind": "monster_enhancer", "deck": "door", "bonus": 5},
            {"name": "Bog Coin", "kind": "item", "deck": "treasure", "gold": 300},
            {"name": "Bog Wander", "kind": "special", "deck": "door", "effects": {"wandering_monster": True}},
            {"name": "Quiet Gnats", "kind": "curse", "deck": "door", "manual": True}]
    for card in fine:
        assert D.add_card(card, "my_fan", url=url).notes == [], card["name"]
    # an edit that gives it effects ends the note; one that takes them away brings it back
    assert D.edit_card("Gnat Swarm", None, {"effects": {"ops": [{"lose_levels": 1}]}}, url=url).notes == []
    res = runner.invoke(app, ["cards", "edit", "Gnat Swarm", "{effects: null}", "--url", url])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines() == ["updated my_fan:Gnat Swarm (version 3)", f"note: {GNAT_NOTE}"]
    res = runner.invoke(app, ["db", "check", "--data", str(MINI), "--url", url])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    by_hand = lines.index("resolved by hand on the board: 3 cards")
    assert f"  Bog Gate (my_fan, designer card): {gate.notes[0]}" in lines[by_hand + 1:by_hand + 4]
    at = lines.index("nothing happens in play: 5 cards")
    assert lines[at + 1:] == [f"  Gnat Swarm (my_fan, designer card): {GNAT_NOTE}"] + [
        f"  {name} (my_fan, designer card): {note}" for name, note in said.items()]
    # set import says it too, for the cards it adds or changes
    path = tmp_path / "bog.yaml"
    path.write_text("set: {code: bog, name: Bog, family: munchkin, kind: fan}\n"
                    "cards:\n  - {name: Bog Gnats, kind: curse, deck: door}\n"
                    "  - {name: Bog Midges, kind: curse, deck: door, effects: {ops: [{lose_levels: 1}]}}\n",
                    encoding="utf-8")
    result = D.import_set(path, url=url)
    assert result.notes == [f"card 'Bog Gnats': {GNAT_NOTE}"]
    assert f"note: card 'Bog Gnats': {GNAT_NOTE}" in result.summary().splitlines()


def test_a_special_without_effects_is_never_offered_to_be_played():
    """What the note of a special without effects says: the engine lists no ``play`` of it,
    in any seat's actions, over a whole seeded game with many copies (it is only discarded,
    given to Charity, sold to a class ability...)."""
    import random

    from munchkin_lab.engine import Game
    from munchkin_lab.engine.cards import CardSpec

    plain = CardSpec(key="my_fan:Bog Trick", set="my_fan", name="Bog Trick", kind="special", deck="door")
    deck = [(CardSpec(key=f"t:M{i}", set="t", name=f"Mob {i}", kind="monster", deck="door", level=i % 5 + 1,
                      treasures=1), 3) for i in range(10)]
    deck += [(CardSpec(key=f"t:I{i}", set="t", name=f"Club {i}", kind="item", deck="treasure", slot="one_hand",
                       bonus=1, gold=200), 3) for i in range(10)] + [(plain, 20)]
    g = Game.new(players=3, deck=deck, seed=5)
    ids = set(g.card_ids("Bog Trick"))
    pick = random.Random(5).choice
    held = 0
    for _ in range(600):
        if g.state.phase == "over":
            break
        held += sum(len(ids & set(p.hand)) for p in g.state.players)
        for seat in range(3):
            assert not [a for a in g.legal_actions(seat=seat) if a.kind == "play" and a.card in ids]
        g.play(pick(g.legal_actions()))
    assert held > 0  # the card was in a hand while the actions were listed


def test_a_rename_made_with_cards_edit_keeps_the_old_name_as_an_alias_and_travels(url, tmp_path):
    """``cards edit`` renaming a card keeps the old name as an alias (a note says so): the card
    is still found by it here, and the set file exported after the rename, imported on another
    machine whose saved deck holds the card by its old name, follows the rename there (before,
    that import was refused: the file carried the new name only). An edit that says what the
    aliases are, or a rename that only changes case, adds none."""
    from munchkin_lab.decks import Deck as DeckModel

    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"  # another designer's machine
    build(other, MINI)
    before = tmp_path / "before.yaml"
    before.write_text(D.export_set("my_fan", url=url), encoding="utf-8")
    D.import_set(before, url=other)
    deck = DeckModel("Wet mix", url=other)
    deck.add("Sea Ghost", 2)
    deck.save()

    saved = D.edit_card("Sea Ghost", "my_fan", {"name": "Sea Spook"}, url=url)
    assert saved.key == "my_fan:Sea Spook"
    assert saved.notes[-1] == ("kept the old name 'Sea Ghost' as an alias, so decks and files that name it still "
                               "find the card (to drop it: cards edit 'Sea Spook' '{aliases: []}')")
    assert D.get_card("Sea Spook", url=url)["aliases"] == ["Bilge Spook", "Sea Ghost"]
    assert api.card("Sea Ghost", url=url)["name"] == "Sea Spook"

    after = tmp_path / "after.yaml"
    after.write_text(D.export_set("my_fan", url=url), encoding="utf-8")
    result = D.import_set(after, url=other)
    assert result.names["updated"] == ["Sea Spook"] and result.names["removed"] == []
    assert DeckModel.load("Wet mix", url=other).copies("Sea Spook") == 2

    # the aliases said in the edit win; a change of case is no new name
    again = D.edit_card("Sea Spook", "my_fan", {"name": "Sea Wraith", "aliases": ["Bilge Spook"]}, url=url)
    assert all("alias" not in n for n in again.notes)
    assert D.get_card("Sea Wraith", url=url)["aliases"] == ["Bilge Spook"]
    case = D.edit_card("Sea Wraith", "my_fan", {"name": "SEA Wraith"}, url=url)
    assert all("alias" not in n for n in case.notes)
    assert D.get_card("SEA Wraith", url=url)["aliases"] == ["Bilge Spook"]


def test_effects_of_empty_lists_are_no_effects_for_the_idle_note():
    """A Curse whose effects are empty lists (``{ops: []}``, ``{abilities: []}``) does nothing
    when it hits, as a Curse without effects: the same note; one op is enough to drop it."""
    note = "a Curse without effects: it hits and nothing happens to its victim"
    for effects in (None, {}, {"ops": []}, {"abilities": []}, {"ops": [], "abilities": []}):
        idle, hand = D.idle_notes("curse", effects)
        assert hand == [] and len(idle) == 1 and idle[0].startswith(note), effects
    assert D.idle_notes("curse", {"ops": [{"lose_levels": 1}]}) == ([], [])
    # a monster: Bad Stuff of an empty list is no Bad Stuff (as before)
    assert D.idle_notes("monster", {"bad_stuff": []})[0][0].startswith("a monster without Bad Stuff")
