"""A write that has to wait behind another connection's write on SQLite (new-user finding: a
`cards edit` behind a long `set import` waited silently): it says once, on stderr, what it
waits for, and gives up after the timeout with a message naming the database file. Two
connections: a plain sqlite3 one holds the write lock as a long import does."""
from __future__ import annotations

import sqlite3
import threading

import pytest
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cli import app

from test_designer_sets import url  # noqa: F401  (the fixture: mini data, no designer sets)

runner = CliRunner()
CARD = "{name: Bog Wisp, kind: monster, deck: door, level: 2, treasures: 1, effects: {bad_stuff: [{lose_levels: 1}]}}"


def run(url, *args):
    return runner.invoke(app, [*args, "--url", url])


@pytest.fixture
def sqlite_url(url):
    if not config.is_sqlite(url):
        pytest.skip("the wait notice is SQLite's (PostgreSQL waits on its table locks)")
    assert run(url, "set", "new", "my_fan", "My Fan Set", "--requires", "alpha").exit_code == 0
    assert run(url, "cards", "add", "my_fan", CARD).exit_code == 0
    return url


def _holder(url):
    """A second connection holding the database's write lock (as a long set import does)."""
    other = sqlite3.connect(config.sqlite_path(url), timeout=0, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_write_behind_another_says_once_what_it_waits_for(sqlite_url, monkeypatch):
    other = _holder(sqlite_url)
    said: list[str] = []
    waiting = threading.Event()

    def notice(line):
        said.append(line)
        waiting.set()

    monkeypatch.setattr(config, "WAIT_NOTICE", notice)
    from munchkin_lab.cards.designer import edit_card, get_card

    result: dict = {}
    t = threading.Thread(target=lambda: result.update(saved=edit_card("Bog Wisp", None, {"level": 3},
                                                                      url=sqlite_url)))
    t.start()
    assert waiting.wait(30)  # it says so while the other write holds the lock
    assert t.is_alive() and "saved" not in result
    other.execute("COMMIT")  # the other write ends: this one goes ahead
    other.close()
    t.join(60)
    assert not t.is_alive() and "saved" in result
    assert get_card("Bog Wisp", url=sqlite_url)["level"] == 3
    path = str(config.sqlite_path(sqlite_url))
    assert len(said) == 1
    assert said[0].startswith(f"Waiting for the card database {path}: another connection is writing to it")


def test_a_free_database_is_written_without_a_word(sqlite_url, monkeypatch):
    said: list[str] = []
    monkeypatch.setattr(config, "WAIT_NOTICE", said.append)
    r = run(sqlite_url, "cards", "edit", "Bog Wisp", "{level: 4}")
    assert r.exit_code == 0, r.output
    assert said == [] and "Waiting" not in r.stderr


def test_the_command_line_says_it_waits_then_fails_naming_the_file(sqlite_url, monkeypatch):
    other = _holder(sqlite_url)
    monkeypatch.setattr(config, "SQLITE_BUSY_TIMEOUT", 0.2)
    try:
        r = run(sqlite_url, "cards", "edit", "Bog Wisp", "{level: 5}")
    finally:
        other.execute("ROLLBACK")
        other.close()
    path = str(config.sqlite_path(sqlite_url))
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    assert lines[0].startswith(f"Waiting for the card database {path}: another connection is writing to it")
    assert sum(line.startswith("Waiting") for line in lines) == 1
    assert lines[-1] == (f"Error: the card database {path} was still being written by another connection after "
                         "0.2 s (a set import, db build or another edit): nothing was written; try again when it "
                         "has finished")
    from munchkin_lab.cards.designer import get_card

    assert get_card("Bog Wisp", url=sqlite_url)["level"] == 2


def test_a_command_whose_writes_each_wait_says_it_once(capsys):
    """New-user finding: one ``deck add`` printed the waiting line twice (two writes, each
    behind the other connection's): the line is said once per command (README: once)."""
    from munchkin_lab import saved

    line = "Waiting for the card database /x.sqlite: another connection is writing to it ..."
    with saved.noted():
        config._say_waiting(line)
        config._say_waiting(line)
    assert capsys.readouterr().err == line + "\n"
    with saved.noted():  # the next command says it again
        config._say_waiting(line)
    assert capsys.readouterr().err == line + "\n"
