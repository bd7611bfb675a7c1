"""CSV import merges (issue 14): a filtered export deletes nothing, ``replace`` deletes designer
cards only (never a printed card of a shipped set) and only when asked (with a dry run first), pandas' ``read_csv``/``to_csv`` round trip reads back,
a failed import changes nothing, the export is atomic; the ``db import``/``db export``
commands (SQLite and PostgreSQL)."""
from __future__ import annotations

import csv
import io

import pandas as pd
import pytest
from typer.testing import CliRunner

from munchkin_lab import config, fileio
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.models import Card, Deck
from munchkin_lab.cli import app

from cardtest_helpers import MINI
from test_cards_api import content

runner = CliRunner()
ALL = ["alpha:Bone Rattler", "alpha:Grave Lord", "alpha:Flame Sword", "alpha:Heavy Cart", "alpha:Potion",
       "alpha:Cleric", "beta:Sheet Phantom", "beta:Engine Room", "beta:Engine Room V2",
       "beta:Cleric", "beta:Homebrew", "lab:Lab Goblin"]


@pytest.fixture()
def url(backend_url):
    """The mini data with one designer card (Lab Goblin, in the designer set ``lab``), no decks."""
    from munchkin_lab.cards.designer import create_set, delete_set
    from munchkin_lab.widgets.designer import save_designer_card

    build(backend_url, MINI, discard_edits=True)  # a reset: earlier tests edited file cards
    with config.get_engine(backend_url).begin() as conn:
        conn.execute(Deck.__table__.delete())
        conn.execute(Card.__table__.delete().where(Card.origin == "designer"))
    try:  # the module's database is shared by its tests
        delete_set("lab", url=backend_url)
    except CardDataError:
        pass
    create_set("lab", "Lab cards", url=backend_url)
    save_designer_card({"name": "Lab Goblin", "kind": "monster", "deck": "door", "level": 5, "tags": ["Undead"],
                        "summary": "A goblin made in the lab."}, "lab", url=backend_url)
    return backend_url


def rows_of(path) -> list[dict]:
    return list(csv.DictReader(open(path, encoding="utf-8")))


def write_rows(path, rows) -> None:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def keys(url) -> list[str]:
    df = api.cards("", url=url)
    return [f"{s}:{n}" for s, n in zip(df["set"], df["name"])]


def test_the_fixture_cards(url):
    assert sorted(keys(url)) == sorted(ALL)


def test_filtered_export_merges_and_deletes_nothing(url, tmp_path):
    path = tmp_path / "filtered.csv"
    api.export_csv(path, url=url)
    rows = [r for r in rows_of(path) if r["name"] in ("Bone Rattler", "Potion")]
    rows[0]["level"] = "3"
    write_rows(path, rows)
    result = api.import_csv(path, url=url)
    assert result == {"inserted": 0, "updated": 1, "deleted": 0, "unchanged": 1}
    assert result.names["updated"] == ["alpha:Bone Rattler"] and result.names["unchanged"] == ["alpha:Potion"]
    assert sorted(result.names["kept"]) == sorted(k for k in ALL if k not in ("alpha:Bone Rattler", "alpha:Potion"))
    assert not result.dry_run and not result.replace
    assert sorted(keys(url)) == sorted(ALL)  # nothing deleted, the designer card with the rest
    assert api.card("Bone Rattler", url=url)["level"] == 3
    goblin = api.card("Lab Goblin", url=url)
    assert goblin["origin"] == "designer" and goblin["summary"] == "A goblin made in the lab."
    assert "10 cards of the database not in the CSV kept" in result.summary()


