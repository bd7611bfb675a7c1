"""Two designers who both picked one set code, and name clashes (a new user's findings): the
bundle's advice never points at a takeover of an unrelated set, `set import` asks before
renaming a set, `deck import-bundle --set-code OLD=NEW` brings the bundle's set in under
another code, every clash (names, aliases, the code) is told in one run with the command that
frees the name here, and a newer bundle's set lists the fields it changes when it asks nothing."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards import designer as D
from munchkin_lab.cli import app
from munchkin_lab.decks import Deck, list_decks
from munchkin_lab.decks.bundle import BundleError, export_bundle, import_bundle

runner = CliRunner()


def _swamp_bundle(url: str, path) -> None:
    D.create_set("swamp", "Swamp Things", requires=["munchkin"], url=url)
    D.add_card({"name": "Bog Lurker", "kind": "monster", "deck": "door", "level": 4, "treasures": 1,
                "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "swamp", url=url)
    D.add_card({"name": "Mire Colossus", "kind": "monster", "deck": "door", "level": 12, "treasures": 3,
                "aliases": ["Big Mire"], "effects": {"bad_stuff": [{"lose_levels": 2}]}}, "swamp", url=url)
    deck = Deck("Swamp mix", url=url)
    deck.add_set("munchkin")
    deck.add("Bog Lurker", 2)
    deck.add("Mire Colossus")
    deck.save()
    export_bundle("Swamp mix", path, url=url)


def _state(url: str) -> tuple:
    with config.get_engine(url).connect() as conn:
        sets = conn.exec_driver_sql("SELECT code, name, notes FROM card_set ORDER BY code").fetchall()
    return (api.cards("", url=url).to_json(), list_decks(url)[["name", "cards", "entries"]].to_json(), sets)


def test_a_set_that_only_shares_the_code_comes_in_under_another(db_url, other_sqlite, tmp_path):
    path = tmp_path / "swamp.bundle.yaml"
    _swamp_bundle(db_url, path)
    D.create_set("swamp", "C's own swamp", url=other_sqlite)  # C's set: empty, nothing to do with B's
    before = _state(other_sqlite)
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--url", other_sqlite])
    assert r.exit_code == 1
    err = " ".join(r.stderr.split())
    assert ("set 'swamp': this database has a designer set of the same code, \"C's own swamp\", other than the "
            "bundle's 'Swamp Things'") in err
    assert f"`munchkin-lab deck import-bundle {path} --set-code swamp=NEW_CODE` (its deck then uses NEW_CODE)" in err
    assert "unique across sets" not in err  # no card name is shared
    # the other way (bring "yours" up to the bundle's) would rename C's set: it asks first
    r = runner.invoke(app, ["set", "import", str(path), "--set", "swamp", "--url", other_sqlite], input="")
    assert r.exit_code == 1, r.output
    assert "the header of set swamp will change: name \"C's own swamp\" -> 'Swamp Things'" in r.stdout
    assert "no answer to the question" in r.stderr
    r = runner.invoke(app, ["set", "import", str(path), "--set", "swamp", "--url", other_sqlite], input="n\n")
    assert r.exit_code == 0 and "nothing imported" in r.stdout
    assert _state(other_sqlite) == before
    # the bundle's set under another code: its deck follows; C's set is as it was
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--set-code", "swamp=swamp_b", "--url", other_sqlite])
    assert r.exit_code == 0, r.output
    assert "designer set(s) created: swamp_b" in r.stdout
    deck = Deck.load("Swamp mix", url=other_sqlite)
    assert deck.copies("swamp_b:Bog Lurker") == 2 and deck.copies("swamp_b:Mire Colossus") == 1
    assert api.card("Mire Colossus", url=other_sqlite)["set"] == "swamp_b"
    assert len(api.cards("set:swamp", url=other_sqlite)) == 0
    assert "name: C's own swamp" in D.export_set("swamp", url=other_sqlite)
    # bad --set-code values
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--set-code", "swamp", "--url", other_sqlite])
    assert r.exit_code == 2 and "write it OLD=NEW" in r.stderr
    with pytest.raises(BundleError, match=r"holds no designer set 'bog' \(its sets: swamp\)"):
        import_bundle(path, url=other_sqlite, set_codes={"bog": "bog_b"}, name="x")


def test_every_clash_in_one_run_with_the_command_that_frees_the_name(db_url, other_sqlite, tmp_path):
    path = tmp_path / "swamp.bundle.yaml"
    _swamp_bundle(db_url, path)
    D.create_set("cset", "C's set", requires=["munchkin"], url=other_sqlite)
    D.add_card({"name": "Bog-Lurker", "kind": "monster", "deck": "door", "level": 1,
                "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "cset", url=other_sqlite)
    D.add_card({"name": "Fen Troll", "kind": "monster", "deck": "door", "level": 2, "aliases": ["Big Mire", "Trolly"],
                "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "cset", url=other_sqlite)
    D.create_set("swamp", "C's own swamp", url=other_sqlite)
    before = _state(other_sqlite)
    with pytest.raises(BundleError) as info:
        import_bundle(path, url=other_sqlite)
    text = str(info.value)
    assert text.startswith("3 problems in the bundle:"), text
    assert ("card 'Bog Lurker': name: 'Bog Lurker' shadows the designer card 'Bog-Lurker' (cset)" in text
            and "choose another name (in the file), or rename that designer card here: munchkin-lab cards edit "
                "Bog-Lurker '{name: NEW NAME, aliases: []}' --set cset" in text)
    assert ("card 'Mire Colossus': aliases[0]: 'Big Mire' shadows the alias 'Big Mire' of designer card 'Fen Troll' "
            "(cset)" in text and "or drop that alias here: munchkin-lab cards edit 'Fen Troll' "
                                 "'{aliases: [\"Trolly\"]}' --set cset" in text)
    assert "set 'swamp': this database has a designer set of the same code, \"C's own swamp\"" in text
    assert _state(other_sqlite) == before
    # the commands as told (a new name for C's card), then the bundle under another code
    r = runner.invoke(app, ["cards", "edit", "Bog-Lurker", "{name: Fen Lurker, aliases: []}", "--set", "cset",
                            "--url", other_sqlite])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["cards", "edit", "Fen Troll", '{aliases: ["Trolly"]}', "--set", "cset", "--url",
                            other_sqlite])
    assert r.exit_code == 0, r.output
    done = import_bundle(path, url=other_sqlite, set_codes={"swamp": "swamp_b"})
    assert done.created == ["swamp_b"]
    assert api.card("Fen Lurker", url=other_sqlite)["set"] == "cset"


def test_a_newer_bundles_set_lists_the_fields_it_changes_when_it_asks_nothing(db_url, other_sqlite, tmp_path):
    first, second = tmp_path / "v1.bundle.yaml", tmp_path / "v2.bundle.yaml"
    _swamp_bundle(db_url, first)
    import_bundle(first, url=other_sqlite)
    D.edit_card("Bog Lurker", None, {"level": 5}, url=db_url)
    D.edit_card("Mire Colossus", None, {"treasures": 4}, url=db_url)
    export_bundle("Swamp mix", second, url=db_url)
    D.create_set("cset", "C's set", url=other_sqlite)
    r = runner.invoke(app, ["deck", "import-bundle", str(second), "--name", "v2", "--url", other_sqlite])
    assert r.exit_code == 1
    err = " ".join(r.stderr.split())
    assert ("it asks before renaming the set, removing cards or undoing edits made here since they arrived, and "
            "lists the fields it changes on the others") in err
    assert "They share 2 card name(s) (Bog Lurker, Mire Colossus), and card names are unique across sets" in err
    r = runner.invoke(app, ["set", "import", str(second), "--set", "swamp", "--url", other_sqlite], input="")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == ("2 cards will be changed to the file's values (the file's own edits: not edited here "
                        "since): Bog Lurker (level 4 -> 5), Mire Colossus (treasures 3 -> 4)")
    assert lines[1].startswith("set 'swamp' updated: 0 added; 2 updated (Bog Lurker, Mire Colossus)")
    assert api.card("Bog Lurker", url=other_sqlite)["level"] == 5


def test_long_problem_lists_of_bundles_and_deck_files_are_capped():
    from munchkin_lab.decks.files import DeckFileError, FileProblem

    err = BundleError([f"card 'C{i}': clash" for i in range(120)])
    lines = str(err).splitlines()
    assert lines[0] == "120 problems in the bundle:" and len(lines) == 52 and len(err.problems) == 120
    assert lines[-1] == "  ... and 70 more (fix these and run again to see the rest)"
    bad = DeckFileError([FileProblem(i + 1, "cannot read this line") for i in range(60)], "big.txt")
    lines = str(bad).splitlines()
    assert lines[0] == "big.txt: 60 problems in deck file" and len(lines) == 52
    assert lines[-1] == "  ... and 10 more (fix these and read it again to see the rest)"
