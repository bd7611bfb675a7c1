"""Fixtures of the widget tests: a card database built once in a temp folder."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def lab_home(tmp_path, monkeypatch):
    """The app's lab folder ($MUNCHKIN_LAB_HOME) of each test: a fresh temp folder, so no test
    writes into ~/.munchkin-lab."""
    home = tmp_path / "lab-home"
    monkeypatch.setenv("MUNCHKIN_LAB_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def lab_db(tmp_path_factory):
    """URL of a freshly built SQLite card database; ``DATABASE_URL`` points to it for the
    session (restored afterwards)."""
    from munchkin_lab.cards.build import build
    from munchkin_lab.decks.catalog import forget_catalogs
    from munchkin_lab.widgets.board import forget_provenance

    url = f"sqlite:///{tmp_path_factory.mktemp('widgets-db') / 'lab.sqlite'}"
    build(url=url)
    old = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    forget_catalogs(); forget_provenance()
    yield url
    if old is None:
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = old
    forget_catalogs(); forget_provenance()


@pytest.fixture()
def designer_db(lab_db, tmp_path, monkeypatch):
    """A copy of the session's card database for a test that writes to it (designer sets and
    cards, saved decks); ``DATABASE_URL`` points to the copy during the test. ``lab_db`` itself
    stays as built, so what a test writes never reaches the tests that run after it."""
    import sqlite3

    from munchkin_lab import config
    from munchkin_lab.decks.catalog import forget_catalogs
    from munchkin_lab.widgets.board import forget_provenance

    path = tmp_path / "designer.sqlite"
    src, dst = sqlite3.connect(lab_db.removeprefix("sqlite:///")), sqlite3.connect(path)
    with dst:
        src.backup(dst)  # a consistent copy, the WAL's committed pages included
    src.close(); dst.close()
    url = f"sqlite:///{path}"
    monkeypatch.setenv("DATABASE_URL", url)
    forget_catalogs(); forget_provenance()
    yield url
    forget_catalogs(); forget_provenance()
    config.dispose_engine(url)


@pytest.fixture()
def base_deck(lab_db):
    """The base game as (spec, copies) pairs."""
    from munchkin_lab.cards.api import load_specs

    return load_specs(sets=["munchkin"], url=lab_db)


@pytest.fixture()
def board(base_deck, tmp_path):
    """A 4-player board (seed 7) journaling into ``tmp_path`` (its folder: saves in ``tmp_path/saves``)."""
    from munchkin_lab.widgets import Board

    return Board.from_deck(base_deck, seed=7, name="t", journal=tmp_path / "t.journal.jsonl", folder=tmp_path)
