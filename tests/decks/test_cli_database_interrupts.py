"""A Ctrl-C in a command that writes the card database only (``cards add``, ``deck new``,
``db import``...) says what was kept, as the exports and ``deck import-bundle`` do: before the
commit ``Interrupted: nothing written; the database is as it was.`` (the database really is
as it was), after it what was saved; exit 130 either way (munchkin_lab.cli.writes_database).
Before this, the before-commit Ctrl-C printed a bare ``Interrupted.``."""
from __future__ import annotations

import csv
import sqlite3

import pytest
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cli import app

runner = CliRunner()
GHOST = "{name: Sea Ghost, kind: monster, deck: door, level: 6, effects: {bad_stuff: [{lose_levels: 2}]}}"
WRAITH = "{name: Sea Wraith, kind: monster, deck: door, level: 3}"
NOTHING = "Interrupted: nothing written; the database is as it was.\n"


def _run(url, *args):
    return runner.invoke(app, [*args, "--url", url])


@pytest.fixture
def db(fresh_sqlite, tmp_path):
    """A private database with a designer set and card, a deck, a deck file and a CSV that
    changes the designer card: ``(url, {"deck_file": ..., "csv": ...})``."""
    url = fresh_sqlite
    for args in (("set", "new", "my_fan", "My fan"), ("cards", "add", "my_fan", GHOST),
                 ("deck", "new", "Mix", "--set", "munchkin")):
        r = _run(url, *args)
        assert r.exit_code == 0, (args, r.output)
    deck_file = tmp_path / "mix.txt"
    assert _run(url, "deck", "export", "Mix", str(deck_file)).exit_code == 0
    exported = tmp_path / "all.csv"
    assert _run(url, "db", "export", str(exported)).exit_code == 0
    with exported.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    ghost = [r for r in rows if r["name"] == "Sea Ghost"]
    assert len(ghost) == 1 and ghost[0]["level"] == "6"
    ghost[0]["level"] = "9"
    changed = tmp_path / "changed.csv"
    with changed.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return url, {"deck_file": str(deck_file), "csv": str(changed)}


def _dump(url) -> list[str]:
    """Every row of every table of the SQLite database (its SQL dump)."""
    config.dispose_engine(url)  # no pooled connection holds anything back
    with sqlite3.connect(config.sqlite_path(url)) as conn:
        return list(conn.iterdump())


#: (command line with {deck_file}/{csv} filled in, the start of the line once it is saved)
COMMANDS = [
    (("cards", "add", "my_fan", WRAITH), "Interrupted: card my_fan:Sea Wraith (version 1) was saved.\n"),
    (("cards", "edit", "Sea Ghost", "{level: 7}"), "Interrupted: card my_fan:Sea Ghost (version 2) was saved.\n"),
    (("cards", "delete", "Sea Ghost"), "Interrupted: the deletion of card my_fan:Sea Ghost was saved.\n"),
    (("set", "new", "other_fan", "Other fan"), "Interrupted: designer set 'other_fan' was saved.\n"),
    (("set", "delete", "my_fan", "--yes"), "Interrupted: the deletion of designer set 'my_fan' was saved.\n"),
    (("deck", "new", "Other", "--set", "munchkin"), "Interrupted: deck 'Other' was saved.\n"),
    (("deck", "option", "Mix", "faster_play"), "Interrupted: deck 'Mix' was saved.\n"),
    (("deck", "add", "Mix", "Sea Ghost"), "Interrupted: deck 'Mix' was saved.\n"),
    (("deck", "remove", "Mix", "Potted Plant"), "Interrupted: deck 'Mix' was saved.\n"),
    (("deck", "import", "{deck_file}", "--name", "Copy"), "Interrupted: deck 'Copy' was saved.\n"),
    (("deck", "delete", "Mix", "--yes"), "Interrupted: the deletion of deck 'Mix' was saved.\n"),
    (("deck", "rename", "Mix", "Renamed"), "Interrupted: the renaming of deck 'Mix' to 'Renamed' was saved.\n"),
    (("db", "import", "{csv}", "--yes"), "Interrupted: the import of {csv} was saved: "),
]
IDS = [" ".join(a[:2]) for a, _ in COMMANDS]


def _filled(text: str, files: dict) -> str:
    for key, value in files.items():
        text = text.replace("{" + key + "}", value)
    return text


def _args(args, files) -> list[str]:
    return [_filled(a, files) for a in args]


@pytest.mark.parametrize("args, saved", COMMANDS, ids=IDS)
def test_ctrl_c_before_the_commit_says_nothing_was_written(db, monkeypatch, args, saved):
    """The command's transaction runs its work, then Ctrl-C lands before the commit."""
    url, files = db
    real = config.run_write
    interrupted: list[bool] = []

    def run_write(engine, work, *a, **kw):
        if "saved" not in kw:  # (a schema check: not the command's own write)
            return real(engine, work, *a, **kw)

        def then_ctrl_c(conn):
            work(conn)
            interrupted.append(True)
            raise KeyboardInterrupt

        return real(engine, then_ctrl_c, *a, **kw)

    before = _dump(url)
    monkeypatch.setattr(config, "run_write", run_write)
    r = _run(url, *_args(args, files))
    monkeypatch.undo()
    assert interrupted == [True], r.output
    assert (r.exit_code, r.stderr) == (130, NOTHING)
    assert _dump(url) == before


@pytest.mark.parametrize("args, saved", COMMANDS, ids=IDS)
def test_ctrl_c_after_the_commit_says_what_was_saved(db, monkeypatch, args, saved):
    """The write commits, then Ctrl-C lands before the command prints its result."""
    url, files = db
    real = config.run_write
    interrupted: list[bool] = []

    def run_write(engine, work, *a, **kw):
        out = real(engine, work, *a, **kw)
        if "saved" in kw:
            interrupted.append(True)
            raise KeyboardInterrupt
        return out

    before = _dump(url)
    monkeypatch.setattr(config, "run_write", run_write)
    r = _run(url, *_args(args, files))
    monkeypatch.undo()
    assert interrupted == [True], r.output
    assert r.exit_code == 130, r.output
    assert r.stderr.startswith(_filled(saved, files)) and r.stderr.count("\n") == 1, r.stderr
    assert r.stdout == ""  # stopped before its result line
    assert _dump(url) != before
