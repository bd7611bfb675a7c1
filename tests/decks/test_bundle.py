"""Deck bundles (issue 14, item 4): one file with a deck and the designer sets it uses;
importing it on another database recreates both, refuses clearly on name clashes and writes
nothing then (SQLite and PostgreSQL, both directions)."""
from __future__ import annotations

import pytest
import yaml
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards import designer as D
from munchkin_lab.cli import app
from munchkin_lab.decks import Deck, list_decks
from munchkin_lab.decks.bundle import BundleError, export_bundle, import_bundle, read_bundle

runner = CliRunner()


def _designer_deck(url: str) -> Deck:
    D.create_set("wet_fan", "Wet fan set", requires=["munchkin"], url=url)
    D.add_card({"name": "Sea Ghost", "kind": "monster", "deck": "door", "level": 6, "treasures": 2,
                "tags": ["Ghost"], "effects": {"bad_stuff": [{"lose_levels": 2}]}}, "wet_fan", url=url)
    D.add_card({"name": "Bilge Pirate", "kind": "monster", "deck": "door", "level": 3, "treasures": 1,
                "tags": ["Pirate"], "aliases": ["Bilgy"]}, "wet_fan", url=url)
    D.add_card({"name": "Unused Hat", "kind": "item", "deck": "treasure", "slot": "headgear", "bonus": 1,
                "gold": 100}, "wet_fan", url=url)
    deck = Deck("Wet mix", "base with ghosts", url=url)
    deck.add_set("munchkin")
    deck.add("Sea Ghost", 2)
    deck.add("Bilgy")
    deck.set_option("faster_play", True)
    deck.save()
    return Deck.load("Wet mix", url=url)


def _state(url: str) -> tuple:
    return (api.cards("", url=url).to_json(), list_decks(url)[["name", "cards", "entries"]].to_json())


@pytest.mark.parametrize("direction", ["to_other", "from_other"])
def test_a_bundle_recreates_the_deck_and_its_designer_sets(db_url, other_sqlite, tmp_path, direction):
    src, dst = (db_url, other_sqlite) if direction == "to_other" else (other_sqlite, db_url)
    deck = _designer_deck(src)
    path = tmp_path / "wet.bundle.yaml"
    export_bundle("Wet mix", path, url=src)
    data = read_bundle(path)
    assert data["bundle"] == 1 and data["deck"]["name"] == "Wet mix"
    before = path.read_bytes()  # an existing file is replaced only when told
    with pytest.raises(FileExistsError, match="already exists; pass overwrite=True"):
        export_bundle("Wet mix", path, url=src)
    assert path.read_bytes() == before and export_bundle("Wet mix", path, url=src, overwrite=True) == path
    assert [s["set"]["code"] for s in data["sets"]] == ["wet_fan"]  # shipped sets travel by name
    assert [c["name"] for c in data["sets"][0]["cards"]] == ["Sea Ghost", "Bilge Pirate", "Unused Hat"]
    before = _state(dst)
    preview = import_bundle(path, url=dst, dry_run=True)
    assert (preview.deck, preview.created, preview.cards, preview.dry_run) == ("Wet mix", ["wet_fan"], deck.size, True)
    assert _state(dst) == before
    done = import_bundle(path, url=dst)
    assert done.summary() == f"imported deck 'Wet mix' ({deck.size} cards); designer set(s) created: wet_fan"
    again = Deck.load("Wet mix", url=dst)
    assert again.state() == deck.state() and again.options["faster_play"] is True
    assert D.export_set("wet_fan", url=dst) == D.export_set("wet_fan", url=src)  # the set came whole
    ghost = api.card("Sea Ghost", url=dst)
    assert ghost["origin"] == "designer" and ghost["effects"] == {"bad_stuff": [{"lose_levels": 2}]}
    assert again.check() == deck.check()
    # the same bundle again: the identical set is used as it is, the deck name must differ
    with pytest.raises(BundleError, match="deck 'Wet mix': a saved deck of that name is here already; import under "
                                          "another name"):
        import_bundle(path, url=dst)
    second = import_bundle(path, url=dst, name="Wet mix 2")
    assert second.created == [] and second.reused == ["wet_fan"]
    assert Deck.load("Wet mix 2", url=dst).state()[2] == deck.state()[2]


