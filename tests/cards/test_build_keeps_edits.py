"""``db build`` never silently reverts a user's edit of a shipped card (issue 16: nothing
already stored is lost): a file card changed in the database since the last build (a CSV
import) makes the build refuse, naming the card, the field and both values, with nothing
written; ``--discard-edits`` puts the files' values back; changes of the files alone are
built as before. SQLite and PostgreSQL."""
from __future__ import annotations

import csv

import pytest
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.models import BuildInfo
from munchkin_lab.cli import app

from cardtest_helpers import clear_designer_data
from test_cards_api import content

runner = CliRunner()


@pytest.fixture()
def url(backend_url, data_copy):
    """The mini data (a writable copy) built fresh: no designer cards, no decks."""
    build(backend_url, data_copy, discard_edits=True)
    clear_designer_data(backend_url)
    return backend_url


def edit(url, tmp_path, name, **values) -> None:
    """Change card ``name`` through a CSV import (as a user in a spreadsheet would)."""
    path = tmp_path / "edit.csv"
    api.export_csv(path, url=url, overwrite=True)
    rows = list(csv.DictReader(open(path, encoding="utf-8", newline="")))
    row = next(r for r in rows if r["name"] == name)
    row.update(values)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
        w.writeheader()
        w.writerow(row)
    assert api.import_csv(path, url=url)["updated"] == 1


def level(url, name="Bone Rattler"):
    return int(api.card(name, url=url)["level"])


def test_an_edited_shipped_card_stops_the_build(url, data_copy, tmp_path):
    edit(url, tmp_path, "Bone Rattler", level="3")
    before = content(url)
    with pytest.raises(CardDataError) as info:
        build(url, data_copy)
    msg = str(info.value)
    assert "shipped card alpha:Bone Rattler: edited in the database since the last build" in msg
    assert "level 3 in the database, 2 in database/sets/alpha.yaml:11" in msg
    assert "munchkin-lab db build --discard-edits" in msg and "munchkin-lab db export FILE" in msg
    assert content(url) == before and level(url) == 3  # nothing written: the edit is still there
    counts = build(url, data_copy, discard_edits=True)
    assert counts["discarded"] == ["alpha:Bone Rattler"] and counts["updated"] == 1
    assert level(url) == 2
    assert build(url, data_copy)["discarded"] == [] and level(url) == 2  # the next build is plain again


def test_the_command_line_refuses_then_discards(url, data_copy, tmp_path):
    edit(url, tmp_path, "Grave Lord", treasures="5", summary="My own words.")
    args = ["db", "build", "--url", url, "--data", str(data_copy)]
    res = runner.invoke(app, args)
    assert res.exit_code == 1
    assert "Error: 1 problem in the card data:" in res.output  # the one edited card (the closing advice is no problem)
    assert res.output.rstrip().endswith("munchkin-lab db build --discard-edits")
    assert "shipped card alpha:Grave Lord: edited in the database" in res.output and "treasures 5" in res.output
    assert api.card("Grave Lord", url=url)["treasures"] == 5
    res = runner.invoke(app, args + ["--discard-edits"])
    assert res.exit_code == 0, res.output
    assert "discarded the database edits of 1 shipped card (the files' values are back): alpha:Grave Lord" in res.output
    assert api.card("Grave Lord", url=url)["treasures"] == 4


def test_changed_files_alone_build_as_before(url, data_copy):
    path = data_copy / "sets" / "alpha.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    level: 2\n", "    level: 4\n", 1), encoding="utf-8")
    counts = build(url, data_copy)
    assert counts["updated"] == 1 and counts["discarded"] == [] and level(url) == 4


def test_an_edit_the_files_also_change_or_drop_is_refused(url, data_copy, tmp_path):
    edit(url, tmp_path, "Bone Rattler", level="3")
    path = data_copy / "sets" / "alpha.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    level: 2\n", "    level: 4\n", 1), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"alpha:Bone Rattler: edited .*level 3 in the database, 4 in"):
        build(url, data_copy)
    start = text.index("  - name: Bone Rattler")
    path.write_text(text[:start] + text[text.index("  - name: Grave Lord"):], encoding="utf-8")
    with pytest.raises(CardDataError, match="alpha:Bone Rattler: edited .* the card files no longer have it"):
        build(url, data_copy)
    assert level(url) == 3
    counts = build(url, data_copy, discard_edits=True)
    assert counts["removed"] == 1 and counts["discarded"] == ["alpha:Bone Rattler"]