def test_replace_dry_run_then_replace(url, tmp_path):
    """``replace`` deletes the designer cards the CSV lacks, never a printed card of a shipped
    set: those are kept and the summary says so (shipped sets and presets never change)."""
    from munchkin_lab.decks import Deck as DeckModel
    from munchkin_lab.decks import delete_deck

    path = tmp_path / "two.csv"
    api.export_csv(path, url=url)
    write_rows(path, [r for r in rows_of(path) if r["name"] in ("Bone Rattler", "Potion")])
    before = content(url)
    preview = api.import_csv(path, url=url, replace=True, dry_run=True)
    assert preview == {"inserted": 0, "updated": 0, "deleted": 1, "unchanged": 2} and preview.dry_run
    assert preview.names["deleted"] == ["lab:Lab Goblin"]
    assert sorted(preview.names["kept"]) == sorted(k for k in ALL if k not in (
        "alpha:Bone Rattler", "alpha:Potion", "lab:Lab Goblin"))
    summary = preview.summary()
    assert summary.startswith("dry run, nothing written: would be 0 added; 0 updated; 1 deleted (lab:Lab Goblin); "
                              "2 unchanged\n9 printed cards of shipped sets not in the CSV kept (")
    assert "replace / --replace deletes designer cards only" in summary
    assert content(url) == before
    deck = DeckModel("Mix", url=url)
    deck.add("Lab Goblin")
    deck.save()
    # a card a saved deck holds is kept, the summary says so, and the rest goes ahead (README)
    held = api.import_csv(path, url=url, replace=True)
    assert held == {"inserted": 0, "updated": 0, "deleted": 0, "unchanged": 2}
    assert held.names["held"] == ["lab:Lab Goblin (deck 'Mix')"]
    assert "\n1 designer card not in the CSV kept, as saved decks hold it (lab:Lab Goblin (deck 'Mix')): " \
           "take it out of the deck to delete" in held.summary()
    assert content(url) == before
    delete_deck("Mix", url)
    with pytest.raises(CardDataError, match="would also delete lab:Lab Goblin, not shown before"):
        api.import_csv(path, url=url, replace=True, expect_deleted=[])
    assert content(url) == before
    done = api.import_csv(path, url=url, replace=True, expect_deleted=preview.names["deleted"])
    assert done == {"inserted": 0, "updated": 0, "deleted": 1, "unchanged": 2}
    assert sorted(keys(url)) == sorted(k for k in ALL if k != "lab:Lab Goblin")


@pytest.mark.parametrize("index", [False, True])
def test_pandas_round_trip_reads_back(url, tmp_path, index):
    exported, again = tmp_path / "cards.csv", tmp_path / "again.csv"
    api.export_csv(exported, url=url)
    before = content(url)
    df = pd.read_csv(exported)
    df.to_csv(again, index=index)
    text = again.read_text(encoding="utf-8")
    assert "16.0" in text and ",True," in text and ",False," in text  # what pandas writes
    assert text.splitlines()[0].startswith(",set,name" if index else "set,name")
    result = api.import_csv(again, url=url)
    assert result == {"inserted": 0, "updated": 0, "deleted": 0, "unchanged": 12}
    assert content(url) == before
    # an edit made in pandas comes through, with blanks as no value
    df.loc[df["name"] == "Potion", "gold"] = 150
    df.loc[df["name"] == "Grave Lord", "treasures"] = None
    df.loc[df["name"] == "Lab Goblin", "summary"] = float("nan")
    df.to_csv(again, index=index)
    result = api.import_csv(again, url=url)
    assert result == {"inserted": 0, "updated": 3, "deleted": 0, "unchanged": 9}
    assert api.card("Potion", url=url)["gold"] == 150
    assert api.card("Grave Lord", url=url)["treasures"] is pd.NA
    assert api.card("Lab Goblin", url=url)["summary"] is None


def test_spreadsheet_values(url, tmp_path):
    path = tmp_path / "values.csv"
    api.export_csv(path, url=url)
    rows = rows_of(path)
    potion = next(r for r in rows if r["name"] == "Potion")
    potion.update(bonus="2.0", gold="1e2", big="FALSE", manual="0", slot="nan", version="None", source="fixture #5")
    write_rows(path, rows)
    assert api.import_csv(path, url=url)["unchanged"] == 12
    before = content(url)
    potion.update(bonus="2.5", big="maybe")
    rows.append({**potion, "name": "Elixir", "gold": "ten", "bonus": "1"})
    write_rows(path, rows)
    with pytest.raises(CardDataError) as info:
        api.import_csv(path, url=url)
    msg = str(info.value)
    assert "card 'Potion': bonus: not a whole number: '2.5'" in msg
    assert "card 'Potion': big: expected true or false, got 'maybe'" in msg
    assert f"{path}:14: card 'Elixir': gold: not a whole number: 'ten'" in msg
    assert content(url) == before


