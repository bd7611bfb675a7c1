"""decks.store.stored_deck_name: one lookup (exact, then single-spaced; ``ignore_case`` for
the search's ``deck:``), asking the database for the few names that can match."""
from __future__ import annotations

import pytest
from sqlalchemy import event, insert

from munchkin_lab import config
from munchkin_lab.cards.models import Deck
from munchkin_lab.cards.search import saved_deck_names
from munchkin_lab.decks.store import AmbiguousDeckNameError, stored_deck_name

NAMES = ["Spooky Mix", "My  deck", "Odd  Deck", "Odd   Deck", "100% mix", "a_b", "axb", "Été  noir",
         *(f"Filler {i}" for i in range(40))]


@pytest.fixture
def url(fresh_sqlite):
    with config.get_engine(fresh_sqlite).begin() as conn:
        conn.execute(insert(Deck), [{"name": n, "modules": [], "options": {}} for n in NAMES])
    return fresh_sqlite


def test_one_lookup_with_a_case_option(url):
    with config.get_engine(url).connect() as conn:
        assert stored_deck_name(conn, "Spooky Mix") == "Spooky Mix"
        assert stored_deck_name(conn, "spooky mix") is None
        assert stored_deck_name(conn, "spooky mix", ignore_case=True) == "Spooky Mix"
        assert stored_deck_name(conn, " spooky   MIX ", ignore_case=True) == "Spooky Mix"
        assert stored_deck_name(conn, "My deck") == "My  deck"
        assert stored_deck_name(conn, "MY DECK", ignore_case=True) == "My  deck"
        assert stored_deck_name(conn, "été noir", ignore_case=True) == "Été  noir"
        assert stored_deck_name(conn, "été noir") is None
        # LIKE's wildcards in a name are plain characters
        assert stored_deck_name(conn, "100%  mix") == "100% mix"
        assert stored_deck_name(conn, "100x mix") is None
        assert stored_deck_name(conn, "A_B", ignore_case=True) == "a_b"
        assert stored_deck_name(conn, "a_b ") == "a_b"
        with pytest.raises(AmbiguousDeckNameError, match="matches 2 saved decks"):
            stored_deck_name(conn, "odd deck", ignore_case=True)
        assert saved_deck_names(conn, "odd  deck") == ["Odd  Deck"]
        assert saved_deck_names(conn, "nothing") == []


def test_the_single_spaced_step_reads_only_the_names_that_can_match(url):
    """The single-spaced step read every stored deck name (48 here) to compare them one by
    one; the database now sends only the names LIKE the value's words."""
    engine = config.get_engine(url)
    fetched = []

    def after(conn, cursor, statement, params, context, executemany):
        if "deck" in statement.lower() and cursor.description:
            fetched.append(statement)

    with engine.connect() as conn:
        event.listen(engine, "after_cursor_execute", after)
        try:
            assert stored_deck_name(conn, "Odd   Deck") == "Odd   Deck"
            assert stored_deck_name(conn, "Filler  7") == "Filler 7"
            assert stored_deck_name(conn, "filler 7", ignore_case=True) == "Filler 7"
        finally:
            event.remove(engine, "after_cursor_execute", after)
        # each SELECT has a WHERE: none reads the whole table of decks
        assert len(fetched) >= 3 and all("WHERE" in s.upper().split() for s in fetched), fetched
