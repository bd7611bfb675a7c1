"""Shared constants and helpers of the card-database tests (imported by conftest and tests)."""
from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from munchkin_lab import config

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MINI = FIXTURES / "mini"
PG_URL = os.environ.get("MUNCHKIN_LAB_PG_URL")
PG_SKIP = "MUNCHKIN_LAB_PG_URL is not set (run the suite through `bash .ci/test` to start PostgreSQL)"

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=[pytest.mark.postgres,
                                                    pytest.mark.skipif(not PG_URL, reason=PG_SKIP)]),
]


def _pg_database(prefix: str):
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(PG_URL).set(database=name).render_as_string(hide_password=False)

    def drop() -> None:
        config.dispose_engine(url)
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return url, drop




def clear_designer_data(url: str) -> None:
    """Start a test on the module's database with no decks and no designer sets or cards,
    nor what they leave in ``build_info``: the fingerprints each set's last ``set import``
    recorded (key ``set_import:CODE``, removed with the set by ``designer.delete_set``). Left
    behind, they vouched for the next test's set of the same code, whose database edit then
    matched an earlier test's import and went unseen. Deck catalogs cached in this process
    are forgotten too (the rows change under them here)."""
    from munchkin_lab.cards.models import BuildInfo, Card, CardSet, Deck
    from munchkin_lab.decks.catalog import forget_catalogs

    with config.get_engine(url).begin() as conn:
        conn.execute(Deck.__table__.delete())
        conn.execute(Card.__table__.delete().where(Card.origin == "designer"))
        conn.execute(CardSet.__table__.delete().where(CardSet.origin == "designer"))
        bt = BuildInfo.__table__
        conn.execute(bt.delete().where(bt.c.key.like("set!_import:%", escape="!")))
    forget_catalogs()