def test_new_cards_are_designer_cards_and_origin_is_kept(url, tmp_path):
    path = tmp_path / "new.csv"
    api.export_csv(path, url=url)
    rows = rows_of(path)
    potion = next(r for r in rows if r["name"] == "Potion")
    before = content(url)
    write_rows(path, [{**potion, "name": "Big Potion", "bonus": "4", "origin": "file"}])
    with pytest.raises(CardDataError, match="card 'Big Potion': set: 'alpha' is a shipped set: a new card goes "
                                            "into a designer set"):
        api.import_csv(path, url=url)  # presets (every card of a shipped set) never change under a designer
    assert content(url) == before
    write_rows(path, [{**potion, "set": "lab", "name": "Big Potion", "bonus": "4", "origin": "file"}])
    assert api.import_csv(path, url=url) == {"inserted": 1, "updated": 0, "deleted": 0, "unchanged": 0}
    big = api.card("Big Potion", url=url)
    assert big["origin"] == "designer" and big["bonus"] == 4 and big["tags"] == ["One-Shot"]
    counts = build(url, MINI)  # the next build keeps it: only the files make file cards
    assert counts["designer_cards"] == 2 and api.card("Big Potion", url=url)["bonus"] == 4
    before = content(url)
    write_rows(path, [{**potion, "origin": "designer"}])
    with pytest.raises(CardDataError, match="card 'Potion': origin: the database has it as 'file'"):
        api.import_csv(path, url=url)
    assert content(url) == before


def test_export_is_atomic(url, tmp_path, monkeypatch):
    path = tmp_path / "cards.csv"
    path.write_text("my notes\n", encoding="utf-8")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    # the Python API refuses an existing file unless told (the command's --force)
    with pytest.raises(FileExistsError, match=r"cards.csv' already exists; pass overwrite=True"):
        api.export_csv(path, url=url)
    assert path.read_text(encoding="utf-8") == "my notes\n"
    monkeypatch.setattr(fileio.os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        api.export_csv(path, url=url, overwrite=True)
    assert path.read_text(encoding="utf-8") == "my notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.csv"]
    monkeypatch.undo()
    assert api.export_csv(path, url=url, overwrite=True) == 12
    assert len(pd.read_csv(path)) == 12


def test_db_import_and_export_commands(url, tmp_path):
    path = tmp_path / "cards.csv"
    res = runner.invoke(app, ["db", "export", str(path), "--url", url])
    assert res.exit_code == 0 and res.output == f"wrote 12 cards to {path}\n"
    path.write_text("my notes\n", encoding="utf-8")
    res = runner.invoke(app, ["db", "export", str(path), "--url", url])
    assert res.exit_code == 1 and f"Error: '{path}' already exists (use --force to overwrite it)" in res.output
    assert path.read_text(encoding="utf-8") == "my notes\n"
    res = runner.invoke(app, ["db", "export", str(path), "--force", "--url", url])
    assert res.exit_code == 0 and res.output == f"wrote 12 cards to {path}\n"
    rows = [r for r in rows_of(path) if r["set"] == "alpha"]  # no beta (shipped) nor lab (designer) rows
    write_rows(path, rows)
    before = content(url)
    res = runner.invoke(app, ["db", "import", str(path), "--replace", "--dry-run", "--url", url])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("dry run, nothing written: would be 0 added; 0 updated; 1 deleted (lab:Lab Goblin)")
    assert "5 printed cards of shipped sets not in the CSV kept (beta:" in res.output
    res = runner.invoke(app, ["db", "import", str(path), "--replace", "--url", url], input="n\n")
    assert res.exit_code == 0  # no is the user's choice: not bad input (exit 1)
    assert "1 card of the database is not in" in res.output and "will be deleted: lab:Lab Goblin\n" in res.output
    assert "Delete them? [y/N]" in res.output and "nothing imported" in res.output
    assert content(url) == before
    res = runner.invoke(app, ["db", "import", str(path), "--url", url])
    assert res.exit_code == 0 and "0 added; 0 updated; 0 deleted; 6 unchanged" in res.output
    assert "6 cards of the database not in the CSV kept" in res.output
    assert content(url) == before
    res = runner.invoke(app, ["db", "import", str(path), "--replace", "--url", url], input="y\n")
    assert res.exit_code == 0 and "1 deleted (lab:Lab Goblin)" in res.output
    assert "5 printed cards of shipped sets not in the CSV kept" in res.output
    assert sorted(keys(url)) == sorted(k for k in ALL if k != "lab:Lab Goblin")  # beta as printed
    bad = tmp_path / "bad.csv"
    bad.write_text(io.StringIO("name,set\nX,alpha\n").getvalue(), encoding="utf-8")
    res = runner.invoke(app, ["db", "import", str(bad), "--url", url])
    assert res.exit_code == 1 and f"Error: 1 problem in the card data:\n  {bad}:1: missing column(s) kind" in res.output


