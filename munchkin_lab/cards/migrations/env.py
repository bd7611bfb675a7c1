"""Alembic environment of the card database (run programmatically by ``cards.db.upgrade``).

An open connection is passed in ``config.attributes['connection']``; otherwise an engine is
made from ``sqlalchemy.url`` (``munchkin_lab.config.create_db_engine``).
"""
from __future__ import annotations

import sqlmodel  # noqa: F401  (generated migrations use sqlmodel.sql.sqltypes)
from alembic import context

from munchkin_lab.cards import models  # noqa: F401  (registers the tables)
from munchkin_lab.config import create_db_engine

target_metadata = models.SQLModel.metadata
config = context.config


def _run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_db_engine(config.get_main_option("sqlalchemy.url"))
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


if context.is_offline_mode():  # pragma: no cover
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
