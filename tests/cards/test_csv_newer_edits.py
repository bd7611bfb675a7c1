"""``db import`` of an older CSV never silently undoes edits saved in the database after the
export (as ``set import``): an export carries each card's id and fingerprint, the import lists
the cards edited since and asks (refuses without consent), a card renamed since is that card
(not a second one), and a CSV without those columns imports as before, its summary saying it
could not check."""
from __future__ import annotations

import csv

import pytest
from typer.testing import CliRunner

from munchkin_lab.cards import api
from munchkin_lab.cards.designer import SetConsentError, edit_card, get_card
from munchkin_lab.cli import app

from test_cards_api import content
from test_csv_merge import keys, rows_of, url  # noqa: F401  (url: the fixture)

runner = CliRunner()


def test_export_writes_card_id_and_fingerprint(url, tmp_path):
    path = tmp_path / "cards.csv"
    api.export_csv(path, url=url)
    header = open(path, encoding="utf-8").readline().strip().split(",")
    assert header[-2:] == ["card_id", "fingerprint"]
    row = next(r for r in rows_of(path) if r["name"] == "Lab Goblin")
    assert int(row["card_id"]) > 0 and len(row["fingerprint"]) == 12
    before = content(url)
    again = api.import_csv(path, url=url)  # an untouched export changes nothing, and says nothing more
    assert again["updated"] == 0 and "could not check" not in again.summary() and content(url) == before


def test_edit_after_export_is_not_undone_without_consent(url, tmp_path):
    path = tmp_path / "old.csv"
    api.export_csv(path, url=url)
    edit_card("Lab Goblin", "lab", {"level": 9}, url=url)
    before = content(url)
    preview = api.import_csv(path, url=url, dry_run=True)
    assert preview.names["updated"] == ["lab:Lab Goblin"] and preview.newer == ["lab:Lab Goblin"]
    assert (f"note: edited in the database after {path} was exported, would be set back to the CSV's values: "
            "lab:Lab Goblin") in preview.summary()
    with pytest.raises(SetConsentError) as err:
        api.import_csv(path, url=url)
    assert err.value.newer == ["lab:Lab Goblin"]
    assert str(err.value).startswith(f"{path}: 1 card(s) were edited in the database after {path} was exported "
                                     "and would lose those edits: 'lab:Lab Goblin' (level 9 -> 5). Nothing was written.")
    assert "`munchkin-lab db import FILE` asks; --yes" in str(err.value)
    assert content(url) == before and get_card("Lab Goblin", "lab", url=url)["level"] == 9
    with pytest.raises(SetConsentError, match="changed since the preview"):
        api.import_csv(path, url=url, overwrite_newer=True, expect_newer=[])
    done = api.import_csv(path, url=url, overwrite_newer=True, expect_newer=preview.newer)
    assert done.newer == ["lab:Lab Goblin"] and get_card("Lab Goblin", "lab", url=url)["level"] == 5


def test_rename_after_export_is_the_same_card(url, tmp_path):
    path = tmp_path / "old.csv"
    api.export_csv(path, url=url)
    edit_card("Lab Goblin", "lab", {"name": "Lab Hobgoblin"}, url=url)
    preview = api.import_csv(path, url=url, dry_run=True)
    assert preview["inserted"] == 0 and preview.names["updated"] == ["lab:Lab Goblin"]
    assert preview.newer == ["lab:Lab Hobgoblin (named 'Lab Goblin' in the CSV)"] and preview.names["kept"] == []
    with pytest.raises(SetConsentError):
        api.import_csv(path, url=url)
    api.import_csv(path, url=url, overwrite_newer=True)
    assert [k for k in keys(url) if k.startswith("lab:")] == ["lab:Lab Goblin"]


def test_a_row_copied_and_renamed_is_a_new_card(url, tmp_path):
    """Only a card renamed in the database is matched by its id: a row copied from an unchanged
    card and given another name (the original row dropped) is a new card, as before."""
    path = tmp_path / "cards.csv"
    api.export_csv(path, url=url)
    goblin = next(r for r in rows_of(path) if r["name"] == "Lab Goblin")
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
        w.writeheader()
        w.writerow({**goblin, "name": "Lab Hobgoblin"})
    done = api.import_csv(path, url=url)
    assert done.names["inserted"] == ["lab:Lab Hobgoblin"] and done["updated"] == 0 and done.newer == []
    assert [k for k in keys(url) if k.startswith("lab:")] == ["lab:Lab Goblin", "lab:Lab Hobgoblin"]


def test_csv_without_the_columns_imports_and_says_it_could_not_check(url, tmp_path):
    path = tmp_path / "hand.csv"
    api.export_csv(path, url=url)
    rows = [{c: r[c] for c in api.CSV_COLUMNS if c not in api.CSV_CHECK_COLUMNS} for r in rows_of(path)]
    edit_card("Lab Goblin", "lab", {"level": 9}, url=url)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=[c for c in api.CSV_COLUMNS if c not in api.CSV_CHECK_COLUMNS])
        w.writeheader()
        w.writerows(rows)
    done = api.import_csv(path, url=url)
    assert done.names["updated"] == ["lab:Lab Goblin"] and done.unchecked == ["lab:Lab Goblin"]
    assert "note: could not check for newer edits of the 1 updated card" in done.summary()
    assert get_card("Lab Goblin", "lab", url=url)["level"] == 5


