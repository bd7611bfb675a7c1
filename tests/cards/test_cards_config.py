"""Database location, engine settings and the Alembic migration."""
from __future__ import annotations

import warnings

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from munchkin_lab import config
from munchkin_lab.cards.build import init_db
from munchkin_lab.cards.models import SQLModel


def test_url_precedence(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert config.database_url() == f"sqlite:///{config.REPO_ROOT / 'database' / 'munchkin-lab.sqlite'}"
    assert (config.REPO_ROOT / "pyproject.toml").exists()
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/env.sqlite")
    assert config.database_url() == "sqlite:////tmp/env.sqlite"
    assert config.database_url("sqlite:////tmp/explicit.sqlite") == "sqlite:////tmp/explicit.sqlite"


def test_sqlite_pragmas(tmp_path):
    eng = config.create_db_engine(f"sqlite:///{tmp_path / 'p.sqlite'}")
    with eng.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    eng.dispose()


def test_migration_matches_models(tmp_path):
    url = f"sqlite:///{tmp_path / 'm.sqlite'}"
    init_db(url)
    init_db(url)  # idempotent
    eng = config.get_engine(url)
    with eng.connect() as conn:
        names = set(inspect(conn).get_table_names())
        assert {"card_set", "card", "tag", "card_tag_link", "alias", "deck", "deck_entry", "alembic_version"} <= names
        indexes = set(conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='index'").scalars())
        assert {"ix_card_kind", "ix_card_level", "ix_card_set_id", "ix_card_kind_level", "ix_card_name_lower"} <= indexes
        assert {"ix_alias_name_lower", "ix_card_tag_link_tag_card", "ix_deck_entry_card"} <= indexes
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # expression indexes cannot be compared on SQLite
            diff = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    assert diff == []
    config.dispose_engine(url)