def test_an_edit_taken_back_is_no_edit(url, data_copy, tmp_path):
    edit(url, tmp_path, "Bone Rattler", level="3")
    edit(url, tmp_path, "Bone Rattler", level="2")
    assert build(url, data_copy)["discarded"] == []


def test_a_database_built_before_digests_with_the_same_files(url, data_copy, tmp_path):
    edit(url, tmp_path, "Bone Rattler", level="3")
    with config.get_engine(url).begin() as conn:  # as built by the previous version
        conn.execute(BuildInfo.__table__.delete().where(BuildInfo.key == "cards"))
    with pytest.raises(CardDataError, match="shipped card alpha:Bone Rattler: edited"):
        build(url, data_copy)
    assert level(url) == 3
    assert build(url, data_copy, discard_edits=True)["discarded"] == ["alpha:Bone Rattler"]


def test_db_check_refuses_exactly_what_db_build_refuses(url, data_copy, tmp_path):
    """New-user finding: after a CSV import edited a shipped card, `db check` said "ok" while
    `db build` refused. The check now runs the build itself and rolls it back: the same
    problems, the same exit code, and nothing written (the edit and the database stay)."""
    from munchkin_lab.cards.build import check

    edit(url, tmp_path, "Grave Lord", treasures="5")
    before = content(url)
    check_args = ["db", "check", "--url", url, "--data", str(data_copy)]
    build_args = ["db", "build", "--url", url, "--data", str(data_copy)]
    checked, built = runner.invoke(app, check_args), runner.invoke(app, build_args)
    assert (checked.exit_code, built.exit_code) == (1, 1)
    assert "shipped card alpha:Grave Lord: edited in the database since the last build" in checked.output
    assert checked.output == built.output
    assert content(url) == before and api.card("Grave Lord", url=url)["treasures"] == 5
    with pytest.raises(CardDataError, match="alpha:Grave Lord: edited"):
        check(data_copy, url)
    build(url, data_copy, discard_edits=True)  # the edit put back: both accept again, nothing written by check
    before = content(url)
    res = runner.invoke(app, check_args)
    assert res.exit_code == 0 and res.output.startswith("ok: 2 sets, 11 cards")
    assert content(url) == before
    missing = f"sqlite:///{tmp_path / 'none' / 'new.sqlite'}"  # no database yet: not created
    assert runner.invoke(app, ["db", "check", "--url", missing, "--data", str(data_copy)]).exit_code == 0
    assert not (tmp_path / "none").exists()


def test_edited_shipped_cards_are_named_until_the_build_puts_them_back(url, data_copy, tmp_path):
    """``edited_file_cards`` / ``edited_in_deck`` (the warning of `deck check`, `simulate` and
    `compare`: a preset holding a changed printed card plays it as changed; new-user finding)."""
    from types import SimpleNamespace

    from munchkin_lab.cards.build import edited_file_cards, edited_in_deck, edited_note

    assert edited_file_cards(url) == []
    edit(url, tmp_path, "Bone Rattler", level="3")
    assert edited_file_cards(url) == ["alpha:Bone Rattler"]
    specs = [(SimpleNamespace(key="alpha:Bone Rattler"), 1), (SimpleNamespace(key="alpha:Someone Else"), 2)]
    assert edited_in_deck(specs, url) == ["alpha:Bone Rattler"]
    assert edited_in_deck(specs[1:], url) == []
    note = edited_note(edited_in_deck(specs, url))
    assert note.startswith("a printed card of this deck changed") and "alpha:Bone Rattler" in note
    assert "--discard-edits" in note
    edit(url, tmp_path, "Bone Rattler", level="2")  # put back by hand: the printed values again
    assert edited_file_cards(url) == []
    edit(url, tmp_path, "Bone Rattler", level="4")
    build(url, data_copy, discard_edits=True)
    assert edited_file_cards(url) == [] and level(url) == 2