def test_a_csv_into_a_fresh_database_says_to_bring_the_sets_first(url, tmp_path):
    """A CSV carries cards only: into a database without the designer set (a rebuilt one) it is
    refused with what to do; after `set export` / `set import` of the set it changes nothing."""
    from munchkin_lab.cards.designer import export_set, import_set

    path = tmp_path / "all.csv"
    api.export_csv(path, url=url)
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    build(fresh, MINI)
    with pytest.raises(CardDataError) as info:
        api.import_csv(path, url=fresh)
    msg = str(info.value)
    assert f"{path}:13: card 'Lab Goblin': set: unknown set 'lab'" in msg
    assert (f"{path}: set 'lab' not in this database: a CSV carries cards only, not designer sets nor the tags they "
            "declare; bring the sets in first with `munchkin-lab set import FILE.yaml`") in msg
    assert "munchkin-lab set export CODE FILE.yaml" in msg
    import_set("lab.yaml", text=export_set("lab", url=url), url=fresh)
    r = api.import_csv(path, url=fresh)
    assert (r["inserted"], r["updated"], r["deleted"], r["unchanged"]) == (0, 0, 0, 12)
    config.dispose_engine(fresh)


def test_the_damaged_database_advice_names_a_route_that_round_trips():
    from munchkin_lab.cards.build import unreadable_hint

    hint = unreadable_hint("file is not a database")
    assert "db export" not in hint
    assert "munchkin-lab set export CODE CODE.yaml" in hint and "munchkin-lab deck bundle NAME NAME.yaml" in hint


def test_csv_import_problems_come_in_line_order(url, tmp_path):
    """New-user finding: problems found while reading the rows (a bad number) were listed
    before those found against the database (an unknown set), whatever their lines. Now by line."""
    path = tmp_path / "order.csv"
    api.export_csv(path, url=url)
    rows = rows_of(path)
    rows[1]["tags"] = '["Robot"]'              # line 3: found against the database
    rows[5]["gold"] = "ten"                    # line 7: found while reading the row
    write_rows(path, rows)
    before = content(url)
    with pytest.raises(CardDataError) as info:
        api.import_csv(path, url=url)
    lines = [int(p.split(":")[1]) for p in info.value.problems if p.split(": ")[0] != str(path)]
    assert lines == [3, 7], info.value.problems
    assert info.value.problems[-1].startswith(f"{path}: tag 'Robot' not in this database")  # the advice last
    assert "tags: undeclared tag 'Robot'" in info.value.problems[0] and "not a whole number: 'ten'" in info.value.problems[1]
    assert content(url) == before


def test_csv_import_of_a_missing_binary_or_non_utf8_file_says_so_plainly(url, tmp_path):
    """New-user finding: `db import` of a Parquet file or a missing one showed Python's own
    error text ("'utf-8' codec can't decode byte ...", "[Errno 2] ..."). Now the words the
    YAML card files use, with the line; nothing is stored."""
    before = content(url)
    binary = tmp_path / "res.csv"
    binary.write_bytes(b"PAR1\x15\x04\x00\x00")
    latin = tmp_path / "latin.csv"
    latin.write_bytes("name,kind\n".encode() + "K\u00fcrbis,monster\n".encode("latin-1"))
    cases = [(tmp_path / "gone.csv", f"{tmp_path / 'gone.csv'}: cannot read: No such file or directory"),
             (binary, f"{binary}:1: not a text file (binary data: a NUL byte at column 7)"),
             (latin, f"{latin}:2: not UTF-8 text (byte 0xfc at column 2)")]
    for path, problem in cases:
        with pytest.raises(CardDataError) as info:
            api.import_csv(path, url=url)
        assert info.value.problems == [problem]
    res = runner.invoke(app, ["db", "import", str(binary), "--url", url])
    assert res.exit_code != 0 and "not a text file" in res.output and "codec" not in res.output
    assert content(url) == before


