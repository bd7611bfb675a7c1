"""Fixtures for the decks tests: a small inline catalog (no database needed)."""
from __future__ import annotations

import pytest

from munchkin_lab.decks import Catalog, SetInfo
from munchkin_lab.engine.cards import CardSpec


def _c(set_, name, kind, deck, **kw):
    return CardSpec.make(set=set_, name=name, kind=kind, deck=deck, **kw)


SOLAR_ROOMS = ["Crew Quarters", "Cargo Hold", "Mess Hall", "Engine Room", "Repair Centre",
               "Medical Bay", "The Bridge", "The Armoury"]


def mini_cards():
    """(spec, printed copies) pairs of a small mixed catalog."""
    m = "munchkin"
    cards = [
        (_c(m, "Potted Plant", "monster", "door", level=1, treasures=1, levels_gained=1), 1),
        (_c(m, "Mr. Bones", "monster", "door", level=2, treasures=1, levels_gained=1, tags=["Undead"]), 1),
        (_c(m, "King Tut", "monster", "door", level=16, treasures=4, levels_gained=2, tags=["Undead"]), 1),
        (_c(m, "Forum Troll", "monster", "door", level=10, treasures=3, levels_gained=1), 1),
        (_c(m, "Duck of Doom", "curse", "door"), 1),
        (_c(m, "Elf", "race", "door"), 3),
        (_c(m, "Half-Breed", "special", "door"), 2),
        (_c(m, "Warrior", "class", "door"), 3),
        (_c(m, "Super Munchkin", "special", "door"), 2),
        (_c(m, "Wandering Monster", "special", "door"), 3),
        (_c(m, "Boots of Butt-Kicking", "item", "treasure", bonus=2, slot="footgear", gold=400), 1),
        (_c(m, "Huge Rock", "item", "treasure", bonus=3, slot="two_hands", big=True, gold=0), 1),
        (_c(m, "Magic Missile", "one_shot", "treasure", bonus=5, gold=300), 1),
        (_c(m, "Boil an Anthill", "go_up_a_level", "treasure"), 1),
        (_c("fairy_dust", "Sparkly Good Fairy", "monster", "door"), 1),
        (_c("fairy_dust", "Pixie Sparkle", "fairy_dust", "fairy_dust"), 1),
        (_c("scooby_doo", "Snow Ghost", "monster", "door", level=8, treasures=2, tags=["Ghost"]), 1),
        (_c("scooby_doo", "Ghost Clown", "monster", "door", level=14, treasures=4, tags=["Ghost"]), 1),
        (_c("scooby_doo", "Creepy Cemetery Entrance", "portal", "door"), 1),
        (_c("scooby_doo", "K-Ghoul Mart", "dungeon", "dungeon"), 1),
        (_c("scooby_doo", "Wandering Monster", "special", "door"), 1),
        (_c("scooby_doo", "Ghost Hunters", "class", "door"), 1),
        (_c("scooby_doo", "Scooby Snacks", "one_shot", "treasure", bonus=5), 1),
        (_c("star_munchkin_adventures", "START", "room_tile", "room_tile"), 1),
        (_c("star_munchkin_adventures", "Brig", "room_tile", "room_tile"), 1),
        (_c("star_munchkin_2", "Rec Room", "special", "door", tags=["Room"]), 1),
    ]
    for room in SOLAR_ROOMS:
        for v in ("V1", "V2"):
            cards.append((_c("solar_storm", f"{room} {v}", "ship_room", "ship_room", version=v), 1))
    cards.append((_c("solar_storm", "Energy Core", "ship_room", "ship_room"), 1))
    return cards


@pytest.fixture
def mini():
    """``(mini_cards, _c)``: the small catalog's cards and the card maker, for a test that adds
    cards of its own (``from conftest import`` may find another folder's conftest)."""
    return mini_cards, _c


@pytest.fixture
def catalog():
    """A small inline catalog with aliases and set infos."""
    return Catalog(
        mini_cards(),
        aliases={"munchkin:Forum Troll": ["Net Troll"], "munchkin:Potted Plant": ["Doniczkowa Roślina"]},
        sets={"munchkin": SetInfo("munchkin", "Munchkin", "munchkin", "base", 165)},
    )


# ----------------------------------------------------------------- real database
import os
import uuid

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from munchkin_lab import config

PG_URL = os.environ.get("MUNCHKIN_LAB_PG_URL")
PG_SKIP = "MUNCHKIN_LAB_PG_URL is not set (run `eval \"$(bash .ci/pg start)\"` or `bash .ci/test`)"


def _build(url: str) -> str:
    from munchkin_lab.cards.build import build

    build(url)
    return url


@pytest.fixture(scope="session")
def real_url(tmp_path_factory):
    """A SQLite database built from the real card files in ``database/`` (once per session;
    tests that write copy it with :func:`fresh_sqlite`)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('decks_db') / 'cards.sqlite'}"
    yield _build(url)
    config.dispose_engine(url)


@pytest.fixture
def fresh_sqlite(real_url, tmp_path):
    """A private copy of the session's real SQLite database (URL)."""
    import shutil

    src = config.sqlite_path(real_url)
    with config.get_engine(real_url).connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    dest = tmp_path / "cards.sqlite"
    shutil.copyfile(src, dest)
    url = f"sqlite:///{dest}"
    yield url
    config.dispose_engine(url)


@pytest.fixture
def other_sqlite(real_url, tmp_path):
    """A second private copy of the session's real SQLite database (URL): "another machine"
    beside :func:`fresh_sqlite` (another file in the same folder)."""
    import shutil

    with config.get_engine(real_url).connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    dest = tmp_path / "other.sqlite"
    shutil.copyfile(config.sqlite_path(real_url), dest)
    url = f"sqlite:///{dest}"
    yield url
    config.dispose_engine(url)


@pytest.fixture(scope="session")
def real_catalog(real_url):
    """The catalog of the real card database."""
    from munchkin_lab.decks import Catalog

    return Catalog.from_database(real_url)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request):
    """A fresh real card database per test, on SQLite (a copy of the session's) and (when
    ``MUNCHKIN_LAB_PG_URL`` is set) on PostgreSQL (built in a new database)."""
    if request.param == "sqlite":
        yield request.getfixturevalue("fresh_sqlite")
        return
    if not PG_URL:
        pytest.skip(PG_SKIP)
    name = f"mlab_decks_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    try:
        yield _build(url)
    finally:
        config.dispose_engine(url)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