def test_clashes_are_refused_and_nothing_is_written(db_url, other_sqlite, tmp_path):
    _designer_deck(db_url)
    path = tmp_path / "wet.bundle.yaml"
    export_bundle("Wet mix", path, url=db_url)
    # the other machine has its own wet_fan set, with other cards
    D.create_set("wet_fan", "Another wet set", url=other_sqlite)
    D.add_card({"name": "Puddle", "kind": "curse", "deck": "door", "effects": {"ops": [{"lose_levels": 1}]}},
               "wet_fan", url=other_sqlite)
    before = _state(other_sqlite)
    with pytest.raises(BundleError) as info:
        import_bundle(path, url=other_sqlite)
    assert ("set 'wet_fan': this database has a designer set of the same code, 'Another wet set', other than the "
            "bundle's 'Wet fan set'") in str(info.value)
    assert f"bring it up to it first: `munchkin-lab set import {path} --set wet_fan`" in str(info.value)
    assert f"`munchkin-lab deck import-bundle {path} --set-code wet_fan=NEW_CODE`" in str(info.value)
    assert _state(other_sqlite) == before
    D.delete_set("wet_fan", url=other_sqlite)
    # a card of its own named like one of the bundle's
    D.create_set("dry_fan", "Dry set", url=other_sqlite)
    D.add_card({"name": "Bilgy", "kind": "monster", "deck": "door", "level": 1}, "dry_fan", url=other_sqlite)
    before = _state(other_sqlite)
    with pytest.raises(BundleError) as info:
        import_bundle(path, url=other_sqlite)
    assert "card 'Bilge Pirate': aliases[0]: 'Bilgy' shadows the designer card 'Bilgy' (dry_fan)" in str(info.value)
    assert _state(other_sqlite) == before
    D.delete_set("dry_fan", url=other_sqlite)
    before = _state(other_sqlite)
    # a bundle set whose code is a shipped set here
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["sets"][0]["set"]["code"] = "munchkin"
    bad = tmp_path / "bad.bundle.yaml"
    bad.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(BundleError, match="'munchkin' is a shipped set"):
        import_bundle(bad, url=other_sqlite)
    # a shipped card this database lacks
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["deck"]["cards"].append({"name": "Dragon of Nowhere", "set": "munchkin", "copies": 1})
    bad.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(BundleError, match=r"bad.bundle.yaml:\d+: deck: cards\[\d+\]: card 'Dragon of Nowhere' of "
                                          "set 'munchkin' is not in this database"):
        import_bundle(bad, url=other_sqlite)
    # malformed files name the line
    bad.write_text(path.read_text(encoding="utf-8").replace("level: 6", "level: 600"), encoding="utf-8")
    with pytest.raises(BundleError, match=r"bad.bundle.yaml:\d+: card 'Sea Ghost': level: must be <= 100"):
        import_bundle(bad, url=other_sqlite)
    bad.write_text("deck: [1\n", encoding="utf-8")
    with pytest.raises(BundleError, match=r"bad.bundle.yaml:\d+"):
        import_bundle(bad, url=other_sqlite)
    bad.write_text("name: Wet mix\ncards: []\n", encoding="utf-8")  # a YAML deck file, named as one
    with pytest.raises(BundleError, match="this is a deck file, not a bundle: import it with `munchkin-lab deck import"):
        import_bundle(bad, url=other_sqlite)
    bad.write_text("just: text\n", encoding="utf-8")
    with pytest.raises(BundleError, match="not a deck bundle"):
        import_bundle(bad, url=other_sqlite)
    assert _state(other_sqlite) == before


def test_bundle_commands(fresh_sqlite, other_sqlite, tmp_path):
    _designer_deck(fresh_sqlite)
    path = tmp_path / "wet.bundle.yaml"
    r = runner.invoke(app, ["deck", "bundle", "Wet mix", str(path), "--url", fresh_sqlite])
    assert r.exit_code == 0 and r.stdout == f"wrote {path}: deck 'Wet mix' with designer set(s) wet_fan\n"
    r = runner.invoke(app, ["deck", "bundle", "Wet mix", str(path), "--url", fresh_sqlite])
    assert r.exit_code == 1 and "already exists (use --force" in r.stderr
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--dry-run", "--url", other_sqlite])
    assert r.exit_code == 0 and r.stdout.startswith("dry run, nothing written: would import deck 'Wet mix'")
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--url", other_sqlite])
    assert r.exit_code == 0 and "designer set(s) created: wet_fan" in r.stdout
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--url", other_sqlite])
    assert r.exit_code == 1 and "Error: deck 'Wet mix': a saved deck of that name is here already" in r.stderr
    assert "import under another name (--name NAME / name=...)" in r.stderr  # as `deck import --name`
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--name", "Wet copy", "--url", other_sqlite])
    assert r.exit_code == 0 and "imported deck 'Wet copy'" in r.stdout and "already here and identical: wet_fan" in r.stdout
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--as", "Wet copy 2", "--url", other_sqlite])
    assert r.exit_code == 0 and "imported deck 'Wet copy 2'" in r.stdout  # --as: the same option
    r = runner.invoke(app, ["deck", "check", "Wet copy", "--url", other_sqlite])
    assert "0 errors" in r.stdout


