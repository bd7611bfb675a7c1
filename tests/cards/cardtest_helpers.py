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