def test_cli_asks_and_refuses_without_an_answer(url, tmp_path):
    path = tmp_path / "old.csv"
    api.export_csv(path, url=url)
    edit_card("Lab Goblin", "lab", {"level": 9}, url=url)
    res = runner.invoke(app, ["db", "import", str(path), "--url", url], input="")
    assert res.exit_code == 1, res.output
    assert (f"1 card was edited in the database after {path} was exported and will lose those edits: "
            "lab:Lab Goblin (level 9 -> 5)\n") in res.output
    assert f"Import {path} and undo those edits?" in res.output
    assert get_card("Lab Goblin", "lab", url=url)["level"] == 9
    res = runner.invoke(app, ["db", "import", str(path), "--url", url], input="n\n")
    assert res.exit_code == 0 and "nothing imported" in res.output
    assert get_card("Lab Goblin", "lab", url=url)["level"] == 9
    res = runner.invoke(app, ["db", "import", str(path), "--url", url, "--yes"])
    assert res.exit_code == 0, res.output
    assert get_card("Lab Goblin", "lab", url=url)["level"] == 5


def test_cli_replace_keeps_a_card_a_deck_holds(url, tmp_path):
    """README: with --replace, a card a saved deck uses is kept and the summary says so."""
    from munchkin_lab.decks import Deck as DeckModel

    path = tmp_path / "few.csv"
    api.export_csv(path, url=url)
    rows = [r for r in rows_of(path) if r["name"] in ("Bone Rattler", "Potion")]
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
        w.writeheader()
        w.writerows(rows)
    deck = DeckModel("Sub deck", url=url)
    deck.add("Lab Goblin")
    deck.save()
    res = runner.invoke(app, ["db", "import", str(path), "--replace", "--dry-run", "--url", url])
    assert res.exit_code == 0, res.output
    assert "1 designer card not in the CSV kept, as saved decks hold it (lab:Lab Goblin (deck 'Sub deck'))" \
        in res.output


def test_a_csv_from_another_database_is_not_taken_for_an_older_export(url, tmp_path):
    """A CSV exported from another database, where a card was edited, imports into a database
    whose copy of the card is as its last ``set import`` wrote it with no question (nothing
    edited here would be lost; as ``set import`` tells it); a card edited here by hand since
    that import is still asked about."""
    from munchkin_lab.cards.designer import export_set, import_set

    from test_csv_merge import MINI, build

    other = f"sqlite:///{tmp_path / 'other.sqlite'}"
    build(other, MINI)
    export_set("lab", tmp_path / "lab.yaml", url=url)
    import_set(tmp_path / "lab.yaml", url=other)
    edit_card("Lab Goblin", "lab", {"level": 9}, url=url)  # edited in the first database only
    path = tmp_path / "first.csv"
    api.export_csv(path, url=url)
    done = api.import_csv(path, url=other)
    assert done.newer == [] and done.names["updated"] == ["lab:Lab Goblin"]
    assert get_card("Lab Goblin", "lab", url=other)["level"] == 9
    edit_card("Lab Goblin", "lab", {"level": 7}, url=other)  # a hand edit here: the CSV would undo it
    with pytest.raises(SetConsentError) as err:
        api.import_csv(path, url=other)
    assert err.value.newer == ["lab:Lab Goblin"] and get_card("Lab Goblin", "lab", url=other)["level"] == 7


def test_consent_names_the_fields_as_set_import_does(url, tmp_path):
    """The refusal and the command's question name each card's changed fields, in the words
    of ``set import`` (designer.changed_cards); a card renamed since shows the name change."""
    from munchkin_lab.cards.designer import changed_cards

    path = tmp_path / "old.csv"
    api.export_csv(path, url=url)
    edit_card("Lab Goblin", "lab", {"level": 9, "summary": "A bigger goblin.", "tags": []}, url=url)
    preview = api.import_csv(path, url=url, dry_run=True)
    assert preview.changes == {"lab:Lab Goblin": ["level 9 -> 5", "tags", "summary"]}
    with pytest.raises(SetConsentError) as err:
        api.import_csv(path, url=url)
    shown = "'lab:Lab Goblin' (level 9 -> 5, tags, summary)"
    assert changed_cards(preview.newer, preview.changes) == shown
    assert f"and would lose those edits: {shown}. Nothing was written." in str(err.value)
    res = runner.invoke(app, ["db", "import", str(path), "--url", url], input="n\n")
    assert res.exit_code == 0 and "will lose those edits: lab:Lab Goblin (level 9 -> 5, tags, summary)\n" in res.output
    edit_card("Lab Goblin", "lab", {"name": "Lab Hobgoblin"}, url=url)
    preview = api.import_csv(path, url=url, dry_run=True)
    label = "lab:Lab Hobgoblin (named 'Lab Goblin' in the CSV)"
    assert preview.newer == [label]
    assert preview.changes[label] == ["name 'Lab Hobgoblin' -> 'Lab Goblin'", "level 9 -> 5", "tags", "aliases",
                                      "summary"]
    with pytest.raises(SetConsentError) as err:  # the renamed card is told once, under its database name
        api.import_csv(path, url=url)
    assert (f"1 card(s) were edited in the database after {path} was exported and would lose those edits: "
            f"{label!r} (name 'Lab Hobgoblin' -> 'Lab Goblin', level 9 -> 5, tags, aliases, summary). Nothing "
            "was written.") in str(err.value) and "it would also change" not in str(err.value)
    done = api.import_csv(path, url=url, overwrite_newer=True, expect_newer=preview.newer)
    assert done.changes[label] == preview.changes[label] and get_card("Lab Goblin", "lab", url=url)["level"] == 5
