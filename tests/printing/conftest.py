"""Fixtures of the printing tests: the real card database (built once per session into a
temporary SQLite file) and inline cards that never change (for the reference images)."""
from __future__ import annotations

import pytest

from munchkin_lab import config


@pytest.fixture(scope="session")
def print_url(tmp_path_factory):
    """A SQLite database built from the real card files in ``database/``."""
    from munchkin_lab.cards.build import build

    url = f"sqlite:///{tmp_path_factory.mktemp('print_db') / 'cards.sqlite'}"
    build(url)
    yield url
    config.dispose_engine(url)