def test_a_deck_without_designer_cards_bundles_alone(fresh_sqlite, other_sqlite, tmp_path):
    deck = Deck("Plain", url=fresh_sqlite)
    deck.add_set("munchkin")
    deck.save()
    path = tmp_path / "plain.yaml"
    export_bundle("Plain", path, url=fresh_sqlite)
    assert read_bundle(path)["sets"] == []
    assert import_bundle(path, url=other_sqlite).created == []
    assert Deck.load("Plain", url=other_sqlite).state() == deck.state()


def test_a_deck_file_or_set_file_given_as_a_bundle_and_the_other_way_round(fresh_sqlite, tmp_path):
    """The lab's other files are named for what they are, with the command that reads them."""
    url = fresh_sqlite
    text = tmp_path / "my_mix.txt"
    text.write_text("# munchkin-lab deck\nname: my mix\n\n[munchkin]\n3 Elf\n1 Potted Plant\n", encoding="utf-8")
    ydeck = tmp_path / "my_mix.yaml"
    ydeck.write_text("name: my mix\ncards:\n  - {card: Elf, set: munchkin, copies: 3}\n", encoding="utf-8")
    setfile = tmp_path / "my_fan.yaml"
    setfile.write_text("set:\n  code: my_fan\n  name: My fan\n  family: munchkin\n  kind: fan\ncards: []\n",
                       encoding="utf-8")
    for path, what in ((text, "this is a text deck file, not a bundle: import it with `munchkin-lab deck import FILE`"),
                       (ydeck, "this is a deck file, not a bundle: import it with `munchkin-lab deck import FILE`"),
                       (setfile, "this is a set file (set: and cards:), not a bundle: bring it in with "
                                 "`munchkin-lab set import FILE`")):
        with pytest.raises(BundleError) as info:
            import_bundle(path, url=url)
        assert str(info.value).startswith(f"{path}: {what}"), str(info.value)
    bundle = tmp_path / "b.bundle.yaml"
    bundle.write_text("bundle: 1\ndeck: {name: x}\nsets: []\n", encoding="utf-8")
    for argv, message in ((["play", "--deck", str(setfile)], "line 1: this is a set file (set: and cards:), not a deck: "
                                                                "bring it in with `munchkin-lab set import FILE`"),
                          (["deck", "import", str(bundle)], "line 1: this is a deck bundle, not a deck: import it with "
                                                            "`munchkin-lab deck import-bundle FILE`")):
        res = runner.invoke(app, [*argv, "--url", url])
        assert res.exit_code in (1, 2) and message in res.output, res.output
    assert list(list_decks(url)["name"]) == []


