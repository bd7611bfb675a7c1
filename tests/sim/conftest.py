"""Fixtures for the simulation tests: a card database built once per session in a temp
folder (never the shared one) and the base preset read from it."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def sim_url(tmp_path_factory):
    """URL of a freshly built SQLite card database."""
    from munchkin_lab.cards.build import build

    url = f"sqlite:///{tmp_path_factory.mktemp('simdb') / 'cards.sqlite'}"
    build(url=url)
    return url


@pytest.fixture(scope="session")
def base_deck(sim_url):
    """The ``base`` preset (a :class:`~munchkin_lab.decks.Deck`)."""
    from munchkin_lab.decks import load_preset

    return load_preset("base", url=sim_url)


@pytest.fixture(scope="session")
def cluster2():
    """A Dask LocalCluster of 2 worker *processes* (one thread each)."""
    import logging

    from dask.distributed import LocalCluster

    cl = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR)
    yield cl
    cl.close()