def test_odd_whitespace_in_a_csv_name_is_stored_as_one_plain_space(url, tmp_path):
    """A no-break space (or another space character) in a CSV name is stored as one plain
    space, as the set files and the designer's cards store it: ``Lab\\u00a0Goblin`` is the
    stored Lab Goblin (unchanged), and a new card's name and alias are stored plain."""
    path = tmp_path / "odd.csv"
    api.export_csv(path, url=url)
    goblin = next(r for r in rows_of(path) if r["name"] == "Lab Goblin")
    write_rows(path, [{**goblin, "name": "Lab\u00a0Goblin"},
                      {**goblin, "name": "Wet\u2002\u2002Goblin", "aliases": '["Damp\u00a0Goblin"]'}])
    assert api.import_csv(path, url=url) == {"inserted": 1, "updated": 0, "deleted": 0, "unchanged": 1}
    designer = api.cards("origin:designer", url=url)
    assert sorted(designer["name"]) == ["Lab Goblin", "Wet Goblin"]
    assert list(api.card("Wet Goblin", url=url)["aliases"]) == ["Damp Goblin"]


def test_a_csv_card_whose_effects_the_engine_cannot_run_is_stored_manual(url, tmp_path):
    """A CSV row saying ``manual: false`` for a card with a ``manual`` op is stored manual, as
    set import, ``cards edit`` and the card editor store it (resolved by hand on the board,
    never skipped silently); a card whose effects run keeps the cell's value."""
    path = tmp_path / "manual.csv"
    api.export_csv(path, url=url)
    goblin = next(r for r in rows_of(path) if r["name"] == "Lab Goblin")
    write_rows(path, [{**goblin, "name": "Hand Goblin", "manual": "false",
                       "effects": '{"bad_stuff": [{"manual": "the player sings"}]}'},
                      {**goblin, "name": "Plain Goblin", "manual": "false",
                       "effects": '{"bad_stuff": [{"lose_levels": 1}]}'}])
    assert api.import_csv(path, url=url)["inserted"] == 2
    assert bool(api.card("Hand Goblin", url=url)["manual"]) is True
    assert bool(api.card("Plain Goblin", url=url)["manual"]) is False
    assert api.import_csv(path, url=url) == {"inserted": 0, "updated": 0, "deleted": 0, "unchanged": 2}  # (as stored)


def test_db_import_of_a_semicolon_csv_or_a_yaml_file_says_what_is_wrong(url, tmp_path):
    """New-user finding: ``db import semi.csv`` (separated by semicolons, as a spreadsheet in
    many locales saves it) and ``db import cards.yaml`` said that all 23 columns were
    missing. They say the separator is wrong / the file is no CSV (a set file: set import)."""
    good = tmp_path / "cards.csv"
    api.export_csv(good, url=url)
    rows = list(csv.reader(io.StringIO(good.read_text(encoding="utf-8"), newline="")))
    semi = tmp_path / "semi.csv"
    with open(semi, "w", encoding="utf-8", newline="") as f:
        csv.writer(f, delimiter=";").writerows(rows)
    before = content(url)
    r = runner.invoke(app, ["db", "import", str(semi), "--url", url])
    assert r.exit_code == 1
    assert r.stderr == (f"Error: 1 problem in the card data:\n  {semi}:1: the columns are separated by semicolons, "
                        "not by commas: db import reads a CSV as db export writes it (comma-separated); save it "
                        "again with commas (in pandas: pd.read_csv(path, sep=...).to_csv(path, index=False))\n")
    yml = tmp_path / "cards.yaml"
    yml.write_text("set: {code: x, name: X}\ncards: []\n", encoding="utf-8")
    r = runner.invoke(app, ["db", "import", str(yml), "--url", url])
    assert r.exit_code == 1 and "missing column" not in r.stderr
    assert (f"{yml}: not a CSV file: db import reads the CSV of db export; a set file (YAML) goes in with "
            f"`munchkin-lab set import {yml}`") in r.stderr
    assert content(url) == before
    short = tmp_path / "short.csv"  # a real CSV lacking a column still names it
    short.write_text(",".join(c for c in rows[0] if c != "gold") + "\n", encoding="utf-8")
    assert "missing column(s) gold" in runner.invoke(app, ["db", "import", str(short), "--url", url]).stderr