def test_the_clash_advice_works_a_set_brought_up_to_the_bundles_version(db_url, other_sqlite, tmp_path):
    """New-user finding: the advice on a designer set that differs from the bundle's (rename
    the set, or export/edit/import/delete yours) led nowhere: card names are unique across
    sets, and a set a deck holds is never deleted. The advice now is ``set import BUNDLE --set
    CODE`` (which takes the bundle's set), then the bundle again; following it succeeds."""
    _designer_deck(db_url)
    path = tmp_path / "wet.bundle.yaml"
    export_bundle("Wet mix", path, url=db_url)
    # the other machine has an older wet_fan (Sea Ghost at Level 5, no Unused Hat, a card the
    # bundle lacks), and a deck of its own holding it
    old = yaml.safe_load(path.read_text(encoding="utf-8"))["sets"][0]
    old["cards"] = [dict(old["cards"][0], level=5), old["cards"][1],
                    {"name": "Puddle", "kind": "curse", "deck": "door", "effects": {"ops": [{"lose_levels": 1}]}}]
    D.import_set("wet_fan.yaml", text=D._dump(old), url=other_sqlite)
    mine = Deck("Mine", url=other_sqlite)
    mine.add("Sea Ghost", 2)
    mine.save()
    before = _state(other_sqlite)
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--url", other_sqlite])
    assert r.exit_code == 1 and f"`munchkin-lab set import {path} --set wet_fan`" in r.stderr
    assert _state(other_sqlite) == before
    with pytest.raises(D.DesignerCardError, match=r"the bundle holds no designer set 'dry_fan' \(its sets: wet_fan\)"):
        D.import_set(path, url=other_sqlite, bundle_set="dry_fan")
    with pytest.raises(D.DesignerCardError, match="--set/bundle_set is for a deck bundle; this is a set file"):
        D.import_set("wet_fan.yaml", text=D.export_set("wet_fan", url=db_url), url=other_sqlite, bundle_set="wet_fan")
    # the advice, step 1: the bundle's set (asks before removing Puddle, which the bundle lacks)
    r = runner.invoke(app, ["set", "import", str(path), "--set", "wet_fan", "--url", other_sqlite], input="n\n")
    assert r.exit_code == 0 and "will be removed: Puddle" in r.stdout and _state(other_sqlite) == before
    r = runner.invoke(app, ["set", "import", str(path), "--set", "wet_fan", "--url", other_sqlite], input="y\n")
    assert r.exit_code == 0, r.output
    assert "set 'wet_fan' updated: 1 added (Unused Hat); 1 updated (Sea Ghost); 1 removed (Puddle)" in r.stdout
    assert D.export_set("wet_fan", url=other_sqlite) == D.export_set("wet_fan", url=db_url)
    # step 2: the bundle again, now using the set as it is; the deck of its own is kept
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--url", other_sqlite])
    assert r.exit_code == 0 and r.stdout.startswith("imported deck 'Wet mix'")
    assert "already here and identical: wet_fan" in r.stdout
    assert Deck.load("Wet mix", url=other_sqlite).state()[2] == Deck.load("Wet mix", url=db_url).state()[2]
    assert Deck.load("Mine", url=other_sqlite).entries["wet_fan:Sea Ghost"].copies == 2
    assert api.card("Sea Ghost", url=other_sqlite)["level"] == 6
    # break-it finding: a bundle carries no export fingerprints, and `set import BUNDLE --set`
    # set a card edited here since back silently; now it lists it and asks
    D.edit_card("Sea Ghost", None, {"level": 9}, url=other_sqlite)
    before = _state(other_sqlite)
    r = runner.invoke(app, ["set", "import", str(path), "--set", "wet_fan", "--url", other_sqlite], input="")
    assert r.exit_code == 1 and ("1 card was edited in the database since the set's last import "
                                 f"({path} (set wet_fan) has no export fingerprints") in r.stdout
    assert "will lose those edits: Sea Ghost" in r.stdout and "no answer to the question" in r.stderr
    assert _state(other_sqlite) == before and api.card("Sea Ghost", url=other_sqlite)["level"] == 9


def test_a_newer_bundle_brings_an_imported_bundles_set_up_without_a_false_alarm(db_url, other_sqlite, tmp_path):
    """Break-it check: a set made here by ``deck import-bundle`` and not edited since is
    brought up to a newer bundle (``set import BUNDLE --set``) without asking (nothing here
    would be lost); a card edited here after that import is listed and asked about."""
    _designer_deck(db_url)
    first, second = tmp_path / "v1.bundle.yaml", tmp_path / "v2.bundle.yaml"
    export_bundle("Wet mix", first, url=db_url)
    import_bundle(first, url=other_sqlite)
    D.edit_card("Sea Ghost", None, {"level": 8}, url=db_url)  # the designer's next version
    export_bundle("Wet mix", second, url=db_url)
    r = runner.invoke(app, ["set", "import", str(second), "--set", "wet_fan", "--url", other_sqlite], input="")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[:2] == [
        "1 card will be changed to the file's values (the file's own edits: not edited here since): "
        "Sea Ghost (level 6 -> 8)",
        "set 'wet_fan' updated: 0 added; 1 updated (Sea Ghost); 0 removed; 2 unchanged"]
    assert api.card("Sea Ghost", url=other_sqlite)["level"] == 8
    D.edit_card("Bilge Pirate", None, {"level": 4}, url=other_sqlite)  # edited here: the bundle would undo it
    before = _state(other_sqlite)
    r = runner.invoke(app, ["set", "import", str(first), "--set", "wet_fan", "--url", other_sqlite], input="")
    assert r.exit_code == 1 and "will lose those edits: Bilge Pirate" in r.stdout
    assert ("1 card will be changed to the file's values (the file's own edits: not edited here since): "
            "Sea Ghost") in r.stdout
    assert _state(other_sqlite) == before


