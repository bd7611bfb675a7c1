"""Engine test fixtures: the base deck read from the card database (built into a temp file)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def db_url(tmp_path_factory):
    """URL of a freshly built temp card database."""
    from munchkin_lab.cards.build import build

    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'cards.sqlite'}"
    build(url=url)
    return url


@pytest.fixture(scope="session")
def base_deck(db_url):
    """``[(CardSpec, copies)]`` of the base set, from a freshly built temp database."""
    from munchkin_lab.cards.api import load_specs

    return load_specs(sets=["munchkin"], url=db_url)


@pytest.fixture(scope="session")
def scooby_only(db_url):
    """``[(CardSpec, copies)]`` of the Scooby-Doo set alone (one Portal among few Doors)."""
    from munchkin_lab.cards.api import load_specs

    return load_specs(sets=["scooby_doo"], url=db_url)


@pytest.fixture(scope="session")
def star_only(db_url):
    """``[(CardSpec, copies)]`` of the Star Munchkin set alone."""
    from munchkin_lab.cards.api import load_specs

    return load_specs(sets=["star_munchkin"], url=db_url)


@pytest.fixture(scope="session")
def resolver(base_deck):
    """Card-name resolver over the base deck (for scenario files naming database cards)."""
    by_name = {sp.name.lower(): sp for sp, _ in base_deck}
    return lambda name: by_name.get(name.lower())
