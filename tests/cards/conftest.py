"""Fixtures of the card-database tests: databases on SQLite and PostgreSQL.

PostgreSQL tests use ``MUNCHKIN_LAB_PG_URL`` (set by ``.ci/test`` through ``.ci/pg``); each
test module gets a fresh database created with ``CREATE DATABASE`` and dropped afterwards.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from munchkin_lab import config

from cardtest_helpers import BACKENDS, MINI, _pg_database


@pytest.fixture(scope="module", params=BACKENDS)
def backend_url(request, tmp_path_factory):
    """A fresh, empty database URL per test module and backend (``sqlite`` / ``postgres``)."""
    module = request.module.__name__.rsplit(".", 1)[-1].replace("test_", "")
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp(f"db_{module}") / "cards.sqlite"
        url = f"sqlite:///{path}"
        yield url
        config.dispose_engine(url)
    else:
        url, drop = _pg_database(f"mlab_{module}")
        yield url
        drop()


@pytest.fixture
def data_copy(tmp_path, monkeypatch) -> Path:
    """A writable copy of the small fixture data set (``tests/cards/fixtures/mini``) in
    ``<tmp>/database``; the test runs in ``<tmp>``, so problems name ``database/sets/...``
    (paths are shown relative to the current folder)."""
    dest = tmp_path / "database"
    shutil.copytree(MINI, dest)
    monkeypatch.chdir(tmp_path)
    return dest