_XX = """set:
  code: xx
  name: X set
  family: munchkin
  kind: fan
  requires: [munchkin]
cards:
  - name: Harpooner
    kind: class
    deck: door
"""


def _chained_deck(url: str) -> Deck:
    """Set yy requires the designer set xx (with the Class Harpooner, which a yy item is
    usable by); the deck holds yy's cards only."""
    D.import_set("xx.yaml", text=_XX, url=url)
    D.create_set("yy", "Y set", requires=["xx"], url=url)
    D.add_card({"name": "Yeti Pup", "kind": "monster", "deck": "door", "level": 2, "treasures": 1,
                "effects": {"bad_stuff": [{"lose_levels": 1}]}}, "yy", url=url)
    D.add_card({"name": "Ice Harpoon", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 2,
                "gold": 200, "usable_by": ["class:harpooner"]}, "yy", url=url)
    deck = Deck("Yeti", url=url)
    deck.add_set("munchkin")
    deck.add("Yeti Pup")
    deck.add("Ice Harpoon")
    deck.save()
    return Deck.load("Yeti", url=url)


def test_a_bundle_carries_the_designer_sets_its_sets_require(db_url, other_sqlite, tmp_path):
    """New-user finding: a deck of set yy, which requires the designer set xx, was bundled
    without xx, and the bundle failed on the other machine only ("requires: unknown set
    'xx'"). The bundle now carries every designer set it needs, transitively, each after the
    sets it requires, and imports them in that order into a database that has none of them;
    shipped sets stay out."""
    deck = _chained_deck(other_sqlite)
    path = tmp_path / "yeti.bundle.yaml"
    r = runner.invoke(app, ["deck", "bundle", "Yeti", str(path), "--url", other_sqlite])
    assert r.exit_code == 0 and r.stdout == f"wrote {path}: deck 'Yeti' with designer set(s) xx, yy\n"
    data = read_bundle(path)
    assert [s["set"]["code"] for s in data["sets"]] == ["xx", "yy"]
    assert {c["set"] for c in data["deck"]["cards"]} == {"munchkin", "yy"}
    before = _state(db_url)
    preview = import_bundle(path, url=db_url, dry_run=True)
    assert (preview.created, preview.reused, preview.cards) == (["xx", "yy"], [], deck.size)
    assert _state(db_url) == before and "xx" not in set(D.list_sets(db_url)["code"])
    r = runner.invoke(app, ["deck", "import-bundle", str(path), "--url", db_url])
    assert r.exit_code == 0, r.output
    assert r.stdout == f"imported deck 'Yeti' ({deck.size} cards); designer set(s) created: xx, yy\n"
    assert Deck.load("Yeti", url=db_url).state()[2] == deck.state()[2]
    for code in ("xx", "yy"):
        assert D.export_set(code, url=db_url) == D.export_set(code, url=other_sqlite)
    assert api.card("Ice Harpoon", url=db_url)["usable_by"] == ["class:harpooner"]
    # a bundle listing the sets in another order (written by hand) imports all the same
    data["sets"].reverse()
    swapped = tmp_path / "swapped.bundle.yaml"
    swapped.write_text(D._dump(data), encoding="utf-8")
    done = import_bundle(swapped, url=other_sqlite, name="Yeti again")
    assert (done.created, done.reused) == ([], ["xx", "yy"])


def test_a_chained_bundle_into_a_database_built_from_the_files(fresh_sqlite, tmp_path):
    """The same into a second SQLite database built from nothing (`db build` on a new URL)."""
    _chained_deck(fresh_sqlite)
    path = tmp_path / "yeti.bundle.yaml"
    export_bundle("Yeti", path, url=fresh_sqlite)
    url = f"sqlite:///{tmp_path / 'second.sqlite'}"
    try:
        assert runner.invoke(app, ["db", "build", "--url", url]).exit_code == 0
        assert import_bundle(path, url=url).created == ["xx", "yy"]
        assert Deck.load("Yeti", url=url).check() == Deck.load("Yeti", url=fresh_sqlite).check()
    finally:
        config.dispose_engine(url)


