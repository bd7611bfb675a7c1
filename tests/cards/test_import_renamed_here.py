"""A card renamed here (``cards edit`` / the card editor keep the old name as an alias), then an
older file brought back (``set import`` of a set file exported before the rename, ``db import``
of a CSV made before it): the file's old name is that card, matched by the stored card's own
aliases, so the import is an edit of it (the consent step names the fields), not "1 added, 1
removed" (refused while a saved deck held the card, with a hint to rename the wrong way) nor,
for a CSV, a new card refused for shadowing the alias. A rename whose alias was dropped cannot
be matched so: the refusal no longer tells the user to rename the card here back to the file's
name as if the file were newer."""
from __future__ import annotations

import csv

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards import designer as D
from munchkin_lab.cards.models import Card
from munchkin_lab.cli import app
from munchkin_lab.decks import Deck as DeckModel

from test_designer_sets import GHOST, WISP, _db_state, url  # noqa: F401  (url: the fixture)

runner = CliRunner()


def _ids(url) -> dict[str, int]:
    with config.get_engine(url).connect() as conn:
        return {n: i for i, n in conn.execute(select(Card.id, Card.name).where(Card.origin == "designer"))}


def _renamed_after_export(url, tmp_path, aliases=None):
    """Set ``my_fan`` (Sea Ghost, Fen Wisp) exported to ``old.yaml``, then Sea Ghost renamed
    Sea Spook here (the old name kept as an alias unless ``aliases`` says them), held by the
    saved deck 'Wet mix' (2 copies)."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    D.add_card(WISP, "my_fan", url=url)
    path = tmp_path / "old.yaml"
    D.export_set("my_fan", path, url=url)
    D.edit_card("Sea Ghost", "my_fan", {"name": "Sea Spook", **({"aliases": aliases} if aliases is not None else {})},
                url=url)
    deck = DeckModel("Wet mix", url=url)
    deck.add("Sea Spook", 2)
    deck.save()
    return path


def test_an_older_set_file_is_an_edit_of_the_card_renamed_here(url, tmp_path):
    path = _renamed_after_export(url, tmp_path)
    assert D.get_card("Sea Spook", url=url)["aliases"] == ["Bilge Spook", "Sea Ghost"]
    ids = _ids(url)
    preview = D.import_set(path, url=url, dry_run=True)
    assert preview.names["added"] == [] and preview.names["removed"] == []
    assert preview.names["updated"] == ["Sea Ghost"] and preview.names["unchanged"] == ["Fen Wisp"]
    # the rename here is an edit since the export: the consent step names what the file changes
    assert preview.newer == ["Sea Ghost"]
    assert preview.changes == {"Sea Ghost": ["name 'Sea Spook' -> 'Sea Ghost'", "aliases"]}
    state = _db_state(url)
    with pytest.raises(D.SetConsentError) as info:
        D.import_set(path, url=url)
    assert ("1 card(s) were edited in the database after " + str(path) + " was exported and would lose those "
            "edits: 'Sea Ghost' (name 'Sea Spook' -> 'Sea Ghost', aliases). Nothing was written.") in str(info.value)
    assert _db_state(url) == state and _ids(url) == ids  # refused: nothing written

    result = D.import_set(path, url=url, overwrite_newer=True, expect_newer=["Sea Ghost"])
    assert result.names["updated"] == ["Sea Ghost"] and result.names["removed"] == []
    # the same card (its id), the deck holding it kept; the file's name and aliases
    assert _ids(url) == {"Sea Ghost": ids["Sea Spook"], "Fen Wisp": ids["Fen Wisp"]}
    assert D.get_card("Sea Ghost", url=url)["aliases"] == ["Bilge Spook"]
    assert DeckModel.load("Wet mix", url=url).copies("Sea Ghost") == 2


def test_set_import_command_asks_for_the_rename_back_and_keeps_the_deck(url, tmp_path):
    path = _renamed_after_export(url, tmp_path)
    r = runner.invoke(app, ["set", "import", str(path), "--url", url], input="n\n")
    assert r.exit_code == 0, r.output
    assert (f"1 card was edited in the database after {path} was exported and will lose those edits: "
            "Sea Ghost (name 'Sea Spook' -> 'Sea Ghost', aliases)\n") in r.stdout
    assert "removed" not in r.stdout.split("\n")[0]
    assert D.get_card("Sea Spook", url=url)["name"] == "Sea Spook"  # answered no: as it was
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 0, r.output
    assert "set 'my_fan' updated: 0 added; 1 updated (Sea Ghost); 0 removed; 1 unchanged" in r.stdout
    assert DeckModel.load("Wet mix", url=url).copies("Sea Ghost") == 2


def test_a_rename_here_without_its_alias_is_refused_with_both_directions(url, tmp_path):
    """The rename dropped the old name (aliases said in the edit): the file's Sea Ghost cannot be
    told to be Sea Spook, and the deck holding Sea Spook refuses the import. The card here
    changed since the export, so the hint no longer says only to rename it here to the file's
    name: the file being the older side comes first."""
    path = _renamed_after_export(url, tmp_path, aliases=["Bilge Spook"])
    state, ids = _db_state(url), _ids(url)
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 1, r.output
    err = " ".join(r.stderr.split())
    assert (f"{path}: card 'Sea Spook': missing from the file but saved deck(s) 'Wet mix' hold it: it looks like "
            "the same card as the file's 'Sea Ghost' (with all of its fields) under another name, and the card here "
            "changed since the file's export (or the set's last import): if it was renamed here, the file is older: "
            "rename 'Sea Ghost' to 'Sea Spook' in the file (or export the set again: munchkin-lab set export my_fan "
            "FILE), then import again; if the file renamed it, rename it here first (munchkin-lab cards edit "
            "'Sea Spook' '{name: Sea Ghost}' --set my_fan; the decks follow it) or give 'Sea Ghost' the alias "
            "'Sea Spook' in the file, then import again; else put it back in the file, or remove it from the decks "
            "first (munchkin-lab deck remove 'Wet mix' 'Sea Spook')") in err
    assert _db_state(url) == state and _ids(url) == ids
    # the first way it names works: the file brought in line with the name here
    path.write_text(path.read_text(encoding="utf-8").replace("name: Sea Ghost", "name: Sea Spook"),
                    encoding="utf-8")
    r = runner.invoke(app, ["set", "import", str(path), "--yes", "--url", url])
    assert r.exit_code == 0, r.output
    assert _ids(url) == ids and DeckModel.load("Wet mix", url=url).copies("Sea Spook") == 2


def _csv_without_checks(src, dest):
    """``src`` (a ``db export`` CSV) without its card_id/fingerprint columns (made by hand)."""
    with open(src, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    keep = [c for c in rows[0] if c not in api.CSV_CHECK_COLUMNS]
    with open(dest, "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, keep)
        w.writeheader()
        w.writerows({k: r[k] for k in keep} for r in rows)


def test_db_import_of_an_older_csv_is_an_edit_of_the_card_renamed_here(url, tmp_path):
    """``db import`` matches alike: a CSV made before the rename, without the card_id column of
    an export, was a new card refused for shadowing the alias the rename kept; now it is an
    edit of that card (its id and deck kept). With the card_id column it was matched by that
    id already, and still is."""
    D.create_set("my_fan", "My fan set", url=url)
    D.add_card(GHOST, "my_fan", url=url)
    D.add_card(WISP, "my_fan", url=url)
    exported, plain = tmp_path / "cards.csv", tmp_path / "plain.csv"
    api.export_csv(exported, url=url)
    _csv_without_checks(exported, plain)
    D.edit_card("Sea Ghost", "my_fan", {"name": "Sea Spook"}, url=url)
    deck = DeckModel("Wet mix", url=url)
    deck.add("Sea Spook", 2)
    deck.save()
    ids = _ids(url)
    for path in (exported, plain):
        preview = api.import_csv(path, url=url, dry_run=True)
        assert (preview["inserted"], preview.names["updated"]) == (0, ["my_fan:Sea Ghost"]), path
        assert preview.changes["my_fan:Sea Ghost"] == ["name 'Sea Spook' -> 'Sea Ghost'", "aliases"]
    result = api.import_csv(plain, url=url, replace=True)
    assert (result["inserted"], result["deleted"], result.names["updated"]) == (0, 0, ["my_fan:Sea Ghost"])
    assert _ids(url) == {"Sea Ghost": ids["Sea Spook"], "Fen Wisp": ids["Fen Wisp"]}
    assert DeckModel.load("Wet mix", url=url).copies("Sea Ghost") == 2


def test_matched_rows_by_a_stored_alias_once_and_never_a_printed_cards():
    ghost = {"id": 1, "name": "Sea Spook", "_aliases": [{"name": "Sea Ghost", "language": None}]}
    rows = [ghost, {"id": 2, "name": "Fen Wisp", "_aliases": []}]
    assert {n: r["id"] for n, r in D.matched_rows(rows, ["sea-ghost", "Fen Wisp"]).items()} == \
        {"sea-ghost": 1, "Fen Wisp": 2}
    # the card's own name first: a file holding both names has the alias name as a new card
    assert {n: r["id"] for n, r in D.matched_rows(rows, ["Sea Ghost", "Sea Spook"]).items()} == {"Sea Spook": 1}
    # a name two cards hold as an alias is neither's; a printed card's alias is no former name
    twin = {"id": 3, "name": "Bog Spook", "_aliases": [{"name": "Sea Ghost", "language": None}]}
    assert D.matched_rows([ghost, twin], ["Sea Ghost"]) == {}
    assert D.matched_rows([{**ghost, "origin": "file"}], ["Sea Ghost"]) == {}
    assert D.matched_rows([{**ghost, "origin": "file"}], ["Bog Ghost"], {"Bog Ghost": ["Sea Spook"]}) == {}
    # a stable id the file carries comes before the aliases
    assert {n: r["id"] for n, r in D.matched_rows([ghost, twin], ["Sea Ghost"], ids={"Sea Ghost": 3}).items()} == \
        {"Sea Ghost": 3}