def test_a_bundles_cards_may_name_a_designer_class_of_the_database_as_set_import_reads_them(fresh_sqlite,
                                                                                           other_sqlite, tmp_path):
    """A new user's report: a designer card may name a designer Class of any set of the
    database (README, database/README.md: designer cards are checked against every card of
    the database). `set import` of the set read it so; `deck import-bundle` of a bundle of the
    same set checked its names against the shipped sets and the bundle only, and refused it.
    On a database without that Class both refuse it, with the same message."""
    D.create_set("pirates", "Pirates", url=fresh_sqlite)
    D.add_card({"name": "Buccaneer", "kind": "class", "deck": "door"}, "pirates", url=fresh_sqlite)
    D.create_set("sea", "Sea", url=fresh_sqlite)
    D.add_card({"name": "Kraken Cutlass", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 3,
                "gold": 300, "usable_by": ["class:buccaneer"]}, "sea", url=fresh_sqlite)
    deck = Deck("Sea mix", url=fresh_sqlite)
    deck.add_set("munchkin")
    deck.add("Kraken Cutlass")
    deck.save()
    path, set_file = tmp_path / "sea.bundle.yaml", tmp_path / "sea.yaml"
    export_bundle("Sea mix", path, url=fresh_sqlite)
    assert [s["set"]["code"] for s in read_bundle(path)["sets"]] == ["pirates", "sea"]  # the Class's set too
    D.export_set("sea", set_file, url=fresh_sqlite)
    assert D.import_set(set_file, url=fresh_sqlite, dry_run=True).code == "sea"
    done = import_bundle(path, url=fresh_sqlite, name="Sea mix 2")
    assert (done.reused, done.cards) == (["pirates", "sea"], deck.size)
    # another database, without the Class: both refuse the card, naming the Class (a bundle
    # left without the Class's set, as written by hand)
    data = read_bundle(path)
    data["sets"] = [s for s in data["sets"] if s["set"]["code"] == "sea"]
    alone = tmp_path / "alone.bundle.yaml"
    alone.write_text(D._dump(data), encoding="utf-8")
    with pytest.raises(D.DesignerCardError) as by_set:
        D.import_set(set_file, url=other_sqlite, dry_run=True)
    with pytest.raises(BundleError) as by_bundle:
        import_bundle(alone, url=other_sqlite, dry_run=True)
    want = "card 'Kraken Cutlass': usable_by: 'class:buccaneer': unknown class 'buccaneer': no Class card has that name"
    assert want in str(by_set.value) and want in str(by_bundle.value)


def test_a_bundle_carries_the_designer_sets_whose_cards_its_cards_name(fresh_sqlite, other_sqlite, tmp_path):
    """A deck of set sea, whose Item is for the Race Merfolk of the designer set folk and
    whose monster is stronger against the Class Buccaneer of the designer set crew (neither in
    sea's requires, nor in the deck): the bundle carries both (each before sea), imports on a
    machine that has neither, and the deck there checks and plays as here. A set naming no
    other set's card (rocks) stays out."""
    for code, card in (("folk", {"name": "Merfolk", "kind": "race", "deck": "door"}),
                       ("crew", {"name": "Buccaneer", "kind": "class", "deck": "door"}),
                       ("rocks", {"name": "Reef Rock", "kind": "item", "deck": "treasure", "slot": "one_hand",
                                  "bonus": 1, "gold": 100})):
        D.create_set(code, code.title(), url=fresh_sqlite)
        D.add_card(card, code, url=fresh_sqlite)
    D.create_set("sea", "Sea", url=fresh_sqlite)
    D.add_cards([{"name": "Trident", "kind": "item", "deck": "treasure", "slot": "one_hand", "bonus": 3,
                  "gold": 400, "usable_by": ["race:merfolk"]},
                 {"name": "Reef Shark", "kind": "monster", "deck": "door", "level": 4, "treasures": 1,
                  "effects": {"bonus_vs": [{"if": "class:buccaneer", "bonus": 2}],
                              "bad_stuff": [{"lose_levels": 1}]}}], "sea", url=fresh_sqlite)
    deck = Deck("Sea mix", url=fresh_sqlite)
    deck.add_set("munchkin")
    deck.add("Trident")
    deck.add("Reef Shark")
    deck.save()
    path = tmp_path / "sea.bundle.yaml"
    export_bundle("Sea mix", path, url=fresh_sqlite)
    assert [s["set"]["code"] for s in read_bundle(path)["sets"]] == ["folk", "crew", "sea"]
    done = import_bundle(path, url=other_sqlite)
    assert (done.created, done.cards) == (["folk", "crew", "sea"], deck.size)
    assert api.card("Merfolk", url=other_sqlite)["kind"] == "race"
    assert Deck.load("Sea mix", url=other_sqlite).check() == Deck.load("Sea mix", url=fresh_sqlite).check()
